import { proofsOf } from '../contracts/proofs.js';

// Which reference fault proves that a rule's checks can fail: the self-test (part of npm test)
// runs every fault and writes, through `npm run generate selftest`, the faults it saw failing each
// rule to contracts/proofs.json, so a rule with a fault here has a pass that was earned against a
// broken server too. The report reads that data; it imports nothing from the reference.

export interface Proof {
  fault: string;
}

/** The first fault (in catalog order) proving `ruleId` can be failed by its checks, or null. */
export function proofOf(ruleId: string): Proof | null {
  const [first] = proofsOf(ruleId);
  return first ? { fault: first.fault } : null;
}
