import { FAULTS } from '../reference/faults/index.js';

// Which reference fault proves that a rule's check can fail: the self-test (part of npm test)
// runs every fault in FAULTS and requires the verdict NON_CONFORMANT with that fault's rule
// failed, so a rule with a fault here has a pass that was earned against a broken server too.

export interface Proof {
  fault: string;
}

let byRule: Map<string, Proof> | undefined;

/** The fault proving `ruleId` can be failed by its checks, or null when none does. */
export function proofOf(ruleId: string): Proof | null {
  if (!byRule) {
    byRule = new Map();
    for (const fault of FAULTS) if (!byRule.has(fault.rule)) byRule.set(fault.rule, { fault: fault.name });
  }
  return byRule.get(ruleId) ?? null;
}
