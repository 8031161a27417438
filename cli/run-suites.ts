import type { Api } from '../contracts/operations.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createVitest, startVitest } from 'vitest/node';
import type { Reporter, TestSpecification, Vitest } from 'vitest/node';
import { checkModules, shardOf } from '../harness/check-modules.js';
import { packageRoot } from '../contracts/package-root.js';
import type { RunJob } from '../harness/run-jobs.js';
import type { RunSettings } from '../harness/settings.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { ConformanceReporter, type ProgressListener } from '../reports/vitest-reporter.js';
import type { CheckResult } from '../reports/model.js';

// Drives the vitest suites programmatically. The target, the settings and the selected check
// modules reach the suites through vitest's provide/inject; results come back through the
// conformance reporter. --shard selects modules here (see harness/check-modules.ts).

export type SuiteName = Api;
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
  /** Only these check modules (by name); the self-test loads those that reach a fault's rule. */
  modules?: readonly string[];
  listener?: ProgressListener;
  /** More reporters: the command's interruption handler takes vitest's handle from one. */
  reporters?: Reporter[];
}

export interface SuiteRunOutcome {
  results: CheckResult[];
  runErrors: string[];
}

/** The one vitest test file of every run (suites/conformance.suite.ts, built). */
const ENTRY = 'dist/suites/conformance.suite.js';
/** Holds a worker open after an interruption until its running checks have cleaned up. */
const INTERRUPT_SETUP = 'dist/cli/interrupt-worker.js';
/** Spares vitest's main process mapping the stacks of failed checks (see cli/worker-stacks.ts). */
const STACKS_SETUP = 'dist/cli/worker-stacks.js';
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
 * One worker: a run is one test file (every check module a describe of it), and vitest gives a
 * file one worker. The checks wait on the network, not the CPU. --concurrency bounds requests
 * in flight: the worker holds that many request slots, and runs twice as many checks, so that
 * a slot freed while one check generates or validates goes at once to another's request.
 * --rate is shared the same way: each worker paces its requests at rate / workers, so the run
 * as a whole never exceeds the rate; with the one worker, that worker's bucket is the run's.
 *
 * Without --concurrency (`adapts`), the slots start at the default and may grow to
 * ADAPTIVE_CEILING_FACTOR times it while the target answers slowly and keeps up
 * (harness/in-flight-limit.ts): a far staging server is certified in a fraction of the time,
 * a near one sees no more than the default. A --concurrency given is the user's ceiling.
 */
export const ADAPTIVE_CEILING_FACTOR = 4;

export interface WorkerPlan {
  workers: number;
  slotsPerWorker: number;
  /** How far the slots may grow; equal to slotsPerWorker when they do not adapt. */
  slotsCeilingPerWorker: number;
  checksPerWorker: number;
  ratePerWorker?: number;
}

export function workerPlan(concurrency: number, rate?: number, adapts = false): WorkerPlan {
  const workers = 1;
  const ceiling = adapts ? concurrency * ADAPTIVE_CEILING_FACTOR : concurrency;
  return {
    workers,
    slotsPerWorker: concurrency,
    slotsCeilingPerWorker: ceiling,
    checksPerWorker: ceiling === 1 ? 1 : ceiling * 2,
    ...(rate !== undefined ? { ratePerWorker: rate / workers } : {}),
  };
}

/** What a runner's vitest is made with: the same for every run of that runner. */
export interface RunnerConfig {
  settings: RunSettings;
  /** vitest's blob report (--shard), for --merge-reports. */
  blobFile?: string;
  /** Reporters beside the conformance reporter, for every run of this runner. */
  reporters?: Reporter[];
}

/**
 * One vitest instance that certifies one target after another: the self-test's fault runs pay
 * vitest's start-up once instead of once per fault. Each run gets its own target, grep and check
 * modules through provide; the check modules load afresh every run (a new generation).
 */
export class SuiteRunner {
  private current?: ConformanceReporter;
  private specifications?: TestSpecification[];

  private constructor(
    private readonly vitest: Vitest,
    private readonly config: RunnerConfig,
  ) {}

  static async create(config: RunnerConfig): Promise<SuiteRunner> {
    // vitest takes its reporters once; each run's results go to that run's reporter.
    const holder: { runner?: SuiteRunner } = {};
    const forward = Object.fromEntries(
      REPORTER_EVENTS.map((event) => [
        event,
        (...args: unknown[]) => {
          const current = holder.runner?.current as unknown as Record<string, (...a: unknown[]) => unknown> | undefined;
          return current?.[event]?.(...args);
        },
      ]),
    ) as Reporter;
    const reporters: Array<Reporter | [string, Record<string, unknown>]> = [forward, ...(config.reporters ?? [])];
    if (config.blobFile) reporters.push(['blob', { outputFile: config.blobFile }]);
    const plan = workerPlan(config.settings.concurrency, undefined, config.settings.concurrencyAdapts);
    const vitest = await createVitest(
      'test',
      {
        ...sharedOptions(reporters),
        include: [ENTRY],
        setupFiles: [join(packageRoot(), INTERRUPT_SETUP), join(packageRoot(), STACKS_SETUP)],
        maxConcurrency: plan.checksPerWorker,
        sequence: { concurrent: plan.checksPerWorker > 1 },
        pool: 'threads',
        isolate: false,
        maxWorkers: plan.workers,
        testTimeout: checkTimeoutMs(config.settings),
        hookTimeout: 60_000,
        // The checks say what happened themselves; vitest's console interception only adds noise.
        silent: true,
        // The checker's own modules load as plain Node modules: through vitest's module runner
        // each worker kept a transformed copy of them (about 3x their size; see BENCHMARKS.md).
        server: { deps: { external: [/[\\/]dist[\\/]/] } },
      },
      viteOverrides,
    );
    const runner = new SuiteRunner(vitest, config);
    holder.runner = runner;
    await vitest.standalone();
    return runner;
  }

  async run(options: SuiteRunOptions): Promise<SuiteRunOutcome> {
    const all = shardOf(checkModules(options.suites), options.shard);
    const modules = options.modules ? all.filter((module) => options.modules!.includes(module.name)) : all;
    const plan = workerPlan(
      this.config.settings.concurrency,
      options.settings.rate,
      this.config.settings.concurrencyAdapts,
    );
    const settings: RunSettings = {
      ...options.settings,
      slotsPerWorker: plan.slotsPerWorker,
      slotsCeilingPerWorker: plan.slotsCeilingPerWorker,
      ...(plan.ratePerWorker !== undefined ? { ratePerWorker: plan.ratePerWorker } : {}),
    };
    const reporter = new ConformanceReporter(options.listener);
    reporter.onInit(this.vitest);
    this.current = reporter;
    this.vitest.provide('conformanceTarget', options.target);
    this.vitest.provide('conformanceSettings', settings);
    this.vitest.provide('conformanceModules', { modules, generation: `${process.pid}-${(generations += 1)}` });
    if (options.grep) this.vitest.setGlobalTestNamePattern(options.grep);
    else this.vitest.resetGlobalTestNamePattern();
    this.specifications ??= await this.vitest.globTestSpecifications();
    try {
      await this.vitest.runTestSpecifications(this.specifications, true);
    } finally {
      this.current = undefined;
    }
    return { results: reporter.results, runErrors: reporter.runErrors };
  }

  /**
   * Several targets in one vitest run, each job with its own check modules and checks (see
   * harness/run-jobs.ts): results come back per job id. Jobs share the run's request slots.
   */
  async runJobs(
    jobs: ReadonlyArray<Omit<RunJob, 'modules'> & { modules: readonly string[] }>,
    settings: RunSettings,
    suites: readonly SuiteName[],
  ): Promise<{ results: Map<string, CheckResult[]>; runErrors: string[] }> {
    const all = checkModules(suites);
    const plan = workerPlan(this.config.settings.concurrency);
    const reporter = new ConformanceReporter();
    reporter.onInit(this.vitest);
    this.current = reporter;
    const runJobs: RunJob[] = jobs.map((job) => ({
      ...job,
      modules: all.filter((module) => job.modules.includes(module.name)),
    }));
    this.vitest.provide('conformanceTarget', runJobs[0]?.target ?? { baseUrl: 'http://127.0.0.1:9' });
    this.vitest.provide('conformanceSettings', { ...settings, slotsPerWorker: plan.slotsPerWorker });
    this.vitest.provide('conformanceModules', {
      modules: [],
      generation: `${process.pid}-${(generations += 1)}`,
      jobs: runJobs,
    });
    this.vitest.resetGlobalTestNamePattern();
    this.specifications ??= await this.vitest.globTestSpecifications();
    try {
      await this.vitest.runTestSpecifications(this.specifications, true);
    } finally {
      this.current = undefined;
    }
    const results = new Map<string, CheckResult[]>(jobs.map((job) => [job.id, []]));
    for (const result of reporter.results) if (result.job !== undefined) results.get(result.job)?.push(result);
    return { results, runErrors: reporter.runErrors };
  }

  close(): Promise<void> {
    return this.vitest.close();
  }
}

/** Every reporter event the conformance reporter listens to. */
const REPORTER_EVENTS = [
  'onTestModuleCollected',
  'onTestCaseResult',
  'onTestSuiteResult',
  'onTestModuleEnd',
  'onTestRunEnd',
] as const;

/** One run in its own vitest: what `run` does. */
export async function runSuites(options: SuiteRunOptions): Promise<SuiteRunOutcome> {
  const runner = await SuiteRunner.create({
    settings: options.settings,
    ...(options.shard && options.blobFile ? { blobFile: options.blobFile } : {}),
    ...(options.reporters ? { reporters: options.reporters } : {}),
  });
  try {
    return await runner.run(options);
  } finally {
    await runner.close();
  }
}

/**
 * A check sends some dozens of requests per property case: its bound grows with --runs. Under
 * --rate the checks running at once share the rate, so the bound grows as the share shrinks
 * (taking 10 requests a second as what a check sends unpaced).
 */
export function checkTimeoutMs(settings: RunSettings): number {
  const base = Math.max(120_000, settings.timeoutMs * 20) * Math.max(1, settings.runs / 10);
  if (settings.rate === undefined) return base;
  const share = settings.rate / workerPlan(settings.concurrency, undefined, settings.concurrencyAdapts).checksPerWorker;
  // Within what a timer can hold (2^31 - 1 ms): a day.
  return Math.min(86_400_000, Math.round(base * Math.max(1, 10 / share)));
}

/** Replays shard blob reports (vitest --merge-reports) through the conformance reporter. */
export async function mergeShardResults(blobDir: string, listener?: ProgressListener): Promise<SuiteRunOutcome> {
  const reporter = new ConformanceReporter(listener);
  const vitest = await startVitest('test', [], { ...sharedOptions([reporter]), mergeReports: blobDir }, viteOverrides);
  await vitest.close();
  return { results: reporter.results, runErrors: reporter.runErrors };
}
