import { AsyncLocalStorage } from 'node:async_hooks';
import { CheckFailure, type FailureDetails } from './failure.js';

// A property's case is judged as a whole: a failure the check goes on from (a soft one) inside
// a case still makes the case fail, so that fast-check shrinks it and the failure carries the
// seed and path that replay it. Cases may run side by side, so each keeps its own list.

const scope = new AsyncLocalStorage<FailureDetails[]>();

/** Inside a property case: keeps `details` for the case and answers true; outside, false. */
export function keptByCase(details: FailureDetails): boolean {
  const kept = scope.getStore();
  if (!kept) return false;
  kept.push(details);
  return true;
}

/**
 * Runs one case; its soft failures, if any, end it as one CheckFailure (the first, the others as
 * further rules broken) once it is done, as a failure thrown within it would.
 */
export async function runCase(run: () => Promise<void>): Promise<void> {
  const kept: FailureDetails[] = [];
  try {
    await scope.run(kept, run);
  } catch (error) {
    if (error instanceof CheckFailure && kept.length > 0) error.alsoKept(kept);
    throw error;
  }
  if (kept.length === 0) return;
  const [first, ...rest] = kept;
  const failure = new CheckFailure(first);
  failure.alsoKept(rest);
  throw failure;
}
