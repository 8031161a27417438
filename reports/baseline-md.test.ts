import { describe, expect, it } from 'vitest';
import { fingerprintOf } from '../baseline/fingerprint.js';
import { gateOf } from '../baseline/gate.js';
import { fails, ID, madeUpReport, NAME, passes, SEQUENCE } from '../baseline/test-support/made-up-run.js';
import type { BaselineEntry } from './model.js';
import { renderHtml } from './html/page.js';
import { renderSummary } from './summary-md.js';

// summary.md and report.html of a gated run say, under the verdict, that a baseline gated it and
// how many failures it knew, so that it never reads as a clean certification; then each failure
// that fails the gate and each entry to remove. A run without a baseline shows none of it.

const CAUSE = 'create plan took a request that breaks it';
const entry = (rule: string, check: string, more: Partial<BaselineEntry> = {}): BaselineEntry => ({
  rule,
  check,
  cause: CAUSE,
  fingerprint: fingerprintOf(rule, check, CAUSE),
  reason: 'known before the gate',
  ticket: 'BILL-12',
  ...more,
});

function gatedReport() {
  const report = madeUpReport([
    passes('create plan answers an id of the stated form', [ID]),
    fails('create plan refuses a long name', NAME, CAUSE),
    fails('create plan refuses sequence 100', SEQUENCE, CAUSE),
  ]);
  const entries = [
    entry(NAME, 'create plan refuses a long name'),
    entry(ID, 'create plan answers an id of the stated form', { ticket: 'BILL-3' }),
  ];
  report.baseline = gateOf(report, { file: 'known.json', sha256: 'a'.repeat(64), entries });
  return report;
}

describe('a gated run in summary.md', () => {
  it('says under the verdict that a baseline gated it, with its counts and digest', () => {
    const text = renderSummary(gatedReport());
    expect(text.startsWith('# ❌ NON_CONFORMANT\n')).toBe(true);
    expect(text).toContain(
      `**Gated by a baseline: 1 known failure (1 new, 0 expired, 1 fixed).** The verdict is the run's: the baseline ` +
        `(known.json, 2 entries, sha256 ${'a'.repeat(64)}) decided only the exit code, and the certificate records ` +
        'it. The gate fails: a new failure, or a known one past its expiry date.',
    );
  });

  it('lists the new failures and the fixed entries to remove', () => {
    const text = renderSummary(gatedReport());
    expect(text).toContain(
      '## Baseline: new failures (each fails the gate)\n\n| rule | check | cause |\n|---|---|---|\n' +
        `| \`${SEQUENCE}\` | create plan refuses sequence 100 | ${CAUSE} |`,
    );
    expect(text).toContain('## Baseline: fixed entries (remove them: `baseline prune`)');
    expect(text).toContain(`| \`${ID}\` | create plan answers an id of the stated form | ${CAUSE} | BILL-3 |`);
  });

  it('is absent from a run without a baseline', () => {
    const report = gatedReport();
    delete report.baseline;
    expect(renderSummary(report)).not.toMatch(/baseline/i);
    expect(renderHtml(report)).not.toContain('id="baseline');
  });
});

describe('a gated run in report.html', () => {
  it('has a baseline section below the verdict, each failure and entry with what the gate made of it', () => {
    const page = renderHtml(gatedReport());
    expect(page).toContain('<a href="#baseline">Baseline</a>');
    expect(page).toMatch(/<div class="banner bad" id="baseline-gate"><strong>Gated by a baseline: 1 known failure/);
    const rows = [...page.matchAll(/<tr class="[^"]*"><td>([a-z ]+)<\/td>/g)].map((match) => match[1]);
    expect(rows).toEqual(['new', 'fixed', 'known']);
    expect(page.indexOf('id="baseline"')).toBeLessThan(page.indexOf('id="failures"'));
  });
});
