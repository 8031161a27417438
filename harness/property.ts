import fc from 'fast-check';
import { CheckFailure } from './failure.js';

// Properties against a live server. fast-check's seed comes from the run seed and the check's
// name, so `--seed N --grep NAME` replays one check exactly; a failure carries seed and path.

export interface PropertyOptions {
  numRuns?: number;
  /** Predicate calls allowed for shrinking after the first failure (each one hits the server). */
  shrinkBudget?: number;
  /**
   * The cases are independent of one another (each creates what it reads, reads nothing another
   * case may change), so they may run side by side. A failure is then replayed alone, from its
   * seed and path, to shrink it: the result is the one a sequential run would report.
   */
  independentCases?: boolean;
}

/** A property's share of --runs: runs / `share` cases, at least one (for a property that is one of many). */
export function shareOfRuns(runs: number, share: number): number {
  return Math.max(1, Math.ceil(runs / share));
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
  /** Cases in flight at once when they are independent. */
  width?: number;
}

interface FirstFailure {
  index: number;
  error: unknown;
}

/** Runs the cases `width` at a time; the failure of the lowest index, once no case is in flight. */
async function firstFailure<T>(values: readonly T[], predicate: (value: T) => Promise<void>, width: number): Promise<FirstFailure | undefined> {
  let next = 0;
  const state: { failed?: FirstFailure } = {};
  const lane = async (): Promise<void> => {
    while (state.failed === undefined && next < values.length) {
      const index = next;
      next += 1;
      try {
        await predicate(values[index]);
      } catch (error) {
        const earlier = state.failed as FirstFailure | undefined;
        if (earlier === undefined || index < earlier.index) state.failed = { index, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, values.length) }, lane));
  return state.failed;
}

function withReplay(error: unknown, seed: number, path: string): Error {
  const out = error instanceof Error ? error : new Error(String(error));
  out.message = `${out.message} (fast-check seed ${seed}, path ${path})`;
  return out;
}

/** Whether `value` is plain JSON data: what a request body or query is made of. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every(isPlainJson);
}

/**
 * A failing value as a reader sees it: JSON when it is plain data (fc.stringify writes objects
 * fast-check made without a prototype as {__proto__:null,...}, which is not JSON), else
 * fast-check's text (commands of a model run, undefined members).
 */
export function describeCounterexample(value: unknown): string {
  const text = isPlainJson(value) ? JSON.stringify(value) : fc.stringify(value);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

export async function runProperty<T>({ arbitrary, predicate, seed, runs, options, width = 1 }: RunPropertyInput<T>): Promise<void> {
  const numRuns = Math.max(1, runs);
  let path: string | undefined;
  if (options?.independentCases && width > 1) {
    // The same values, in the same order, as fc.check with this seed would generate.
    const values = fc.sample(arbitrary, { seed, numRuns });
    const failed = await firstFailure(values, predicate, width);
    if (!failed) return;
    if (!(failed.error instanceof CheckFailure)) throw withReplay(failed.error, seed, String(failed.index));
    path = String(failed.index);
    const shrunk = await shrink({ arbitrary, predicate, seed, numRuns, path, budget: options.shrinkBudget });
    if (shrunk) throw shrunk;
    // Alone, the case passed: report what the side-by-side run saw, unshrunk.
    failed.error.seed = seed;
    failed.error.path = path;
    failed.error.counterexample = describeCounterexample(values[failed.index]);
    throw failed.error;
  }
  const failure = await shrink({ arbitrary, predicate, seed, numRuns, path, budget: options?.shrinkBudget });
  if (failure) throw failure;
}

interface ShrinkInput<T> {
  arbitrary: fc.Arbitrary<T>;
  predicate: (value: T) => Promise<void>;
  seed: number;
  numRuns: number;
  /** Start from this case (a side-by-side run found it) instead of from the first. */
  path?: string;
  budget?: number;
}

/** fast-check, one case at a time, shrinking a failure; the error to throw, or none. */
async function shrink<T>({ arbitrary, predicate, seed, numRuns, path, budget = 60 }: ShrinkInput<T>): Promise<Error | undefined> {
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
  const details = await fc.check(fc.asyncProperty(arbitrary, bounded), { seed, numRuns, ...(path !== undefined ? { path } : {}) });
  if (!details.failed) return undefined;
  const cause = details.errorInstance;
  const failedPath = details.counterexamplePath ?? 'none';
  // Not a verdict (a timeout, a reset): keep the error, but say how to replay it.
  if (!(cause instanceof CheckFailure)) return withReplay(cause, details.seed, failedPath);
  cause.seed = details.seed;
  cause.path = details.counterexamplePath ?? undefined;
  cause.counterexample = details.counterexample ? describeCounterexample(details.counterexample[0]) : undefined;
  return cause;
}
