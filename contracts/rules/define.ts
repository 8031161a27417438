// Small builders for catalog entries. A field's limits are written once, as a FieldSpec, and
// both its rules (here) and its schema fragment (contracts/schema-source) come from it, so a
// schema constraint and the rule it enforces cannot drift apart. Every rule is anchored at the
// sentence it comes from: a line of the spec and words of that sentence (the trace test checks
// that the words are there and that the line is a sentence of the section named).

import type { Rule, RuleKind, RuleLevel, SpecFile } from '../rule.js';

/** A section of a spec and the contracts its rules relate to; with a line, one sentence of it. */
export interface Anchor {
  file: SpecFile;
  heading: string;
  contracts: readonly string[];
  line?: number;
  words?: string;
}

/** An anchor at one sentence: what a single rule needs. */
export type SentenceAnchor = Anchor & { line: number; words: string };

export function anchor(file: SpecFile, heading: string, contracts: readonly string[] = []): Anchor {
  return { file, heading, contracts };
}

/** The sentence on `line` of the anchor's section that holds `words`. */
export function at(a: Anchor, line: number, words: string, contracts: readonly string[] = a.contracts): SentenceAnchor {
  return { ...a, contracts, line, words };
}

/** The anchor's section and contracts, at `line`: a group of members stated on one sentence. */
export function onLine(a: Anchor, line: number, words?: string, contracts: readonly string[] = a.contracts): Anchor {
  return { ...a, contracts, line, ...(words === undefined ? {} : { words }) };
}

/** Facts a rule's statement alone does not give, folded into its record. */
export type RuleFacts = Pick<Rule, 'notObservable' | 'allows' | 'noSchemaConstraint'>;

type Make = (a: SentenceAnchor, id: string, kind: RuleKind, title: string, contracts?: readonly string[]) => Rule;

const make =
  (level: RuleLevel): Make =>
  (a, id, kind, title, contracts) => ({
    id,
    title,
    level,
    spec: { file: a.file, lines: { from: a.line, to: a.line }, words: a.words, heading: a.heading },
    kind,
    contracts: [...(contracts ?? a.contracts)],
  });

/** A rule the spec states. */
export const must: Make = make('MUST');

/** HTTP practice the spec implies but does not state. */
export const should: Make = make('SHOULD');

/** The rules (one, or a list) with `facts` added to each. */
export function withFacts<T extends Rule | readonly Rule[]>(facts: RuleFacts, rules: T): T {
  const add = (rule: Rule): Rule => ({ ...rule, ...facts });
  return (Array.isArray(rules) ? rules.map(add) : add(rules as Rule)) as T;
}

/** The rules, marked as not observable through the API, with the reason. */
export function notObservable<T extends Rule | readonly Rule[]>(why: string, rules: T): T {
  return withFacts({ notObservable: why }, rules);
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
  /** The line of the sentence that states the member, when its group's anchor has none or another. */
  line?: number;
  /** Words that pick that sentence out; by default the anchor's words, or else the member's name. */
  words?: string;
  /** Facts of one of its rules, by aspect (e.g. why its type rule cannot be observed). */
  facts?: Partial<Record<FieldAspect, RuleFacts>>;
}

/** The aspects of a member that become rules `<id>.<aspect>`. */
export type FieldAspect =
  'type' | 'items-type' | 'length' | 'pattern' | 'enum' | 'range' | 'items' | 'format' | 'required';

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

/** The sentence that states a member: its own line, or its group's. */
function fieldAnchor(a: Anchor, f: FieldSpec): SentenceAnchor {
  const line = f.line ?? a.line;
  if (line === undefined) throw new Error(`${f.id}: no sentence anchor (give the FieldSpec or its group a line)`);
  return at(a, line, f.words ?? (f.line === undefined ? a.words : undefined) ?? f.id.slice(f.id.lastIndexOf('.') + 1));
}

/** The rules a field states, one per constraint. */
export function fieldRules(group: Anchor, fields: readonly FieldSpec[], contracts?: readonly string[]): Rule[] {
  const out: Rule[] = [];
  for (const f of fields) {
    const a = fieldAnchor(group, f);
    const rule = (aspect: FieldAspect, kind: RuleKind, title: string) => {
      const made = must(a, `${f.id}.${aspect}`, kind, title, contracts);
      out.push(f.facts?.[aspect] ? withFacts(f.facts[aspect], made) : made);
    };
    rule('type', 'schema', typeTitle(f));
    if (f.itemType && f.type === 'array') {
      rule('items-type', 'schema', `Every item of ${f.label} is ${article(f.itemType)}`);
    }
    if (f.length) rule('length', 'limit', `${f.label} is ${bounds(f.length, ' characters')}`);
    if (f.pattern) rule('pattern', 'schema', `${f.label} ${f.pattern.says}`);
    if (f.enum) rule('enum', 'schema', `${f.label} is one of ${f.enum.join(', ')}`);
    if (f.range) rule('range', 'limit', `${f.label} is ${bounds(f.range, '')}`);
    if (f.items) rule('items', 'limit', `${f.label} has ${bounds(f.items, ' items')}`);
    if (f.format) rule('format', 'schema', `${f.label} is a URI`);
    if (f.required) rule('required', 'schema', `${f.label} is present ${f.required}`);
  }
  return out;
}

/** Builds a FieldSpec table keyed by member name. */
export function fields<K extends string>(table: Record<K, FieldSpec>): Record<K, FieldSpec> {
  return table;
}
