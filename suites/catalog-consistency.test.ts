import { describe, expect, it } from 'vitest';
import { NOT_OBSERVABLE_CONTRACTS, NOT_OBSERVABLE_RULES, notObservableReason } from '../contracts/not-observable-rules.js';
import { RULES } from '../contracts/rules/index.js';
import { isRuleId } from '../contracts/rules/rule-ids.js';
import { ALL_SCHEMA_IDS } from '../contracts/schema-ids.js';
import { FAULTS } from '../reference/faults.js';

// The catalog's own bookkeeping. That every id a check, a generator label or a fault names is a
// rule of the catalog is the compiler's business (RuleId, contracts/rules/rule-ids.ts); that
// every observable MUST rule is evaluated by the clean run and proven by a fault is the
// self-test's (selftest/self-validation.test.ts), which sees what the checks really did.

describe('the list of rules that are not observable', () => {
  const byId = new Map(RULES.map((rule) => [rule.id, rule]));
  const contracts = new Set(ALL_SCHEMA_IDS);

  it('names only MUST rules of the catalog, each with a reason concrete enough to audit', () => {
    const wrong = Object.entries(NOT_OBSERVABLE_RULES).flatMap(([id, reason]) => [
      ...(byId.get(id)?.level === 'MUST' ? [] : [`${id}: not a MUST rule of the catalog`]),
      ...(reason.trim().length >= 40 ? [] : [`${id}: the reason is too thin to audit`]),
    ]);
    expect(wrong).toEqual([]);
  });

  it('names only contracts that exist and that some MUST rule relates to alone', () => {
    const wrong = Object.entries(NOT_OBSERVABLE_CONTRACTS).flatMap(([id, reason]) => [
      ...(contracts.has(id) ? [] : [`${id}: not a contract`]),
      ...(reason.trim().length >= 40 ? [] : [`${id}: the reason is too thin to audit`]),
      ...(RULES.some((rule) => rule.level === 'MUST' && notObservableReason(rule) !== undefined && rule.contracts.includes(id)) ? [] : [`${id}: no MUST rule relates only to such contracts`]),
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
