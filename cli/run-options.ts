import type { RERUN_FLAGS } from './command-line.js';
import type { SuiteName } from './run-suites.js';
import type { LoadedBaseline } from '../baseline/file.js';

// What `run` was asked to do, its arguments parsed (cli/run-command.ts); what carries it out
// (cli/certify-command.ts) reads it.

export interface RunOptions {
  targetFile?: string;
  baseUrl?: string;
  suites: SuiteName[];
  grep?: string;
  /** --rule as given, and the rule ids it selects. */
  rules?: { given: string[]; ids: string[] };
  seed: number;
  runs: number;
  concurrency: number;
  /** --concurrency was not given: the slots may grow while a slow target keeps up. */
  concurrencyAdapts: boolean;
  timeoutMs: number;
  /** Requests per second, at most (--rate); undefined: no bound. */
  rate?: number;
  settleMs: number;
  reportDir: string;
  shard?: string;
  mergeReports?: string;
  strict: boolean;
  /** --sign-key: the private key that signs the certificate. */
  signKeyFile?: string;
  /** --baseline: the known failures that gate the exit code (read and checked before the run). */
  baseline?: LoadedBaseline;
  /** --plan: print what the run would send and create, sending nothing. */
  plan: boolean;
  faults: string[];
  variants: string[];
  /** The flags a re-run line keeps, as typed. */
  rerunFlags: Partial<Record<(typeof RERUN_FLAGS)[number], string>>;
  /** The arguments after `run`, as typed. */
  args: string[];
}
