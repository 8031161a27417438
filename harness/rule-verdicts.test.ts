import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.js';
import type { FailureRecord } from './check-meta.js';
import { CreditWithoutEvidence, NEVER_JUDGED, RuleVerdicts } from './rule-verdicts.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// A check's verdicts: a rule is passed only on a credit that names the exchanges showing it; a
// declared rule the check never judged is not evaluated, however far the check ran; and each
// exchange is said to have informed exactly the rules credited or failed on it.

const exchange = (id: string): Exchange => ({
  id,
  request: { method: 'GET', url: `http://h.test/v1/billing/plans/${id}`, headers: {} },
  response: { status: 200, headers: {}, body: '{}' },
  durationMs: 1,
});

const NAME = 'billing.plan.name.length' as RuleId;
const DESCRIPTION = 'billing.plan.description.length' as RuleId;
const STATUS = 'billing.create-plan.status-201' as RuleId;

const failure = (rule: RuleId, ...ids: string[]): FailureRecord => ({
  rule,
  message: `${rule} broke`,
  exchanges: ids.map(exchange),
});

describe('the verdicts of a check', () => {
  it('passes only what it credited; a declared rule it never judged is not evaluated, never passed', () => {
    const verdicts = new RuleVerdicts();
    verdicts.pass(NAME, [exchange('c-2')], 'name: 127 characters');
    const settled = verdicts.settle([NAME, DESCRIPTION], true, undefined);
    expect(settled.passed.map((pass) => pass.rule)).toEqual([NAME]);
    expect(settled.passed[0].evidence.map((ref) => ref.id)).toEqual(['c-2']);
    expect(settled.skipped).toEqual([{ rules: [DESCRIPTION], reason: NEVER_JUDGED }]);
  });

  it('names the step that stopped it for the rules it did not reach', () => {
    const verdicts = new RuleVerdicts();
    verdicts.fail(failure(STATUS, 'c-1'));
    const settled = verdicts.settle([STATUS, NAME], false, 'after billing.create-plan.status-201 failed at: ...');
    expect(settled.skipped).toEqual([{ rules: [NAME], reason: 'after billing.create-plan.status-201 failed at: ...' }]);
  });

  it('names the failure it went on from for the rules no later step judged', () => {
    const verdicts = new RuleVerdicts();
    verdicts.fail(failure(STATUS, 'c-1'));
    const settled = verdicts.settle([STATUS, NAME], true, undefined);
    expect(settled.skipped).toEqual([
      {
        rules: [NAME],
        reason:
          'not evaluated: the check went on after billing.create-plan.status-201 failed at: ' +
          'billing.create-plan.status-201 broke, and no later step judged it',
      },
    ]);
  });

  it('refuses a credit that rests on no exchange', () => {
    expect(() => new RuleVerdicts().pass(NAME, [])).toThrow(CreditWithoutEvidence);
  });

  it('says of each exchange the rules credited or failed on it, every one of them, and nothing of the others', () => {
    const verdicts = new RuleVerdicts();
    // three credits of one rule: two are kept as evidence, all three informed it
    for (const id of ['c-2', 'c-3', 'c-4']) verdicts.pass(NAME, [exchange(id)]);
    verdicts.pass(DESCRIPTION, [exchange('c-3')]);
    verdicts.fail(failure(STATUS, 'c-5'));
    const settled = verdicts.settle([NAME, DESCRIPTION, STATUS], true, undefined);
    expect(settled.passed.find((pass) => pass.rule === NAME)?.evidence.map((ref) => ref.id)).toEqual(['c-2', 'c-3']);
    const byExchange = verdicts.rulesByExchange([failure('billing.errors.no-5xx' as RuleId, 'c-6')]);
    expect(Object.fromEntries(byExchange)).toEqual({
      'c-2': [NAME],
      'c-3': [NAME, DESCRIPTION],
      'c-4': [NAME],
      'c-5': [STATUS],
      'c-6': ['billing.errors.no-5xx'],
    });
    // c-1, a setup that informed nothing, is not there
    expect(byExchange.has('c-1')).toBe(false);
  });
});
