import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { RULE_ID_PATTERN, RULE_KINDS } from '../rule.js';
import { ALL_SCHEMA_IDS } from '../schema-ids.js';
import { RULES, ruleById } from './index.js';

function headings(file: string): Set<string> {
  const text = readFileSync(join(packageRoot(), 'spec', file), 'utf8');
  return new Set([...text.matchAll(/^#{2,3} (.+?)\s*$/gm)].map((m) => m[1]));
}

describe('the rule catalog', () => {
  it('has unique ids of the stable form', () => {
    const ids = RULES.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !RULE_ID_PATTERN.test(id))).toEqual([]);
    expect(ids.filter((id) => id !== id.toLowerCase())).toEqual([]);
  });

  it('anchors every rule at a real ## or ### heading of its spec file', () => {
    const byFile = { 'billing.md': headings('billing.md'), 'assignees.md': headings('assignees.md') };
    expect(RULES.filter((r) => !byFile[r.spec.file].has(r.spec.heading)).map((r) => `${r.id}: ${r.spec.heading}`)).toEqual([]);
  });

  it('uses only known kinds and levels, one-line titles, and real contract ids', () => {
    const ids = new Set(ALL_SCHEMA_IDS);
    for (const r of RULES) {
      expect(RULE_KINDS).toContain(r.kind);
      expect(['MUST', 'SHOULD']).toContain(r.level);
      expect(r.title).toMatch(/^\S[^\n]*\S$/);
      expect(r.id.startsWith(r.spec.file === 'billing.md' ? 'billing.' : 'assignees.')).toBe(true);
      for (const c of r.contracts) expect(ids.has(c), `${r.id} cites ${c}`).toBe(true);
    }
  });

  it('covers both specs at the expected size', () => {
    expect(RULES.length).toBeGreaterThanOrEqual(300);
    expect(RULES.filter((r) => r.spec.file === 'assignees.md').length).toBeGreaterThan(50);
  });

  it('finds rules by id', () => {
    expect(ruleById('billing.plan.name.length')?.title).toBe('Plan name is 1 to 127 characters');
    expect(ruleById('billing.no-such.rule')).toBeUndefined();
  });
});
