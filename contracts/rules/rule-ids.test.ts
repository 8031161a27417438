import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenIds } from '../../codegen/rule-ids.js';
import { packageRoot } from '../package-root.js';
import { RULES } from './index.js';
import { RULE_IDS, type RuleId } from './rule-ids.js';

// contracts/rules/rule-ids.ts is the golden list of rule ids (`npm run generate rule-ids` writes
// it; codegen/stale.test.ts fails while it lags the catalog). An id that disappears fails here:
// ids are stable, never renamed or reused.

describe('the golden list of rule ids', () => {
  it('keeps every id it ever held in the catalog', () => {
    const catalog = new Set(RULES.map((rule) => rule.id));
    const gone = RULE_IDS.filter((id) => !catalog.has(id));
    expect(
      gone,
      `rule ids that disappeared from the catalog: ids are stable, never renamed or removed ` +
        `(restore them): ${gone.join(', ')}`,
    ).toEqual([]);
  });

  it('is read back from its file as the module holds it', () => {
    expect(goldenIds(readFileSync(join(packageRoot(), 'contracts', 'rules', 'rule-ids.ts'), 'utf8'))).toEqual([
      ...RULE_IDS,
    ]);
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
