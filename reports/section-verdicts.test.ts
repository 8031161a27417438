import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { RULES } from '../contracts/rules/index.js';
import { buildReport } from './build-report.js';
import type { CheckResult } from './model.js';
import { renderHtml } from './html/page.js';
import { renderJunit } from './junit.js';
import { atMostPartial } from './section-verdicts.js';
import { renderSummary } from './summary-md.js';
import { checkMeta, failedCheck } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

// A verdict per API: each section is judged from its own rules only, and a section the run did
// not certify is NOT_CERTIFIED, whatever the other one did.

const NOT_OBSERVABLE = RULES.find((r) => r.notObservable !== undefined && r.id.startsWith('billing.'))!.id;
const rule = (id: string, level: 'MUST' | 'SHOULD' = 'MUST'): Rule => ({
  id,
  title: `statement of ${id}`,
  level,
  spec: {
    file: id.startsWith('assignees.') ? 'assignees.md' : 'billing.md',
    lines: { from: 41, to: 41 },
    words: 'name',
    heading: 'Plan',
  },
  kind: 'limit',
  contracts: [],
});
const CATALOG = [
  rule('billing.plan.name.length'),
  rule('billing.plan.status.enum'),
  { ...rule(NOT_OBSERVABLE), notObservable: 'no request and no answer shows it' },
  rule('billing.unknown-id.status-404', 'SHOULD'),
  rule('assignees.add.status-201'),
  rule('assignees.user.id.type'),
];
const BOTH = { billing: { certified: true }, assignees: { certified: true } };

const passed = (rules: string[]): CheckResult => ({
  name: `passes ${rules.join(',')}`,
  file: 'f',
  state: 'passed',
  durationMs: 5,
  meta: checkMeta({ rules }),
});
const failing = (ruleId: string): CheckResult =>
  failedCheck(`breaks ${ruleId}`, { rule: ruleId, message: 'broken', exchanges: [] });
const errored = (rules: string[]): CheckResult => ({
  name: 'times out',
  file: 'f',
  state: 'failed',
  durationMs: 5,
  meta: checkMeta({ rules, error: 'timed out' }),
});
const report = (results: CheckResult[], overrides: Parameters<typeof runInfo>[0] = {}) =>
  buildReport(results, CATALOG, runInfo({ sections: BOTH, ...overrides }));
const ALL_BILLING = passed(['billing.plan.name.length', 'billing.plan.status.enum']);
const ALL_ASSIGNEES = passed(['assignees.add.status-201', 'assignees.user.id.type']);

describe('sectionVerdicts', () => {
  it('judges each API on its own rules: a failure in one leaves the other CONFORMANT', () => {
    const run = report([ALL_BILLING, passed(['assignees.add.status-201']), failing('assignees.user.id.type')]);
    expect(run.summary.verdict).toBe('NON_CONFORMANT');
    const { billing, assignees } = run.summary.sections;
    expect(billing).toMatchObject({ verdict: 'CONFORMANT', rules: 4, passed: 2, failed: 0 });
    expect(billing).toMatchObject({ mustRules: 2, mustPassed: 2 });
    expect(billing.note).toBeUndefined();
    expect(assignees).toMatchObject({ verdict: 'NON_CONFORMANT', note: '1 MUST rule(s) failed', failed: 1 });
    expect(assignees).toMatchObject({ rules: 2, passed: 1, mustRules: 2, mustPassed: 1 });
  });

  it('marks a section left out of the profile NOT_CERTIFIED with its reason, not a failure', () => {
    const reason = 'the target profile has no assignees section';
    const run = report([ALL_BILLING], { sections: { ...BOTH, assignees: { certified: false, reason } } });
    expect(run.summary.verdict).toBe('CONFORMANT');
    expect(run.summary.sections.billing.verdict).toBe('CONFORMANT');
    expect(run.summary.sections.assignees).toMatchObject({ verdict: 'NOT_CERTIFIED', note: reason, failed: 0 });
  });

  it('counts only MUST rules observable through the API in mustRules', () => {
    const run = report([ALL_BILLING, ALL_ASSIGNEES]);
    // Three billing MUST rules in the catalog; one cannot be observed, so a full pass is 2 of 2.
    expect(run.summary.sections.billing).toMatchObject({ verdict: 'CONFORMANT', mustRules: 2, mustPassed: 2 });
  });

  it('is INCOMPLETE for a section whose MUST rules reached no verdict, or that checked nothing', () => {
    const stuck = report([ALL_BILLING, errored(['assignees.add.status-201', 'assignees.user.id.type'])]);
    const stuckNote = '2 MUST rule(s) checked without a verdict';
    expect(stuck.summary.sections.assignees).toMatchObject({ verdict: 'INCOMPLETE', note: stuckNote });
    const nothing = report([ALL_BILLING]);
    const nothingNote = 'no MUST rule of this API was checked: nothing was verified';
    expect(nothing.summary.sections.assignees).toMatchObject({ verdict: 'INCOMPLETE', note: nothingNote });
    expect(nothing.summary.sections.billing.verdict).toBe('CONFORMANT');
  });

  it('is at most PARTIAL when only some checks ran, and INCOMPLETE for every section after a run error', () => {
    const grep = report([ALL_BILLING, ALL_ASSIGNEES], { settings: { grep: 'plan' } });
    const grepNote = 'only some checks ran (--grep plan)';
    expect(grep.summary.sections.billing).toMatchObject({ verdict: 'PARTIAL', note: grepNote });
    const broken = report([ALL_BILLING, ALL_ASSIGNEES], { runErrors: ['a suite did not load'] });
    expect(broken.summary.sections.billing.verdict).toBe('INCOMPLETE');
    expect(broken.summary.sections.assignees.verdict).toBe('INCOMPLETE');
  });

  it('atMostPartial lowers the run and every CONFORMANT section, and leaves worse verdicts alone', () => {
    const run = report([ALL_BILLING, failing('assignees.user.id.type')]);
    atMostPartial(run.summary, 'the run was interrupted');
    expect(run.summary.verdict).toBe('NON_CONFORMANT');
    expect(run.summary.sections.billing).toMatchObject({ verdict: 'PARTIAL', note: 'the run was interrupted' });
    expect(run.summary.sections.assignees.verdict).toBe('NON_CONFORMANT');
  });

  it("shows each section's verdict in summary.md, junit.xml and report.html", () => {
    const reason = 'the target profile has no assignees section';
    const run = report([ALL_BILLING], { sections: { ...BOTH, assignees: { certified: false, reason } } });
    const md = renderSummary(run);
    expect(md).toContain('- **billing**: CONFORMANT, 2 of 2 MUST rules passed');
    expect(md).toContain(`- **assignees**: not certified (${reason})`);
    const junit = renderJunit(run);
    expect(junit).toContain('<property name="billing.verdict" value="CONFORMANT"/>');
    expect(junit).toContain('<property name="billing.must-passed" value="2/2"/>');
    expect(junit).toContain('<property name="assignees.verdict" value="NOT_CERTIFIED"/>');
    const page = renderHtml(run);
    expect(page).toContain('<b>billing</b> <span class="verdict small v-CONFORMANT">CONFORMANT</span> 2 of 2 MUST');
    expect(page).toContain(`v-NOT_CERTIFIED">NOT CERTIFIED</span> ${reason}`);
  });
});
