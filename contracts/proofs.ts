import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';
import type { CheckReport } from './report-types.js';

// Which reference fault the self-test saw each rule failing on, and by which checks: read from
// contracts/proofs.json, which `npm run generate selftest` writes from the self-test's fault runs
// (a test keeps it current). The report reads proofs here, as data, never from the reference.

/**
 * What a check judged of the rule it failed, as conformance.json says it: how the server handled a
 * request it sent, an answer's shape or content, or both.
 */
export type ProofSide = NonNullable<CheckReport['side']>;

export interface ProofCheck {
  name: string;
  /** Absent when the fault run's report did not say. */
  side?: ProofSide;
}

export interface FaultProof {
  fault: string;
  /** The checks that failed the rule with the fault on (status "failed", never "error"). */
  checks: ProofCheck[];
}

export interface ProofsFile {
  /** The seed and cases per property of the self-test run that showed them. */
  seed: number;
  runs: number;
  /** Rule id -> the faults proving it, in the order of the fault catalog. */
  rules: Record<string, FaultProof[]>;
}

export const PROOFS_FILE = join('contracts', 'proofs.json');

let loaded: ProofsFile | undefined;

function load(): ProofsFile {
  loaded ??= JSON.parse(readFileSync(join(packageRoot(), PROOFS_FILE), 'utf8')) as ProofsFile;
  return loaded;
}

/** The faults the self-test saw `ruleId` failing on, with the checks that failed it; [] when none. */
export function proofsOf(ruleId: string): FaultProof[] {
  return load().rules[ruleId] ?? [];
}
