import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../contracts/package-root.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { buildReport } from '../reports/build-report.js';
import type { CheckResult, ConformanceReport } from '../reports/model.js';
import { interruptedResults, LEFT_BEHIND, markInterrupted, NOT_FINISHED } from './interrupt.js';
import { checkMeta } from '../reports/test-support/check-results.js';

// Ctrl-C during `run`, through the built command line: one line says what happens, running
// checks clean up what they created on the target, the reports are written and say the run
// was interrupted, the exit code is 130; a second Ctrl-C stops at once.

const dir = mkdtempSync(join(tmpdir(), 'cli-interrupt-'));
const children: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when stdout has a line matching `pattern`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  exit: Promise<{ code: number | null; ms: number }>;
}

function start(args: string[]): Running {
  const child = spawn(process.execPath, [join(packageRoot(), 'dist', 'cli', 'main.js'), ...args], {
    cwd: packageRoot(),
    env: { ...process.env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const waiter of waiters) if (waiter.pattern.test(stdout)) waiter.resolve();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let signalledAt = 0;
  const kill = child.kill.bind(child);
  child.kill = (signal?: NodeJS.Signals | number) => {
    signalledAt ||= Date.now();
    return kill(signal);
  };
  const exit = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.on('close', (code) => resolve({ code, ms: Date.now() - signalledAt })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exit,
    waitFor: (pattern, timeoutMs = 90_000) =>
      new Promise((resolve, reject) => {
        if (pattern.test(stdout)) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`no ${pattern} in stdout after ${timeoutMs} ms:\n${stdout}\n${stderr}`)),
          timeoutMs,
        );
        waiters.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
        void exit.then(() => reject(new Error(`exited before ${pattern}:\n${stdout}\n${stderr}`)));
      }),
  };
}

/** What billing state the checks leave behind when they do not clean up. */
async function liveBillingObjects(
  target: TargetProfile,
): Promise<{ activePlans: string[]; liveSubscriptions: string[] }> {
  const headers = { authorization: `Bearer ${target.billing!.token}` };
  const all = async (
    path: string,
    key: string,
    query: Record<string, string>,
  ): Promise<Array<Record<string, unknown>>> => {
    const items: Array<Record<string, unknown>> = [];
    for (let page = 1; ; page += 1) {
      const reply = await fetch(
        `${target.baseUrl}${path}?${new URLSearchParams({ ...query, page_size: '20', page: String(page) }).toString()}`,
        { headers },
      );
      const batch = ((await reply.json()) as Record<string, Array<Record<string, unknown>>>)[key] ?? [];
      items.push(...batch);
      if (batch.length < 20) return items;
    }
  };
  const plans = await all('/v1/billing/plans', 'plans', { product_id: target.billing!.productId });
  const activePlans: string[] = [];
  for (const plan of plans) {
    const detail = (await (
      await fetch(`${target.baseUrl}/v1/billing/plans/${String(plan.id)}`, { headers })
    ).json()) as { id: string; status: string };
    if (detail.status === 'ACTIVE') activePlans.push(detail.id);
  }
  const subscriptions = await all('/v1/billing/subscriptions', 'subscriptions', {
    statuses: 'APPROVAL_PENDING,APPROVED,ACTIVE,SUSPENDED',
  });
  return { activePlans, liveSubscriptions: subscriptions.map((s) => String(s.id)) };
}

describe('Ctrl-C during run', () => {
  it('stops starting checks, lets running ones clean up, writes reports marked interrupted, exits 130', async () => {
    const profileFile = join(dir, 'serve.json');
    const serve = start(['serve', '--target-out', profileFile]);
    await serve.waitFor(/listening on http/);
    const target = JSON.parse(readFileSync(profileFile, 'utf8')) as TargetProfile;
    expect(await liveBillingObjects(target)).toEqual({ activePlans: [], liveSubscriptions: [] });

    const reportDir = join(dir, 'reports');
    const run = start(['run', '--target', profileFile, '--suite', 'billing', '--seed', '5', '--report-dir', reportDir]);
    // The first check module done: checks are running and have created plans and subscriptions.
    await run.waitFor(/^\[1\/\d+\] /m);
    run.child.kill('SIGINT');
    const { code, ms } = await run.exit;
    const context = `${run.stdout()}\n${run.stderr()}`;

    expect(code, context).toBe(130);
    expect(ms, context).toBeLessThan(45_000);
    expect(run.stderr()).toMatch(/^Ctrl-C: interrupting the run: no more checks start.*Ctrl-C again stops at once\.$/m);
    expect(run.stderr()).not.toMatch(/\n\s+at /);
    expect(run.stdout()).toMatch(/^interrupted \(SIGINT\): the reports hold the checks that finished/m);

    for (const file of ['conformance.json', 'junit.xml', 'summary.md', 'report.html'])
      expect(existsSync(join(reportDir, file)), file).toBe(true);
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report.summary.interrupted?.signal).toBe('SIGINT');
    expect(report.summary.verdict).not.toBe('CONFORMANT');
    expect(report.summary.verdictNote).toMatch(/^the run was interrupted \(SIGINT\) before every check ran/);
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toMatch(/\*\*Interrupted \(SIGINT\)\*\*/);
    expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain('id="interrupted"');
    // What the run sent, said alike on the terminal, in the reports and in exchanges.har.
    const requests = (
      JSON.parse(readFileSync(join(reportDir, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } }
    ).log.entries.length;
    expect(requests).toBeGreaterThan(0);
    expect(report.summary.requests).toBe(requests);
    expect(run.stdout()).toMatch(new RegExp(`; ${requests} requests in [\\d.]+ s`));
    expect(run.stdout()).toContain(`(${requests} exchanges, HAR 1.2)`);
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain(` ${requests} requests `);
    expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain(`${requests} requests`);

    // The running checks cancelled their subscriptions and deactivated their plans.
    expect(report.summary.interrupted?.notCleanedUp, context).toEqual([]);
    expect(await liveBillingObjects(target)).toEqual({ activePlans: [], liveSubscriptions: [] });
    serve.child.kill('SIGINT');
    expect((await serve.exit).code).toBe(0);
  }, 180_000);

  it('stops at once, without reports, on a second Ctrl-C', async () => {
    const reportDir = join(dir, 'twice');
    const run = start(['run', '--suite', 'billing', '--seed', '5', '--report-dir', reportDir]);
    await run.waitFor(/^\[1\/\d+\] /m);
    run.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 100));
    run.child.kill('SIGINT');
    const { code, ms } = await run.exit;
    expect(code, run.stderr()).toBe(130);
    expect(ms).toBeLessThan(5_000);
    expect(run.stderr()).toMatch(/^Ctrl-C again: stopped at once, without reports/m);
    expect(existsSync(join(reportDir, 'conformance.json'))).toBe(false);
  }, 120_000);
});

describe('the report of an interrupted run', () => {
  const meta = checkMeta({ rules: ['billing.plan.name.length'], requests: 0 });
  const stopped: CheckResult = {
    name: 'create plan refuses long names',
    file: 'billing/limits',
    state: 'skipped',
    durationMs: 5,
    meta,
  };
  const needsApproval: CheckResult = {
    ...stopped,
    name: 'needs approval',
    meta: { ...meta, rules: ['billing.plan.status.enum'], skipReason: 'approval mode is none' },
  };

  it('says a stopped check did not finish, and lifts what was left behind out of the run errors', () => {
    const { results, runErrors, leftBehind } = interruptedResults(
      [stopped, needsApproval],
      [
        'conformance: a module did not load',
        `suites/conformance: ${LEFT_BEHIND} a: still running 25 s after the interruption; its ` +
          `cleanup did not run | b: cleanup did not complete: 500`,
      ],
    );
    expect(results.map((r) => r.meta?.skipReason)).toEqual([NOT_FINISHED, 'approval mode is none']);
    expect(runErrors).toEqual(['conformance: a module did not load']);
    expect(leftBehind).toEqual([
      'a: still running 25 s after the interruption; its cleanup did not run',
      'b: cleanup did not complete: 500',
    ]);
  });

  it('is at most PARTIAL, and says so first', () => {
    const catalog = [
      {
        id: 'billing.plan.name.length',
        title: 't',
        level: 'MUST' as const,
        spec: { file: 'billing.md' as const, lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
        kind: 'limit' as const,
        contracts: [],
      },
      {
        id: 'billing.plan.status.enum',
        title: 't',
        level: 'MUST' as const,
        spec: { file: 'billing.md' as const, lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
        kind: 'schema' as const,
        contracts: [],
      },
    ];
    const passed: CheckResult = {
      name: 'p',
      file: 'f',
      state: 'passed',
      durationMs: 1,
      meta: { ...meta, requests: 3 },
    };
    const report = buildReport([passed], catalog, {
      tool: { name: 'api-conformance', version: '0' },
      baseUrl: 'http://127.0.0.1:1',
      sections: { billing: { certified: true }, assignees: { certified: false, reason: 'not selected by --suite' } },
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
      seed: 1,
      settings: { runs: 10, concurrency: 8, timeoutMs: 10000, suites: ['billing'], grep: null, shard: null },
      runErrors: [],
    });
    expect(report.summary.verdict).toBe('CONFORMANT');
    markInterrupted(report, 'SIGINT', ['a: still running']);
    expect(report.summary.verdict).toBe('PARTIAL');
    expect(report.summary.verdictNote).toMatch(
      /^the run was interrupted \(SIGINT\) before every check ran; 1 check\(s\) may have left/,
    );
    expect(report.summary.interrupted).toEqual({ signal: 'SIGINT', notCleanedUp: ['a: still running'] });
    expect(report.rules.find((r) => r.id === 'billing.plan.status.enum')?.reason).toBe(
      `${NOT_FINISHED} before a check reached this rule`,
    );
  });
});
