// Which contracts enforce a rule: rule id -> the `$id`s whose `x-rules` name it. Read from the
// schema sources, so that the report can say which contract would check a rule no run reached.

import { buildSchemas } from './schema-source/index.js';

let index: Map<string, string[]> | undefined;

function collect(node: unknown, schemaId: string, out: Map<string, Set<string>>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, schemaId, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-rules' && value && typeof value === 'object') {
      for (const rule of Object.values(value as object) as unknown[]) {
        if (typeof rule !== 'string') continue;
        const set = out.get(rule) ?? new Set<string>();
        set.add(schemaId);
        out.set(rule, set);
      }
    } else {
      collect(value, schemaId, out);
    }
  }
}

/** The contracts whose x-rules name `ruleId` (empty when no schema constraint enforces it). */
export function contractsEnforcing(ruleId: string): readonly string[] {
  if (!index) {
    const out = new Map<string, Set<string>>();
    for (const [id, schema] of buildSchemas()) collect(schema, id, out);
    index = new Map([...out].map(([rule, ids]) => [rule, [...ids].sort()]));
  }
  return index.get(ruleId) ?? [];
}
