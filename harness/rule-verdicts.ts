import type { Exchange } from './exchange.js';
import type { CheckVerdicts, FailureRecord, PassRecord, Side } from './check-meta.js';
import { evidenceRef } from './evidence.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// One check's verdicts, rule by rule, as it goes: each rule it credited with the exchanges the
// credit rests on, each failure (a check goes on after a failure it can go on from), and at the
// end what it could not judge and why. The report reads nothing else of a check's verdict.

/** Exchanges kept per credited rule: a certifier needs one or two to see why, not every case. */
const EVIDENCE_PER_RULE = 2;
/** Causes kept per failed rule: a check that breaks one rule in many ways shows the first few. */
const CAUSES_PER_RULE = 3;

export class RuleVerdicts {
  private readonly passes = new Map<RuleId, { evidence: PassRecord['evidence']; sides: Set<Side> }>();
  private readonly failures: FailureRecord[] = [];
  private readonly untried: Array<{ rules: RuleId[]; reason: string }> = [];
  /** The exchanges the latest judgements looked at: what a credit without its own evidence rests on. */
  private lastJudged: readonly Exchange[] = [];
  /** The body's last exchanges once it has ended: what the rules credited for its whole run rest on. */
  private bodyEnd: readonly Exchange[] | undefined;

  /** `latest`: the check's most recent exchanges, for a credit made before anything was judged. */
  constructor(private readonly latest: () => readonly Exchange[] = () => []) {}

  /** The body has ended (its cleanups have not run yet): its last exchanges are what it judged last. */
  bodyEnded(): void {
    this.bodyEnd = this.latest().slice(-EVIDENCE_PER_RULE);
  }

  /** Credits `rule` on `exchanges` (the last judged ones when none are given). */
  pass(rule: RuleId, exchanges: readonly Exchange[] = [], judged?: string, side?: Side): void {
    if (exchanges.length > 0) this.lastJudged = exchanges;
    let entry = this.passes.get(rule);
    if (!entry) {
      entry = { evidence: [], sides: new Set() };
      this.passes.set(rule, entry);
    }
    if (side) entry.sides.add(side);
    const fallback = this.lastJudged.length > 0 ? this.lastJudged : (this.bodyEnd ?? this.latest().slice(-1));
    const on = exchanges.length > 0 ? exchanges : fallback;
    for (const exchange of on) {
      if (entry.evidence.length >= EVIDENCE_PER_RULE) break;
      if (entry.evidence.some((known) => known.id === exchange.id)) continue;
      const ref = evidenceRef(exchange, judged, entry.evidence.length === 0);
      if (ref) entry.evidence.push(ref);
    }
  }

  /** Notes the exchanges a judgement looked at, without crediting anything. */
  looked(exchanges: readonly Exchange[]): void {
    if (exchanges.length > 0) this.lastJudged = exchanges;
  }

  /** Records a failure; the same rule failing for the same cause again is counted, not repeated. */
  fail(record: FailureRecord): void {
    if (record.exchanges.length > 0) this.lastJudged = record.exchanges;
    const cause = record.cause ?? record.expected ?? record.message;
    const same = this.failures.find(
      (known) => known.rule === record.rule && (known.cause ?? known.expected ?? known.message) === cause,
    );
    if (same) {
      same.times = (same.times ?? 1) + 1;
      return;
    }
    if (this.failures.filter((known) => known.rule === record.rule).length >= CAUSES_PER_RULE) return;
    this.failures.push(record);
  }

  hasFailed(rule: RuleId): boolean {
    return this.failures.some(
      (failure) => failure.rule === rule || (failure.more ?? []).some((other) => other.rule === rule),
    );
  }

  get firstFailure(): FailureRecord | undefined {
    return this.failures[0];
  }

  get failureCount(): number {
    return this.failures.length;
  }

  /** Declared rules the check did not evaluate, with the reason. */
  notTried(rules: readonly RuleId[], reason: string): void {
    this.untried.push({ rules: [...rules], reason });
  }

  credited(): RuleId[] {
    return [...this.passes.keys()].filter((rule) => !this.hasFailed(rule));
  }

  /**
   * The verdicts once the check has ended. A declared rule neither credited nor failed is passed
   * when the check ran to its end (every step of it held), skipped with `stoppedBecause` when a
   * failure stopped the check first, and left out when the check could not reach a verdict at
   * all (`stoppedBecause` undefined and `completed` false: the report gives those its error).
   */
  settle(declared: readonly RuleId[], completed: boolean, stoppedBecause: string | undefined): CheckVerdicts {
    const untried = new Map(this.untried.flatMap(({ rules, reason }) => rules.map((rule) => [rule, reason] as const)));
    if (completed) {
      // Credited for the whole run of the check: on what its body judged last.
      if (this.bodyEnd && this.bodyEnd.length > 0) this.lastJudged = this.bodyEnd;
      for (const rule of declared)
        if (!this.passes.has(rule) && !this.hasFailed(rule) && !untried.has(rule)) this.pass(rule);
    }
    const passed = [...this.passes]
      .filter(([rule]) => !this.hasFailed(rule))
      .map(([rule, { evidence, sides }]) => ({
        rule,
        evidence,
        ...(sides.size > 0 ? { sides: [...sides].sort() } : {}),
      }));
    const judged = new Set<RuleId>([
      ...passed.map((pass) => pass.rule),
      ...declared.filter((rule) => this.hasFailed(rule)),
    ]);
    const skipped = this.untried
      .map(({ rules, reason }) => ({ rules: rules.filter((rule) => !judged.has(rule)), reason }))
      .filter(({ rules }) => rules.length > 0);
    const unjudged = declared.filter((rule) => !judged.has(rule) && !untried.has(rule));
    if (stoppedBecause !== undefined && unjudged.length > 0) skipped.push({ rules: unjudged, reason: stoppedBecause });
    return { passed, failed: [...this.failures], skipped };
  }
}
