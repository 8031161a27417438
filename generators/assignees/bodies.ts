// Add and remove assignees bodies (assignees.md, "Endpoints", rule 1: up to 10 assignees per add).
import fc from 'fast-check';
import { pointerOf } from '../../contracts/json-pointer.js';
import { at, type Breaker, invalidOf, type Invalid } from '../invalid.js';
import { login } from '../faker.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

export const ADD_MAX = 10;

export interface AssigneesBody {
  assignees: string[];
}

export interface AssigneesBodyOptions {
  /** Logins to draw from (the target's assignable users); faker logins fill up when too few. */
  logins?: readonly string[];
}

/** `n` distinct logins, the given ones first, then faker-made ones. */
export function loginsOf(n: number, opts: AssigneesBodyOptions = {}): fc.Arbitrary<string[]> {
  const given = [...new Set(opts.logins ?? [])];
  return fc
    .tuple(
      fc.shuffledSubarray(given, { minLength: Math.min(n, given.length), maxLength: Math.min(n, given.length) }),
      fc.uniqueArray(login, { minLength: n, maxLength: n }),
    )
    .map(([mine, made]) => [...new Set([...mine, ...made.filter((m) => !mine.includes(m))])].slice(0, n));
}

function countUpTo(max: number, opts: AssigneesBodyOptions): fc.Arbitrary<number> {
  const available = opts.logins?.length ?? max;
  return fc.integer({ min: 1, max: opts.logins ? Math.max(1, Math.min(max, available)) : max });
}

/** Valid add-assignees bodies: 1..10 logins (from `logins` when given). */
export function addAssigneesBody(opts: AssigneesBodyOptions = {}): fc.Arbitrary<AssigneesBody> {
  return countUpTo(ADD_MAX, opts)
    .chain((n) => loginsOf(n, opts))
    .map((assignees) => ({ assignees }));
}

/** Add-assignees bodies of exactly 10 logins (the given ones first, faker logins to fill up). */
export function addAssigneesBodyBoundary(opts: AssigneesBodyOptions = {}): fc.Arbitrary<AssigneesBody> {
  return loginsOf(ADD_MAX, opts).map((assignees) => ({ assignees }));
}

/**
 * Add-assignees bodies naming 11 logins. Not a refusal: the spec states "up to 10 per request",
 * and the catalog reads it (assignees.add.max-10) as a cap: such a request never assigns more
 * than 10. Labelled like an invalid value so suites can report the rule.
 */
export function addAssigneesBodyPastMax(opts: AssigneesBodyOptions = {}): fc.Arbitrary<Invalid<AssigneesBody>> {
  return loginsOf(ADD_MAX + 1, opts).map((assignees) => ({
    value: { assignees },
    rule: 'assignees.add.max-10',
    description: '11 assignees (up to 10 per request)',
    path: '/assignees',
  }));
}

const typeBreaks = (typeRule: RuleId, itemsRule: RuleId, what: string): Breaker<AssigneesBody>[] => [
  at(['assignees'], (a: string[]) =>
    fc.constant({ value: a.join(','), rule: typeRule, description: `assignees as a string (${what})`, path: '' }),
  ),
  at(['assignees'], (a: string[]) =>
    fc.nat({ max: Math.max(0, a.length - 1) }).chain((i) =>
      fc.integer({ min: 1, max: 99999 }).map((n) => ({
        value: a.map((x, j) => (j === i ? n : x)),
        rule: itemsRule,
        description: `assignees item ${i} is the number ${n} (${what})`,
        path: pointerOf([i]),
      })),
    ),
  ),
];

/** Add-assignees bodies that each break one rule: assignees not an array, or an item not a string. */
export function addAssigneesBodyInvalid(opts: AssigneesBodyOptions = {}): fc.Arbitrary<Invalid<AssigneesBody>> {
  return invalidOf(
    addAssigneesBody(opts),
    typeBreaks('assignees.add.assignees.type', 'assignees.add.assignees.items-type', 'an array of usernames'),
  ) as fc.Arbitrary<Invalid<AssigneesBody>>;
}

/** Valid remove-assignees bodies: 1..10 logins (no limit is stated; 10 keeps requests small). */
export function removeAssigneesBody(opts: AssigneesBodyOptions = {}): fc.Arbitrary<AssigneesBody> {
  return addAssigneesBody(opts);
}

/** Remove-assignees bodies that each break one rule: assignees not an array, or an item not a string. */
export function removeAssigneesBodyInvalid(opts: AssigneesBodyOptions = {}): fc.Arbitrary<Invalid<AssigneesBody>> {
  return invalidOf(
    removeAssigneesBody(opts),
    typeBreaks('assignees.remove.assignees.type', 'assignees.remove.assignees.items-type', 'an array of strings'),
  ) as fc.Arbitrary<Invalid<AssigneesBody>>;
}
