import { schemasById, type Json } from '../contracts/schema-files.js';
import { validate, type ContractViolation } from '../contracts/validate.js';

// Validation for checks: the first violation (it becomes the failed rule) and, on success,
// the rules the contract applied to the members the value actually has (they count as verified).

export interface ContractOutcome {
  violation?: ContractViolation;
  rules: string[];
}

let schemas: Map<string, Json> | undefined;
const loadSchemas = (): Map<string, Json> => (schemas ??= schemasById());

/** Resolved $refs by base and ref: a check validates thousands of answers against the same few. */
const resolved = new Map<string, { node: Json; baseId: string } | undefined>();

function resolveRef(ref: string, baseId: string): { node: Json; baseId: string } | undefined {
  const key = `${baseId} ${ref}`;
  if (!resolved.has(key)) resolved.set(key, resolveRefOnce(ref, baseId));
  return resolved.get(key);
}

function resolveRefOnce(ref: string, baseId: string): { node: Json; baseId: string } | undefined {
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
  return node === undefined ? undefined : { node, baseId: documentId };
}

/** A schema node's x-rules, read once per node. */
const nodeRules = new WeakMap<object, Array<{ rule: string; required: boolean }>>();

function rulesOf(node: Exclude<Json, null | string | number | boolean | Json[]>): Array<{ rule: string; required: boolean }> {
  let rules = nodeRules.get(node);
  if (!rules) {
    const declared = node['x-rules'];
    rules =
      declared && typeof declared === 'object' && !Array.isArray(declared)
        ? Object.entries(declared).flatMap(([keyword, rule]) => (typeof rule === 'string' ? [{ rule, required: keyword.startsWith('required:') }] : []))
        : [];
    nodeRules.set(node, rules);
  }
  return rules;
}

/**
 * The rules a contract applied to this value: the walk follows the value, so a rule about a
 * member the value does not have is not counted as verified (it stays "not exercised").
 */
function collectApplied(node: Json, value: unknown, baseId: string, out: Set<string>, depth = 0): void {
  if (depth > 64 || node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  for (const { rule, required } of rulesOf(node)) {
    // A required-member rule is exercised when the object is there to hold the member.
    if (!required || isObject) out.add(rule);
  }
  const next = (child: Json | undefined, childValue: unknown): void => {
    if (child !== undefined) collectApplied(child, childValue, baseId, out, depth + 1);
  };
  if (typeof node.$ref === 'string') {
    const target = resolveRef(node.$ref, baseId);
    if (target) collectApplied(target.node, value, target.baseId, out, depth + 1);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const branch of list) next(branch, value);
  }
  for (const key of ['then', 'else'] as const) next(node[key] as Json | undefined, value);
  if (Array.isArray(value)) {
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
    value.forEach((item, index) => next(index < prefix.length ? prefix[index] : (node.items as Json | undefined), item));
  } else if (value !== null && typeof value === 'object') {
    const properties = node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties) ? node.properties : {};
    for (const [member, memberValue] of Object.entries(value)) {
      next(member in properties ? properties[member] : (node.additionalProperties as Json | undefined), memberValue);
    }
  }
}

export function rulesApplied(schemaId: string, value: unknown): string[] {
  const schema = loadSchemas().get(schemaId);
  if (schema === undefined) return [];
  const out = new Set<string>();
  collectApplied(schema, value, schemaId, out);
  return [...out];
}

export function checkContract(schemaId: string, value: unknown): ContractOutcome {
  const violations = validate(schemaId, value);
  if (violations.length > 0) return { violation: violations[0], rules: [] };
  return { rules: rulesApplied(schemaId, value) };
}
