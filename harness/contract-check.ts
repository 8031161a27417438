import { schemasById, type Json } from '../contracts/schema-files.js';
import { satisfiesAt, validate, type ContractViolation } from '../contracts/validate.js';

// Validation for checks: every violation of an answer (each becomes a failed rule, so one broken
// member never hides the others) and the rules that held on what the value actually has: only
// the branches the value took, only the keywords that apply to its type.

export interface ContractOutcome {
  /** Every violation, in the validator's order; empty when the value conforms. */
  violations: ContractViolation[];
  /** The rules evaluated on the value that held (none of them is among the violations). */
  rules: string[];
}

type SchemaObject = Exclude<Json, null | string | number | boolean | Json[]>;

let schemas: Map<string, Json> | undefined;
const loadSchemas = (): Map<string, Json> => (schemas ??= schemasById());

interface Located {
  node: Json;
  /** The document the node is in (its $refs resolve against it). */
  baseId: string;
  /** JSON Pointer of the node in that document. */
  pointer: string;
}

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
  let node: Json | undefined = loadSchemas().get(documentId);
  for (const token of pointer.split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(key)] : node[key];
  }
  return node === undefined ? undefined : { node, baseId: documentId, pointer };
}

/** A schema node's x-rules, read once per node. */
const nodeRules = new WeakMap<object, Array<{ rule: string; keyword: string }>>();

function rulesOf(node: SchemaObject): Array<{ rule: string; keyword: string }> {
  let rules = nodeRules.get(node);
  if (!rules) {
    const declared = node['x-rules'];
    rules =
      declared && typeof declared === 'object' && !Array.isArray(declared)
        ? Object.entries(declared).flatMap(([keyword, rule]) => (typeof rule === 'string' ? [{ rule, keyword: keyword.split(':')[0] }] : []))
        : [];
    nodeRules.set(node, rules);
  }
  return rules;
}

type ValueKind = 'object' | 'array' | 'string' | 'number' | 'other';

function kindOf(value: unknown): ValueKind {
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

/** Whether a rule's keyword was evaluated on this value (a maxLength says nothing of a number). */
const evaluates = (keyword: string, kind: ValueKind): boolean => KEYWORD_KIND[keyword] === undefined || KEYWORD_KIND[keyword] === kind;

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The rules a contract evaluated on this value: the walk follows the value, so a rule about a
 * member the value does not have, or in a branch the value did not take, is not counted.
 */
function collectApplied(at: Located, value: unknown, out: Set<string>, depth = 0): void {
  const { node, baseId, pointer } = at;
  if (depth > 64 || node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const kind = kindOf(value);
  for (const { rule, keyword } of rulesOf(node)) if (evaluates(keyword, kind)) out.add(rule);
  const child = (key: string, childValue: unknown, sub: Json | undefined = node[key] as Json | undefined): void => {
    if (sub !== undefined) collectApplied({ node: sub, baseId, pointer: `${pointer}/${key}` }, childValue, out, depth + 1);
  };
  if (typeof node.$ref === 'string') {
    const target = resolveRef(node.$ref, baseId);
    if (target) collectApplied(target, value, out, depth + 1);
  }
  if (Array.isArray(node.allOf)) node.allOf.forEach((branch, index) => child(`allOf/${index}`, value, branch));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = node[key];
    // Only the branches the value satisfies were the ones that judged it.
    if (Array.isArray(list)) list.forEach((branch, index) => satisfiesAt(baseId, `${pointer}/${key}/${index}`, value) && child(`${key}/${index}`, value, branch));
  }
  if (node.if !== undefined) {
    const taken = satisfiesAt(baseId, `${pointer}/if`, value) ? 'then' : 'else';
    child(taken, value);
  }
  if (kind === 'array') {
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
    (value as unknown[]).forEach((item, index) => (index < prefix.length ? child(`prefixItems/${index}`, item, prefix[index]) : child('items', item)));
  } else if (kind === 'object') {
    const properties = node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties) ? node.properties : {};
    for (const [member, memberValue] of Object.entries(value as Record<string, unknown>)) {
      if (member in properties) child(`properties/${escapeToken(member)}`, memberValue, properties[member]);
      else child('additionalProperties', memberValue);
    }
  }
}

/** The rules the contract evaluated on `value` (held or not). */
export function rulesApplied(schemaId: string, value: unknown): string[] {
  const schema = loadSchemas().get(schemaId);
  if (schema === undefined) return [];
  const out = new Set<string>();
  collectApplied({ node: schema, baseId: schemaId, pointer: '' }, value, out);
  return [...out];
}

export function checkContract(schemaId: string, value: unknown): ContractOutcome {
  const violations = validate(schemaId, value);
  const broken = new Set(violations.map((violation) => violation.ruleId));
  return { violations, rules: rulesApplied(schemaId, value).filter((rule) => !broken.has(rule)) };
}
