import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../certificate/digest.js';
import type { BaselineEntry } from '../reports/model.js';
import { baselineText, parseBaseline, readBaseline } from './file.js';
import { fingerprintOf } from './fingerprint.js';

// A baseline file is read whole or refused in one line that names the file, the entry and its
// field: an entry without a reason or a ticket, a date that is no day of the calendar, an entry
// whose rule, check or cause was edited away from its fingerprint, the same failure twice.

const dir = mkdtempSync(join(tmpdir(), 'baseline-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RULE = 'billing.plan.name.length';
const entry = (check: string, more: Partial<BaselineEntry> = {}): BaselineEntry => ({
  rule: RULE,
  check,
  cause: 'a 4xx refusal',
  fingerprint: fingerprintOf(RULE, check, 'a 4xx refusal'),
  reason: 'accepted until the release of March',
  ticket: 'BILL-12',
  ...more,
});

/** The text of a baseline whose entry `index` has `change` applied (undefined members left out). */
function textWith(index: number, change: Record<string, unknown>): string {
  const entries: object[] = [entry('patch refuses'), entry('create refuses')];
  entries[index] = { ...entries[index], ...change };
  return JSON.stringify({ version: 1, entries });
}

const refusal = (text: string): string => {
  try {
    parseBaseline(text, 'known.json');
  } catch (error) {
    return (error as Error).message;
  }
  return 'not refused';
};

describe('a baseline file', () => {
  it('is read with its entries and the digest of its bytes', () => {
    const text = baselineText([entry('patch refuses', { expires: '2027-03-31' }), entry('create refuses')]);
    const file = join(dir, 'known.json');
    writeFileSync(file, text);
    const read = readBaseline(file);
    expect(read).toEqual({
      file,
      sha256: sha256Hex(text),
      entries: [entry('patch refuses', { expires: '2027-03-31' }), entry('create refuses')],
    });
    // Written back as read: the text is the file's own.
    expect(baselineText(read.entries)).toBe(text);
  });

  it('refuses an entry without a reason or a ticket, naming the entry, its field and its rule', () => {
    expect(refusal(textWith(1, { ticket: undefined }))).toBe(
      `known.json: entries[1].ticket is missing (the entry of ${RULE})`,
    );
    expect(refusal(textWith(0, { reason: '' }))).toBe(
      `known.json: entries[0].reason must not be empty (the entry of ${RULE})`,
    );
  });

  it('refuses an expiry that is not a day written YYYY-MM-DD', () => {
    for (const expires of ['2026-02-30', '31/03/2027', '2027-3-31'])
      expect(refusal(textWith(0, { expires }))).toBe(
        `known.json: entries[0].expires must be a date written YYYY-MM-DD (the entry of ${RULE})`,
      );
  });

  it('refuses an entry whose rule, check or cause no longer makes its fingerprint, and a failure listed twice', () => {
    expect(refusal(textWith(1, { check: 'create refuses, edited' }))).toMatch(
      /^known\.json: entries\[1\]\.fingerprint is not the fingerprint of its rule, check and cause/,
    );
    expect(refusal(textWith(1, { ...entry('patch refuses'), ticket: 'BILL-13' }))).toBe(
      'known.json: entries[1] repeats entries[0] (the same failure)',
    );
  });

  it('refuses text that is no baseline: not JSON, another version, no file', () => {
    expect(refusal('{ "version": 1,')).toMatch(/^known\.json is not valid JSON \(/);
    expect(refusal(JSON.stringify({ version: 2, entries: [] }))).toBe('known.json: version must be 1');
    expect(() => readBaseline(join(dir, 'none.json'))).toThrow(`${join(dir, 'none.json')} does not exist`);
  });
});
