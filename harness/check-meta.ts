import type { Exchange } from './exchange.js';
import type { OperationStats } from './request-stats.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import type { EvidenceRef } from '../contracts/report-types.js';

// What a check reports to the reporter (vitest task meta: serialisable, worker to main).

export interface FailureRecord {
  rule: RuleId;
  message: string;
  /** The failure without its particulars: one rule's failures with one cause are reported as one. */
  cause?: string;
  /** What was judged: how the server handled a request it was sent, or an answer's shape. */
  side?: Side;
  /** How often the check saw this rule fail for this cause (counted once per cause). */
  times?: number;
  expected?: string;
  received?: string;
  exchanges: Exchange[];
  seed?: number;
  path?: string;
  counterexample?: string;
  curl?: string;
  rerun?: string;
  /** Further rules broken by the same answer: one broken member never hides the others. */
  more?: AlsoBroken[];
}

/** What a check judged of a rule: a request's handling (a refusal, say) or an answer's shape. */
export type Side = 'request' | 'response';

/** Another rule broken by the answer a failure shows. */
export interface AlsoBroken {
  rule: RuleId;
  message: string;
  expected?: string;
  received?: string;
}

/** A rule the check credited, with what the credit rests on. */
export interface PassRecord {
  rule: RuleId;
  /** A few exchanges at most: references into exchanges.har with the part judged. */
  evidence: EvidenceRef[];
  sides?: Side[];
}

/** Every verdict of one check, rule by rule: what it credited, what it failed, what it could not judge. */
export interface CheckVerdicts {
  passed: PassRecord[];
  /** Every failure, in the order seen; one per rule and cause. */
  failed: FailureRecord[];
  /** Rules the check did not judge, with why ("after <rule> failed at <step>", a premise that did not hold). */
  skipped: Array<{ rules: RuleId[]; reason: string }>;
}

export interface CheckMeta {
  /** The rules the check declares. */
  rules: RuleId[];
  /** Further rules the check verified on the way (e.g. every rule of a contract it validated). */
  covered: RuleId[];
  /** The check's first failure (every failure is in `verdicts`). */
  failure?: FailureRecord;
  /** Rule by rule, what the check decided, with evidence; absent for results made elsewhere (the proxy's). */
  verdicts?: CheckVerdicts;
  /** 5xx answers to any of the check's requests: a failure of its API's no-5xx rule, beside its own verdict. */
  serverErrors?: FailureRecord;
  /** Why the check could not run to a verdict (timeout, connection refused, bad fixture). */
  error?: string;
  errorExchanges?: Exchange[];
  skipReason?: string;
  /** Declared rules the check did not evaluate, with why: skipped, never passed by it. */
  notTried?: Array<{ rules: RuleId[]; reason: string }>;
  /** What was observed where the spec states nothing (reported as information, never asserted). */
  observations: string[];
  requests: number;
  seed: number;
  /** The check's body and its cleanups have ended (an interrupted run waits for this). */
  settled?: boolean;
  /** Repeated 429s had lowered the run's --rate by the time the check ended. */
  rateLowered?: { from: number; to: number; after429s: number };
  /** Signs that the target keeps no state, seen by this check (harness/read-back-signs.ts). */
  readBackSigns?: string[];
  /** What the check's requests got, per operation of the spec (harness/request-stats.ts). */
  operations?: Record<string, OperationStats>;
  /**
   * Rules the check credited on a refusal, with the operation that refused: such a pass counts
   * only if that operation took some request in the run (a route that refuses everything,
   * valid requests too, proves nothing by refusing a broken one).
   */
  refusals?: Array<{ rule: RuleId; operation: string }>;
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CheckMeta;
  }
}
