import { ruleById } from '../../contracts/rules/index.js';
import { asRuleId, type RuleId } from '../../contracts/rules/rule-ids.js';
import type { Plugs } from './points.js';
import { valueSiblings } from './consequences.js';

// What the two fault generators share: which rules a fault is made for (observable MUST rules of
// the catalog), and the shape of the faults they make.

export interface GeneratedCandidate {
  rule: RuleId;
  /** The constraints that enforce the rule, in words, sorted. */
  constraints: string[];
}

/** A generated fault; its kind is its rule's (faults/index.ts adds it). */
export interface GeneratedFault {
  name: string;
  rule: RuleId;
  description: string;
  /** The member's other value constraints the broken value may break too (faults/consequences.ts). */
  consequences: Partial<Record<RuleId, string>>;
  /** Where it plugs into the reference (faults/points.ts). */
  at: Plugs;
}

/** The candidates among rule -> constraints: MUST rules a client can observe, by id. */
export function observableMustCandidates(byRule: ReadonlyMap<string, ReadonlySet<string>>): GeneratedCandidate[] {
  return [...byRule]
    .flatMap(([rule, constraints]) => {
      const found = ruleById(rule);
      // A rule no client can observe gets no fault: nothing could catch it.
      return found && found.level === 'MUST' && found.notObservable === undefined
        ? [{ rule: asRuleId(rule), constraints: [...constraints].sort() }]
        : [];
    })
    .sort((a, b) => a.rule.localeCompare(b.rule));
}

/** A fault for every candidate whose rule is not in `proven` (proven by another fault already). */
export function faultsFor(
  candidates: readonly GeneratedCandidate[],
  proven: ReadonlySet<string>,
  name: (rule: RuleId) => string,
  describe: (candidate: GeneratedCandidate) => string,
  plugs: (rule: RuleId) => Plugs,
): GeneratedFault[] {
  return candidates
    .filter((candidate) => !proven.has(candidate.rule))
    .map((candidate) => ({
      name: name(candidate.rule),
      rule: candidate.rule,
      description: describe(candidate),
      consequences: valueSiblings(candidate.rule),
      at: plugs(candidate.rule),
    }));
}
