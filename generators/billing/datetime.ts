// date_time (billing.md, "Shared value types"): 20..64 characters, Internet date-time, seconds
// required, fractional seconds optional, Z or a numeric offset.
import fc from 'fast-check';
import type { Breaker, Invalid } from '../invalid.js';
import { digitChar, textOfLength } from '../text.js';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** A calendar instant as parts, so that text of any allowed shape can be written from it. */
interface Instant {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function instantArb(minYear: number, maxYear: number): fc.Arbitrary<Instant> {
  return fc.record({
    year: fc.integer({ min: minYear, max: maxYear }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
  });
}

const offset: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant('Z'), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45))
      .map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
    weight: 1,
  },
);

function write(i: Instant, fraction: string, zone: string, withSeconds = true): string {
  const time = withSeconds ? `${pad(i.hour)}:${pad(i.minute)}:${pad(i.second)}` : `${pad(i.hour)}:${pad(i.minute)}`;
  return `${pad(i.year, 4)}-${pad(i.month)}-${pad(i.day)}T${time}${fraction ? '.' + fraction : ''}${zone}`;
}

/** Valid date_time text from years `minYear..maxYear` (default 2000..2099), 20..64 characters. */
export function dateTime(opts: { minYear?: number; maxYear?: number } = {}): fc.Arbitrary<string> {
  const fraction = fc.oneof(
    { arbitrary: fc.constant(''), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 9 }).chain((n) => textOfLength(digitChar, n)), weight: 2 },
    // the longest fractions reach the 64-character limit (43 digits with Z, 38 with an offset)
    { arbitrary: fc.integer({ min: 10, max: 38 }).chain((n) => textOfLength(digitChar, n)), weight: 1 },
  );
  return fc
    .tuple(instantArb(opts.minYear ?? 2000, opts.maxYear ?? 2099), fraction, offset)
    .map(([i, f, z]) => write(i, f, z));
}

/** A numeric offset of the zones in use ("+01:00", "-05:30"): the form of a date_time's zone other than Z. */
const numericOffset: fc.Arbitrary<string> = offset.filter((zone) => zone !== 'Z');

/**
 * date_time text of exactly `length` characters (20..64) in each zone form the pattern allows: Z,
 * or a numeric offset (26 characters at least, with a fraction that makes up the length).
 */
export function dateTimeOfLength(
  length: number,
  zone: 'Z' | 'offset',
  opts: { minYear?: number; maxYear?: number } = {},
): fc.Arbitrary<string> {
  const instant = instantArb(opts.minYear ?? 2000, opts.maxYear ?? 2099);
  const zones = zone === 'Z' ? fc.constant('Z') : numericOffset;
  // 19 characters of date and time, then the zone; a fraction (a point and digits) fills the rest
  return fc.tuple(instant, zones).chain(([i, z]) => {
    const digits = length - 19 - z.length - 1;
    if (digits === -1) return fc.constant(write(i, '', z));
    if (digits < 1) throw new Error(`no date_time of ${length} characters has the zone ${z}`);
    return textOfLength(digitChar, digits).map((fraction) => write(i, fraction, z));
  });
}

/** A date_time with a numeric offset, with or without a fraction of seconds. */
export function dateTimeWithOffset(opts: { minYear?: number; maxYear?: number } = {}): fc.Arbitrary<string> {
  return fc.constantFrom(25, 29, 64).chain((n) => dateTimeOfLength(n, 'offset', opts));
}

/**
 * date_time text of exactly 20 characters ("2031-05-04T10:20:30Z") or exactly 64 with Z (the
 * longest with an offset: dateTimeOfLength(64, 'offset')).
 */
export function dateTimeBoundary(opts: { minYear?: number; maxYear?: number } = {}): fc.Arbitrary<string> {
  return fc.constantFrom(20, 64).chain((n) => dateTimeOfLength(n, 'Z', opts));
}

/** An ordered pair of date_time texts (first not after second), for start_time/end_time. */
export function dateTimeRange(opts: { minYear?: number; maxYear?: number } = {}): fc.Arbitrary<[string, string]> {
  const lo = opts.minYear ?? 2000;
  const hi = opts.maxYear ?? 2099;
  return fc.tuple(instantArb(lo, hi), instantArb(lo, hi)).map(([a, b]) => {
    const [x, y] = write(a, '', 'Z') <= write(b, '', 'Z') ? [a, b] : [b, a];
    return [write(x, '', 'Z'), write(y, '', 'Z')] as [string, string];
  });
}

/**
 * Single-rule breaks of a date_time: without seconds (with an offset, so the text keeps 20+
 * characters and breaks only the seconds rule), or 65 characters long (a longer fraction) in each
 * zone form, Z and a numeric offset, each its own label. A value shorter than 20 characters cannot
 * be well-formed, so that bound has no single break.
 */
export const breakDateTime: Breaker<unknown> = () =>
  fc.oneof(
    instantArb(2000, 2099).map((i): Invalid => ({
      value: write(i, '', '+01:00', false),
      rule: 'billing.date_time.pattern',
      description: 'date_time without seconds',
      path: '',
    })),
    ...(['Z', 'offset'] as const).map((zone) =>
      dateTimeOfLength(65, zone).map((value): Invalid => ({
        value,
        rule: 'billing.date_time.length',
        description: `date_time of 65 characters with ${zone === 'Z' ? 'Z' : 'a numeric offset'} (max 64)`,
        path: '',
      })),
    ),
  );
