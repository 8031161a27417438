import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lostRunners, runFaultJobs } from './fault-runners.js';
import { CLI, FAULT_RUNNER, OUT, ROOT } from './paths.js';

// A fault runner that ends before it answers its wave: it says why in its own output, at once,
// and the self-test does not run its jobs again on another runner; it reports them without a
// report and fails on the lost runner (self-validation.test.ts), so that the cause is looked at.

const dir = mkdtempSync(join(tmpdir(), 'lost-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the fault runner, ended mid-wave', () => {
  let code: number | null = null;
  let stderr = '';

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    const child = spawn(process.execPath, [FAULT_RUNNER, '--seed', '7', '--runs', '10', '--concurrency', '4'], {
      cwd: ROOT,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const closed = new Promise<void>((resolve) => child.on('close', (exit) => resolve(void (code = exit))));
    // The wave goes once the runner is ready, and the signal while the wave's checks run.
    child.stderr.on('data', (chunk: Buffer) => {
      const ready = !stderr.includes('ready');
      stderr += chunk.toString();
      if (!ready || !stderr.includes('ready')) return;
      const job = {
        label: 'lost-wave',
        faults: ['client-metadata-id-37-accepted'],
        suite: 'billing',
        // Four of the longest check modules: 6-10 s of checks, past the signal on any machine.
        modules: [
          'billing/properties/limits-subscriptions',
          'billing/properties/limits-plans',
          'billing/properties/accepted-subscriptions',
          'billing/properties/pagination',
        ],
        reportDir: join(dir, 'lost-wave'),
      };
      child.stdin.write(`${JSON.stringify([job])}\n`);
      setTimeout(() => child.kill('SIGTERM'), 1_500);
    });
    await closed;
  }, 60_000);

  it('says which signal ended it, in which wave and step, before it exits', () => {
    expect(code, stderr).not.toBe(0);
    expect(stderr).toMatch(/received SIGTERM during the wave of lost-wave, while (starting references|running checks)/);
    expect(stderr).toMatch(/exiting \(code \d+\) during the wave of lost-wave, while \w+/);
  });
});

describe('the self-test, when a runner ends mid-wave', () => {
  const starts = join(dir, 'starts');
  const labels = ['lost-runner-test-a', 'lost-runner-test-b'];

  afterAll(() => {
    for (const label of labels) rmSync(join(OUT, 'runners', `${label}.log`), { force: true });
  });

  it('reports its jobs without a report, with why it ended, and does not run them again', async () => {
    // Stands in for selftest/fault-runner.mjs: takes its wave, says why it ends, and exits.
    const script = join(dir, 'dying-runner.mjs');
    writeFileSync(
      script,
      [
        "import { appendFileSync } from 'node:fs';",
        `appendFileSync(${JSON.stringify(starts)}, 'started\\n');`,
        "process.stdin.once('data', () => {",
        "  process.stderr.write('fault runner: uncaught exception during the wave: Error: out of luck\\n');",
        '  process.exit(3);',
        '});',
      ].join('\n'),
    );
    const lostBefore = lostRunners.length;
    const jobs = labels.map((label) => ({ label, faults: ['user-id-string'], suite: 'assignees' as const }));
    const runs = await Promise.all(runFaultJobs(jobs, 1, script));

    for (const run of runs) {
      expect(run.exitCode).toBeNull();
      expect(run.report).toBeUndefined();
      expect(run.output).toMatch(/^the fault runner ended \(code 3\) before this job's report/);
      expect(run.output).toContain('Error: out of luck');
    }
    expect(readFileSync(starts, 'utf8')).toBe('started\n');
    expect(lostRunners.slice(lostBefore)).toEqual([
      `code 3, 2 job(s) unanswered: ${join(OUT, 'runners', 'lost-runner-test-a.log')}`,
    ]);
  });
});
