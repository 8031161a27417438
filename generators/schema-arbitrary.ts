// fast-check arbitraries from the contracts themselves (JSON Schema, draft 2020-12, the keyword
// subset the contracts use): valid values of a contract, and for every annotated constraint a
// value that breaks that constraint alone, labelled with its rule and the JSON Pointer of the
// broken place. Hand-written generators stay where the spec says more than the schema (human
// text, cross-member arithmetic); they plug in as `overrides`, or as the valid values that the
// breaks start from.
import fc from 'fast-check';
import type { Invalid } from './invalid.js';
import { Breaker, breaksOnlyItsRule, type BreakOptions } from './schema/break.js';
import { annotatedRules, constraintsOf, shortLoc, type Constraint } from './schema/constraints.js';
import { Generator, type Draw, type GenerateOptions, type Override } from './schema/generate.js';
import {
  ALSO_BREAKS,
  INSEPARABLE,
  UNBREAKABLE_ALONE,
  unbreakableAlone,
  type Inseparable,
  type UnbreakableAlone,
} from './schema/inseparable.js';
import { drawing, imperative } from './schema/imperative.js';
import { rootParts } from './schema/parts.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

export {
  drawing,
  imperative,
  annotatedRules,
  INSEPARABLE,
  UNBREAKABLE_ALONE,
  unbreakableAlone,
  type Inseparable,
  type UnbreakableAlone,
  type Override,
  type Draw,
  type GenerateOptions,
};

/** Valid values of contract `id`. */
export function schemaValue(id: string, opts: GenerateOptions = {}): fc.Arbitrary<unknown> {
  const gen = new Generator(opts);
  return imperative((draw) => gen.value(rootParts(id), draw));
}

/** A single break of one constraint in one valid value, or why there is none. */
export interface BreakAttempt {
  /** A value that breaks the constraint and no rule outside its own (and its alsoBreaks). */
  invalid?: Invalid;
  /** The last try, which broke another rule as well (kept to say why a rule is never broken). */
  rejected?: Invalid;
}

/** One annotated constraint of a contract and its single breaks. */
export interface ConstraintBreak {
  rule: RuleId;
  /** "minLength at billing/card.json#/properties/name", for reports. */
  constraint: string;
  /** A single break in `valid` (a valid value of the contract), trying a few places and changes. */
  breakIn(valid: unknown, draw: Draw): BreakAttempt;
  /** Single breaks of values drawn from the family's valid values. */
  invalid: fc.Arbitrary<Invalid>;
}

/** Tries of one value (places, changes, contexts), and values tried, before giving up: a break
 * that a common context prevents (a payment_initiator break beside payment_type ONE_TIME) needs
 * many values to find one that leaves it alone. */
const TRIES_PER_VALUE = 4;
const VALUES = 24;

function breakerOf(id: string, c: Constraint, valid: fc.Arbitrary<unknown>, breaker: Breaker): ConstraintBreak {
  const constraint = `${c.keyword} at ${shortLoc(c.loc)}`;
  const breakIn = (v: unknown, draw: Draw): BreakAttempt => {
    let rejected: Invalid | undefined;
    for (let i = 0; i < TRIES_PER_VALUE; i++) {
      // the later tries generate the broken place anew: another context (no ONE_TIME, no reference, ...)
      const b = breaker.once(id, c, v, draw, i >= TRIES_PER_VALUE / 2);
      if (!b) continue;
      // another rule broken as well (the change flipped a condition): try another place or change
      if (breaksOnlyItsRule(id, b)) return { invalid: b };
      rejected = b;
    }
    return { rejected };
  };
  const invalid = imperative((draw): Invalid => {
    let last: BreakAttempt = {};
    for (let i = 0; i < VALUES; i++) {
      last = breakIn(draw(valid), draw);
      if (last.invalid) return last.invalid;
    }
    // handed on as it is, so that the test that checks it says which other rule it broke
    return (
      last.rejected ?? {
        value: undefined,
        rule: c.rule,
        description: `no value offered a place to break ${constraint}`,
        path: '',
      }
    );
  });
  return { rule: c.rule, constraint, breakIn, invalid };
}

/**
 * For every annotated constraint of contract `id` (except the rules UNBREAKABLE_ALONE lists for
 * it), single breaks of values drawn from `valid` (by default the contract's own valid values).
 */
export function schemaBreaks(id: string, valid?: fc.Arbitrary<unknown>, opts: BreakOptions = {}): ConstraintBreak[] {
  const skip = unbreakableAlone(id);
  const rules = new Set(annotatedRules(id));
  const alsoBreaks = Object.fromEntries(
    Object.entries({ ...ALSO_BREAKS, ...opts.alsoBreaks }).map(([rule, also]) => [
      rule,
      also.filter((r) => rules.has(r)),
    ]),
  );
  const breaker = new Breaker({ ...opts, alsoBreaks });
  const base = valid ?? schemaValue(id, opts);
  return constraintsOf(id)
    .filter((c) => !skip.has(c.rule))
    .map((c) => breakerOf(id, c, base, breaker));
}

/** Single breaks of any one annotated constraint of contract `id`. */
export function schemaInvalid(breaks: readonly ConstraintBreak[]): fc.Arbitrary<Invalid> {
  return fc.oneof(...breaks.map((b) => b.invalid));
}
