import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../reference/server.js';
import { readReport, runCli, type CliRun } from '../harness/hostile/test-support/run-cli.js';
import { startLateListsProxy, type LateListsProxy } from './test-support/late-lists-proxy.js';

// A staging server may list a write a moment later. The built CLI certifies the list checks
// through a proxy that hides every new plan and subscription from the lists for 1 s: with the
// default --settle-ms the checks read again until their items show and the run passes; with
// --settle-ms 0 they judge the first read and the run fails on a list rule. (Needs dist/.)

const DELAY_MS = 1_000;
/** The checks that read their own new items back from a list (a run of them takes seconds). */
const LIST_CHECKS = 'list defaults|query bounds|billing pagination|limits queries';
const KILL_AFTER_MS = 90_000;

interface Target {
  reference: RunningReference;
  proxy: LateListsProxy;
  profile: string;
}

async function lateTarget(dir: string, options: { shows?: boolean } = {}): Promise<Target> {
  const reference = await startReference();
  const proxy = await startLateListsProxy(reference.baseUrl, DELAY_MS, options);
  const profile = join(dir, 'target.json');
  writeFileSync(profile, JSON.stringify({ ...reference.profile, baseUrl: proxy.url, assignees: undefined }));
  return { reference, proxy, profile };
}

async function certify(target: Target, dir: string, extra: string[], grep = LIST_CHECKS): Promise<CliRun> {
  return runCli(
    ['run', '--target', target.profile, '--suite', 'billing', '--grep', grep, '--seed', '7', '--runs', '10', ...extra],
    {
      killAfterMs: KILL_AFTER_MS,
      reportDir: join(dir, 'report'),
    },
  );
}

const failedRules = (run: CliRun) =>
  readReport(run.reportDir)
    .rules.filter((rule) => rule.status === 'failed' || rule.status === 'error')
    .map((rule) => `${rule.id} (${rule.status})`);

describe('lists that show new items 1 s late', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'late-lists-'));
  const targets: Target[] = [];
  let settled: CliRun;
  let unsettled: CliRun;
  let hiddenWhenSettled = 0;

  beforeAll(async () => {
    const [a, b] = [mkdtempSync(join(scratch, 'settle-')), mkdtempSync(join(scratch, 'no-settle-'))];
    const [first, second] = [await lateTarget(a), await lateTarget(b)];
    targets.push(first, second);
    [settled, unsettled] = await Promise.all([certify(first, a, []), certify(second, b, ['--settle-ms', '0'])]);
    hiddenWhenSettled = first.proxy.hidden;
  }, KILL_AFTER_MS + 10_000);

  afterAll(async () => {
    for (const target of targets) {
      await target.proxy.close();
      await target.reference.close();
    }
  });

  test('pass with the default --settle-ms: the checks read again until their items show', () => {
    expect(settled.killed, settled.stderr).toBe(false);
    expect(hiddenWhenSettled, 'the proxy hid no item: the test proves nothing').toBeGreaterThan(0);
    expect(failedRules(settled), settled.stdout.slice(-2000)).toEqual([]);
    expect(settled.code, settled.stdout.slice(-2000)).toBe(0);
  });

  test('fail with --settle-ms 0, on a list rule', () => {
    expect(unsettled.killed, unsettled.stderr).toBe(false);
    const report = readReport(unsettled.reportDir);
    expect(report.summary.verdict).toBe('NON_CONFORMANT');
    expect(unsettled.code).toBe(1);
    expect(
      failedRules(unsettled).some((rule) => /^billing\.list-(plans|subscriptions)\./.test(rule)),
      failedRules(unsettled).join(', '),
    ).toBe(true);
  });
});

// The same for show: a new plan or subscription answers 404 to show for 1 s. The read-back checks
// read it again within --settle-ms and judge the last read; with --settle-ms 0 the 404 fails.
describe('show answers 404 for a new plan or subscription during 1 s', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'late-shows-'));
  const targets: Target[] = [];
  let settled: CliRun;
  let unsettled: CliRun;
  let hiddenWhenSettled = 0;

  beforeAll(async () => {
    const [a, b] = [mkdtempSync(join(scratch, 'settle-')), mkdtempSync(join(scratch, 'no-settle-'))];
    const [first, second] = [await lateTarget(a, { shows: true }), await lateTarget(b, { shows: true })];
    targets.push(first, second);
    [settled, unsettled] = await Promise.all([
      certify(first, a, [], 'read back'),
      certify(second, b, ['--settle-ms', '0'], 'read back'),
    ]);
    hiddenWhenSettled = first.proxy.hidden;
  }, KILL_AFTER_MS + 10_000);

  afterAll(async () => {
    for (const target of targets) {
      await target.proxy.close();
      await target.reference.close();
    }
  });

  test('pass with the default --settle-ms: the read-back checks read again until the resource shows', () => {
    expect(settled.killed, settled.stderr).toBe(false);
    expect(hiddenWhenSettled, 'the proxy hid no show answer: the test proves nothing').toBeGreaterThan(0);
    expect(failedRules(settled), settled.stdout.slice(-2000)).toEqual([]);
    expect(settled.code, settled.stdout.slice(-2000)).toBe(0);
  });

  test('fail with --settle-ms 0, on show-plan.returns-plan', () => {
    expect(unsettled.killed, unsettled.stderr).toBe(false);
    expect(failedRules(unsettled), unsettled.stdout.slice(-2000)).toContain('billing.show-plan.returns-plan (failed)');
  });
});
