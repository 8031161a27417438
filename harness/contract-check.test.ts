import { describe, expect, it } from 'vitest';
import { SCHEMA_IDS } from '../contracts/validate.js';
import { checkContract, rulesApplied } from './contract-check.js';
import { user } from '../contracts/test-support/samples.js';

const PLAN_ID = 'P-ABCDEFGHIJKLMNOPQRSTUVWX';
describe('contract checks', () => {
  it('counts as verified only the rules applied to members the value has', () => {
    const rules = rulesApplied(SCHEMA_IDS.money, { currency_code: 'USD', value: '1.00' });
    expect(rules).toEqual(
      expect.arrayContaining([
        'billing.money.type',
        'billing.money.currency_code.length',
        'billing.money.value.pattern',
      ]),
    );
  });

  it('leaves rules about absent members unverified, and follows $ref into present ones', () => {
    const plan = {
      id: PLAN_ID,
      name: 'n',
      links: [{ href: `https://x.test/v1/billing/plans/${PLAN_ID}`, rel: 'self', method: 'GET' }],
    };
    const outcome = checkContract(SCHEMA_IDS.plan, plan);
    expect(outcome.violations).toEqual([]);
    expect(outcome.rules).toContain('billing.plan.name.length');
    expect(outcome.rules.some((rule) => rule.startsWith('billing.link.'))).toBe(true);
    expect(outcome.rules).not.toContain('billing.plan.description.length');
    expect(outcome.rules.some((rule) => rule.startsWith('billing.money.'))).toBe(false);
  });

  it('does not credit the rules of a branch the value did not take', () => {
    const cycle = (tenure_type: string, total_cycles: number) => ({
      tenure_type,
      sequence: 1,
      total_cycles,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
    });
    const regular = rulesApplied(SCHEMA_IDS.billingCycle, cycle('REGULAR', 0));
    expect(regular).toContain('billing.billing_cycle.total_cycles.range');
    expect(regular).not.toContain('billing.billing_cycle.total_cycles.trial-finite');
    expect(rulesApplied(SCHEMA_IDS.billingCycle, cycle('TRIAL', 2))).toContain(
      'billing.billing_cycle.total_cycles.trial-finite',
    );
  });

  it('does not credit a keyword that does not apply to the value it met', () => {
    // A number where a string belongs broke "type"; its length and pattern were never evaluated.
    const outcome = checkContract(SCHEMA_IDS.money, { currency_code: 840, value: '1.00' });
    expect(outcome.violations.map((v) => v.ruleId)).toEqual(['billing.money.currency_code.type']);
    expect(outcome.rules).not.toContain('billing.money.currency_code.length');
    expect(outcome.rules).toContain('billing.money.value.pattern');
  });

  it('reports every violation of an answer and credits every rule that held', () => {
    const outcome = checkContract(SCHEMA_IDS.money, { currency_code: 'US', value: 'ten' });
    // US is two characters, and so no ISO 4217 code either: both constraints of its member broken
    expect(outcome.violations.map((v) => v.ruleId).sort()).toEqual([
      'billing.money.currency_code.iso-4217',
      'billing.money.currency_code.length',
      'billing.money.value.pattern',
    ]);
    expect(outcome.rules).toContain('billing.money.currency_code.type');
    expect(outcome.rules).toContain('billing.money.value.type');
    expect(outcome.rules).not.toContain('billing.money.value.pattern');
  });

  it('judges the other users of an answer when one member of one user is broken', () => {
    const users = [{ ...user('octo', 1), id: '1' }, user('hubot', 2)];
    const outcome = checkContract(SCHEMA_IDS.listAssigneesResponse, users);
    expect(outcome.violations.map((v) => v.ruleId)).toEqual(['assignees.user.id.type']);
    // The same member held on the other user, and every other member's rules were judged.
    expect(outcome.rules).not.toContain('assignees.user.id.type');
    expect(outcome.rules.filter((rule) => rule.startsWith('assignees.user.')).length).toBeGreaterThan(15);
  });
});
