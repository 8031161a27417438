import { describe, expect, it } from 'vitest';
import { RULE_ID_PATTERN, RULE_KINDS } from '../rule.js';
import { ALL_SCHEMA_IDS } from '../schema-ids.js';
import { RULES, ruleById } from './index.js';

// That every rule is anchored at a sentence of the section it names is the trace test's
// business (contracts/trace/trace.test.ts).

describe('the rule catalog', () => {
  it('has unique ids of the stable form', () => {
    const ids = RULES.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !RULE_ID_PATTERN.test(id))).toEqual([]);
    expect(ids.filter((id) => id !== id.toLowerCase())).toEqual([]);
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
