import { describe, expect, it } from 'vitest';
import { RULES } from '../contracts/rules/index.js';
import { isRuleId } from '../contracts/rules/rule-ids.js';
import { FAULTS } from '../reference/faults/index.js';

// The catalog's own bookkeeping. That every id a check, a generator label or a fault names is a
// rule of the catalog is the compiler's business (RuleId, contracts/rules/rule-ids.ts); that
// every observable MUST rule is evaluated by the clean run and proven by a fault is the
// self-test's (selftest/self-validation.test.ts), which sees what the checks really did.

describe('the rules that are not observable', () => {
  it('are MUST rules, each with a reason concrete enough to audit', () => {
    const wrong = RULES.filter((rule) => rule.notObservable !== undefined).flatMap((rule) => [
      ...(rule.level === 'MUST' ? [] : [`${rule.id}: not a MUST rule`]),
      ...((rule.notObservable ?? '').trim().length >= 40 ? [] : [`${rule.id}: the reason is too thin to audit`]),
    ]);
    expect(wrong).toEqual([]);
  });
});

describe('the answers a rule allows', () => {
  it('are each said in words', () => {
    const wrong = RULES.filter((rule) => rule.allows !== undefined).flatMap((rule) => [
      ...((rule.allows ?? []).length >= 1 ? [] : [`${rule.id}: an empty list of allowed answers`]),
      ...(rule.allows ?? [])
        .filter((answer) => answer.trim().length < 8)
        .map((answer) => `${rule.id}: "${answer}" says too little`),
    ]);
    expect(wrong).toEqual([]);
  });
});

describe('the catalog and the golden list of rule ids', () => {
  it('every rule of the catalog has a RuleId', () => {
    expect(RULES.filter((rule) => !isRuleId(rule.id)).map((rule) => rule.id)).toEqual([]);
  });

  it('every reference fault declares a rule of the catalog', () => {
    const known = new Set<string>(RULES.map((rule) => rule.id));
    expect(FAULTS.filter((fault) => !known.has(fault.rule)).map((f) => `${f.name}: ${f.rule}`)).toEqual([]);
  });
});
