import fc from 'fast-check';
import { CheckFailure } from './failure.js';
import { runCase } from './case-scope.js';

// Properties against a live server. fast-check's seed comes from the run seed and the check's
// name, so `--seed N --grep NAME` replays one check exactly; a failure carries seed and path.
// A property goes on past a broken rule: every rule its cases break is reported, each shrunk.

export interface PropertyOptions<T = unknown> {
  numRuns?: number;
  /** Predicate calls allowed for shrinking after the first failure (each one hits the server). */
  shrinkBudget?: number;
  /**
   * The cases are independent of one another (each creates what it reads, reads nothing another
   * case may change), so they may run side by side. A failure is then replayed alone, from its
   * seed and path, to shrink it: the result is the one a sequential run would report.
   */
  independentCases?: boolean;
  /**
   * A smaller value that still breaks what `value` broke (the rule's minimal valid request with
   * only the broken member), or none: tried once on each failure fast-check could not shrink
   * further, and shown instead when it fails the same rule.
   */
  smaller?: (value: T) => T | undefined;
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
  options?: PropertyOptions<T>;
  /** Cases in flight at once when they are independent. */
  width?: number;
  /** false: each failure is replayed alone once, never shrunk further (RunSettings.shrink). */
  shrink?: boolean;
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
  const proto: unknown = Object.getPrototypeOf(value);
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

/** What a property found: one failure per rule it broke (each shrunk), and an error that stopped it. */
export interface PropertyOutcome {
  failures: CheckFailure[];
  /** Not a verdict (a timeout, a reset): the property stopped there; it carries its replay. */
  error?: Error;
}

/** Shrinking requests per property: past this, a further broken rule is reported as first seen. */
const SHRINK_BUDGET_FACTOR = 3;

/**
 * Runs every case, `width` at a time when they are independent, one by one otherwise. A case
 * that breaks a rule does not stop the others: each rule's first failing case is kept, later
 * cases that break only a rule already kept are not judged again, and once every case ran each
 * kept failure is shrunk on its own rule, from its own path. An error that is not a verdict
 * stops the property (it says nothing about the input; the target may have stopped answering).
 */
export async function runProperty<T>(input: RunPropertyInput<T>): Promise<PropertyOutcome> {
  const { arbitrary, predicate, seed, runs, options, width = 1, shrink: shrinks = true } = input;
  const numRuns = Math.max(1, runs);
  // The same values, in the same order, as fc.check with this seed would generate.
  const values = fc.sample(arbitrary, { seed, numRuns });
  const lanes = options?.independentCases ? Math.max(1, width) : 1;
  const firstOf = new Map<string, { index: number; error: CheckFailure }>();
  const state: { stop?: { index: number; error: unknown } } = {};
  let next = 0;
  const lane = async (): Promise<void> => {
    while (state.stop === undefined && next < values.length) {
      const index = next;
      next += 1;
      try {
        await runCase(() => predicate(values[index]));
      } catch (error) {
        if (!(error instanceof CheckFailure)) {
          // Lanes run side by side: another may have stopped it meanwhile, at an earlier case.
          const earlier = state.stop as { index: number } | undefined;
          if (earlier === undefined || index < earlier.index) state.stop = { index, error };
          continue;
        }
        const known = firstOf.get(error.rule);
        if (known === undefined || index < known.index) firstOf.set(error.rule, { index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, values.length) }, lane));
  const { stop } = state;
  const found = [...firstOf.values()]
    .filter(({ index }) => stop === undefined || index < stop.index)
    .sort((a, b) => a.index - b.index);
  const perRule = shrinks ? (options?.shrinkBudget ?? 60) : 0;
  let budget = perRule * SHRINK_BUDGET_FACTOR;
  const failures: CheckFailure[] = [];
  for (const { index, error } of found) {
    const path = String(index);
    const spend = Math.min(perRule, budget);
    const shrunk =
      spend > 0
        ? await shrink({ arbitrary, predicate, seed, numRuns, path, budget: spend, rule: error.rule })
        : undefined;
    budget -= spend;
    // Unshrunk, the case is still replayed alone, as shrinking starts: what a replay shows.
    const replayed = shrinks ? undefined : await replayAlone(predicate, values[index], error.rule);
    // Alone, the case may have passed (or no budget was left): it is then reported as first seen.
    const asSeen = { seed, path, counterexample: describeCounterexample(values[index]) };
    const seen = shrunk ? shrunk.failure : Object.assign(replayed ?? error, asSeen);
    const value = shrunk ? shrunk.value : values[index];
    failures.push(options?.smaller ? await reduced(seen, value, predicate, options.smaller) : seen);
  }
  return { failures, ...(stop ? { error: withReplay(stop.error, seed, String(stop.index)) } : {}) };
}

interface ShrinkInput<T> {
  arbitrary: fc.Arbitrary<T>;
  predicate: (value: T) => Promise<void>;
  seed: number;
  numRuns: number;
  /** Start from this case (the run found it) instead of from the first. */
  path: string;
  budget: number;
  /** Only a failure of this rule counts: the shrinking keeps to the rule it shrinks. */
  rule: string;
}

/** The failure of `rule` that `value` shows run alone, or none. */
async function replayAlone<T>(
  predicate: (value: T) => Promise<void>,
  value: T,
  rule: string,
): Promise<CheckFailure | undefined> {
  try {
    await runCase(() => predicate(value));
  } catch (error) {
    if (error instanceof CheckFailure && error.rule === rule) return error;
  }
  return undefined;
}

/**
 * The failure shown by the smaller value `smaller` makes of the failing one, when it fails the same
 * rule (its replay stays the generated case's: seed and path); else the failure as it was.
 */
async function reduced<T>(
  failure: CheckFailure,
  value: T,
  predicate: (value: T) => Promise<void>,
  smaller: (value: T) => T | undefined,
): Promise<CheckFailure> {
  const candidate = smaller(value);
  if (candidate === undefined) return failure;
  try {
    await runCase(() => predicate(candidate));
  } catch (error) {
    if (!(error instanceof CheckFailure) || error.rule !== failure.rule) return failure;
    return Object.assign(error, {
      seed: failure.seed,
      path: failure.path,
      counterexample: `${describeCounterexample(candidate)} (reduced from the generated case the seed and path replay)`,
    });
  }
  return failure;
}

/** fast-check, from one failing case, shrinking it while it still breaks `rule`; the failure and its value, or none. */
async function shrink<T>({
  arbitrary,
  predicate,
  seed,
  numRuns,
  path,
  budget,
  rule,
}: ShrinkInput<T>): Promise<{ failure: CheckFailure; value: T } | undefined> {
  let calls = 0;
  // Once the budget is spent, later candidates count as passing: fast-check then keeps the
  // smallest failure found so far instead of shrinking on against the server for minutes. A
  // candidate that breaks another rule, or that could not be judged (a timeout), is not a
  // smaller counterexample of this one.
  const bounded = async (value: T): Promise<void> => {
    calls += 1;
    if (calls > budget + 1) return;
    try {
      await runCase(() => predicate(value));
    } catch (error) {
      if (error instanceof CheckFailure && error.rule === rule) throw error;
    }
  };
  const details = await fc.check(fc.asyncProperty(arbitrary, bounded), { seed, numRuns, path });
  if (!details.failed) return undefined;
  const cause = details.errorInstance;
  if (!(cause instanceof CheckFailure)) return undefined;
  if (!details.counterexample) return undefined;
  cause.seed = details.seed;
  cause.path = details.counterexamplePath ?? undefined;
  cause.counterexample = describeCounterexample(details.counterexample[0]);
  return { failure: cause, value: details.counterexample[0] };
}
