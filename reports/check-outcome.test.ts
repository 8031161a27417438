import { describe, expect, it } from 'vitest';
import { buildReport, runStatsOf } from './build-report.js';
import { checkCounts, checkCountsText, checkOutcome } from './check-outcome.js';
import { diagnose } from './diagnosis.js';
import type { CheckResult } from './model.js';
import { renderSummary } from './summary-md.js';
import { errorCauses } from './html/errors.js';
import { checkMeta, failedCheck } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';
import { RULES } from '../contracts/rules/index.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// One set of words for what a check came to: the terminal, summary.md, the diagnosis and
// conformance.json (and report.html's list of checks without a verdict) count alike.

const RULE = 'billing.plan.status.enum';
const ran = (name: string, state: CheckResult['state'], meta = checkMeta({ rules: [RULE] })): CheckResult => ({
  name,
  file: 'billing/x',
  state,
  durationMs: 1,
  meta,
});
const failure = { rule: RULE as RuleId, message: 'status is not one of the values', exchanges: [] };
const exchange = (url: string) => ({
  request: { method: 'GET', url, headers: {} },
  error: `GET ${url}: timeout`,
  durationMs: 1,
});

const RESULTS: CheckResult[] = [
  ran('credited', 'passed', checkMeta({ rules: [RULE], covered: [RULE] })),
  failedCheck('failed', failure),
  // Stopped on an error: no verdict, whether or not it failed a rule first.
  ran(
    'timed out',
    'failed',
    checkMeta({
      rules: [RULE],
      error: 'GET x: timeout',
      errorExchanges: [exchange('http://127.0.0.1:1/v1/billing/plans')],
    }),
  ),
  failedCheck('failed, then timed out', failure, {
    rules: [RULE, 'billing.plan.status.create-values'],
    // As a run settles it: the rule it had not reached is neither judged nor skipped.
    verdicts: { passed: [], failed: [failure], skipped: [] },
    error: 'GET x: timeout',
    errorExchanges: [exchange('http://127.0.0.1:1/v1/billing/plans')],
  }),
  // Stopped on an error after it had judged every rule it declares: its verdict stands.
  failedCheck('failed its one rule, then timed out', failure, {
    error: 'GET x: timeout',
    errorExchanges: [exchange('http://127.0.0.1:1/v1/billing/plans')],
  }),
  // Ran and judged nothing: a read-back showed another resource, or the profile lacks a fixture.
  ran('judged nothing', 'passed', checkMeta({ rules: [RULE], notTried: [{ rules: [RULE], reason: 'another plan' }] })),
  ran(
    'profile lacks it',
    'skipped',
    checkMeta({ rules: [RULE], skipReason: 'the profile names no private repository' }),
  ),
  // Not selected by --grep: never started.
  { name: 'not selected', file: 'billing/x', state: 'skipped', durationMs: 0 },
];

describe('what a check came to', () => {
  it('is one of passed, failed, no verdict, skipped and not run', () => {
    expect(RESULTS.map(checkOutcome)).toEqual([
      'passed',
      'failed',
      'no verdict',
      'no verdict',
      'failed',
      'skipped',
      'skipped',
      'not run',
    ]);
    expect(checkCounts(RESULTS)).toEqual({ run: 7, passed: 1, failed: 2, noVerdict: 2, skipped: 2 });
    expect(checkCountsText(checkCounts(RESULTS))).toBe(
      '7 checks ran: 1 passed, 2 failed, 2 without a verdict, 2 skipped',
    );
  });

  it('is counted alike in conformance.json, summary.md and the diagnosis', () => {
    const info = runInfo({ baseUrl: 'http://127.0.0.1:1', durationMs: 1000 });
    const report = buildReport(RESULTS, RULES, info);
    expect(report.summary.checks).toEqual(checkCounts(RESULTS));
    expect(renderSummary(report)).toContain('7 checks ran: 1 passed, 2 failed, 2 without a verdict, 2 skipped.');
    const causes = diagnose(RESULTS, info, runStatsOf(RESULTS))?.causes ?? [];
    expect(causes.reduce((sum, cause) => sum + cause.checks, 0)).toBe(report.summary.checks?.noVerdict);
    const listed = errorCauses(report.rules).reduce((sum, cause) => sum + cause.checks.length, 0);
    expect(listed).toBe(report.summary.checks?.noVerdict);
  });
});
