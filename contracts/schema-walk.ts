import { escapeToken, unescapeToken, valueAtSegments } from './json-pointer.js';
import { schemasById, type Json } from './schema-files.js';
import { satisfiesAt } from './validate.js';
import { asRuleId, type RuleId } from './rules/rule-ids.js';

// A walk of a value along its contract, the way validation judged it: through $refs, into the
// members and items the value has, and only into the branches the value took (the `then` or
// the `else` of an `if`, the satisfied branches of `anyOf`/`oneOf`). The checker uses it to
// credit the rules it evaluated; the reference, to break one rule in its answers.

export type SchemaObject = Exclude<Json, null | string | number | boolean | Json[]>;

/** One x-rules entry of a schema node: the keyword it annotates and the rule it enforces. */
export interface RuleAt {
  rule: RuleId;
  /** The JSON Schema keyword, without the member of `required:<member>`. */
  keyword: string;
  /** For `required:<member>`, the member. */
  member?: string;
}

export type ValueKind = 'object' | 'array' | 'string' | 'number' | 'other';

export interface Visit {
  node: SchemaObject;
  rules: readonly RuleAt[];
  value: unknown;
  kind: ValueKind;
  /** Puts another value where this one is (undefined at the root). */
  replace?: (value: unknown) => void;
  /** JSON Pointer of the value in the walked document ('' for the whole value). */
  path: string;
}

/** What a visitor answers: 'replaced' when it put another value in place (not walked into). */
export type Visitor = (visit: Visit) => 'replaced' | void;

export interface Located {
  node: Json;
  /** The document the node is in (its $refs resolve against it). */
  baseId: string;
  /** JSON Pointer of the node in that document. */
  pointer: string;
}

let schemas: Map<string, Json> | undefined;
const loadSchemas = (): Map<string, Json> => (schemas ??= schemasById());

/** Resolved $refs by base and ref: a check validates thousands of answers against the same few. */
const resolved = new Map<string, Located | undefined>();

function resolveRef(ref: string, baseId: string): Located | undefined {
  const key = `${baseId} ${ref}`;
  if (!resolved.has(key)) resolved.set(key, resolveRefOnce(ref, baseId));
  return resolved.get(key);
}

function resolveRefOnce(ref: string, baseId: string): Located | undefined {
  const url = new URL(ref, baseId);
  const pointer = url.hash.replace(/^#/, '');
  url.hash = '';
  const documentId = url.toString();
  // a fragment is URI-encoded: each token is decoded before it is unescaped
  const tokens = pointer
    .split('/')
    .filter(Boolean)
    .map((token) => unescapeToken(decodeURIComponent(token)));
  const node = valueAtSegments(loadSchemas().get(documentId), tokens) as Json | undefined;
  return node === undefined ? undefined : { node, baseId: documentId, pointer };
}

/** The node a $ref (or a contract id) names, resolved against `baseId`. */
export const schemaNodeAt = (ref: string, baseId: string): Located | undefined => resolveRef(ref, baseId);

/** A schema node's x-rules, read once per node. */
const nodeRules = new WeakMap<object, RuleAt[]>();

export function rulesOf(node: SchemaObject): readonly RuleAt[] {
  let rules = nodeRules.get(node);
  if (!rules) {
    const declared = node['x-rules'];
    rules =
      declared && typeof declared === 'object' && !Array.isArray(declared)
        ? Object.entries(declared).flatMap(([key, rule]) => {
            if (typeof rule !== 'string') return [];
            const [keyword, member] = key.split(/:(.*)/s);
            return [{ rule: asRuleId(rule), keyword, ...(member !== undefined ? { member } : {}) }];
          })
        : [];
    nodeRules.set(node, rules);
  }
  return rules;
}

export function kindOf(value: unknown): ValueKind {
  if (Array.isArray(value)) return 'array';
  if (value !== null && typeof value === 'object') return 'object';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  return 'other';
}

/** The keywords JSON Schema applies to one kind of value only; the others apply to any. */
const KEYWORD_KIND: Record<string, ValueKind> = {
  required: 'object',
  additionalProperties: 'object',
  maxProperties: 'object',
  minProperties: 'object',
  dependentRequired: 'object',
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  format: 'string',
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  items: 'array',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
  contains: 'array',
  minContains: 'array',
  maxContains: 'array',
};

/** Whether a keyword is evaluated on a value of this kind (a maxLength says nothing of a number). */
export const evaluates = (keyword: string, kind: ValueKind): boolean =>
  KEYWORD_KIND[keyword] === undefined || KEYWORD_KIND[keyword] === kind;

function walkAt(
  at: Located,
  value: unknown,
  visitor: Visitor,
  replace: Visit['replace'],
  depth: number,
  path: string,
): void {
  const { node, baseId, pointer } = at;
  if (depth > 64 || node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const kind = kindOf(value);
  if (visitor({ node, rules: rulesOf(node), value, kind, path, ...(replace ? { replace } : {}) }) === 'replaced')
    return;
  const same = (key: string, sub: Json | undefined = node[key]): void => {
    if (sub !== undefined)
      walkAt({ node: sub, baseId, pointer: `${pointer}/${key}` }, value, visitor, replace, depth + 1, path);
  };
  if (typeof node.$ref === 'string') {
    const target = resolveRef(node.$ref, baseId);
    if (target) walkAt(target, value, visitor, replace, depth + 1, path);
  }
  if (Array.isArray(node.allOf)) node.allOf.forEach((branch, index) => same(`allOf/${index}`, branch));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = node[key];
    // Only the branches the value satisfies were the ones that judged it.
    if (Array.isArray(list))
      list.forEach(
        (branch, index) => satisfiesAt(baseId, `${pointer}/${key}/${index}`, value) && same(`${key}/${index}`, branch),
      );
  }
  if (node.if !== undefined) same(satisfiesAt(baseId, `${pointer}/if`, value) ? 'then' : 'else');
  if (kind === 'array') {
    const items = value as unknown[];
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
    items.forEach((item, index) => {
      const sub =
        index < prefix.length
          ? { key: `prefixItems/${index}`, node: prefix[index] }
          : { key: 'items', node: node.items as Json | undefined };
      const set = (next: unknown): void => void (items[index] = next);
      if (sub.node !== undefined)
        walkAt(
          { node: sub.node, baseId, pointer: `${pointer}/${sub.key}` },
          item,
          visitor,
          set,
          depth + 1,
          `${path}/${index}`,
        );
    });
  } else if (kind === 'object') {
    const object = value as Record<string, unknown>;
    const properties =
      node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties) ? node.properties : {};
    for (const [member, memberValue] of Object.entries(object)) {
      const set = (next: unknown): void => void (object[member] = next);
      const sub =
        member in properties
          ? { key: `properties/${escapeToken(member)}`, node: properties[member] }
          : { key: 'additionalProperties', node: node.additionalProperties as Json | undefined };
      if (sub.node !== undefined) {
        walkAt(
          { node: sub.node, baseId, pointer: `${pointer}/${sub.key}` },
          memberValue,
          visitor,
          set,
          depth + 1,
          `${path}/${escapeToken(member)}`,
        );
      }
    }
  }
}

/**
 * Walks `value` along contract `schemaId`; a visitor may replace values in place (the value
 * itself through `replaceRoot`, when given).
 */
export function walkSchema(
  schemaId: string,
  value: unknown,
  visitor: Visitor,
  replaceRoot?: (value: unknown) => void,
): void {
  const schema = loadSchemas().get(schemaId);
  if (schema === undefined) throw new Error(`unknown contract ${schemaId}`);
  walkAt({ node: schema, baseId: schemaId, pointer: '' }, value, visitor, replaceRoot, 0, '');
}

/** Every schema node reachable from contract `schemaId` through $refs and subschemas. */
export function nodesReachable(schemaId: string): SchemaObject[] {
  const out: SchemaObject[] = [];
  const seen = new Set<object>();
  const visit = (node: Json | undefined, baseId: string): void => {
    if (node === null || node === undefined || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, baseId));
    if (seen.has(node)) return;
    seen.add(node);
    out.push(node);
    if (typeof node.$ref === 'string') {
      const target = resolveRef(node.$ref, baseId);
      if (target) visit(target.node, target.baseId);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'x-rules' || key === 'enum' || key === 'const' || key === 'required' || key === '$ref') continue;
      if (key === 'properties' && child && typeof child === 'object' && !Array.isArray(child))
        Object.values(child).forEach((sub) => visit(sub, baseId));
      else visit(child, baseId);
    }
  };
  visit(loadSchemas().get(schemaId), schemaId);
  return out;
}
