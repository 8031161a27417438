import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { RULES } from './index.js';
import { RULE_IDS, type RuleId } from './rule-ids.js';

// contracts/rules/rule-ids.ts is the golden list of rule ids and the RuleId type every check,
// failure and fault names a rule with: written from the catalog, changed only on purpose (like a
// conformance golden file). An id that disappears fails here: ids are stable, never renamed or
// reused. A new rule is added to the list with UPDATE_RULE_IDS=1 (then the compiler knows it).

const FILE = join(packageRoot(), 'contracts', 'rules', 'rule-ids.ts');

export function renderRuleIds(ids: readonly string[]): string {
  return [
    '// The golden list of rule ids, in catalog order, and the type a rule id has everywhere in the',
    '// checker. Written from the catalog by `UPDATE_RULE_IDS=1 npx vitest run contracts/rules/rule-ids.test.ts`',
    '// when a rule is added, never by hand; an id is never removed or renamed (the test refuses it).',
    '',
    'export const RULE_IDS = [',
    ...ids.map((id) => `  '${id}',`),
    '] as const;',
    '',
    'export type RuleId = (typeof RULE_IDS)[number];',
    '',
    'const KNOWN: ReadonlySet<string> = new Set(RULE_IDS);',
    '',
    '/** Whether a text read at run time (a contract\'s x-rules, a report) names a rule of the catalog. */',
    'export function isRuleId(id: string): id is RuleId {',
    '  return KNOWN.has(id);',
    '}',
    '',
    '/** A rule id read at run time, checked: an id the catalog does not have is a bug of the checker. */',
    'export function asRuleId(id: string): RuleId {',
    "  if (!isRuleId(id)) throw new Error(`${id} is not a rule of the catalog (contracts/rules/rule-ids.ts)`);",
    '  return id;',
    '}',
    '',
  ].join('\n');
}

describe('the golden list of rule ids', () => {
  it('holds every rule of the catalog, and no id has disappeared', () => {
    const catalog = RULES.map((rule) => rule.id);
    const golden: readonly string[] = RULE_IDS;
    const gone = golden.filter((id) => !catalog.includes(id));
    expect(gone, `rule ids that disappeared from the catalog: ids are stable, never renamed or removed (restore them): ${gone.join(', ')}`).toEqual([]);
    if (process.env.UPDATE_RULE_IDS === '1') writeFileSync(FILE, renderRuleIds(catalog));
    const added = catalog.filter((id) => !golden.includes(id));
    expect(added, `new rules of the catalog not yet in contracts/rules/rule-ids.ts: UPDATE_RULE_IDS=1 npx vitest run contracts/rules/rule-ids.test.ts`).toEqual([]);
    expect(readFileSync(FILE, 'utf8')).toBe(renderRuleIds(catalog));
  });
});

describe('a rule id', () => {
  it('the catalog does not have is refused by the compiler (npm test type-checks this file)', () => {
    // @ts-expect-error 'lenght' names no rule: a misspelt or renamed id in a check does not compile
    const misspelt: RuleId = 'billing.plan.name.lenght';
    const known: RuleId = 'billing.plan.name.length';
    expect([misspelt, known]).toHaveLength(2);
  });
});
