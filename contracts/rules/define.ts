// Small builders for catalog entries. A field's limits are written once, as a FieldSpec, and
// both its rules (here) and its schema fragment (contracts/schema-source) come from it, so a
// schema constraint and the rule it enforces cannot drift apart.

import type { Rule, RuleKind, RuleLevel, SpecFile } from '../rule.js';

export interface Anchor {
  file: SpecFile;
  heading: string;
  contracts: readonly string[];
}

export function anchor(file: SpecFile, heading: string, contracts: readonly string[] = []): Anchor {
  return { file, heading, contracts };
}

function make(level: RuleLevel, a: Anchor, id: string, kind: RuleKind, title: string, contracts?: readonly string[]): Rule {
  return { id, title, level, spec: { file: a.file, heading: a.heading }, kind, contracts: [...(contracts ?? a.contracts)] };
}

export function must(a: Anchor, id: string, kind: RuleKind, title: string, contracts?: readonly string[]): Rule {
  return make('MUST', a, id, kind, title, contracts);
}

export function should(a: Anchor, id: string, kind: RuleKind, title: string, contracts?: readonly string[]): Rule {
  return make('SHOULD', a, id, kind, title, contracts);
}

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

/**
 * One member of a resource as the spec states it. `id` is the rule-id prefix; each stated
 * constraint becomes the rule `<id>.<aspect>`: type, length, pattern, enum, range, items,
 * format, required.
 */
export interface FieldSpec {
  id: string;
  /** How a title names the member, e.g. "Plan name". */
  label: string;
  type: JsonType;
  /** null is accepted as "absent" (members the spec does not require, assignees API only). */
  nullable?: boolean;
  length?: readonly [number | null, number | null];
  pattern?: { regex: string; says: string };
  enum?: readonly string[];
  range?: readonly [number | null, number | null];
  items?: readonly [number | null, number | null];
  format?: 'uri';
  /** When set, the member is required; the text says when, e.g. "on create". */
  required?: string;
  /** When set, the type of the array items (with its own `.items-type` rule). */
  itemType?: JsonType;
}

const article = (t: JsonType) => (t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`);

function bounds([lo, hi]: readonly [number | null, number | null], unit: string): string {
  if (lo !== null && hi !== null) return lo === hi ? `exactly ${lo}${unit}` : `${lo} to ${hi}${unit}`;
  if (lo !== null) return `at least ${lo}${unit}`;
  return `at most ${hi}${unit}`;
}

export function typeTitle(f: FieldSpec): string {
  const noun = f.type === 'array' && f.itemType ? `an array of ${f.itemType}s` : article(f.type);
  return `${f.label} is ${noun}${f.nullable ? ' (or null when absent)' : ''}`;
}

/** The rules a field states, one per constraint. */
export function fieldRules(a: Anchor, fields: readonly FieldSpec[], contracts?: readonly string[]): Rule[] {
  const out: Rule[] = [];
  for (const f of fields) {
    out.push(must(a, `${f.id}.type`, 'schema', typeTitle(f), contracts));
    if (f.itemType && f.type === 'array') out.push(must(a, `${f.id}.items-type`, 'schema', `Every item of ${f.label} is ${article(f.itemType)}`, contracts));
    if (f.length) out.push(must(a, `${f.id}.length`, 'limit', `${f.label} is ${bounds(f.length, ' characters')}`, contracts));
    if (f.pattern) out.push(must(a, `${f.id}.pattern`, 'schema', `${f.label} ${f.pattern.says}`, contracts));
    if (f.enum) out.push(must(a, `${f.id}.enum`, 'schema', `${f.label} is one of ${f.enum.join(', ')}`, contracts));
    if (f.range) out.push(must(a, `${f.id}.range`, 'limit', `${f.label} is ${bounds(f.range, '')}`, contracts));
    if (f.items) out.push(must(a, `${f.id}.items`, 'limit', `${f.label} has ${bounds(f.items, ' items')}`, contracts));
    if (f.format) out.push(must(a, `${f.id}.format`, 'schema', `${f.label} is a URI`, contracts));
    if (f.required) out.push(must(a, `${f.id}.required`, 'schema', `${f.label} is present ${f.required}`, contracts));
  }
  return out;
}

/** Builds a FieldSpec table keyed by member name. */
export function fields<K extends string>(table: Record<K, FieldSpec>): Record<K, FieldSpec> {
  return table;
}
