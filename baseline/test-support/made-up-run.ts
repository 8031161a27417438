import type { Rule } from '../../contracts/rule.js';
import { buildReport, type RunInfo } from '../../reports/build-report.js';
import type { CheckResult, ConformanceReport } from '../../reports/model.js';
import { checkMeta, failedCheck } from '../../reports/test-support/check-results.js';
import { runInfo } from '../../reports/test-support/run-info.js';

// Reports of made-up runs for the baseline and compare tests: a catalog of four billing rules
// (three MUST, one SHOULD), checks that pass or fail them, and the run's settings as a test needs.

const rule = (id: string, level: Rule['level']): Rule => ({
  id,
  title: `${id} holds`,
  level,
  spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
  kind: 'limit',
  contracts: [],
});

export const NAME = 'billing.plan.name.length';
export const SEQUENCE = 'billing.billing_cycle.sequence.range';
export const ID = 'billing.plan.id.pattern';
export const ADVICE = 'billing.plan.unknown-id-404';

export const CATALOG: Rule[] = [rule(NAME, 'MUST'), rule(SEQUENCE, 'MUST'), rule(ID, 'MUST'), rule(ADVICE, 'SHOULD')];

export const passes = (name: string, rules: string[]): CheckResult => ({
  name,
  file: 'billing/limits',
  state: 'passed',
  durationMs: 2,
  meta: checkMeta({ rules }),
});

export const fails = (name: string, ruleId: string, cause: string, also: string[] = []): CheckResult =>
  failedCheck(
    name,
    { rule: ruleId, message: `${cause}: it was taken`, cause, exchanges: [] },
    { rules: [ruleId, ...also] },
  );

/** Only the billing section is certified: every rule of the catalog is billing's. */
export function madeUpReport(
  results: CheckResult[],
  overrides: Parameters<typeof runInfo>[0] = {},
  catalog: Rule[] = CATALOG,
): ConformanceReport {
  const sections: RunInfo['sections'] = {
    billing: { certified: true },
    assignees: { certified: false, reason: 'the target profile has no assignees section' },
  };
  return buildReport(results, catalog, runInfo({ sections, ...overrides }));
}
