import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, readReport, runCli, type CliRun } from '../harness/hostile/test-support/run-cli.js';
import { startProxy, type Proxy } from '../harness/hostile/test-support/proxy.js';
import { busiestWindow } from '../harness/test-support/busiest-window.js';
import { startReference, type RunningReference } from '../reference/server.js';

// --rate N is the load a staging server sees: at the server, no one-second window holds more
// than N requests of the run, however many checks run at once.

const RATE = 20;

describe('run --rate 20 against a server that counts', () => {
  let reference: RunningReference;
  let proxy: Proxy;
  let run: CliRun;

  beforeAll(async () => {
    if (!existsSync(cliPath())) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    reference = await startReference();
    proxy = await startProxy(reference.baseUrl);
    const dir = mkdtempSync(join(tmpdir(), 'rate-window-'));
    const profile = join(dir, 'target.json');
    writeFileSync(profile, JSON.stringify({ ...reference.profile, baseUrl: proxy.url }));
    run = await runCli(
      [
        'run',
        '--target',
        profile,
        '--rate',
        String(RATE),
        '--concurrency',
        '8',
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

  it(`keeps every one-second window at or under ${RATE} requests, and runs to a verdict`, () => {
    expect(run.killed, run.stderr).toBe(false);
    expect(run.code, run.stdout.slice(-1500)).toBe(0);
    // The probe (GET /) is sent before the run, outside the rate.
    const times = proxy.requests.filter((r) => r.url !== '/').map((r) => r.at);
    // Enough requests that an unpaced run would have put far more than 20 in one second.
    expect(times.length).toBeGreaterThan(3 * RATE);
    expect(busiestWindow(times, 1_000)).toBeLessThanOrEqual(RATE);
    expect(readReport(run.reportDir).summary.errors).toBe(0);
  });
});
