import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_IDS } from '../../contracts/schema-ids.js';
import { namedRules, reachedByChecks, rulesOfContracts, type ReachedByChecks } from './checked-rules.js';

// The definition of "checked" on a project small enough to read: what a check reaches counts,
// generator code no check calls does not, and a contract's rules follow its $ref.

const FILES: Record<string, string> = {
  'harness/check.ts': 'export function check(spec: { rules: string[] }, body: () => void): void { void spec; void body; }\n',
  'contracts/schema-ids.ts': `export const SCHEMA_IDS = { plan: '${SCHEMA_IDS.plan}', money: '${SCHEMA_IDS.money}' } as const;\n`,
  'generators/labels.ts': "export const RULE = { used: 'billing.label.used', unused: 'billing.label.unused' } as const;\n",
  'generators/used.ts': [
    "import { RULE } from './labels.js';",
    'export function drawn(): string { return RULE.used; }',
    "export function notImported(): string { return 'billing.helper.not-imported'; }",
    'export const replaceRule = (member: string) => `billing.update-plan.replace.${member}`;',
  ].join('\n'),
  'generators/orphan.ts': "export function neverCalled(): string { return 'billing.orphan.rule'; }\n",
  'generators/index.ts': "export * from './used.js';\nexport * from './orphan.js';\n",
  'suites/a.check.ts': [
    "import { check } from '../harness/check.js';",
    "import { drawn, replaceRule } from '../generators/index.js';",
    "import { SCHEMA_IDS as S } from '../contracts/schema-ids.js';",
    "// 'billing.comment.rule' in a comment is not a check's",
    "check({ rules: ['billing.named.rule', drawn(), replaceRule('name')] }, () => { void S.plan; });",
  ].join('\n'),
  'contracts/schemas/billing/plan.json': JSON.stringify({
    $id: SCHEMA_IDS.plan,
    type: 'object',
    'x-rules': { type: 'billing.plan.type' },
    properties: { fee: { $ref: SCHEMA_IDS.money }, name: { type: 'string', 'x-rules': { type: 'billing.plan.name.type' } } },
  }),
  'contracts/schemas/billing/money.json': JSON.stringify({ $id: SCHEMA_IDS.money, type: 'object', 'x-rules': { type: 'billing.money.type' } }),
  'contracts/schemas/billing/link.json': JSON.stringify({ $id: SCHEMA_IDS.link, type: 'object', 'x-rules': { type: 'billing.link.type' } }),
};

describe('what the checks reach', () => {
  let root: string;
  let reached: ReachedByChecks;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'checked-rules-'));
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    reached = reachedByChecks(root);
  }, 60_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('counts rule ids a check names, directly or through what it calls, and nothing else', () => {
    expect([...reached.literals.keys()].sort()).toEqual(['billing.label.used', 'billing.named.rule']);
  });

  it('expands a template to the catalog ids it can build', () => {
    const named = namedRules(reached, ['billing.update-plan.replace.name', 'billing.update-plan.replace.description', 'billing.update-plan.status-204']);
    expect([...named.keys()]).toEqual(['billing.update-plan.replace.name', 'billing.update-plan.replace.description']);
  });

  it('finds the contracts a check validates, and their rules through $ref', () => {
    expect([...reached.validatedContracts]).toEqual([SCHEMA_IDS.plan]);
    const rules = rulesOfContracts(root, reached.validatedContracts);
    expect([...rules.keys()].sort()).toEqual(['billing.money.type', 'billing.plan.name.type', 'billing.plan.type']);
    expect(rules.get('billing.money.type')).toEqual([SCHEMA_IDS.money]);
  });
});
