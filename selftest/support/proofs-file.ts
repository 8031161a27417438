import type { FaultProof, ProofsFile } from '../../contracts/proofs.js';
import type { FaultResult } from './fault-runs.js';

// contracts/proofs.json: per rule, the faults the self-test caught on it and the checks that
// failed it there. The report binds a pass to a proof through it (contracts/proofs.ts).

/** The proofs of the caught faults among `faults` (in their order), rules sorted. */
export function renderProofs(faults: readonly FaultResult[], seed: number, runs: number): string {
  const byRule = new Map<string, FaultProof[]>();
  for (const result of faults) {
    if (!result.caught) continue;
    const proofs = byRule.get(result.fault.rule) ?? [];
    proofs.push({ fault: result.fault.name, checks: result.proof });
    byRule.set(result.fault.rule, proofs);
  }
  const rules = Object.fromEntries([...byRule.keys()].sort().map((rule) => [rule, byRule.get(rule)!]));
  const file: ProofsFile = { seed, runs, rules };
  return `${JSON.stringify(file, null, 2)}\n`;
}
