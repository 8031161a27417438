import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { Reporter } from 'vitest/node';
import { packageRoot } from '../harness/package-root.js';
import type { RunSettings } from '../harness/settings.js';
import type { TargetProfile } from '../harness/target.js';
import { ConformanceReporter, type ProgressListener } from '../reports/vitest-reporter.js';
import type { CheckResult } from '../reports/model.js';

// Drives the vitest suites programmatically. The target and settings reach the suites through
// vitest's provide/inject; results come back through the conformance reporter.

export type SuiteName = 'billing' | 'assignees';
export const SUITE_NAMES: readonly SuiteName[] = ['billing', 'assignees'];

export interface SuiteRunOptions {
  target: TargetProfile;
  settings: RunSettings;
  suites: readonly SuiteName[];
  grep?: string;
  shard?: string;
  /** With a shard: where vitest's blob report goes, for --merge-reports. */
  blobFile?: string;
  listener?: ProgressListener;
}

export interface SuiteRunOutcome {
  results: CheckResult[];
  runErrors: string[];
}

/** Built suites in dist/ when running from the build; the .ts sources when running from source. */
function suiteGlob(suite: SuiteName): string {
  const fromBuild = fileURLToPath(import.meta.url).split(/[\\/]/).includes('dist');
  return fromBuild ? `dist/suites/${suite}/**/*.check.js` : `suites/${suite}/**/*.check.ts`;
}

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

export async function runSuites(options: SuiteRunOptions): Promise<SuiteRunOutcome> {
  const reporter = new ConformanceReporter(options.listener);
  const reporters: Array<Reporter | [string, Record<string, unknown>]> = [reporter];
  if (options.shard && options.blobFile) reporters.push(['blob', { outputFile: options.blobFile }]);
  const concurrency = options.settings.concurrency;
  const vitest = await startVitest(
    'test',
    [],
    {
      ...sharedOptions(reporters),
      include: options.suites.map(suiteGlob),
      provide: { conformanceTarget: options.target, conformanceSettings: options.settings },
      ...(options.grep ? { testNamePattern: options.grep } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      maxConcurrency: concurrency,
      sequence: { concurrent: concurrency > 1 },
      pool: 'threads',
      isolate: false,
      maxWorkers: Math.max(1, Math.min(concurrency, availableParallelism() * 2, 4)),
      testTimeout: Math.max(120_000, options.settings.timeoutMs * 20),
      hookTimeout: 60_000,
      // The checks say what happened themselves; vitest's console interception only adds noise.
      silent: true,
    },
    viteOverrides,
  );
  await vitest.close();
  return { results: reporter.results, runErrors: reporter.runErrors };
}

/** Replays shard blob reports (vitest --merge-reports) through the conformance reporter. */
export async function mergeShardResults(blobDir: string, listener?: ProgressListener): Promise<SuiteRunOutcome> {
  const reporter = new ConformanceReporter(listener);
  const vitest = await startVitest('test', [], { ...sharedOptions([reporter]), mergeReports: blobDir }, viteOverrides);
  await vitest.close();
  return { results: reporter.results, runErrors: reporter.runErrors };
}
