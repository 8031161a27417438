import type { CheckReport, RuleReport } from './model.js';

// One rule failing for one cause in many checks is one failure to read: the checks that failed a
// rule, grouped by cause (the failure without its particulars), in the order first seen.

export interface FailureGroup {
  cause: string;
  /** The failing checks, the first one the group is shown by. */
  checks: CheckReport[];
}

export function failureGroups(rule: RuleReport): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const check of rule.checks) {
    if (check.status !== 'failed') continue;
    const cause = check.cause ?? check.expected ?? check.message ?? '';
    const group = groups.get(cause) ?? { cause, checks: [] };
    group.checks.push(check);
    groups.set(cause, group);
  }
  return [...groups.values()];
}
