import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport, RuleReport } from '../../reports/model.js';
import { CLI, FAULT_RUNNER, ROOT } from './paths.js';

// A job focused on a fault's rule (RunJob.focus, what the self-test confirms a proof with): the
// table checks send only the cases of that rule, still fail it, and report every other rule they
// declare as not tried, never passed. Beside it the same job whole, for the requests it saves.
// Runs the built fault runner (npm test builds dist/ first).

const CARD_CHECK =
  'payment source card: a replace with a card that breaks one stated card rule is refused and leaves the card ' +
  'as it was';
const LIMITS_CHECK =
  'billing limits: create subscription requests that break a stated limit are refused and create nothing';

interface Case {
  label: string;
  fault: string;
  rule: string;
  check: string;
  module: string;
  /** A rule the check declares beside the fault's. */
  other: string;
}

const CASES: Case[] = [
  {
    label: 'card',
    fault: 'request-accepts-billing.card.type',
    rule: 'billing.card.type',
    check: CARD_CHECK,
    module: 'billing/scenarios/payment-source-card-rules',
    other: 'billing.card.number.length',
  },
  {
    label: 'limits',
    fault: 'client-metadata-id-37-accepted',
    rule: 'billing.create-subscription.client_metadata_id.length',
    check: LIMITS_CHECK,
    module: 'billing/properties/limits-subscriptions',
    other: 'billing.subscription.custom_id.length',
  },
];

const dir = mkdtempSync(join(tmpdir(), 'focused-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const jobOf = (c: Case, focused: boolean) => ({
  label: `${c.label}-${focused ? 'focused' : 'whole'}`,
  faults: [c.fault],
  suite: 'billing',
  checks: [c.check],
  modules: [c.module],
  reportDir: join(dir, `${c.label}-${focused ? 'focused' : 'whole'}`),
  ...(focused ? { focus: [c.rule] } : {}),
});

/** One wave through the fault runner; its output when it fails. */
function runWave(jobs: ReadonlyArray<ReturnType<typeof jobOf>>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [FAULT_RUNNER, '--seed', '7', '--runs', '10', '--concurrency', '4'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(`${JSON.stringify(jobs)}\n`);
  });
}

const reportOf = (label: string): ConformanceReport =>
  JSON.parse(readFileSync(join(dir, label, 'conformance.json'), 'utf8')) as ConformanceReport;

const ruleOf = (report: ConformanceReport, id: string): RuleReport => report.rules.find((rule) => rule.id === id)!;

describe('a job focused on a rule', () => {
  let output = '';
  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    ({ output } = await runWave(CASES.flatMap((c) => [jobOf(c, true), jobOf(c, false)])));
  }, 120_000);

  it.each(CASES)('$label: fails the rule, reports the others not tried, and sends a fraction of the requests', (c) => {
    const focused = reportOf(`${c.label}-focused`);
    const whole = reportOf(`${c.label}-whole`);
    const failed = ruleOf(focused, c.rule);
    expect(failed.status, output.slice(-2000)).toBe('failed');
    expect([...new Set(failed.checks.map((check) => `${check.status}: ${check.name}`))]).toEqual([
      `failed: ${c.check}`,
    ]);
    expect(ruleOf(whole, c.rule).status).toBe('failed');

    const other = ruleOf(focused, c.other);
    expect(other.status).toBe('skipped');
    expect(other.reason).toBe(`not tried: outside the run's focus, which is ${c.rule}`);
    const passed = focused.rules.filter((rule) => rule.status === 'passed' && rule.id !== c.rule);
    expect(passed.filter((rule) => rule.checks.some((check) => check.name === c.check)).map((rule) => rule.id)).toEqual(
      [],
    );
    expect(focused.summary.requests).toBeLessThan(whole.summary.requests / 2);
  });
});
