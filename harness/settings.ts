import type { CheckModule } from './check-modules.js';
import type { RunJob } from './run-jobs.js';
import type { TargetProfile } from '../contracts/target-profile.js';

// What `run` hands to the suites through vitest's provide/inject (never through globals).

export interface RunSettings {
  seed: number;
  /** fast-check runs per property. */
  runs: number;
  timeoutMs: number;
  /** Requests in flight at once, across the run (--concurrency). */
  concurrency: number;
  /** This worker's share of `concurrency`; set by the runner, which knows the worker count. */
  slotsPerWorker?: number;
  /**
   * How far this worker's slots may grow while a slow target keeps up (harness/in-flight-limit.ts);
   * undefined or equal to slotsPerWorker: they stay as they are. Set by the runner.
   */
  slotsCeilingPerWorker?: number;
  /** --concurrency was not given: the runner may go above the default while a slow target keeps up. */
  concurrencyAdapts?: boolean;
  /** At most this many requests per second across the run (--rate); undefined: no bound. */
  rate?: number;
  /** This worker's share of `rate`; set by the runner, as slotsPerWorker. */
  ratePerWorker?: number;
  /** How long a read that expects a write to be visible is retried before it fails (--settle-ms). */
  settleMs?: number;
  /** A short prefix for everything a run creates, so cleanup and humans can tell runs apart. */
  runId: string;
  /** Where every resource the run creates is recorded as it is created (ledger.jsonl); none: nowhere. */
  ledgerFile?: string;
  /** The start of a command line that re-runs this run (`--grep` is appended per check). */
  rerunCommand: string;
  /** The HAR every exchange is written to as the run goes (harness/har-file.ts); none: not recorded. */
  trafficFile?: string;
  /** run --rule: only the checks that declare one of these rule ids are registered; none: every check. */
  onlyRules?: string[];
  /**
   * false: a property's failing case is replayed alone once, as shrinking starts, but no smaller
   * one is searched for (shrinking re-runs up to 60 cases per broken rule against the server). The
   * self-test's fault runs judge only which checks failed which rule; `run` always shrinks.
   */
  shrink?: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceTarget: TargetProfile;
    conformanceSettings: RunSettings;
    /** The check modules this run loads; `generation` differs from run to run. */
    conformanceModules: { modules: CheckModule[]; generation: string; jobs?: RunJob[] };
  }
}
