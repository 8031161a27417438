// Text whose length is counted the way the spec counts it: in characters. A JavaScript string's
// .length counts UTF-16 units, so a character outside the BMP (an emoji) is one code point but
// two units; every arbitrary here builds strings one code point at a time so that the intended
// length is the code-point length. "Lengths are in characters" does not say which of the two a
// server counts, so valid text is kept within its limit under both readings (withinUtf16), and
// text past a limit is past it under both (it has more code points, hence more units too).
import fc from 'fast-check';

/** Length of a string in characters (code points), as the spec counts lengths. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The first `n` characters (code points) of `s`. */
export function takeCodePoints(s: string, n: number): string {
  return [...s].slice(0, n).join('');
}

/** A length in [min, max] that lands exactly on min or max about a third of the time. */
export function lengthBetween(min: number, max: number): fc.Arbitrary<number> {
  if (min === max) return fc.constant(min);
  return fc.oneof(
    { arbitrary: fc.integer({ min, max }), weight: 4 },
    { arbitrary: fc.constant(min), weight: 1 },
    { arbitrary: fc.constant(max), weight: 1 },
  );
}

/**
 * Whether a server may store the character as it is: assigned, and unchanged by Unicode
 * normalization form C (U+037E GREEK QUESTION MARK becomes U+003B under NFC, so a server that
 * normalizes text would not read it back as sent).
 */
export function isStableChar(c: string): boolean {
  const cp = c.codePointAt(0);
  if (cp === undefined || c.length !== (cp > 0xffff ? 2 : 1)) return computeStable(c);
  return isStableCodePoint(cp);
}

function computeStable(c: string): boolean {
  return !/\p{Cn}/u.test(c) && c.normalize('NFC') === c;
}

/** Per code point: 0 not yet known, 1 stable, 2 not. The test costs more than the rest of a draw. */
const stability = new Uint8Array(0x110000);

function isStableCodePoint(cp: number): boolean {
  let known = stability[cp];
  if (known === 0) {
    known = computeStable(String.fromCodePoint(cp)) ? 1 : 2;
    stability[cp] = known;
  }
  return known === 1;
}

type Ranges = ReadonlyArray<readonly [number, number]>;

/** A biased draw (one in biasFactor) lands within this many code points of either end of its range. */
const EDGE = 8;

/**
 * One stable character from weighted groups of code-point ranges: a group by weight, a range of
 * it evenly, a code point of it evenly (near either end more often when fast-check biases), drawn
 * again until stable. It replaces fc.frequency over fc.oneof over fc.integer, mapped and filtered:
 * a plan body holds a few hundred characters, and those five layers per character cost most of
 * its generation. Shrinks to the first group's first stable code point, as they did.
 */
class CodePointArbitrary extends fc.Arbitrary<string> {
  private readonly totalWeight: number;
  private readonly simplest: string;

  constructor(private readonly groups: ReadonlyArray<{ weight: number; ranges: Ranges }>) {
    super();
    this.totalWeight = groups.reduce((sum, group) => sum + group.weight, 0);
    const [min, max] = groups[0].ranges[0];
    let cp = min;
    while (cp < max && !isStableCodePoint(cp)) cp += 1;
    this.simplest = String.fromCodePoint(cp);
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<string> {
    for (;;) {
      let pick = this.groups.length === 1 ? 0 : mrng.nextInt(0, this.totalWeight - 1);
      let group = 0;
      while (pick >= this.groups[group].weight) pick -= this.groups[group++].weight;
      const ranges = this.groups[group].ranges;
      const [min, max] = ranges[ranges.length === 1 ? 0 : mrng.nextInt(0, ranges.length - 1)];
      let cp: number;
      if (biasFactor !== undefined && max - min > 2 * EDGE && mrng.nextInt(1, biasFactor) === 1) {
        const offset = mrng.nextInt(0, EDGE - 1);
        cp = mrng.nextInt(0, 1) === 0 ? min + offset : max - offset;
      } else cp = mrng.nextInt(min, max);
      if (isStableCodePoint(cp)) return new fc.Value(String.fromCodePoint(cp), undefined);
    }
  }

  canShrinkWithoutContext(value: unknown): value is string {
    if (typeof value !== 'string') return false;
    const cp = value.codePointAt(0);
    if (cp === undefined || value.length !== (cp > 0xffff ? 2 : 1) || !isStableCodePoint(cp)) return false;
    return this.groups.some((group) => group.ranges.some(([min, max]) => cp >= min && cp <= max));
  }

  shrink(value: string): fc.Stream<fc.Value<string>> {
    return value === this.simplest ? fc.Stream.nil() : fc.Stream.of(new fc.Value(this.simplest, undefined));
  }
}

/**
 * `s` with astral characters replaced (from the end) by BMP letters until it has at most `max`
 * UTF-16 units, keeping its code-point length: text at a limit then fits under both readings of
 * "characters". The first `keep` characters (a tag) are left as they are. When `s` has more than
 * `max` code points it ends with no astral character left after them.
 */
export function withinUtf16(s: string, max: number, keep = 0): string {
  const cps = [...s];
  let units = s.length;
  for (let i = cps.length - 1; i >= keep && units > max; i -= 1) {
    if (cps[i].length === 2) {
      cps[i] = 'x';
      units -= 1;
    }
  }
  return cps.join('');
}

/** One printable ASCII character (U+0020..U+007E). */
const PRINTABLE_ASCII: Ranges = [[0x20, 0x7e]];

export const printableAsciiChar: fc.Arbitrary<string> = new CodePointArbitrary([
  { weight: 1, ranges: PRINTABLE_ASCII },
]);

/** One letter or digit of ASCII, for identifiers and readable filler. */
export const alphanumericChar: fc.Arbitrary<string> = fc.constantFrom(
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
);

/** One capital letter or digit, as the id patterns (P-..., PROD-...) use. */
export const upperAlnumChar: fc.Arbitrary<string> = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');

/** One decimal digit. */
export const digitChar: fc.Arbitrary<string> = fc.constantFrom(...'0123456789');

/**
 * One Unicode character drawn from several scripts and planes, astral ones (emoji, CJK
 * extension B) included so that UTF-16 and code-point lengths differ. Controls, surrogates,
 * noncharacters, unassigned code points and characters that NFC rewrites are left out: they are
 * Unicode, but a server that refuses or normalizes them has not broken a rule the spec states,
 * and a false failure is worse than a missed edge. The ranges are ones assigned long ago (CJK up
 * to Unicode 3.1), so that a server on an older Unicode version knows them too.
 */
export const unicodeChar: fc.Arbitrary<string> = new CodePointArbitrary([
  { weight: 4, ranges: PRINTABLE_ASCII },
  {
    weight: 3,
    ranges: [
      [0x00a1, 0x024f], // Latin-1 supplement, Latin extended
      [0x0370, 0x03ff], // Greek
      [0x0400, 0x04ff], // Cyrillic
      [0x05d0, 0x05ea], // Hebrew letters
      [0x0627, 0x064a], // Arabic letters
      [0x0905, 0x0939], // Devanagari letters
      [0x3041, 0x3096], // Hiragana
      [0x4e00, 0x9fa5], // CJK unified ideographs (Unicode 1.1)
      [0xac00, 0xd7a3], // Hangul syllables
    ],
  },
  {
    weight: 2,
    ranges: [
      [0x1f300, 0x1f5ff], // pictographs
      [0x1f600, 0x1f64f], // emoticons
      [0x20000, 0x2a6d6], // CJK extension B (Unicode 3.1)
      [0x1d400, 0x1d7ff], // mathematical alphanumerics
    ],
  },
]);

/** A string of exactly `n` characters (code points), each drawn from `unit`. */
export function textOfLength(unit: fc.Arbitrary<string>, n: number): fc.Arbitrary<string> {
  return fc.array(unit, { minLength: n, maxLength: n }).map((cs) => cs.join(''));
}

/**
 * A string of `min..max` characters drawn from `unit`, landing on both bounds often. Never
 * starts or ends with a space, so that servers which trim cannot change its length.
 */
export function textBetween(unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> {
  return lengthBetween(min, max)
    .chain((n) => textOfLength(unit, n))
    .map(noEdgeSpaces);
}

/** Replaces a leading or trailing space with a letter, keeping the length. */
export function noEdgeSpaces(s: string): string {
  const cps = [...s];
  if (cps.length === 0) return s;
  if (/\s/u.test(cps[0])) cps[0] = 'x';
  if (/\s/u.test(cps[cps.length - 1])) cps[cps.length - 1] = 'x';
  return cps.join('');
}

/**
 * Fits `prefix + body` into exactly `n` characters: the prefix is kept whole (when it fits) and
 * the body is cut or padded with `pad` (one character) to make up the length.
 */
export function fitTo(prefix: string, body: string, n: number, pad = 'x'): string {
  const p = [...prefix];
  if (p.length >= n) return p.slice(0, n).join('');
  const b = [...body].slice(0, n - p.length);
  while (b.length < n - p.length) b.push(pad);
  return noEdgeSpaces(p.join('') + b.join(''));
}

/** Unicode text of `min..max` characters (the spec's "Unicode" strings), within `max` UTF-16 units too. */
export function unicodeText(min: number, max: number): fc.Arbitrary<string> {
  return textBetween(unicodeChar, min, max).map((s) => withinUtf16(s, max));
}

/** Printable ASCII text of `min..max` characters. */
export function printableAsciiText(min: number, max: number): fc.Arbitrary<string> {
  return textBetween(printableAsciiChar, min, max);
}
