import { describe, expect, it } from 'vitest';
import { fingerprintOf } from './fingerprint.js';
import { pruned, withFailuresOf } from './make.js';
import { ADVICE, fails, ID, madeUpReport, NAME, passes, SEQUENCE } from './test-support/made-up-run.js';

// `baseline write` takes each failure of a MUST rule once, keeping the entries a file already
// has as they are; `baseline prune` drops only what a report shows fixed.

const NOTES = { reason: 'known before the gate', ticket: 'BILL-12', expires: '2027-03-31' };
const CAUSE = 'create plan took a request that breaks it';

const report = madeUpReport([
  passes('create plan answers an id of the stated form', [ID]),
  fails('create plan refuses a long name', NAME, CAUSE),
  fails('create plan refuses sequence 100', SEQUENCE, CAUSE),
  fails('show answers 404', ADVICE, 'a 404'),
]);

describe('baseline write', () => {
  it('makes an entry for each failure of a MUST rule, with the notes given', () => {
    const { entries, added } = withFailuresOf(report, NOTES);
    expect(added).toEqual(entries);
    expect(entries).toEqual([
      {
        rule: NAME,
        check: 'create plan refuses a long name',
        cause: CAUSE,
        fingerprint: fingerprintOf(NAME, 'create plan refuses a long name', CAUSE),
        ...NOTES,
      },
      expect.objectContaining({ rule: SEQUENCE, check: 'create plan refuses sequence 100', ...NOTES }),
    ]);
  });

  it('keeps the entries a file has, with their own notes, and adds only the failures none names', () => {
    const [first] = withFailuresOf(report, NOTES).entries;
    const edited = { ...first, reason: 'a hand-written reason', ticket: 'BILL-7' };
    const { entries, added } = withFailuresOf(report, { reason: 'later', ticket: 'BILL-99' }, [edited]);
    expect(entries[0]).toBe(edited);
    expect(added.map((entry) => [entry.rule, entry.ticket])).toEqual([[SEQUENCE, 'BILL-99']]);
    expect(entries).toHaveLength(2);
  });
});

describe('baseline prune', () => {
  it('drops the entries a report shows fixed and keeps those it cannot speak for', () => {
    const { entries } = withFailuresOf(report, NOTES);
    const baseline = { file: 'known.json', sha256: '0'.repeat(64), entries };
    const nameFixed = madeUpReport(
      [passes('create plan refuses a long name', [NAME]), fails('create plan refuses sequence 100', SEQUENCE, CAUSE)],
      { settings: { grep: 'create plan' } },
    );
    expect(pruned(baseline, nameFixed)).toEqual({ entries: [entries[1]], dropped: [entries[0]] });
    // A run of other checks shows neither fixed.
    const other = madeUpReport([passes('create plan answers an id of the stated form', [ID])], {
      settings: { grep: 'answers an id' },
    });
    expect(pruned(baseline, other)).toEqual({ entries, dropped: [] });
  });
});
