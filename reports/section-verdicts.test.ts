import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { NOT_OBSERVABLE_RULES } from '../contracts/not-observable-rules.js';
import { buildReport } from './build-report.js';
import type { CheckResult } from './model.js';
import { atMostPartial } from './section-verdicts.js';
import { checkMeta, failedCheck } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

// A verdict per API: each section is judged from its own rules only, and a section the run did
// not certify is NOT_CERTIFIED, whatever the other one did.

const NOT_OBSERVABLE = Object.keys(NOT_OBSERVABLE_RULES).find((id) => id.startsWith('billing.'))!;
const rule = (id: string, level: 'MUST' | 'SHOULD' = 'MUST'): Rule => ({
  id,
  title: `statement of ${id}`,
  level,
  spec: { file: id.startsWith('assignees.') ? 'assignees.md' : 'billing.md', heading: 'Plan' },
  kind: 'limit',
  contracts: [],
});
const CATALOG = [
  rule('billing.plan.name.length'),
  rule('billing.plan.status.enum'),
  rule(NOT_OBSERVABLE),
  rule('billing.unknown-id.status-404', 'SHOULD'),
  rule('assignees.add.status-201'),
  rule('assignees.user.id.type'),
];
const BOTH = { billing: { certified: true }, assignees: { certified: true } };

const passed = (rules: string[]): CheckResult => ({ name: `passes ${rules}`, file: 'f', state: 'passed', durationMs: 5, meta: checkMeta({ rules }) });
const failing = (ruleId: string): CheckResult => failedCheck(`breaks ${ruleId}`, { rule: ruleId, message: 'broken', exchanges: [] });
const errored = (rules: string[]): CheckResult => ({ name: 'times out', file: 'f', state: 'failed', durationMs: 5, meta: checkMeta({ rules, error: 'timed out' }) });
const ALL_BILLING = passed(['billing.plan.name.length', 'billing.plan.status.enum']);
const ALL_ASSIGNEES = passed(['assignees.add.status-201', 'assignees.user.id.type']);

describe('sectionVerdicts', () => {
  it('judges each API on its own rules: a failure in one leaves the other CONFORMANT', () => {
    const report = buildReport([ALL_BILLING, passed(['assignees.add.status-201']), failing('assignees.user.id.type')], CATALOG, runInfo({ sections: BOTH }));
    expect(report.summary.verdict).toBe('NON_CONFORMANT');
    const { billing, assignees } = report.summary.sections;
    expect(billing).toMatchObject({ verdict: 'CONFORMANT', rules: 4, passed: 2, failed: 0, mustRules: 2, mustPassed: 2 });
    expect(billing.note).toBeUndefined();
    expect(assignees).toMatchObject({ verdict: 'NON_CONFORMANT', note: '1 MUST rule(s) failed', rules: 2, passed: 1, failed: 1, mustRules: 2, mustPassed: 1 });
  });

  it('marks a section left out of the profile NOT_CERTIFIED with its reason, not a failure', () => {
    const reason = 'the target profile has no assignees section';
    const report = buildReport([ALL_BILLING], CATALOG, runInfo({ sections: { billing: { certified: true }, assignees: { certified: false, reason } } }));
    expect(report.summary.sections.billing.verdict).toBe('CONFORMANT');
    expect(report.summary.sections.assignees).toMatchObject({ verdict: 'NOT_CERTIFIED', note: reason, failed: 0, mustPassed: 0 });
  });

  it('counts only MUST rules observable through the API in mustRules', () => {
    const report = buildReport([ALL_BILLING, ALL_ASSIGNEES], CATALOG, runInfo({ sections: BOTH }));
    // Three billing MUST rules in the catalog; one cannot be observed, so a full pass is 2 of 2.
    expect(report.summary.sections.billing).toMatchObject({ verdict: 'CONFORMANT', mustRules: 2, mustPassed: 2 });
  });

  it('is INCOMPLETE for a section whose MUST rules reached no verdict, or that checked nothing', () => {
    const stuck = buildReport([ALL_BILLING, errored(['assignees.add.status-201', 'assignees.user.id.type'])], CATALOG, runInfo({ sections: BOTH }));
    expect(stuck.summary.sections.assignees).toMatchObject({ verdict: 'INCOMPLETE', note: '2 MUST rule(s) checked without a verdict' });
    const nothing = buildReport([ALL_BILLING], CATALOG, runInfo({ sections: BOTH }));
    expect(nothing.summary.sections.assignees).toMatchObject({ verdict: 'INCOMPLETE', note: 'no MUST rule of this API was checked: nothing was verified' });
    expect(nothing.summary.sections.billing.verdict).toBe('CONFORMANT');
  });

  it('is at most PARTIAL when only some checks ran, and INCOMPLETE for every section after a run error', () => {
    const grep = buildReport([ALL_BILLING, ALL_ASSIGNEES], CATALOG, runInfo({ sections: BOTH, settings: { grep: 'plan' } }));
    expect(grep.summary.sections.billing).toMatchObject({ verdict: 'PARTIAL', note: 'only some checks ran (--grep plan)' });
    const broken = buildReport([ALL_BILLING, ALL_ASSIGNEES], CATALOG, runInfo({ sections: BOTH, runErrors: ['a suite did not load'] }));
    expect(broken.summary.sections.billing.verdict).toBe('INCOMPLETE');
    expect(broken.summary.sections.assignees.verdict).toBe('INCOMPLETE');
  });

  it('atMostPartial lowers the run and every CONFORMANT section, and leaves worse verdicts alone', () => {
    const report = buildReport([ALL_BILLING, failing('assignees.user.id.type')], CATALOG, runInfo({ sections: BOTH }));
    atMostPartial(report.summary, 'the run was interrupted');
    expect(report.summary.verdict).toBe('NON_CONFORMANT');
    expect(report.summary.sections.billing).toMatchObject({ verdict: 'PARTIAL', note: 'the run was interrupted' });
    expect(report.summary.sections.assignees.verdict).toBe('NON_CONFORMANT');
  });
});
