import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, filesUnder, readReport, runCli, type CliRun } from '../harness/hostile/test-support/run-cli.js';
import { startProxy, type Proxy } from '../harness/hostile/test-support/proxy.js';
import { startReference, type RunningReference } from '../reference/server.js';

// A staging token that expires mid-run: the profile's billing.token is {"command": ...}; the
// server takes the first token for a while, then answers it 401 and takes only the next one the
// command prints. The command runs again after that 401, the request goes again with the new
// token, and the run goes on to a verdict: no check sees the 401.

const EXPIRES_AFTER = 30;

describe('a token command asked again after a 401', () => {
  let reference: RunningReference;
  let proxy: Proxy;
  let run: CliRun;
  let counter: string;
  let accepted = 0;

  beforeAll(async () => {
    if (!existsSync(cliPath())) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    reference = await startReference();
    const real = `Bearer ${reference.profile.billing.token}`;
    // tok-1 holds for EXPIRES_AFTER requests, tok-2 from then on; any other token goes as it is.
    proxy = await startProxy(reference.baseUrl, (request) => {
      if (request.authorization === 'Bearer tok-1' && (accepted += 1) > EXPIRES_AFTER)
        return { forward: false, status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'token expired' } };
      if (request.authorization === 'Bearer tok-1' || request.authorization === 'Bearer tok-2')
        return { forward: true, headers: { authorization: real } };
      return { forward: true };
    });
    const dir = mkdtempSync(join(tmpdir(), 'token-renewal-'));
    counter = join(dir, 'count');
    writeFileSync(counter, '0');
    const command = join(dir, 'token.js');
    writeFileSync(
      command,
      `const fs = require('node:fs'); const n = Number(fs.readFileSync(${JSON.stringify(counter)}, ` +
        `'utf8')) + 1; fs.writeFileSync(${JSON.stringify(counter)}, String(n)); console.log('tok-' ` +
        `+ n);\n`,
    );
    const profile = join(dir, 'target.json');
    writeFileSync(
      profile,
      JSON.stringify({
        baseUrl: proxy.url,
        billing: { ...reference.profile.billing, token: { command: `"${process.execPath}" "${command}"` } },
      }),
    );
    run = await runCli(
      [
        'run',
        '--target',
        profile,
        '--suite',
        'billing',
        '--grep',
        'billing/scenarios/(plan-states|cycles)',
        '--seed',
        '7',
        '--runs',
        '3',
      ],
      { killAfterMs: 170_000 },
    );
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await reference?.close();
  });

  it('runs the command again once, sends the new token, and the run goes on to a verdict', () => {
    expect(run.killed, run.stderr).toBe(false);
    expect(readFileSync(counter, 'utf8')).toBe('2');
    const expired = proxy.requests.findIndex((r) => r.authorization === 'Bearer tok-1' && r.status === 401);
    expect(expired, 'tok-1 expired during the run').toBeGreaterThan(0);
    const renewed = proxy.requests.slice(expired).filter((r) => r.authorization === 'Bearer tok-2');
    expect(renewed.length).toBeGreaterThan(10);
    expect(renewed.every((r) => r.status !== 401)).toBe(true);
    const report = readReport(run.reportDir);
    expect(report.summary.errors, run.stdout.slice(-1500)).toBe(0);
    expect(report.summary.failed).toBe(0);
    expect(run.code).toBe(0);
  });

  it('never writes either token anywhere', () => {
    for (const { file, text } of [{ file: 'stdout', text: run.stdout + run.stderr }, ...filesUnder(run.reportDir)]) {
      expect(/tok-[12]\b/.test(text), `a token in ${file}`).toBe(false);
    }
  });
});
