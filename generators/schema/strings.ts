// String constraints at one place (minLength, maxLength, pattern, format, enum/const, as every
// part there states them), and text of an exact length that keeps them.
import fc from 'fast-check';
import { codePointLength, noEdgeSpaces, textOfLength, unicodeChar } from '../text.js';
import { test, type Part } from './parts.js';
import { patternText } from './patterns.js';

export interface StringRules {
  min: number;
  /** undefined: no maximum. */
  max?: number;
  patterns: string[];
  uri: boolean;
  /** The listed values (enum and const, intersected), if any part lists some. */
  values?: unknown[];
}

export function stringRules(parts: readonly Part[]): StringRules {
  const r: StringRules = { min: 0, patterns: [], uri: false };
  for (const { schema: s } of parts) {
    if (typeof s.minLength === 'number') r.min = Math.max(r.min, s.minLength);
    if (typeof s.maxLength === 'number') r.max = r.max === undefined ? s.maxLength : Math.min(r.max, s.maxLength);
    if (typeof s.pattern === 'string' && !r.patterns.includes(s.pattern)) r.patterns.push(s.pattern);
    if (s.format === 'uri') r.uri = true;
    const listed: unknown[] | undefined = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : undefined;
    if (listed) r.values = r.values ? r.values.filter((v) => listed.includes(v)) : [...listed];
  }
  return r;
}

const URI = { type: 'string', format: 'uri' };
export const isUri = (s: string): boolean => test(URI, s);

/** Whether `s` keeps the rules, leaving out those named in `except`. */
export function keepsString(
  r: StringRules,
  s: string,
  except: ReadonlyArray<'length' | 'pattern' | 'uri' | 'values'> = [],
): boolean {
  const n = codePointLength(s);
  if (!except.includes('length') && (n < r.min || (r.max !== undefined && n > r.max))) return false;
  if (!except.includes('pattern') && !r.patterns.every((p) => new RegExp(p, 'u').test(s))) return false;
  if (!except.includes('uri') && r.uri && !isUri(s)) return false;
  if (!except.includes('values') && r.values && !r.values.includes(s)) return false;
  return true;
}

/** A URI of exactly `n` characters: https on example.com from 20 characters, shorter forms below. */
export function uriOfLength(n: number): fc.Arbitrary<string> | undefined {
  if (n < 3) return undefined;
  const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
  if (n >= 20) return textOfLength(lower, n - 20).map((p) => `https://example.com/${p}`);
  if (n >= 9) return textOfLength(lower, n - 8).map((h) => `https://${h}`);
  return textOfLength(lower, n - 2).map((p) => `a:${p}`);
}

/** Text that is not a URI (no scheme), exactly `n` characters. */
export function notUriOfLength(n: number): string {
  const base = 'no scheme here ';
  let s = '';
  while (s.length < n) s += base;
  return noEdgeSpaces(s.slice(0, n)).replace(/:/g, 'x');
}

/**
 * Text of exactly `n` code points that keeps the pattern(s) and the URI format of `r` (not its
 * length limits nor its listed values); undefined when none exists. With several patterns the
 * most specific writes the text and the others check it: a draw that fails them is
 * undefined, and the caller draws again.
 */
export function textOfExactLength(r: StringRules, n: number): fc.Arbitrary<string | undefined> | undefined {
  if (r.patterns.length > 0) {
    const specificity = (p: string) => patternText(p).specificity ?? Infinity;
    const [first, ...rest] = [...r.patterns].sort((a, b) => specificity(a) - specificity(b));
    const arb = patternText(first).ofLength(n);
    if (!arb) return undefined;
    if (rest.length === 0 && !r.uri) return arb;
    const res = rest.map((p) => new RegExp(p, 'u'));
    return arb.map((s) => (res.every((re) => re.test(s)) && (!r.uri || isUri(s)) ? s : undefined));
  }
  if (r.uri) return uriOfLength(n);
  return textOfLength(unicodeChar, n).map(noEdgeSpaces);
}

/** Where lengths are drawn from when a string has no maximum. */
export const OPEN_LENGTH = 24;
