// Invalid values: a valid value with exactly one stated rule broken, labelled with that rule.
//
// A "breaker" takes a valid value and returns an arbitrary of broken copies of it. Breakers of a
// member compose into breakers of its host with `at`, so a request body is broken in one place
// only and everything around the break stays valid: the break is the only reason to refuse.
import fc from 'fast-check';
import { pointerOf, valueAtSegments } from '../contracts/json-pointer.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

/** A value that breaks exactly one rule of the spec. */
export interface Invalid<T = unknown> {
  /** The broken value, ready to send (or to validate). */
  value: T;
  /** Id of the rule the value breaks (see contracts/rules). */
  rule: RuleId;
  /** One line saying what was broken, e.g. "name has 128 characters (max 127)". */
  description: string;
  /**
   * JSON Pointer of the member broken, relative to the value ("" for the value itself). For a
   * missing member it points at the member that is missing; for a query, at the parameter
   * ("/page_size"); for headers, at the header name ("/Platform-Client-Metadata-Id").
   */
  path: string;
  /**
   * Rules the value cannot help breaking as well, where the spec makes a single break impossible
   * (e.g. 13 billing cycles necessarily hold more than two TRIAL or more than one REGULAR).
   */
  alsoBreaks?: RuleId[];
}

/** Turns a valid value into arbitraries of single-rule breaks of it. */
export type Breaker<T> = (valid: T) => fc.Arbitrary<Invalid>;

type Segment = string | number;

/**
 * A copy as JSON.parse(JSON.stringify(v)) makes it (what is sent is JSON), without the text in
 * between: that round trip was a tenth of the CPU of drawing invalid values. Plain objects, arrays
 * and primitives are copied here; anything else (a Date, a class instance) takes the round trip.
 */
function clone<T>(v: T): T {
  return v === undefined ? v : (jsonCopy(v) as T);
}

function jsonCopy(v: unknown): unknown {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      // JSON writes -0 as 0 and a non-finite number as null.
      return Number.isFinite(v) ? v + 0 : null;
    case 'object':
      if (v === null) return null;
      if (Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype) {
        const out: unknown[] = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = isSkipped(v[i]) ? null : jsonCopy(v[i]);
        return out;
      }
      if (Object.getPrototypeOf(v) === Object.prototype && !('toJSON' in v)) {
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(v)) {
          const member = (v as Record<string, unknown>)[key];
          if (isSkipped(member)) continue;
          const copy = jsonCopy(member);
          // Defined, not assigned: a member named __proto__ stays a member, as JSON.parse makes it.
          if (key === '__proto__')
            Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
          else out[key] = copy;
        }
        return out;
      }
      return JSON.parse(JSON.stringify(v)) as unknown;
    default:
      // A bigint throws, as JSON.stringify does.
      return JSON.parse(JSON.stringify(v)) as unknown;
  }
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const isSkipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Marks a member that a breaker wants removed (for "missing required member"). */
export const ABSENT: unique symbol = Symbol('absent');

/** A deep copy of `root` with the member at `segments` set to `value` (or removed for ABSENT). */
export function setAt<T>(root: T, segments: readonly Segment[], value: unknown): T {
  if (segments.length === 0) return value as T;
  const copy = clone(root) as Record<string, unknown>;
  let cur: Record<string, unknown> = copy;
  for (const s of segments.slice(0, -1)) {
    if (cur[s as string] === undefined || cur[s as string] === null) cur[s as string] = {};
    cur = cur[s as string] as Record<string, unknown>;
  }
  const last = segments[segments.length - 1] as string;
  if (value === ABSENT) delete cur[last];
  else cur[last] = value;
  return copy as T;
}

/** Lifts a breaker of the member at `segments` to a breaker of the host. */
export function at<H = unknown, M = never>(segments: readonly Segment[], inner: Breaker<M>): Breaker<H> {
  return (host) =>
    inner(valueAtSegments(host, segments) as M).map((b) => ({
      ...b,
      value: setAt(host, segments, b.value),
      path: pointerOf(segments) + b.path,
    }));
}

/** Lifts a breaker of one array element, chosen by fast-check, to a breaker of the array's host. */
export function atSomeItem<H = unknown, M = never>(arrayAt: readonly Segment[], inner: Breaker<M>): Breaker<H> {
  return (host) => {
    const items = valueAtSegments(host, arrayAt);
    if (!Array.isArray(items) || items.length === 0) {
      throw new Error(`atSomeItem: no items at ${pointerOf(arrayAt)}; the valid arbitrary must provide some`);
    }
    return fc.nat({ max: items.length - 1 }).chain((i) => at<H, M>([...arrayAt, i], inner)(host));
  };
}

/** A breaker that replaces the value with a fixed broken one. */
export function replaceWith(
  rule: RuleId,
  description: string,
  broken: unknown,
  alsoBreaks?: RuleId[],
): Breaker<unknown> {
  return () => fc.constant(labelled(broken, rule, description, '', alsoBreaks));
}

/** A breaker that replaces the value with one drawn from `broken`. */
export function replaceFrom(
  rule: RuleId,
  describe: (v: unknown) => string,
  broken: fc.Arbitrary<unknown>,
): Breaker<unknown> {
  return () => broken.map((v) => labelled(v, rule, describe(v), ''));
}

/** A breaker that removes a required member (use with `at`). */
export function missing(rule: RuleId, what: string): Breaker<unknown> {
  return () => fc.constant(labelled(ABSENT, rule, `${what} is missing (required)`, ''));
}

export function labelled<T>(
  value: T,
  rule: RuleId,
  description: string,
  path: string,
  alsoBreaks?: RuleId[],
): Invalid<T> {
  return alsoBreaks ? { value, rule, description, path, alsoBreaks } : { value, rule, description, path };
}

/** The valid value each break was made from: the same request without its break (unbrokenOf). */
const unbrokenValues = new WeakMap<object, unknown>();

/** `invalid` as a break of `valid`, which unbrokenOf then gives back (a copy: a constant break is shared). */
export function brokenFrom<I extends Invalid>(valid: unknown, invalid: I): I {
  const copy = { ...invalid };
  unbrokenValues.set(copy, valid);
  return copy;
}

/**
 * The valid value a break drawn from an invalidOf family (or made by brokenFrom) was made from:
 * everything else it carries, without the break. Undefined for any other value.
 */
export function unbrokenOf(invalid: Invalid): unknown {
  return unbrokenValues.get(invalid);
}

/** The valid arbitrary and breakers of each family made by invalidOf, for breakersOf. */
const families = new WeakMap<
  fc.Arbitrary<unknown>,
  { valid: fc.Arbitrary<unknown>; breakers: ReadonlyArray<Breaker<unknown>> }
>();

/**
 * Single-rule breaks of values drawn from `valid`: each draw picks one breaker and applies it.
 */
export function invalidOf<T>(valid: fc.Arbitrary<T>, breakers: ReadonlyArray<Breaker<T>>): fc.Arbitrary<Invalid> {
  const family = valid.chain((v) =>
    fc.nat({ max: breakers.length - 1 }).chain((i) => breakers[i](v).map((b) => brokenFrom(v, b))),
  );
  families.set(family, { valid, breakers: breakers as ReadonlyArray<Breaker<unknown>> });
  return family;
}

/**
 * A family made by invalidOf as one arbitrary per breaker (each applied to values of the same
 * valid arbitrary), so that a caller can draw every breaker instead of waiting for a random
 * pick to reach the rare ones; undefined for any other arbitrary.
 */
export function breakersOf<T>(family: fc.Arbitrary<T>): Array<fc.Arbitrary<T>> | undefined {
  const made = families.get(family);
  return made?.breakers.map(
    (breaker) => made.valid.chain((v) => breaker(v).map((b) => brokenFrom(v, b))) as unknown as fc.Arbitrary<T>,
  );
}
