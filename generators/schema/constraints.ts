// Every annotated constraint a contract holds (its own and those of the contracts it refers to),
// each with the routes from the root of a value to the places where it applies.
import { childLoc, rulesOf, schemaById, type Part, type Schema } from './parts.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

/** A step from a place of a value to the next: a member, an array item, or a condition to take. */
export type Step = { member: string } | { item: true } | { gate: Part; want: boolean };

export interface Constraint {
  /** The catalog rule the constraint enforces. */
  rule: RuleId;
  /** The x-rules key: a keyword, or "required:<member>". */
  keyword: string;
  /** Where the annotated schema sits: "<$id>#<JSON Pointer>". */
  loc: string;
  schema: Schema;
  routes: Step[][];
}

const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

const cache = new Map<string, Constraint[]>();

/** The annotated constraints reachable from contract `id`, one entry per (place in a schema, keyword). */
export function constraintsOf(id: string): Constraint[] {
  const hit = cache.get(id);
  if (hit) return hit;
  const byKey = new Map<string, Constraint>();

  const visit = (s: unknown, loc: string, route: Step[], refs: readonly string[]) => {
    if (!isSchema(s)) return;
    for (const [keyword, rule] of Object.entries(rulesOf(s))) {
      // `contains` with minContains 0 only counts for maxContains, which carries the same rule
      if (keyword === 'contains' && s.minContains === 0) continue;
      const key = `${loc}|${keyword}`;
      const c = byKey.get(key) ?? { rule, keyword, loc, schema: s, routes: [] };
      c.routes.push(route);
      byKey.set(key, c);
    }
    if (typeof s.$ref === 'string' && !refs.includes(s.$ref))
      visit(schemaById(s.$ref), `${s.$ref}#`, route, [...refs, s.$ref]);
    (s.allOf as unknown[] | undefined)?.forEach((sub, i) => visit(sub, childLoc(loc, 'allOf', i), route, refs));
    if ('if' in s) {
      const gate: Part = { schema: s, loc };
      visit(s.then, childLoc(loc, 'then'), [...route, { gate, want: true }], refs);
      visit(s.else, childLoc(loc, 'else'), [...route, { gate, want: false }], refs);
    }
    for (const [name, sub] of Object.entries((s.properties as Schema | undefined) ?? {})) {
      visit(sub, childLoc(loc, 'properties', name), [...route, { member: name }], refs);
    }
    if (isSchema(s.items)) visit(s.items, childLoc(loc, 'items'), [...route, { item: true }], refs);
  };

  visit(schemaById(id), `${id}#`, [], [id]);
  const out = [...byKey.values()];
  cache.set(id, out);
  return out;
}

/** The rules of every annotated constraint reachable from contract `id`. */
export function annotatedRules(id: string): RuleId[] {
  return [...new Set(constraintsOf(id).map((c) => c.rule))].sort();
}

/** "billing/card.json#/properties/name" for a location, for messages. */
export const shortLoc = (loc: string): string => loc.replace(/^.*\/schemas\//, '');
