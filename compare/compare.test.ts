import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../reports/model.js';
import {
  ADVICE,
  CATALOG,
  fails,
  ID,
  madeUpReport,
  NAME,
  passes,
  SEQUENCE,
} from '../baseline/test-support/made-up-run.js';
import { compareReports, regressedAny } from './compare.js';
import { renderCompareMarkdown } from './render-md.js';

// compare of two made-up runs: a rule failing now and not before regressed, one that failed and
// passes improved, every other status change is listed apart, and a tool upgrade's catalog
// change shows as rules added and removed.

const CAUSE = 'create plan took a request that breaks it';
const clean = madeUpReport([
  passes('create plan answers an id of the stated form', [ID]),
  passes('create plan refuses a long name', [NAME]),
  passes('create plan refuses sequence 100', [SEQUENCE]),
]);
const faulty = madeUpReport(
  [
    passes('create plan answers an id of the stated form', [ID]),
    fails('create plan refuses a long name', NAME, CAUSE),
    fails('show answers 404', ADVICE, 'a 404'),
  ],
  { durationMs: 2500 },
);

const compared = (older: ConformanceReport, newer: ConformanceReport) =>
  compareReports({ dir: 'reports/v1', report: older }, { dir: 'reports/v2', report: newer });

describe('compare OLD NEW', () => {
  it('names the rule failing now as regressed, and other status changes apart', () => {
    const report = compared(clean, faulty);
    expect(report.regressed).toEqual([{ id: NAME, level: 'MUST', from: 'passed', to: 'failed' }]);
    expect(report.improved).toEqual([]);
    expect(report.changed).toEqual([
      { id: SEQUENCE, level: 'MUST', from: 'passed', to: 'skipped' },
      { id: ADVICE, level: 'SHOULD', from: 'skipped', to: 'warning' },
    ]);
    expect(regressedAny(report)).toBe(true);
    expect(report.old).toMatchObject({ dir: 'reports/v1', verdict: 'CONFORMANT', rules: 4, durationMs: 1000 });
    expect(report.new).toMatchObject({ dir: 'reports/v2', verdict: 'NON_CONFORMANT', durationMs: 2500 });
  });

  it('names it improved the other way round, and nothing regressed', () => {
    const report = compared(faulty, clean);
    expect(report.improved).toEqual([{ id: NAME, level: 'MUST', from: 'failed', to: 'passed' }]);
    expect(report.regressed).toEqual([]);
    expect(regressedAny(report)).toBe(false);
  });

  it('shows the rules a new catalog adds (one failing regressed) and removes', () => {
    const upgraded = madeUpReport(
      [
        passes('create plan answers an id of the stated form', [ID]),
        fails('create plan refuses sequence 100', SEQUENCE, CAUSE),
      ],
      {},
      CATALOG.filter((rule) => rule.id !== NAME),
    );
    const older = madeUpReport([passes('create plan answers an id of the stated form', [ID])], {}, [
      CATALOG[0],
      CATALOG[2],
    ]);
    const report = compared(older, upgraded);
    expect(report.removed).toEqual([{ id: NAME, level: 'MUST', status: 'skipped' }]);
    expect(report.added).toEqual([
      { id: SEQUENCE, level: 'MUST', status: 'failed' },
      { id: ADVICE, level: 'SHOULD', status: 'skipped' },
    ]);
    expect(report.regressed).toEqual([{ id: SEQUENCE, level: 'MUST', from: null, to: 'failed' }]);
  });

  it('lists a rule whose proof changed', () => {
    const unproven = structuredClone(clean);
    unproven.rules[0].proof = null;
    const proven = structuredClone(clean);
    proven.rules[0].proof = { fault: 'plan-name-128-accepted' };
    expect(compared(unproven, proven).proofChanged).toEqual([{ id: NAME, from: null, to: 'plan-name-128-accepted' }]);
  });

  it('is told in Markdown: the headline, both runs side by side, a table per kind of change', () => {
    const text = renderCompareMarkdown(compared(clean, faulty));
    expect(text.split('\n')[0]).toBe('# ❌ 1 rule regressed, 0 improved');
    expect(text).toContain('| verdict | **CONFORMANT** | **NON_CONFORMANT** |');
    expect(text).toContain('| duration | 1.0 s | 2.5 s (+1.5 s) |');
    expect(text).toContain(
      '## Regressed: failing now, not before (1)\n\n| rule | level | old | new |\n|---|---|---|---|\n' +
        `| \`${NAME}\` | MUST | passed | failed |`,
    );
    expect(text).toContain('## Other status changes (2)');
    expect(text).not.toContain('## Improved');
    expect(renderCompareMarkdown(compared(faulty, clean)).split('\n')[0]).toBe(
      '# ✅ no rule regressed; 1 rule improved',
    );
  });
});
