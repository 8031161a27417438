import { describe, expect, it } from 'vitest';
import { TIMESTAMP_REGEX } from './timestamp.js';

// The timestamp form takes every ISO 8601 date-and-time a server may write (a false failure is the
// worst defect) and nothing that names no time of day or is no ISO 8601 text.

const timestamp = new RegExp(TIMESTAMP_REGEX, 'u');

describe('an assignee timestamp', () => {
  it.each([
    '2026-01-05T09:30:00Z',
    '2026-01-05t09:30:00z',
    '2026-01-05 09:30:00Z',
    '2026-01-05T09:30:00.123Z',
    '2026-01-05T09:30:00,5Z',
    '2026-01-05T11:30:00.000+02:00',
    '2026-01-05T04:30:00-05:00',
    '2026-01-05T11:30:00+0200',
    '2026-01-05T11:30:00+02',
    '2026-01-05T09:30Z',
    '2026-01-05T09:30:00',
    '2016-12-31T23:59:60Z',
    '20260105T093000Z',
    '20260105T0930+0200',
  ])('takes %s', (text) => {
    expect(timestamp.test(text)).toBe(true);
  });

  it.each([
    '2026-01-05',
    '09:30:00Z',
    '2026-01-05T9:30:00Z',
    '2026-13-05T09:30:00Z',
    '2026-01-32T09:30:00Z',
    '2026-01-05T24:30:00Z',
    '2026-01-05T09:61:00Z',
    '2026-01-05T09:30:00 Z',
    '2026-01-05T09:30:00+2:00',
    'Mon, 05 Jan 2026 09:30:00 GMT',
    'Mon Jan 05 2026 09:30:00 GMT+0000 (Coordinated Universal Time)',
    '1767605400',
    'Invalid Date',
    '',
  ])('refuses %j', (text) => {
    expect(timestamp.test(text)).toBe(false);
  });
});
