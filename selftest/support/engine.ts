import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lostRunners } from './fault-runners.js';
import { runFaults, type FaultResult, type FaultRunOptions } from './fault-runs.js';
import { runCollateral, type CollateralResult } from './collateral-runs.js';
import { OUT } from './paths.js';
import { Pool, runCoverage, type CliRun, type CoverageRun } from './runs.js';
import { PARALLEL_RUNS } from './settings.js';
import { runVariants, type VariantResult } from './variant-runs.js';

// Runs the whole self-validation: the clean reference once (in-process from dist, for the map
// of which checks reach which rule), the legal variants in a few combined references through the
// built command line (variant-runs.ts), and every fault with the checks that reach its declared
// rule, faults whose checks stay apart sharing a reference (fault-runs.ts). It needs no vitest of
// its own: selftest/self-validation.test.ts runs it, and so does `npm run generate selftest`.

export type { FaultResult } from './fault-runs.js';
export type { VariantResult } from './variant-runs.js';
export type { CollateralResult } from './collateral-runs.js';

export interface SelfTestResults {
  clean: CoverageRun;
  faults: FaultResult[];
  variants: VariantResult[];
  variantRuns: CliRun[];
  /** Every proving check run whole with one of its faults (collateral-runs.ts); none when not asked. */
  collateral: CollateralResult[];
  /** Fault runners that ended before answering their wave (fault-runners.ts): none, or a defect. */
  lostRunners: string[];
  timings: Record<string, number>;
}

export interface SelfTestOptions extends FaultRunOptions {
  /** MUST rules whose skips on the reference are tolerated (selftest/pending.ts). */
  tolerated: ReadonlySet<string>;
  /** Runs every proving check whole with one of its faults, for the collateral law (not on a refresh). */
  collateral?: boolean;
}

function writeResults(results: SelfTestResults): void {
  const runs = new Map<string, number>();
  for (const fault of results.faults) if (fault.run) runs.set(fault.run.label, fault.run.durationMs);
  for (const run of results.variantRuns) runs.set(run.label, run.durationMs);
  const faults = results.faults.map((fault) => ({
    name: fault.fault.name,
    rule: fault.fault.rule,
    kind: fault.fault.kind,
    caught: fault.caught,
    reaching: fault.reaching,
    proof: fault.proof,
    unconfirmed: fault.unconfirmed,
    unjudged: fault.unjudged,
    alongside: fault.alongside,
    collateral: fault.collateral,
    account: fault.account,
  }));
  const text = JSON.stringify(
    {
      timings: results.timings,
      runDurations: Object.fromEntries(runs),
      faults,
      variants: results.variants,
      collateral: results.collateral.filter((result) => result.collateral.length > 0),
    },
    null,
    2,
  );
  writeFileSync(join(OUT, 'results.json'), `${text}\n`);
}

export async function runSelfTest(options: SelfTestOptions): Promise<SelfTestResults> {
  mkdirSync(OUT, { recursive: true });
  const started = Date.now();
  // This run's own: a worker runs test files one after another in one module cache.
  const lostBefore = lostRunners.length;
  const timings: Record<string, number> = {};
  const pool = new Pool(PARALLEL_RUNS);
  const variantRuns: CliRun[] = [];
  const cleanPromise = pool
    .run(() => runCoverage())
    .then((clean) => {
      timings.cleanMs = Date.now() - started;
      return clean;
    });
  const variantsPromise = runVariants(pool, options.tolerated, variantRuns).then((variants) => {
    timings.variantsMs = Date.now() - started;
    return variants;
  });
  const clean = await cleanPromise;
  const faults = await runFaults(clean, options);
  timings.faultsMs = Date.now() - started;
  const collateral = options.collateral ? await runCollateral(clean, options.only) : [];
  timings.collateralMs = Date.now() - started;
  const variants = await variantsPromise;
  timings.totalMs = Date.now() - started;
  const results: SelfTestResults = {
    clean,
    faults,
    variants,
    variantRuns,
    collateral,
    lostRunners: lostRunners.slice(lostBefore),
    timings,
  };
  writeResults(results);
  return results;
}
