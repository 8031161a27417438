import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { areasOf } from './areas.js';
import { buildReport } from './build-report.js';
import { renderHtml } from './html/page.js';
import { renderJunit } from './junit.js';
import { renderSummary } from './summary-md.js';
import { checkMeta } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

// One grouping by area for the three writers: the same areas, the same counts, everywhere.

const rule = (id: string, kind: Rule['kind']): Rule => ({
  id,
  title: `statement of ${id}`,
  level: 'MUST',
  spec: {
    file: id.startsWith('billing') ? 'billing.md' : 'assignees.md',
    lines: { from: 41, to: 41 },
    words: 'name',
    heading: 'Plan',
  },
  kind,
  contracts: [],
});
const CATALOG = [
  rule('billing.plan.name.length', 'limit'),
  rule('billing.plan.status.enum', 'schema'),
  rule('billing.plan.id.pattern', 'schema'),
  rule('assignees.user.id.type', 'schema'),
];
const report = buildReport(
  [
    {
      name: 'names are 1..127',
      file: 'billing/limits',
      state: 'passed',
      durationMs: 1,
      meta: checkMeta({ rules: ['billing.plan.name.length', 'billing.plan.status.enum'] }),
    },
  ],
  CATALOG,
  runInfo({ sections: { billing: { certified: true }, assignees: { certified: true } } }),
);

describe('areas', () => {
  it('group the rules by API and kind, sorted, with counts per status', () => {
    expect(
      areasOf(report).map((area) => [area.name, area.rules.length, area.counts.passed, area.counts.skipped]),
    ).toEqual([
      ['assignees · schema', 1, 0, 1],
      ['billing · limit', 1, 1, 0],
      ['billing · schema', 2, 1, 1],
    ]);
  });

  it('are the same in junit.xml, summary.md and report.html', () => {
    const junit = renderJunit(report);
    const summary = renderSummary(report);
    const page = renderHtml(report);
    for (const area of areasOf(report)) {
      expect(junit).toContain(`<testsuite name="${area.api}.${area.kind}" tests="${area.rules.length}"`);
      expect(summary).toContain(`| ${area.name} | ${area.rules.length} | ${area.counts.passed} |`);
      expect(page).toContain(`<b>${area.name}</b>`);
    }
  });
});
