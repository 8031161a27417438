// Text for the `pattern`s the contracts use: strings that match of an exact length (in code
// points), and strings of an exact length that do not. fc.stringMatching alone cannot hit a
// length limit, so each pattern shape is known here; a pattern of an unknown shape is an error
// that names it, so a new contract pattern is added here before its schema can be generated.
import fc from 'fast-check';
import { DATE_TIME_REGEX } from '../../contracts/rules/billing-shared-types.js';
import { COUNTRY_CODES } from '../billing/country.js';
import { codePointLength, textOfLength, upperAlnumChar } from '../text.js';

export interface PatternText {
  /** Strings that match, of exactly `n` code points; undefined when no such string exists. */
  ofLength(n: number): fc.Arbitrary<string> | undefined;
  /** Strings of exactly `n` code points that do not match; undefined when the generic one-character change is meant. */
  notMatching?(n: number): fc.Arbitrary<string> | undefined;
  /**
   * How few strings match, roughly (a list of literal paths: their number). Where several
   * patterns apply at one place, the most specific writes the text and the others check it.
   */
  specificity?: number;
}

const DIGITS = '0123456789';
const digits = (n: number) => textOfLength(fc.constantFrom(...DIGITS), n);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `^PREFIX[CLASS]+$`: a literal prefix, then one or more characters of a class. */
function prefixedClass(prefix: string, cls: string): PatternText {
  const one = new RegExp(`^[${cls}]$`, 'u');
  const chars: string[] = [];
  for (let cp = 0x20; cp <= 0x7e; cp++) if (one.test(String.fromCodePoint(cp))) chars.push(String.fromCodePoint(cp));
  // a class of letters reads better when upper-case letters and digits come first, as ids are written
  const preferred = chars.filter((c) => /[A-Z0-9]/.test(c));
  const unit =
    preferred.length > 0 && preferred.length < chars.length
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...preferred), weight: 3 },
          { arbitrary: fc.constantFrom(...chars), weight: 1 },
        )
      : fc.constantFrom(...chars);
  return {
    ofLength: (n) => (n < prefix.length + 1 ? undefined : textOfLength(unit, n - prefix.length).map((s) => prefix + s)),
  };
}

/** `^PREFIX` (no end anchor): the prefix, then anything; ids are written in capitals and digits. */
function prefixOnly(prefix: string): PatternText {
  return {
    ofLength: (n) =>
      n < prefix.length ? undefined : textOfLength(upperAlnumChar, n - prefix.length).map((s) => prefix + s),
  };
}

/** A signed decimal: "12", "-3", "0.5", ".5", "-1.25". */
const SIGNED_DECIMAL: PatternText = {
  ofLength(n) {
    if (n < 1) return undefined;
    const forms: Array<fc.Arbitrary<string>> = [digits(n)];
    if (n >= 2)
      forms.push(
        digits(n - 1).map((d) => '-' + d),
        digits(n - 1).map((d) => '.' + d),
      );
    if (n >= 3)
      forms.push(
        fc
          .integer({ min: 1, max: n - 2 })
          .chain((a) => fc.tuple(digits(a), digits(n - 1 - a)).map(([x, y]) => `${x}.${y}`)),
      );
    if (n >= 4)
      forms.push(
        fc
          .integer({ min: 1, max: n - 3 })
          .chain((a) => fc.tuple(digits(a), digits(n - 2 - a)).map(([x, y]) => `-${x}.${y}`)),
      );
    return fc.oneof(...forms);
  },
};

/** An unsigned decimal: "20", "1.5". */
const UNSIGNED_DECIMAL: PatternText = {
  ofLength(n) {
    if (n < 1) return undefined;
    if (n < 3) return digits(n);
    return fc.oneof(
      digits(n),
      fc
        .integer({ min: 1, max: n - 2 })
        .chain((a) => fc.tuple(digits(a), digits(n - 1 - a)).map(([x, y]) => `${x}.${y}`)),
    );
  },
};

const yearMonth = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${pad(y, 4)}-${pad(m)}`);
const date = fc.tuple(yearMonth, fc.integer({ min: 1, max: 31 })).map(([ym, d]) => `${ym}-${pad(d)}`);

/** Internet date-time: 20 characters with Z, 25 with an offset, and any length from 22 with fractional seconds. */
const DATE_TIME: PatternText = {
  ofLength(n) {
    const time = fc
      .tuple(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('T', 't'),
      )
      .map(([h, m, s, t]) => `${t}${pad(h)}:${pad(m)}:${pad(s)}`);
    const z = fc.constantFrom('Z', 'z');
    const offset = fc
      .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45))
      .map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`);
    const forms: Array<fc.Arbitrary<[string, string, string]>> = [];
    const frac = (k: number) => (k === 0 ? fc.constant('') : digits(k).map((d) => '.' + d));
    if (n === 20) forms.push(fc.tuple(time, frac(0), z));
    if (n >= 22) forms.push(fc.tuple(time, frac(n - 21), z));
    if (n === 25) forms.push(fc.tuple(time, frac(0), offset));
    if (n >= 27) forms.push(fc.tuple(time, frac(n - 26), offset));
    if (forms.length === 0) return undefined;
    return fc.tuple(date, fc.oneof(...forms)).map(([d, [t, f, zone]]) => d + t + f + zone);
  },
};

/** Comma-separated plan ids, at most 70 of them (69 commas). */
const PLAN_ID_LIST: PatternText = {
  ofLength(n) {
    return fc
      .tuple(
        textOfLength(upperAlnumChar, n),
        fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, n - 2) }), {
          maxLength: Math.min(69, Math.max(0, n - 2)),
        }),
      )
      .map(([text, commas]) => {
        const cs = [...text];
        for (const i of commas) if (i < cs.length - 1) cs[i] = ',';
        return cs.join('');
      });
  },
  // 71 ids: 70 commas, the rest id characters
  notMatching: (n) => (n < 70 ? undefined : textOfLength(upperAlnumChar, n - 70).map((s) => ','.repeat(70) + s)),
};

/** A BCP 47 tag read loosely: subtags of 1..8 letters and digits joined by hyphens, the first of letters. */
const LANGUAGE_TAG: PatternText = {
  ofLength(n) {
    if (n < 1) return undefined;
    const letters = (k: number) => textOfLength(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), k);
    if (n <= 8) return letters(n);
    // a language of two letters, then subtags of up to 8 characters, none left of one character
    const sizes: number[] = [];
    for (let rest = n - 2; rest > 0;) {
      let k = Math.min(8, rest - 1);
      if (rest - 1 - k === 1) k -= 1;
      sizes.push(k);
      rest -= k + 1;
    }
    const subtag = (k: number) => textOfLength(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), k);
    return fc.tuple(letters(2), ...sizes.map(subtag)).map((parts) => parts.join('-'));
  },
};

/** A JSON Pointer: "" or "/a/b~0c~1d". */
const JSON_POINTER: PatternText = {
  ofLength(n) {
    if (n === 0) return fc.constant('');
    const unit = fc.oneof(
      { arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-'), weight: 6 },
      { arbitrary: fc.constant('/'), weight: 1 },
    );
    return textOfLength(unit, n - 1).map((s) => {
      const out = '/' + s;
      // a "~0" or "~1" escape now and then, in place of two characters
      return n >= 4 ? out.slice(0, n - 2) + (n % 2 === 0 ? '~0' : '~1') : out;
    });
  },
  notMatching: (n) => (n < 1 ? undefined : textOfLength(fc.constantFrom(...'abc'), n - 1).map((s) => 'x' + s)),
};

/** `^(A|B)(,(A|B))*$`: a comma-separated list of names, in any order, repeats allowed. */
function nameList(names: readonly string[]): PatternText {
  return {
    ofLength(n) {
      // how many of each name make exactly n characters with the commas between them
      const counts: number[][] = [];
      const search = (i: number, acc: number[], len: number) => {
        if (i === names.length) {
          const k = acc.reduce((a, b) => a + b, 0);
          if (k > 0 && len + k - 1 === n) counts.push(acc);
          return;
        }
        for (let c = 0; len + c * names[i].length <= n; c++) search(i + 1, [...acc, c], len + c * names[i].length);
      };
      search(0, [], 0);
      if (counts.length === 0) return undefined;
      return fc.constantFrom(...counts).chain((cs) => {
        const items = cs.flatMap((c, i) => Array.from({ length: c }, () => names[i]));
        return fc
          .shuffledSubarray(items, { minLength: items.length, maxLength: items.length })
          .map((xs) => xs.join(','));
      });
    },
  };
}

/** `^(ALT|ALT|...)$` where each alternative is literal text with `[0-9]+` selectors. */
function alternatives(alts: readonly string[]): PatternText {
  const parts = alts.map((a) => a.split('[0-9]+'));
  return {
    specificity: alts.length,
    ofLength(n) {
      const fits = parts
        .map((ps) => ({ ps, fixed: ps.join('').length, holes: ps.length - 1 }))
        .filter(({ fixed, holes }) => (holes === 0 ? fixed === n : n - fixed >= holes));
      if (fits.length === 0) return undefined;
      return fc.constantFrom(...fits).chain(({ ps, fixed, holes }) => {
        if (holes === 0) return fc.constant(ps[0]);
        // one hole takes the extra digits (the selectors are sequence numbers)
        return digits(n - fixed - (holes - 1)).chain((first) =>
          digits(holes - 1).map((rest) =>
            ps.reduce((acc, p, i) => acc + (i === 0 ? '' : i === 1 ? first : rest[i - 2]) + p, ''),
          ),
        );
      });
    },
  };
}

const KNOWN: Record<string, PatternText> = {
  '^([A-Z]{2}|C2)$': {
    ofLength: (n) =>
      n === 2
        ? fc.oneof(fc.constantFrom(...COUNTRY_CODES), textOfLength(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), 2))
        : undefined,
  },
  '^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$': SIGNED_DECIMAL,
  '^[0-9]+([.][0-9]+)?$': UNSIGNED_DECIMAL,
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$': { ofLength: (n) => (n === 10 ? date : undefined) },
  '^[0-9]{4}-(0[1-9]|1[0-2])$': { ofLength: (n) => (n === 7 ? yearMonth : undefined) },
  [DATE_TIME_REGEX]: DATE_TIME,
  '^[^,]*(,[^,]*){0,69}$': PLAN_ID_LIST,
  '^(/([^~/]|~[01])*)*$': JSON_POINTER,
  '^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$': LANGUAGE_TAG,
  '^(last_failed_payment|plan)(,(last_failed_payment|plan))*$': nameList(['last_failed_payment', 'plan']),
};

const cache = new Map<string, PatternText>();

/** What is known about generating text for `pattern`; throws for a shape it does not know. */
export function patternText(pattern: string): PatternText {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let found = KNOWN[pattern];
  let m: RegExpMatchArray | null;
  if (!found && (m = /^\^([A-Za-z0-9-]*)\[([^\]]+)\]\+\$$/.exec(pattern))) found = prefixedClass(m[1], m[2]);
  else if (!found && (m = /^\^([A-Za-z0-9-]+)$/.exec(pattern))) found = prefixOnly(m[1]);
  else if (!found && (m = /^\^\(([^()]+)\)\$$/.exec(pattern))) found = alternatives(m[1].split('|'));
  else if (!found && (m = /^\^([^()|[\]*+?\\]*(\[0-9\]\+[^()|[\]*+?\\]*)*)\$$/.exec(pattern)))
    found = alternatives([m[1]]);
  if (!found)
    throw new Error(`no text generator for the pattern ${pattern}: add its shape to generators/schema/patterns.ts`);
  cache.set(pattern, found);
  return found;
}

/** Characters tried, one at a time, to turn a matching string into one that does not match. */
const SPOILERS = [' ', '!', 'a', 'Z', '0', '~', ',', '-', '_', '/', '.', 'é', '\u{1F600}'];

/**
 * Strings of exactly `n` code points that do not match `pattern` but pass `others` (the other
 * string constraints at that place): the pattern's own non-matching text, or a matching string
 * with one character changed. Draws undefined when this try found none (the caller tries
 * another length); the arbitrary itself is undefined when the length allows none at all.
 */
export function notMatchingOfLength(
  pattern: string,
  n: number,
  others: (s: string) => boolean,
): fc.Arbitrary<string | undefined> | undefined {
  const re = new RegExp(pattern, 'u');
  const keeps = (s: string) => !re.test(s) && others(s) && codePointLength(s) === n;
  const pt = patternText(pattern);
  if (pt.notMatching) return pt.notMatching(n)?.map((s) => (keeps(s) ? s : undefined));
  if (n === 0) return keeps('') ? fc.constant('') : undefined;
  const base = pt.ofLength(n) ?? textOfLength(upperAlnumChar, n);
  return base.chain((s) => {
    const cps = [...s];
    const changed: string[] = [];
    for (let i = 0; i < cps.length; i++) {
      for (const c of SPOILERS) {
        const t = [...cps.slice(0, i), c, ...cps.slice(i + 1)].join('');
        if (keeps(t)) changed.push(t);
      }
    }
    return changed.length > 0 ? fc.constantFrom(...changed) : fc.constant(undefined);
  });
}
