import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import type { OperationStats } from '../harness/request-stats.js';
import { buildReport } from './build-report.js';
import type { CheckResult } from './model.js';
import { checkMeta } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

// A refusal proves a limit only when the operation takes valid requests: against a route that
// answers 405 to everything, every limit check "passes" by refusal, and none of it is earned.

const CATALOG: Rule[] = [
  {
    id: 'billing.plan.name.length',
    title: 'Plan name is 1..127 characters',
    level: 'MUST',
    spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
    kind: 'limit',
    contracts: [],
  },
];
const info = runInfo({
  sections: { billing: { certified: true }, assignees: { certified: false, reason: 'no assignees section' } },
  settings: { suites: ['billing'] },
});

const stats = (statuses: Record<string, number>): OperationStats => ({
  requests: Object.values(statuses).reduce((sum, count) => sum + count, 0),
  statuses,
  timeouts: 0,
  resets: 0,
  refused: 0,
  otherErrors: 0,
  totalMs: 1,
  slowestMs: 1,
});

const refusingCheck: CheckResult = {
  name: 'create plan refuses a name of 128 characters',
  file: 'billing/limits',
  state: 'passed',
  durationMs: 2,
  meta: checkMeta({
    rules: ['billing.plan.name.length'],
    refusals: [{ rule: 'billing.plan.name.length', operation: 'create plan' }],
    operations: { 'create plan': stats({ 405: 3 }) },
  }),
};

const creatingCheck = (status: number): CheckResult => ({
  name: 'create plan answers 201 to a valid body',
  file: 'billing/accepted',
  state: 'failed',
  durationMs: 2,
  meta: checkMeta({ operations: { 'create plan': stats({ [status]: 1 }) } }),
});

describe('a pass credited on a refusal', () => {
  it('is not a pass when the operation took no request at all in the run', () => {
    const rule = buildReport([refusingCheck, creatingCheck(405)], CATALOG, info).rules[0];
    expect(rule.status).toBe('skipped');
    expect(rule.reason).toMatch(/no request to create plan was taken in this run \(every one was refused\)/);
  });

  it('is a pass when some request of the same operation was taken, by any check', () => {
    expect(buildReport([refusingCheck, creatingCheck(201)], CATALOG, info).rules[0].status).toBe('passed');
  });
});
