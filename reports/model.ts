import type { Exchange } from '../harness/exchange.js';
import type { RuleKind, RuleLevel, SpecFile } from '../contracts/rule.js';

// conformance.json, as contracts/report.schema.json describes it.

export type Verdict = 'CONFORMANT' | 'PARTIAL' | 'INCOMPLETE' | 'NON_CONFORMANT';
export type RuleStatus = 'passed' | 'failed' | 'warning' | 'skipped' | 'error';
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'error';

export interface CheckReport {
  name: string;
  file?: string;
  status: CheckStatus;
  message?: string;
  expected?: string;
  received?: string;
  seed?: number;
  path?: string;
  rerun?: string;
  curl?: string;
  durationMs?: number;
  evidence: Exchange[];
}

export interface RuleReport {
  id: string;
  title: string;
  level: RuleLevel;
  kind: RuleKind;
  spec: { file: SpecFile; heading: string };
  status: RuleStatus;
  reason?: string;
  /** The reference fault that proves this rule's checks can fail it; null when none does. */
  proof: { fault: string } | null;
  checks: CheckReport[];
}

export interface SectionReport {
  certified: boolean;
  reason?: string;
}

/** A rule the proxied client's requests broke, how often, and one of those exchanges. */
export interface ClientMistakeReport {
  rule: string;
  operation: string;
  message: string;
  count: number;
  example: Exchange;
}

export interface ConformanceReport {
  tool: { name: string; version: string };
  target: { baseUrl: string; sections: { billing: SectionReport; assignees: SectionReport } };
  startedAt: string;
  durationMs: number;
  seed: number;
  settings: {
    runs: number;
    concurrency: number;
    timeoutMs: number;
    /** --rate: requests per second at most; null: no bound. */
    rate?: number | null;
    /** --settle-ms: how long a read that expects a write to be visible was retried. */
    settleMs?: number;
    /** Repeated 429 answers lowered the rate during the run. */
    rateLowered?: { from: number; to: number; after429s: number };
    suites: string[];
    grep: string | null;
    shard: string | null;
    /** The command line of the run, as typed, credentials redacted. */
    commandLine?: string;
    /** Faults switched on in the embedded reference (a fault run must never pass for a clean one). */
    faults?: string[];
    /** Legal variants switched on in the embedded reference. */
    variants?: string[];
    /** The profile's billing.approval.mode; null without a billing section. */
    approval?: 'follow-link' | 'none' | 'command' | null;
    /** --base-url without a profile: no credentials, only checks that need none ran. */
    quickLook?: boolean;
    /** A proxy session: a client's traffic to the upstream was judged. */
    proxy?: { upstream: string; exchanges: number };
  };
  summary: {
    verdict: Verdict;
    rules: number;
    passed: number;
    failed: number;
    warnings: number;
    skipped: number;
    errors: number;
    requests: number;
    /** Passed MUST rules, and how many of them a caught reference fault proves. */
    mustPassed: number;
    mustPassedProven: number;
    /** Why the verdict is not plain: a run of some checks only, or what kept it PARTIAL. */
    verdictNote?: string;
    /** What went wrong with the target as a whole; absent when nothing did (reports/diagnosis.ts). */
    diagnosis?: Diagnosis;
    /** The run was stopped by a signal before every check ran. */
    interrupted?: {
      signal: string;
      /** What may be left on the target: checks that did not finish their cleanup, cleanups that failed. */
      notCleanedUp: string[];
    };
  };
  rules: RuleReport[];
  /** proxy: requests the proxied client got wrong, by rule and operation (the client's, not the server's). */
  clientMistakes?: ClientMistakeReport[];
}

/** A misbehaving target, diagnosed: the counts behind it, and `lines`, the same text everywhere it is shown. */
export interface Diagnosis {
  /** Most telling first: shares of bad answers, causes, signs of no state, slowest operations, advice. */
  lines: string[];
  /** Requests sent, and of them: answered 429, answered 5xx, no answer in time, connection reset. */
  requests: number;
  rateLimited: number;
  serverErrors: number;
  timedOut: number;
  reset: number;
  /** Checks that reached no verdict, grouped by what stopped them, most first. */
  causes: Array<{ checks: number; cause: string }>;
  /** Signs that the target keeps no state, with the checks that saw each. */
  stateless: Array<{ checks: number; sign: string }>;
  /** The operations with the longest mean duration. */
  slowest: Array<{ operation: string; requests: number; meanMs: number; slowestMs: number }>;
  /** A flag or profile field that would help, and why. */
  advice: Array<{ change: string; why: string }>;
}

/** One check as the reporter saw it finish (the input of the report builder). */
export interface CheckResult {
  name: string;
  file: string;
  /** The job of a run of several (harness/run-jobs.ts) the check ran in. */
  job?: string;
  state: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  /** The first error vitest recorded, for failures without conformance meta. */
  errorMessage?: string;
  meta?: import('../harness/check-meta.js').CheckMeta;
}
