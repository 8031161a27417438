import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVitest } from 'vitest/node';
import type { Reporter } from 'vitest/node';
import { checkModules, shardOf } from '../harness/check-modules.js';
import { packageRoot } from '../harness/package-root.js';
import type { RunSettings } from '../harness/settings.js';
import type { TargetProfile } from '../harness/target.js';
import { ConformanceReporter, type ProgressListener } from '../reports/vitest-reporter.js';
import type { CheckResult } from '../reports/model.js';

// Drives the vitest suites programmatically. The target, the settings and the selected check
// modules reach the suites through vitest's provide/inject; results come back through the
// conformance reporter. --shard selects modules here (see harness/check-modules.ts).

export type SuiteName = 'billing' | 'assignees';
export const SUITE_NAMES: readonly SuiteName[] = ['billing', 'assignees'];

export interface SuiteRunOptions {
  target: TargetProfile;
  settings: RunSettings;
  suites: readonly SuiteName[];
  grep?: string;
  /** i/n: this run loads every n-th check module from the i-th on. */
  shard?: string;
  /** With a shard: where vitest's blob report goes, for --merge-reports. */
  blobFile?: string;
  listener?: ProgressListener;
}

export interface SuiteRunOutcome {
  results: CheckResult[];
  runErrors: string[];
}

/** The one vitest test file of every run (suites/conformance.suite.ts, built). */
const ENTRY = 'dist/suites/conformance.suite.js';
let generations = 0;

function sharedOptions(reporters: Array<Reporter | [string, Record<string, unknown>]>) {
  return {
    watch: false,
    run: true,
    config: false as const,
    root: packageRoot(),
    reporters,
    passWithNoTests: true,
    allowOnly: false,
  };
}

const viteOverrides = {
  logLevel: 'silent' as const,
  cacheDir: join(tmpdir(), 'api-conformance-vite'),
  clearScreen: false,
};

/**
 * Two workers at most: the checks wait on the network, not the CPU, and each worker holds its
 * own copy of the contracts and generators. --concurrency bounds requests in flight; each worker
 * holds its share as request slots, and runs more checks than slots so that none stays idle.
 */
export function workerPlan(concurrency: number): { workers: number; slotsPerWorker: number; checksPerWorker: number } {
  const workers = Math.max(1, Math.min(concurrency, 2, availableParallelism()));
  const slotsPerWorker = Math.ceil(concurrency / workers);
  return { workers, slotsPerWorker, checksPerWorker: concurrency === 1 ? 1 : slotsPerWorker * 2 };
}

export async function runSuites(options: SuiteRunOptions): Promise<SuiteRunOutcome> {
  const modules = shardOf(checkModules(options.suites), options.shard);
  const reporter = new ConformanceReporter(options.listener);
  const reporters: Array<Reporter | [string, Record<string, unknown>]> = [reporter];
  if (options.shard && options.blobFile) reporters.push(['blob', { outputFile: options.blobFile }]);
  const plan = workerPlan(options.settings.concurrency);
  const settings: RunSettings = { ...options.settings, slotsPerWorker: plan.slotsPerWorker };
  const vitest = await startVitest(
    'test',
    [],
    {
      ...sharedOptions(reporters),
      include: [ENTRY],
      provide: {
        conformanceTarget: options.target,
        conformanceSettings: settings,
        conformanceModules: { modules, generation: `${process.pid}-${(generations += 1)}` },
      },
      ...(options.grep ? { testNamePattern: options.grep } : {}),
      maxConcurrency: plan.checksPerWorker,
      sequence: { concurrent: plan.checksPerWorker > 1 },
      pool: 'threads',
      isolate: false,
      maxWorkers: plan.workers,
      testTimeout: checkTimeoutMs(options.settings),
      hookTimeout: 60_000,
      // The checks say what happened themselves; vitest's console interception only adds noise.
      silent: true,
      // The checker's own modules load as plain Node modules: through vitest's module runner
      // each worker kept a transformed copy of them (about 3x their size; see BENCHMARKS.md).
      server: { deps: { external: [/[\\/]dist[\\/]/] } },
    },
    viteOverrides,
  );
  await vitest.close();
  return { results: reporter.results, runErrors: reporter.runErrors };
}

/** A check sends some dozens of requests per property case: its bound grows with --runs. */
function checkTimeoutMs(settings: RunSettings): number {
  return Math.max(120_000, settings.timeoutMs * 20) * Math.max(1, settings.runs / 10);
}

/** Replays shard blob reports (vitest --merge-reports) through the conformance reporter. */
export async function mergeShardResults(blobDir: string, listener?: ProgressListener): Promise<SuiteRunOutcome> {
  const reporter = new ConformanceReporter(listener);
  const vitest = await startVitest('test', [], { ...sharedOptions([reporter]), mergeReports: blobDir }, viteOverrides);
  await vitest.close();
  return { results: reporter.results, runErrors: reporter.runErrors };
}
