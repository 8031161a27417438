import { describe, expect, it } from 'vitest';
import type { BaselineEntry } from '../reports/model.js';
import type { LoadedBaseline } from './file.js';
import { failuresOf, fingerprintOf } from './fingerprint.js';
import { gatedVerdict, gateHolds, gateOf } from './gate.js';
import { ADVICE, fails, ID, madeUpReport, NAME, passes, SEQUENCE } from './test-support/made-up-run.js';

// The gate of a made-up run: every failure of a MUST rule is new unless an entry names it; each
// entry is known, expired, fixed or unchecked; the verdict stays, and only the exit code's
// verdict is judged again with the known failures set aside.

const NAME_CHECK = 'create plan refuses a name of 128 characters';
const SEQUENCE_CHECK = 'create plan refuses sequence 100';
const TOO_LONG = 'create plan took a request that breaks it';

const entry = (rule: string, check: string, cause: string, more: Partial<BaselineEntry> = {}): BaselineEntry => ({
  rule,
  check,
  cause,
  fingerprint: fingerprintOf(rule, check, cause),
  reason: 'known before the gate',
  ticket: 'BILL-12',
  ...more,
});

const baseline = (...entries: BaselineEntry[]): LoadedBaseline => ({
  file: 'known.json',
  sha256: '0'.repeat(64),
  entries,
});

const nameEntry = (more: Partial<BaselineEntry> = {}) => entry(NAME, NAME_CHECK, TOO_LONG, more);

describe('a failure fingerprint', () => {
  it('is the sha256 of rule, check and cause: each one changes it, nothing else does', () => {
    const print = fingerprintOf(NAME, NAME_CHECK, TOO_LONG);
    expect(print).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(NAME, NAME_CHECK, TOO_LONG)).toBe(print);
    expect(
      new Set([print, fingerprintOf(SEQUENCE, NAME_CHECK, TOO_LONG), fingerprintOf(NAME, 'x', TOO_LONG)]).size,
    ).toBe(3);
    expect(fingerprintOf(NAME, NAME_CHECK, 'a 4xx refusal')).not.toBe(print);
  });

  it('is read from each failed check of a report, a SHOULD rule marked as not gating', () => {
    const report = madeUpReport([fails(NAME_CHECK, NAME, TOO_LONG), fails('show answers 404', ADVICE, 'a 404')]);
    expect(failuresOf(report)).toEqual([
      {
        rule: NAME,
        check: NAME_CHECK,
        cause: TOO_LONG,
        fingerprint: fingerprintOf(NAME, NAME_CHECK, TOO_LONG),
        gating: true,
      },
      expect.objectContaining({ rule: ADVICE, gating: false }),
    ]);
  });
});

describe('the gate of a run', () => {
  const faulty = madeUpReport([
    passes('create plan answers an id of the stated form', [ID]),
    fails(NAME_CHECK, NAME, TOO_LONG),
    fails(SEQUENCE_CHECK, SEQUENCE, TOO_LONG),
    fails('show answers 404', ADVICE, 'a 404'),
  ]);

  it('holds when every failure of a MUST rule is known: the verdict stays NON_CONFORMANT', () => {
    const gate = gateOf(faulty, baseline(nameEntry(), entry(SEQUENCE, SEQUENCE_CHECK, TOO_LONG)));
    expect(gate).toMatchObject({ file: 'known.json', entries: 2, new: [], expired: [], fixed: [], unchecked: [] });
    expect(gate.known.map((known) => known.rule)).toEqual([NAME, SEQUENCE]);
    expect(gateHolds(gate)).toBe(true);
    expect(faulty.summary.verdict).toBe('NON_CONFORMANT');
    expect(gatedVerdict(faulty, gate)).toBe('CONFORMANT');
  });

  it('fails on a failure no entry names, naming it; a SHOULD rule failing is never new', () => {
    const gate = gateOf(faulty, baseline(nameEntry()));
    expect(gate.new).toEqual([
      {
        rule: SEQUENCE,
        check: SEQUENCE_CHECK,
        cause: TOO_LONG,
        fingerprint: fingerprintOf(SEQUENCE, SEQUENCE_CHECK, TOO_LONG),
      },
    ]);
    expect(gateHolds(gate)).toBe(false);
    expect(gatedVerdict(faulty, gate)).toBe('NON_CONFORMANT');
  });

  it('fails on a known failure whose entry expired before the day the run started, not on that day', () => {
    const sequence = entry(SEQUENCE, SEQUENCE_CHECK, TOO_LONG);
    const started = { startedAt: '2026-11-22T23:59:00.000Z' };
    const report = madeUpReport(
      [fails(NAME_CHECK, NAME, TOO_LONG), fails(SEQUENCE_CHECK, SEQUENCE, TOO_LONG)],
      started,
    );
    const lastDay = gateOf(report, baseline(nameEntry({ expires: '2026-11-22' }), sequence));
    expect(lastDay.expired).toEqual([]);
    const after = gateOf(report, baseline(nameEntry({ expires: '2026-11-21' }), sequence));
    expect(after.expired).toEqual([nameEntry({ expires: '2026-11-21' })]);
    expect(after.known).toEqual([sequence]);
    expect(gatedVerdict(report, after)).toBe('NON_CONFORMANT');
  });

  it('reports an entry fixed when its check judged its rule without that failure', () => {
    const report = madeUpReport([passes(NAME_CHECK, [NAME]), fails(SEQUENCE_CHECK, SEQUENCE, TOO_LONG)]);
    const gate = gateOf(report, baseline(nameEntry(), entry(SEQUENCE, SEQUENCE_CHECK, TOO_LONG)));
    expect(gate.fixed).toEqual([nameEntry()]);
    expect(gateHolds(gate)).toBe(true);
    // Its check failing its rule for another cause: that failure is new, the entry fixed.
    const otherCause = madeUpReport([fails(NAME_CHECK, NAME, 'a 4xx refusal')]);
    const changed = gateOf(otherCause, baseline(nameEntry()));
    expect(changed.fixed).toEqual([nameEntry()]);
    expect(changed.new.map((failure) => failure.cause)).toEqual(['a 4xx refusal']);
  });

  it('leaves an entry unchecked when its check did not judge its rule: a run of some checks, a skipped check', () => {
    const other = passes('create plan takes a name of 127 characters', [NAME]);
    const narrowed = madeUpReport([other], { settings: { grep: 'takes' } });
    expect(gateOf(narrowed, baseline(nameEntry())).unchecked).toEqual([nameEntry()]);
    // A whole run where the rule passed: the check would have failed it again.
    expect(gateOf(madeUpReport([other]), baseline(nameEntry())).fixed).toEqual([nameEntry()]);
    // A rule a newer catalog dropped: gone for a run of every check, unknown to a run of some.
    const dropped = entry('billing.plan.retired-rule', NAME_CHECK, TOO_LONG);
    expect(gateOf(madeUpReport([other]), baseline(dropped)).fixed).toEqual([dropped]);
    expect(gateOf(narrowed, baseline(dropped)).unchecked).toEqual([dropped]);
    const skipped = { ...passes(NAME_CHECK, [NAME]), state: 'skipped' as const };
    expect(gateOf(madeUpReport([other, skipped]), baseline(nameEntry())).unchecked).toEqual([nameEntry()]);
  });

  it('sets known failures aside but not what else keeps a run from a pass: no verdict, some checks only', () => {
    const gate = (report: typeof faulty) => gateOf(report, baseline(nameEntry()));
    const failing = fails(NAME_CHECK, NAME, TOO_LONG);
    const errored = { ...passes('create plan refuses sequence 100', [SEQUENCE]), state: 'failed' as const };
    errored.meta = { ...errored.meta!, error: 'timeout after 10000 ms' };
    const incomplete = madeUpReport([failing, passes('x', [SEQUENCE]), errored]);
    expect(gatedVerdict(incomplete, gate(incomplete))).toBe('INCOMPLETE');
    const partial = madeUpReport([failing, passes('x', [SEQUENCE])], { settings: { grep: 'create plan' } });
    expect(gatedVerdict(partial, gate(partial))).toBe('PARTIAL');
    // Nothing passed: nothing is certified, never a pass.
    const nothing = madeUpReport([failing]);
    expect(gatedVerdict(nothing, gate(nothing))).toBe('INCOMPLETE');
  });
});
