// The fixed settings of every self-test run: the same seed and cases per property as the clean
// run, so a fault run replays exactly the inputs the full suite would generate.

/** The seed of the score committed in docs/self-validation.md. */
export const DEFAULT_SEED = 7;
export const SEED = Number(process.env.SELFTEST_SEED ?? DEFAULT_SEED);
export const RUNS = 10;
/** The clean and variant runs use the CLI default; the fault runs share a runner's run (fault-runners.ts). */
export const FULL_CONCURRENCY = 8;
export const FAULT_CONCURRENCY = 4;
export const PARALLEL_RUNS = 2;
/** A run that takes longer than this is killed and reported as an error. */
export const RUN_TIMEOUT_MS = 1_800_000;
/** The most jobs (a fault or a group of faults each) a fault runner certifies in one vitest run. */
export const WAVE_JOBS = 30;
/** A fault runner's wave (its jobs, in one vitest run) that takes longer is killed. */
export const WAVE_TIMEOUT_MS = 900_000;
/** SELFTEST_STRICT=1: the pending lists are ignored, every gap fails. */
export const STRICT = process.env.SELFTEST_STRICT === '1';
/** SELFTEST_FULL=1: each fault runs its API's whole suite instead of the checks that reach its rule. */
export const FULL_FAULT_RUNS = process.env.SELFTEST_FULL === '1';
/**
 * SELFTEST_ONLY=<regular expression>: only the faults whose name matches run (variants and the
 * clean run still do), for working on a few faults; the score checks are then skipped.
 */
export const ONLY = process.env.SELFTEST_ONLY ? new RegExp(process.env.SELFTEST_ONLY) : undefined;
/** Runs the self-test and rewrites what it derives: the score, the lists, contracts/proofs.json. */
export const REFRESH_COMMAND = 'npm run generate selftest';
