// Helpers that turn the catalog's FieldSpecs into JSON Schema fragments. Every constraint is
// written together with the rule it enforces, in the `x-rules` annotation beside it:
// `{ "<keyword>": "<rule id>" }`, and `{ "required:<member>": "<rule id>" }` for `required`.

import type { FieldSpec } from '../rules/define.js';

export type Schema = { [keyword: string]: unknown };
export type Rules = Record<string, string>;

export const RULES_KEYWORD = 'x-rules';

function rulesOf(s: Schema): Rules {
  const existing = s[RULES_KEYWORD] as Rules | undefined;
  if (existing) return existing;
  const created: Rules = {};
  s[RULES_KEYWORD] = created;
  return created;
}

/** Adds a constraint and the rule it enforces. */
export function constrain(s: Schema, keyword: string, value: unknown, rule: string): Schema {
  s[keyword] = value;
  rulesOf(s)[keyword] = rule;
  return s;
}

/** The schema of one member, from its FieldSpec (required-ness is the parent's business). */
export function field(f: FieldSpec): Schema {
  const s: Schema = {};
  constrain(s, 'type', f.nullable ? [f.type, 'null'] : f.type, `${f.id}.type`);
  if (f.length) {
    if (f.length[0] !== null && f.length[0] > 0) constrain(s, 'minLength', f.length[0], `${f.id}.length`);
    if (f.length[1] !== null) constrain(s, 'maxLength', f.length[1], `${f.id}.length`);
  }
  if (f.pattern) constrain(s, 'pattern', f.pattern.regex, `${f.id}.pattern`);
  if (f.format) constrain(s, 'format', f.format, `${f.id}.format`);
  if (f.enum) constrain(s, 'enum', f.nullable ? [...f.enum, null] : [...f.enum], `${f.id}.enum`);
  if (f.range) {
    if (f.range[0] !== null) constrain(s, 'minimum', f.range[0], `${f.id}.range`);
    if (f.range[1] !== null) constrain(s, 'maximum', f.range[1], `${f.id}.range`);
  }
  if (f.items) {
    if (f.items[0] !== null && f.items[0] > 0) constrain(s, 'minItems', f.items[0], `${f.id}.items`);
    if (f.items[1] !== null) constrain(s, 'maxItems', f.items[1], `${f.id}.items`);
  }
  if (f.itemType) s.items = constrain({}, 'type', f.itemType, `${f.id}.items-type`);
  return s;
}

/** Marks members required, each with the rule its absence breaks. */
export function requireMembers(s: Schema, members: Record<string, string>): Schema {
  const names = Object.keys(members);
  if (names.length === 0) return s;
  const props = (s.properties ??= {}) as Record<string, unknown>;
  for (const name of names) props[name] ??= true;
  s.required = [...((s.required as string[] | undefined) ?? []), ...names];
  for (const [name, rule] of Object.entries(members)) rulesOf(s)[`required:${name}`] = rule;
  return s;
}

/** The rule of a FieldSpec's `required`. */
export const requiredRule = (f: FieldSpec): string => `${f.id}.required`;

/** An object schema: its own FieldSpec (type object), members, and required members. */
export function object(
  self: FieldSpec,
  properties: Record<string, Schema | boolean>,
  required: Record<string, string> = {},
): Schema {
  const s = field(self);
  s.properties = properties;
  return requireMembers(s, required);
}

/** Required members named by FieldSpecs that carry `required`. */
export function requiredOf(...specs: Array<[string, FieldSpec]>): Record<string, string> {
  return Object.fromEntries(specs.map(([name, f]) => [name, requiredRule(f)]));
}

export const ref = (id: string): Schema => ({ $ref: id });

/** A member that may be null (written as "absent") or else must match `schema`. */
export const nullOr = (schema: Schema): Schema => ({ if: { type: 'null' }, else: schema });

/** A conditional constraint: when `when` holds, `then` must hold. */
export const when = (whenSchema: Schema, thenSchema: Schema): Schema => ({ if: whenSchema, then: thenSchema });

/** "member has value": a condition for `when`. */
export const memberIs = (member: string, value: unknown): Schema => ({
  type: 'object',
  properties: { [member]: { const: value } },
  required: [member],
});

export const memberPresent = (member: string): Schema => ({
  type: 'object',
  properties: { [member]: true },
  required: [member],
});

/** A response that is the resource `resourceId` and also has `members`, each breaking `rule` when absent. */
export function resourceWith(
  resourceId: string,
  typeRule: string,
  members: readonly string[],
  rule: string,
  extra: Record<string, Schema> = {},
): Schema {
  const s: Schema = { $ref: resourceId };
  constrain(s, 'type', 'object', typeRule);
  s.properties = { ...Object.fromEntries(members.map((m) => [m, true])), ...extra };
  return requireMembers(s, Object.fromEntries(members.map((m) => [m, rule])));
}

/** A Link array that must hold a link with the given rel. */
export function linksWithRel(linksId: string, arrayTypeRule: string, rel: string, rule: string): Schema {
  const s: Schema = { $ref: linksId };
  constrain(s, 'type', 'array', arrayTypeRule);
  constrain(s, 'contains', { type: 'object', properties: { rel: { const: rel } }, required: ['rel'] }, rule);
  return s;
}
