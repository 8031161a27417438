import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../harness/http-client.js';
import { cliPath, runCli as runHostileCli, type CliRun } from '../harness/hostile/test-support/run-cli.js';
import { startProxy, type Proxy } from '../harness/hostile/test-support/proxy.js';
import { startReference, type RunningReference } from '../reference/server.js';
import { runCli, type CliResult } from './test-support/run-cli.js';

// A run killed with SIGKILL mid-way runs none of its checks' cleanups: what they created stays
// live. `cleanup --ledger` then retires it from the ledger the run wrote as it went. The target
// is the reference behind a proxy that, at the kill, holds every new request and lets those in
// flight finish: a creation answered after the kill could not be in any ledger.

const LINES_BEFORE_KILL = 40;

function ledgerLines(file: string): number {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '').length
    : 0;
}

/** Every item of a list operation of the reference, page by page. */
async function listAll(
  http: HttpClient,
  token: string,
  path: string,
  key: string,
): Promise<Array<{ id: string; status: string }>> {
  const items: Array<{ id: string; status: string }> = [];
  for (let page = 1; ; page += 1) {
    // Full items: a minimal list plans item has no status.
    const reply = await http.send({
      method: 'GET',
      path,
      query: { page_size: 20, page },
      token,
      headers: { prefer: 'return=representation' },
    });
    expect(reply.status).toBe(200);
    const found = (reply.json as Record<string, Array<{ id: string; status: string }>>)[key];
    for (const item of found) expect(typeof item.status, `${key} items show their status`).toBe('string');
    items.push(...found);
    if (found.length < 20) return items;
  }
}

describe('a run killed with SIGKILL, then cleanup --ledger', () => {
  let reference: RunningReference;
  let proxy: Proxy;
  let run: CliRun;
  let ledger: string;
  let profile: string;
  let liveBefore: { plans: number; subscriptions: number };
  let first: CliResult;
  let second: CliResult;
  const live = async (): Promise<{ plans: string[]; subscriptions: string[] }> => {
    const http = new HttpClient({ baseUrl: reference.baseUrl, timeoutMs: 10_000, secrets: [] });
    const token = reference.profile.billing.token;
    const plans = await listAll(http, token, '/v1/billing/plans', 'plans');
    const subscriptions = await listAll(http, token, '/v1/billing/subscriptions', 'subscriptions');
    return {
      plans: plans.filter((p) => p.status === 'ACTIVE' || p.status === 'CREATED').map((p) => `${p.id} ${p.status}`),
      subscriptions: subscriptions
        .filter((s) => ['ACTIVE', 'SUSPENDED', 'APPROVAL_PENDING'].includes(s.status))
        .map((s) => `${s.id} ${s.status}`),
    };
  };

  beforeAll(async () => {
    if (!existsSync(cliPath())) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    reference = await startReference();
    proxy = await startProxy(reference.baseUrl);
    const dir = mkdtempSync(join(tmpdir(), 'killed-run-'));
    profile = join(dir, 'target.json');
    writeFileSync(profile, JSON.stringify({ ...reference.profile, baseUrl: proxy.url }));
    const reportDir = join(dir, 'report');
    ledger = join(reportDir, 'ledger.jsonl');
    // Killed once the ledger holds some lines, with nothing in flight.
    const kill = (async () => {
      while (ledgerLines(ledger) < LINES_BEFORE_KILL) await new Promise((resolve) => setTimeout(resolve, 50));
      proxy.hold();
      await proxy.drained();
      // Long enough for the run to read the last answers and append their lines.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    })();
    run = await runHostileCli(['run', '--target', profile, '--suite', 'billing', '--seed', '7'], {
      killAfterMs: 170_000,
      reportDir,
      killWhen: kill,
    });
    const before = await live();
    liveBefore = { plans: before.plans.length, subscriptions: before.subscriptions.length };
    // What the killed run had sent and the proxy held never reaches the reference.
    proxy.release('drop');
    first = await runCli(['cleanup', '--ledger', ledger, '--target', profile]);
    second = await runCli(['cleanup', '--ledger', ledger, '--target', profile]);
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await reference?.close();
  });

  it('was killed mid-way, with what its checks created still live', () => {
    expect(run.killed, run.stdout.slice(-2000)).toBe(false);
    expect(run.signal).toBe('SIGKILL');
    expect(existsSync(join(run.reportDir, 'conformance.json'))).toBe(false);
    expect(ledgerLines(ledger)).toBeGreaterThanOrEqual(LINES_BEFORE_KILL);
    expect(liveBefore.plans, 'live plans right after the kill').toBeGreaterThan(0);
    expect(liveBefore.subscriptions, 'live subscriptions right after the kill').toBeGreaterThan(0);
  });

  it(
    'cleanup leaves no ACTIVE (or CREATED) plan and no ACTIVE, SUSPENDED or pending ' +
      'subscription, and says what it retired',
    async () => {
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).toMatch(
        /^cleanup: retired \d+ plans?(, \d+ subscriptions?)?.*; already retired .*; could not retire nothing$/m,
      );
      expect(await live()).toEqual({ plans: [], subscriptions: [] });
    },
  );

  it('run twice, it finds everything already retired', () => {
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toMatch(
      /^cleanup: retired nothing; already retired \d+ plans, \d+ subscriptions.*; could not retire nothing$/m,
    );
  });
});
