import { describe, expect, it } from 'vitest';
import { SCHEMA_IDS } from '../contracts/validate.js';
import { checkContract, rulesApplied } from './contract-check.js';

describe('contract checks', () => {
  it('counts as verified only the rules applied to members the value has', () => {
    const rules = rulesApplied(SCHEMA_IDS.money, { currency_code: 'USD', value: '1.00' });
    expect(rules).toEqual(expect.arrayContaining(['billing.money.type', 'billing.money.currency_code.length', 'billing.money.value.pattern']));
  });

  it('leaves rules about absent members unverified, and follows $ref into present ones', () => {
    const plan = {
      id: 'P-ABCDEFGHIJKLMNOPQRSTUVWX',
      name: 'n',
      links: [{ href: 'https://x.test/v1/billing/plans/P-ABCDEFGHIJKLMNOPQRSTUVWX', rel: 'self', method: 'GET' }],
    };
    const outcome = checkContract(SCHEMA_IDS.plan, plan);
    expect(outcome.violation).toBeUndefined();
    expect(outcome.rules).toContain('billing.plan.name.length');
    expect(outcome.rules.some((rule) => rule.startsWith('billing.link.'))).toBe(true);
    expect(outcome.rules).not.toContain('billing.plan.description.length');
    expect(outcome.rules.some((rule) => rule.startsWith('billing.money.'))).toBe(false);
  });

  it('reports the first violation with its rule', () => {
    const outcome = checkContract(SCHEMA_IDS.money, { currency_code: 'US', value: '1' });
    expect(outcome.violation?.ruleId).toBe('billing.money.currency_code.length');
    expect(outcome.rules).toEqual([]);
  });
});
