import fc from 'fast-check';
import { CheckFailure } from './failure.js';

// Properties against a live server. fast-check's seed comes from the run seed and the check's
// name, so `--seed N --grep NAME` replays one check exactly; a failure carries seed and path.

export interface PropertyOptions {
  numRuns?: number;
  /** Predicate calls allowed for shrinking after the first failure (each one hits the server). */
  shrinkBudget?: number;
}

/** FNV-1a of the check name mixed into the run seed: stable across runs and machines. */
export function checkSeed(runSeed: number, name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (runSeed ^ hash) >>> 0;
}

interface RunPropertyInput<T> {
  arbitrary: fc.Arbitrary<T>;
  predicate: (value: T) => Promise<void>;
  seed: number;
  runs: number;
  options?: PropertyOptions;
}

export async function runProperty<T>({ arbitrary, predicate, seed, runs, options }: RunPropertyInput<T>): Promise<void> {
  const budget = options?.shrinkBudget ?? 60;
  let failures = 0;
  let callsAfterFailure = 0;
  // Once the budget is spent, later candidates count as passing: fast-check then keeps the
  // smallest failure found so far instead of shrinking on against the server for minutes.
  const bounded = async (value: T): Promise<void> => {
    if (failures > 0) {
      callsAfterFailure += 1;
      if (callsAfterFailure > budget) return;
    }
    try {
      await predicate(value);
    } catch (error) {
      if (!(error instanceof CheckFailure)) {
        // A timeout or a reset says nothing about the input: shrinking on it would only repeat
        // it (budget x timeout against a target that stopped answering). Keep the first such
        // error as it is; during the shrinking of a real failure, a candidate that could not be
        // judged is not a smaller counterexample.
        if (failures > 0) return;
        callsAfterFailure = budget;
      }
      failures += 1;
      throw error;
    }
  };
  const details = await fc.check(fc.asyncProperty(arbitrary, bounded), { seed, numRuns: Math.max(1, runs) });
  if (!details.failed) return;
  const cause = details.errorInstance;
  const path = details.counterexamplePath ?? undefined;
  if (!(cause instanceof CheckFailure)) {
    // Not a verdict (a timeout, a reset): keep the error, but say how to replay it.
    const error = cause instanceof Error ? cause : new Error(String(cause));
    error.message = `${error.message} (fast-check seed ${details.seed}, path ${path ?? 'none'})`;
    throw error;
  }
  const counterexample = details.counterexample ? fc.stringify(details.counterexample[0]) : undefined;
  cause.seed = details.seed;
  cause.path = path;
  cause.counterexample = counterexample !== undefined && counterexample.length > 2000 ? `${counterexample.slice(0, 2000)}…` : counterexample;
  throw cause;
}
