import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';
import { RULES, ruleById } from './rules/index.js';
import { ALL_SCHEMA_IDS } from './schema-ids.js';

// Schemas and the catalog stay in step: every annotation names a catalog rule, every
// constraint that can fail carries an annotation, and every schema or limit rule is enforced
// by some schema or its record says why it cannot be (noSchemaConstraint).

type Node = Record<string, unknown>;
const dir = join(packageRoot(), 'contracts', 'schemas');

function files(d: string): string[] {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(d, e.name)) : [join(d, e.name)],
  );
}
const schemas = files(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(f, 'utf8')) as Node);

/** Keywords that can fail on their own; `required` is checked member by member. */
const CONSTRAINTS = [
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'additionalProperties',
  'not',
  'contains',
  'maxProperties',
];

interface Found {
  annotated: Set<string>;
  missing: string[];
}

const SCHEMA_MAPS = new Set(['properties', '$defs', 'patternProperties', 'dependentSchemas']);
const QUIET = new Set(['if', 'contains', 'not']);

/**
 * Walks a schema; `quiet` marks subschemas whose errors ajv never reports (if, contains, not:
 * only the keyword itself is reported). The type of a `then` repeats what its `if` tested, so
 * it cannot fail on its own.
 */
function walk(node: unknown, where: string, quiet: boolean, found: Found, viaThen = false): void {
  if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`, quiet, found));
  if (!node || typeof node !== 'object') return;
  const s = node as Node;
  const rules = (s['x-rules'] ?? {}) as Record<string, string>;
  for (const id of Object.values(rules)) found.annotated.add(id);
  if (!quiet) {
    for (const k of CONSTRAINTS) {
      if (!(k in s) || (k === 'type' && viaThen)) continue;
      if (k === 'additionalProperties' && s[k] !== false) continue;
      if (!rules[k]) found.missing.push(`${where}: ${k}`);
    }
    for (const member of (s.required as string[] | undefined) ?? [])
      if (!rules[`required:${member}`]) found.missing.push(`${where}: required ${member}`);
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === 'x-rules' || k === 'enum' || k === 'const' || k === 'required') continue;
    if (SCHEMA_MAPS.has(k) && v && typeof v === 'object') {
      for (const [name, sub] of Object.entries(v)) walk(sub, `${where}/${k}/${name}`, quiet, found);
    } else {
      walk(v, `${where}/${k}`, quiet || QUIET.has(k), found, k === 'then' || k === 'else');
    }
  }
}

const found: Found = { annotated: new Set(), missing: [] };
for (const s of schemas) walk(s, String(s.$id), false, found);

describe('schema annotations', () => {
  it('there is one schema file per schema id', () => {
    expect(schemas.map((s) => s.$id).sort()).toEqual([...ALL_SCHEMA_IDS].sort());
  });

  it('name only catalog rules', () => {
    expect([...found.annotated].filter((id) => !ruleById(id))).toEqual([]);
  });

  it('sit beside every constraint that can fail', () => {
    expect(found.missing).toEqual([]);
  });

  it('cover every schema and limit rule, or the rule says why not', () => {
    const unreferenced = RULES.filter((r) => (r.kind === 'schema' || r.kind === 'limit') && !found.annotated.has(r.id));
    expect(unreferenced.filter((r) => r.noSchemaConstraint === undefined).map((r) => r.id)).toEqual([]);
  });

  it('say why not only for schema and limit rules that no schema enforces after all', () => {
    for (const rule of RULES.filter((r) => r.noSchemaConstraint !== undefined)) {
      expect(['schema', 'limit'], rule.id).toContain(rule.kind);
      expect(found.annotated.has(rule.id), `${rule.id} is annotated; drop its noSchemaConstraint`).toBe(false);
      expect(rule.noSchemaConstraint?.length).toBeGreaterThan(10);
    }
  });
});
