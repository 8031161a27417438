// MUST rules that a black-box client cannot observe through the API within a run, each with
// the reason. A certifier reads this list: an entry is a rule no check can pass or fail, so it
// is never counted as verified; the report shows it skipped with the reason and it does not
// gate the verdict. Keep it short: a rule a check can observe does not belong here (the catalog
// test refuses an entry that a check names or a contract a check validates enforces).

import type { Rule } from './rule.js';

/** Rule id -> why no request and no response of a run can show whether it holds. */
export const NOT_OBSERVABLE_RULES: Readonly<Record<string, string>> = {};

/**
 * Contracts that no operation of the spec takes or returns, with the reason: every rule that
 * relates only to such contracts is not observable.
 */
export const NOT_OBSERVABLE_CONTRACTS: Readonly<Record<string, string>> = {};

/** Why `rule` cannot be observed through the API, or undefined when it can. */
export function notObservableReason(rule: Pick<Rule, 'id' | 'contracts'>): string | undefined {
  const own = NOT_OBSERVABLE_RULES[rule.id];
  if (own !== undefined) return own;
  if (rule.contracts.length === 0 || !rule.contracts.every((c) => c in NOT_OBSERVABLE_CONTRACTS)) return undefined;
  return [...new Set(rule.contracts.map((c) => NOT_OBSERVABLE_CONTRACTS[c]))].join('; ');
}
