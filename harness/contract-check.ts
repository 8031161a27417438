import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate, type ContractViolation } from '../contracts/validate.js';
import { packageRoot } from './package-root.js';

// Validation for checks: the first violation (it becomes the failed rule) and, on success,
// every rule the contract and the contracts it refers to enforce (they count as verified).

export interface ContractOutcome {
  violation?: ContractViolation;
  rules: string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let schemasById: Map<string, Json> | undefined;
const rulesCache = new Map<string, string[]>();

function loadSchemas(): Map<string, Json> {
  if (schemasById) return schemasById;
  const map = new Map<string, Json>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        const schema = JSON.parse(readFileSync(full, 'utf8')) as Json;
        if (schema && typeof schema === 'object' && !Array.isArray(schema) && typeof schema.$id === 'string') map.set(schema.$id, schema);
      }
    }
  };
  walk(join(packageRoot(), 'contracts', 'schemas'));
  schemasById = map;
  return map;
}

function collectRules(schemaId: string, seen: Set<string>, out: Set<string>): void {
  if (seen.has(schemaId)) return;
  seen.add(schemaId);
  const schema = loadSchemas().get(schemaId);
  if (schema === undefined) return;
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-rules') {
        const values = typeof value === 'string' ? [value] : Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
        for (const rule of values) if (typeof rule === 'string') out.add(rule);
      } else if (key === '$ref' && typeof value === 'string') {
        const target = new URL(value, schemaId);
        target.hash = '';
        collectRules(target.toString(), seen, out);
      } else {
        visit(value);
      }
    }
  };
  visit(schema);
}

export function rulesOfSchema(schemaId: string): string[] {
  let rules = rulesCache.get(schemaId);
  if (!rules) {
    const out = new Set<string>();
    collectRules(schemaId, new Set(), out);
    rules = [...out].sort();
    rulesCache.set(schemaId, rules);
  }
  return rules;
}

export function checkContract(schemaId: string, value: unknown): ContractOutcome {
  const violations = validate(schemaId, value);
  if (violations.length > 0) return { violation: violations[0], rules: [] };
  return { rules: rulesOfSchema(schemaId) };
}
