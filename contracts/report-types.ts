// Written from contracts/report.schema.json (each "x-type" there names a type here) by
// contracts/schema-types.ts: change the schema, then run `npm run generate report-types`.
// Do not edit by hand.

export interface ToolInfo {
  name: string;
  version: string;
}

export interface ReportTarget {
  baseUrl: string;
  sections: {
    billing: SectionReport;
    assignees: SectionReport;
  };
}

/**
 * Repeated 429 answers lowered the rate during the run: from the rate given to the rate reached,
 * after that many 429s in all.
 */
export interface RateLowered {
  from: number;
  to: number;
  after429s: number;
}

/**
 * A proxy session: the traffic a client sent through the proxy to the upstream was judged, not
 * checks of the tool's own.
 */
export interface ProxySession {
  upstream: string;
  exchanges: number;
}

export interface ReportSettings {
  runs: number;
  concurrency: number;
  timeoutMs: number;
  /** --rate: at most this many requests per second across the run; null: no bound. */
  rate?: number | null;
  /** --settle-ms: how long a read that expects a write to be visible was retried before the check failed. */
  settleMs?: number;
  rateLowered?: RateLowered;
  suites: string[];
  grep: string | null;
  /** --rule as given (rule ids or regular expressions): only the checks that declare a matching rule ran. */
  rule?: string[];
  shard: string | null;
  /** The command line of the run as typed, credentials redacted. */
  commandLine?: string;
  /** Faults switched on in the embedded reference. */
  faults?: string[];
  /** Legal variants switched on in the embedded reference. */
  variants?: string[];
  /** The profile's billing.approval.mode; null without a billing section. */
  approval?: 'follow-link' | 'none' | 'command' | null;
  /** --base-url without a profile: no credentials, only checks that need none ran. */
  quickLook?: boolean;
  proxy?: ProxySession;
}

export type Verdict = 'CONFORMANT' | 'PARTIAL' | 'INCOMPLETE' | 'NON_CONFORMANT';

/**
 * What the checks that ran came to (reports/check-outcome.ts): the terminal, summary.md and the
 * diagnosis count by the same words. noVerdict: stopped on an error, their unjudged rules are
 * errors; skipped: ran and judged nothing, with the reason.
 */
export interface CheckCounts {
  run: number;
  passed: number;
  failed: number;
  noVerdict: number;
  skipped: number;
}

/**
 * What went wrong with the target as a whole; absent when nothing did. `lines` is the diagnosis as
 * the terminal and summary.md show it.
 */
export interface Diagnosis {
  lines: string[];
  /** Requests sent. */
  requests: number;
  /** Requests answered 429. */
  rateLimited: number;
  /** Requests answered 5xx. */
  serverErrors: number;
  /** Requests with no answer within --timeout-ms. */
  timedOut: number;
  /** Requests whose connection was reset. */
  reset: number;
  /** Checks that reached no verdict, grouped by what stopped them, most first. */
  causes: Array<{
    checks: number;
    cause: string;
  }>;
  /**
   * Signs that the target keeps no state (show answered 404 right after a 201, or another resource
   * than the one created).
   */
  stateless: Array<{
    checks: number;
    sign: string;
  }>;
  /** The operations with the longest mean duration. */
  slowest: Array<{
    operation: string;
    requests: number;
    meanMs: number;
    slowestMs: number;
  }>;
  /** A flag or profile field that would help, and why. */
  advice: Array<{
    change: string;
    why: string;
  }>;
}

/** The run was stopped by a signal before every check ran; it is at most PARTIAL. */
export interface Interruption {
  signal: string;
  /** Checks that did not finish their cleanup, and cleanups that failed: what they created may remain on the target. */
  notCleanedUp: string[];
}

export interface ReportSummary {
  verdict: Verdict;
  rules: number;
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  errors: number;
  requests: number;
  /** MUST rules passed. */
  mustPassed: number;
  /** Of the MUST rules passed, those a reference fault proves their checks can fail. */
  mustPassedProven: number;
  checks?: CheckCounts;
  /** A verdict per API, each certified on its own; a section the run left out is NOT_CERTIFIED. */
  sections: {
    billing: SectionVerdict;
    assignees: SectionVerdict;
  };
  /** Why the verdict is not plain: a run of some checks only, or what kept it PARTIAL. */
  verdictNote?: string;
  /**
   * Errors outside any check (the target could not be reached, a check module that did not load),
   * each with its cause; counted in errors.
   */
  runErrors?: string[];
  diagnosis?: Diagnosis;
  interrupted?: Interruption;
}

export interface ClientMistakeReport {
  rule: string;
  operation: string;
  message: string;
  count: number;
  example: Exchange;
}

export interface BaselineFailure {
  rule: string;
  check: string;
  cause: string;
  fingerprint: string;
}

/**
 * run --baseline: the known failures the run's exit code was gated by (docs/baseline.md). The
 * verdict, the badges and the certificate are the run's, as without a baseline.
 */
export interface BaselineGate {
  /** The baseline file, as given. */
  file: string;
  /** The digest of the baseline file's bytes. */
  sha256: string;
  /** How many entries the file holds. */
  entries: number;
  /** Failures of MUST rules no entry names: each fails the gate. */
  new: BaselineFailure[];
  /** Entries whose failure this run saw again, unexpired. */
  known: BaselineEntry[];
  /** Entries whose failure this run saw again after their expiry date: each fails the gate. */
  expired: BaselineEntry[];
  /** Entries whose check judged their rule in this run without that failure: remove them (baseline prune). */
  fixed: BaselineEntry[];
  /**
   * Entries this run cannot speak for: their check did not judge their rule (a run of some checks,
   * a skipped check).
   */
  unchecked: BaselineEntry[];
}

/**
 * The report of one certification run (README.md, 'Reading the report'). It never holds
 * credentials: the writer redacts them before anything is recorded.
 */
export interface ConformanceReport {
  tool: ToolInfo;
  target: ReportTarget;
  startedAt: string;
  durationMs: number;
  seed: number;
  settings: ReportSettings;
  summary: ReportSummary;
  rules: RuleReport[];
  /**
   * proxy: requests the proxied client got wrong (they broke a request contract). They are the
   * client's, not the server's non-conformance; what the server did with each is judged under its
   * rule.
   */
  clientMistakes?: ClientMistakeReport[];
  baseline?: BaselineGate;
}

/** An entry of the baseline file (contracts/baseline.schema.json). */
export interface BaselineEntry {
  rule: string;
  check: string;
  cause: string;
  fingerprint: string;
  reason: string;
  ticket: string;
  expires?: string;
}

export interface SectionReport {
  certified: boolean;
  reason?: string;
}

export type SectionVerdictName = 'CONFORMANT' | 'PARTIAL' | 'INCOMPLETE' | 'NON_CONFORMANT' | 'NOT_CERTIFIED';

/** One API's verdict and counts, from its rules only. */
export interface SectionVerdict {
  verdict: SectionVerdictName;
  /** Why the section is not certified, or why its verdict is not plain. */
  note?: string;
  rules: number;
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  errors: number;
  /** The section's MUST rules observable through the API (not those of not-observable-rules.ts). */
  mustRules: number;
  /** Of those, the MUST rules passed. */
  mustPassed: number;
}

/**
 * The reference fault the self-test saw this rule failing on, with the check of this run that
 * credited the rule and that the self-test saw failing it; null when no check that credited it here
 * was seen failing it.
 */
export type RuleProof = null | {
  fault: string;
  check?: string;
};

/** The sentence of the spec the rule comes from (a table row, a list item or a sentence of prose). */
export interface SpecAnchor {
  file: 'billing.md' | 'assignees.md';
  /** The lines the sentence spans in spec/<file>, 1-based and inclusive. */
  lines: {
    from: number;
    to: number;
  };
  /** Words of the sentence that pick it out among the sentences of those lines. */
  words: string;
  /** The heading of its section, for a person finding it. */
  heading: string;
}

export type RuleStatus = 'passed' | 'failed' | 'warning' | 'skipped' | 'error';

export interface RuleReport {
  id: string;
  title: string;
  level: 'MUST' | 'SHOULD';
  proof: RuleProof;
  kind:
    | 'schema'
    | 'limit'
    | 'lifecycle'
    | 'patch'
    | 'auth'
    | 'idempotency'
    | 'prefer'
    | 'pagination'
    | 'permission'
    | 'status-code'
    | 'http';
  spec: SpecAnchor;
  status: RuleStatus;
  reason?: string;
  /** Why a passed rule is not counted proven, or which side of it was judged (response side only: ...). */
  proofNote?: string;
  checks: CheckReport[];
}

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
  /**
   * What the check judged of the rule: how the server handled a request it sent (request), an
   * answer's shape or content (response), or both.
   */
  side?: 'request' | 'response' | 'both';
  /**
   * A failure's cause without its particulars (array positions, ids): one rule's failures with one
   * cause are one card.
   */
  cause?: string;
  /** How often the check saw this failure, when more than once. */
  times?: number;
  /**
   * What the verdict rests on: whole exchanges for a failure or an error, references into
   * exchanges.har with the judged part for a pass.
   */
  evidence: Array<Exchange | EvidenceRef>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: RecordedHeaders;
  body?: string;
}

export interface RecordedResponse {
  status: number;
  headers: RecordedHeaders;
  body: string;
  /** The body was longer than the recording limit and was cut. */
  truncated?: boolean;
}

/** One request and its response as recorded for evidence, credentials redacted before anything is stored. */
export interface Exchange {
  /** The exchange's entry in exchanges.har (its _id). */
  id?: string;
  request: RecordedRequest;
  response?: RecordedResponse;
  /**
   * Set when no response arrived (timeout, reset, refused, oversize body), or when the body of one
   * that did could not be decoded (a coding the checker does not decode, or one that decodes past
   * its limit): response then holds its status and headers, not its body.
   */
  error?: string;
  durationMs: number;
}

/**
 * An exchange a pass rests on: its entry in exchanges.har, its request line and status, and the
 * part of it the rule was judged on.
 */
export interface EvidenceRef {
  id: string;
  method: string;
  url: string;
  status?: number;
  /** What of the exchange the rule was judged on: "status 201", "/name: \"Gold\" (4 characters)". */
  judged?: string;
  /** The request as a curl command line (credentials left as a placeholder). */
  curl?: string;
}

export type RecordedHeaders = Record<string, string>;
