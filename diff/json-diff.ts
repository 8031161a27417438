// Where two JSON values differ, member by member. A difference is named by its pattern: the JSON
// Pointer with every array index written `*`, so that the same member in every item of a list is
// one pattern ("/plans/*/id"). Masked patterns (learned noise) are not compared at all; an array
// whose items are the same but in another order is one "order" difference, not many.

import { escapeToken } from '../contracts/json-pointer.js';
import { isObject } from '../contracts/json-value.js';

export type DifferenceKind = 'only-a' | 'only-b' | 'value' | 'type' | 'order' | 'length';

export interface Difference {
  kind: DifferenceKind;
  /** JSON Pointer of the member in the answers. */
  pointer: string;
  /** The pointer with array indices as `*`. */
  pattern: string;
  a?: unknown;
  b?: unknown;
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The value with every masked member taken out: what is left to compare. */
export function masked(value: unknown, masks: ReadonlySet<string>, pattern = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => masked(item, masks, `${pattern}/*`));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const memberPattern = `${pattern}/${escapeToken(key)}`;
    if (!masks.has(memberPattern)) out[key] = masked(member, masks, memberPattern);
  }
  return out;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, member: unknown) =>
    isObject(member) ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b))) : member,
  );

/** Every difference between a and b, masked patterns left out. */
export function jsonDiff(a: unknown, b: unknown, masks: ReadonlySet<string> = new Set()): Difference[] {
  const out: Difference[] = [];
  const walk = (x: unknown, y: unknown, pointer: string, pattern: string): void => {
    if (masks.has(pattern)) return;
    if (typeOf(x) !== typeOf(y)) {
      out.push({ kind: 'type', pointer, pattern, a: x, b: y });
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      const left = x.map((item) => canonical(masked(item, masks, `${pattern}/*`)));
      const right = y.map((item) => canonical(masked(item, masks, `${pattern}/*`)));
      if (left.join('\n') === right.join('\n')) return;
      if (left.length === right.length && [...left].sort().join('\n') === [...right].sort().join('\n')) {
        out.push({ kind: 'order', pointer, pattern, a: x, b: y });
        return;
      }
      if (left.length !== right.length) out.push({ kind: 'length', pointer, pattern, a: x.length, b: y.length });
      for (let i = 0; i < Math.min(x.length, y.length); i += 1) walk(x[i], y[i], `${pointer}/${i}`, `${pattern}/*`);
      return;
    }
    if (isObject(x) && isObject(y)) {
      for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
        const memberPointer = `${pointer}/${escapeToken(key)}`;
        const memberPattern = `${pattern}/${escapeToken(key)}`;
        if (masks.has(memberPattern)) continue;
        if (!(key in y)) out.push({ kind: 'only-a', pointer: memberPointer, pattern: memberPattern, a: x[key] });
        else if (!(key in x)) out.push({ kind: 'only-b', pointer: memberPointer, pattern: memberPattern, b: y[key] });
        else walk(x[key], y[key], memberPointer, memberPattern);
      }
      return;
    }
    if (x !== y) out.push({ kind: 'value', pointer, pattern, a: x, b: y });
  };
  walk(a, b, '', '');
  return out;
}
