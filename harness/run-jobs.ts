import type { CheckModule } from './check-modules.js';
import type { TargetProfile } from '../contracts/target-profile.js';

// A run may hold several jobs: each certifies its own target with its own checks, side by side
// in the same vitest run (the self-test runs every reference fault this way, each on its own
// reference, instead of one vitest run per fault). A job's check modules are loaded under its
// describe; `check` reads the job being collected to take its target and to leave out the
// checks the job does not run.

export interface RunJob {
  /** Unique within the run: results are told apart by it. */
  id: string;
  target: TargetProfile;
  modules: CheckModule[];
  /** Only these checks (by name) are registered; none: every check of the modules. */
  checks?: string[];
  /**
   * Only these rules are judged where a check can tell its cases apart by rule (CheckContext
   * inFocus): the self-test confirming a fault's proof needs only the fault's rule. None: all.
   */
  focus?: string[];
}

/** The describe of a job: `job <id>`. */
export const JOB_SUITE_PREFIX = 'job ';

let collecting: RunJob | undefined;

/**
 * Loads a job's check module while the job is the one being collected. vitest collects the
 * describes of a file one after another, awaiting each, so one job is collected at a time.
 */
export async function collectJob<T>(job: RunJob, load: () => Promise<T>): Promise<T> {
  collecting = job;
  try {
    return await load();
  } finally {
    collecting = undefined;
  }
}

/** The job whose modules are being loaded now; undefined in a run of one target. */
export function collectingJob(): RunJob | undefined {
  return collecting;
}
