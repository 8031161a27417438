import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { validateHar } from '../contracts/validate.js';
import { packageRoot } from '../contracts/package-root.js';
import { FIXTURES } from '../reference/fixtures.js';
import { startReference } from '../reference/server.js';
import type { ConformanceReport } from '../reports/model.js';
import { verifyFolder } from '../certificate/verify.js';

// `proxy` in front of the reference, driven by a small client script as a real client would be:
// valid calls, a call the client gets wrong, and (with a reference fault on) answers the server
// gets wrong. Stopped with SIGTERM, it must have reported each where it belongs.

const dir = mkdtempSync(join(tmpdir(), 'cli-proxy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = FIXTURES.billingToken;
const PLAN_BODY = {
  product_id: FIXTURES.productId,
  name: 'proxied plan',
  billing_cycles: [
    {
      tenure_type: 'REGULAR',
      sequence: 1,
      total_cycles: 0,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10' } },
    },
  ],
  payment_preferences: { auto_bill_outstanding: true },
};

interface Proxy {
  url: string;
  stop(): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function startProxy(upstream: string, reportDir: string): Promise<Proxy> {
  const child = spawn(
    process.execPath,
    [join(packageRoot(), 'dist', 'cli', 'main.js'), 'proxy', '--upstream', upstream, '--report-dir', reportDir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdout += `${line}\n`;
      const listening = /^listening (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (listening) {
        resolve({
          url: listening[1],
          stop: async () => {
            child.kill('SIGTERM');
            const code = await exited;
            return { code, stdout, stderr };
          },
        });
      }
    });
    void exited.then((code) =>
      reject(new Error(`the proxy ended before listening (exit ${code}): ${stdout}${stderr}`)),
    );
  });
}

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const answer = await request(`${base}${path}`, {
    method: method as 'GET',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await answer.body.text();
  return { status: answer.statusCode, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

describe('proxy', () => {
  it(
    "judges a client script: the client mistake is the client's, the server's wrong answer " +
      'its own, the rest observed or not',
    async () => {
      // Two faults: create plan answers 200, and a replace of /name answers 204 but is not applied.
      const reference = await startReference({ faults: ['create-plan-200', 'update-plan-ignores-name'] });
      const reportDir = join(dir, 'session');
      try {
        const proxy = await startProxy(reference.baseUrl, reportDir);
        const created = await call(proxy.url, 'POST', '/v1/billing/plans', PLAN_BODY);
        expect(created.status).toBe(200);
        const id = (created.json as { id: string }).id;
        expect(
          (
            await call(proxy.url, 'PATCH', `/v1/billing/plans/${id}`, [
              { op: 'replace', path: '/name', value: 'renamed' },
            ])
          ).status,
        ).toBe(204);
        expect((await call(proxy.url, 'GET', `/v1/billing/plans/${id}`)).status).toBe(200);
        expect((await call(proxy.url, 'GET', '/v1/billing/plans?page_size=3')).status).toBe(200);
        // The client's mistake: a plan without name, cycles or payment preferences.
        expect((await call(proxy.url, 'POST', '/v1/billing/plans', { product_id: FIXTURES.productId })).status).toBe(
          400,
        );
        const { code, stdout } = await proxy.stop();
        expect(code, stdout).toBe(1);

        const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
        const rule = (id: string) => report.rules.find((candidate) => candidate.id === id)!;
        // The server's wrong answers, each with the exchange that shows it.
        expect(rule('billing.create-plan.status-201').status).toBe('failed');
        expect(rule('billing.create-plan.status-201').checks[0].evidence[0]).toMatchObject({
          request: { method: 'POST' },
        });
        expect(rule('billing.update-plan.replace.name').status).toBe('failed');
        expect(rule('billing.update-plan.replace.name').checks[0].message).toMatch(/\/name is "proxied plan"/);
        // The client's mistake is the client's: listed as such, and the server's refusal of it holds.
        expect(report.clientMistakes?.map((mistake) => mistake.rule)).toEqual(
          expect.arrayContaining(['billing.plan.name.required', 'billing.plan.payment_preferences.required']),
        );
        expect(rule('billing.plan.name.required').status).toBe('passed');
        // What was observed to hold passes; what no exchange reached is "not observed".
        expect(rule('billing.list-plans.status-200').status).toBe('passed');
        expect(rule('billing.plan.id.pattern').status).toBe('passed');
        expect(rule('billing.capture.status-202').status).toBe('skipped');
        expect(rule('billing.capture.status-202').reason).toMatch(/^not observed/);
        expect(report.settings.proxy).toEqual({ upstream: `${reference.baseUrl}/`, exchanges: 5 });
        // The report records the proxy's own command, and no seed (a proxy generates nothing).
        expect(report.settings.commandLine).toBe(
          `node dist/cli/main.js proxy --upstream ${reference.baseUrl} --report-dir ${reportDir}`,
        );
        expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).not.toMatch(/seed \d/);

        const harText = readFileSync(join(reportDir, 'exchanges.har'), 'utf8');
        const har = JSON.parse(harText) as { log: { entries: Array<{ _check: string; _rules: string[] }> } };
        expect(validateHar(har)).toEqual([]);
        expect(har.log.entries.length).toBe(5);
        expect(har.log.entries[0]._rules).toContain('billing.create-plan.status-201');
        for (const file of ['conformance.json', 'summary.md', 'report.html', 'junit.xml', 'exchanges.har'])
          expect(readFileSync(join(reportDir, file), 'utf8')).not.toContain(TOKEN);
        // A session's folder carries a certificate too, unsigned: the reports, the HAR, the badges.
        expect(report.summary.sections.billing.verdict).toBe('NON_CONFORMANT');
        expect(await verifyFolder(reportDir)).toMatchObject({ problems: [], signed: false });
      } finally {
        await reference.close();
      }
    },
    60_000,
  );

  it('passes requests and answers through unchanged', async () => {
    const reference = await startReference({});
    try {
      const proxy = await startProxy(reference.baseUrl, join(dir, 'unchanged'));
      const direct = await request(`${reference.baseUrl}/repos/octo-org/hello-world/assignees?per_page=2`, {
        headers: { 'x-probe': 'one' },
      });
      const proxied = await request(`${proxy.url}/repos/octo-org/hello-world/assignees?per_page=2`, {
        headers: { 'x-probe': 'one' },
      });
      expect(proxied.statusCode).toBe(direct.statusCode);
      const strip = (headers: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
        );
      expect(strip(proxied.headers)).toEqual(strip(direct.headers));
      expect(await proxied.body.text()).toBe(await direct.body.text());
      await proxy.stop();
    } finally {
      await reference.close();
    }
  }, 60_000);

  it('survives requests with malformed targets: keeps serving, and writes its reports when stopped', async () => {
    const reference = await startReference({});
    const reportDir = join(dir, 'malformed');
    try {
      const proxy = await startProxy(reference.baseUrl, reportDir);
      const { hostname, port } = new URL(proxy.url);
      // Raw targets, as a client library would never normalize them.
      const raw = (target: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            { host: hostname, port, path: target, headers: { authorization: `Bearer ${TOKEN}` } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end();
        });
      await raw('/repos/octo-org/hello-world/assignees/%E0%A4');
      await raw('//[::/x');
      await raw('/v1/billing/plans?product_id=%E0%A4');
      expect((await call(proxy.url, 'GET', '/v1/billing/plans?page_size=2')).status).toBe(200);
      const { code, stdout, stderr } = await proxy.stop();
      expect(stderr).not.toMatch(/Unhandled|at .*\.js:\d+/);
      expect(stdout).toMatch(/4 exchange\(s\) judged/);
      expect([0, 1, 4]).toContain(code);
      const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
      expect(report.settings.proxy?.exchanges).toBe(4);
      expect(report.rules.find((rule) => rule.id === 'billing.list-plans.status-200')?.status).toBe('passed');
      const har = JSON.parse(readFileSync(join(reportDir, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } };
      expect(har.log.entries.length).toBe(4);
    } finally {
      await reference.close();
    }
  }, 60_000);

  it('refuses to start without an upstream, naming the flag', async () => {
    const child = spawn(process.execPath, [join(packageRoot(), 'dist', 'cli', 'main.js'), 'proxy'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--upstream URL is required/);
  });
});
