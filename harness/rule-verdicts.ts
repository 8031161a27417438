import type { Exchange } from './exchange.js';
import type { CheckVerdicts, FailureRecord, PassRecord, Side } from './check-meta.js';
import { evidenceRef } from './evidence.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// One check's verdicts, rule by rule, as it goes: each rule it credited with the exchanges the
// credit rests on, each failure (a check goes on after a failure it can go on from), and at the
// end what it could not judge and why. A rule is passed only by a credit on the exchanges that
// showed it: a declared rule the check never judged is not evaluated, however far the check ran.
// The report reads nothing else of a check's verdict, and the HAR names on each exchange the
// rules it informed (rulesByExchange).

/** Exchanges kept per credited rule: a certifier needs one or two to see why, not every case. */
const EVIDENCE_PER_RULE = 2;
/** Causes kept per failed rule: a check that breaks one rule in many ways shows the first few. */
const CAUSES_PER_RULE = 3;

/** Why a declared rule that the check never judged, though it ran to its end, is not passed. */
export const NEVER_JUDGED =
  'not evaluated: the check ran to its end without reaching a judgement of this rule (nothing it saw showed it)';

/** A credit with nothing to rest on is a check's bug, not a verdict: it is said at once. */
export class CreditWithoutEvidence extends Error {
  constructor(rule: RuleId) {
    super(`${rule} was credited on no exchange: a pass needs the exchanges that showed it`);
    this.name = 'CreditWithoutEvidence';
  }
}

export class RuleVerdicts {
  private readonly passes = new Map<RuleId, { evidence: PassRecord['evidence']; sides: Set<Side> }>();
  private readonly failures: FailureRecord[] = [];
  private readonly untried: Array<{ rules: RuleId[]; reason: string }> = [];
  /** Every exchange a credit of each rule rested on, not only those kept as evidence: for the HAR. */
  private readonly informing = new Map<RuleId, Set<string>>();

  /** Credits `rule` on `exchanges`, the ones that showed it (at least one). */
  pass(rule: RuleId, exchanges: readonly Exchange[], judged?: string, side?: Side): void {
    if (exchanges.length === 0) throw new CreditWithoutEvidence(rule);
    let entry = this.passes.get(rule);
    if (!entry) {
      entry = { evidence: [], sides: new Set() };
      this.passes.set(rule, entry);
    }
    if (side) entry.sides.add(side);
    this.inform(rule, exchanges);
    for (const exchange of exchanges) {
      if (entry.evidence.length >= EVIDENCE_PER_RULE) break;
      if (entry.evidence.some((known) => known.id === exchange.id)) continue;
      const ref = evidenceRef(exchange, judged, entry.evidence.length === 0);
      if (ref) entry.evidence.push(ref);
    }
  }

  /** Records a failure; the same rule failing for the same cause again is counted, not repeated. */
  fail(record: FailureRecord): void {
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
   * The verdicts once the check has ended. A declared rule neither credited nor failed is skipped:
   * with `stoppedBecause` when a failure stopped the check first, as never judged when the check
   * ran to its end (`completed`), and left out when the check could not reach a verdict at all
   * (`stoppedBecause` undefined and `completed` false: the report gives those its error).
   */
  settle(declared: readonly RuleId[], completed: boolean, stoppedBecause: string | undefined): CheckVerdicts {
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
    const untried = new Set(this.untried.flatMap(({ rules }) => rules));
    const unjudged = declared.filter((rule) => !judged.has(rule) && !untried.has(rule));
    const why = stoppedBecause ?? (completed ? this.neverJudged() : undefined);
    if (why !== undefined && unjudged.length > 0) skipped.push({ rules: unjudged, reason: why });
    return { passed, failed: [...this.failures], skipped };
  }

  /**
   * The rules each exchange informed, by exchange id: those a credit rested on it for (every
   * such exchange, not only the ones kept as evidence) and those a failure shows it for. A rule
   * that failed keeps the exchanges its earlier credits rested on: they informed it too.
   */
  rulesByExchange(extraFailures: readonly FailureRecord[] = []): Map<string, RuleId[]> {
    const informing = new Map([...this.informing].map(([rule, ids]) => [rule, new Set(ids)] as const));
    for (const failure of [...this.failures, ...extraFailures]) {
      const ids = failure.exchanges.flatMap((exchange) => (exchange.id === undefined ? [] : [exchange.id]));
      for (const rule of [failure.rule, ...(failure.more ?? []).map((other) => other.rule)]) {
        const known = informing.get(rule) ?? new Set<string>();
        for (const id of ids) known.add(id);
        informing.set(rule, known);
      }
    }
    const byExchange = new Map<string, RuleId[]>();
    for (const [rule, ids] of informing) {
      for (const id of ids) byExchange.set(id, [...(byExchange.get(id) ?? []), rule]);
    }
    return byExchange;
  }

  /** Why a check that ran to its end judged a rule not: with the failure it went on from, if one. */
  private neverJudged(): string {
    const first = this.failures[0];
    if (!first) return NEVER_JUDGED;
    const step = first.message.length > 140 ? `${first.message.slice(0, 139)}…` : first.message;
    return `not evaluated: the check went on after ${first.rule} failed at: ${step}, and no later step judged it`;
  }

  private inform(rule: RuleId, exchanges: readonly Exchange[]): void {
    const known = this.informing.get(rule) ?? new Set<string>();
    for (const exchange of exchanges) if (exchange.id !== undefined) known.add(exchange.id);
    this.informing.set(rule, known);
  }
}
