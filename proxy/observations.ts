import type { CheckMeta, FailureRecord } from '../harness/check-meta.js';
import { curlLine } from '../harness/curl.js';
import type { Exchange } from '../harness/exchange.js';
import { RequestStats } from '../harness/request-stats.js';
import type { CheckResult, ClientMistakeReport } from '../reports/model.js';
import type { ClientMistake, Finding } from './judge-exchange.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// What the proxy saw, as the check results a report is built from (reports/build-report.ts):
// per operation, one passing "check" holding every rule its exchanges showed held; per exchange
// that showed a rule broken, one failing "check" with that exchange as evidence. So a report of
// observed traffic reads like a run's: the same per-rule statuses, the same evidence.

const MAX_FAILURES = 200;

export interface Observed {
  operation?: string;
  exchange: Exchange;
  findings: Finding[];
  client: ClientMistake[];
  /** What of the exchange could not be judged (a body in a coding the proxy cannot decode). */
  unjudged?: { rule: RuleId; message: string };
}

interface Passes {
  held: Set<RuleId>;
  refusals: Map<RuleId, string>;
  stats: RequestStats;
}

export class Observations {
  private readonly passes = new Map<string, Passes>();
  private readonly failures: CheckResult[] = [];
  private readonly mistakes = new Map<string, ClientMistakeReport>();
  private dropped = 0;
  exchanges = 0;

  add(observed: Observed): void {
    this.exchanges += 1;
    const operation = observed.operation ?? 'not an operation of either spec';
    let passes = this.passes.get(operation);
    if (!passes)
      this.passes.set(operation, (passes = { held: new Set(), refusals: new Map(), stats: new RequestStats() }));
    passes.stats.record(observed.exchange);
    const broken = observed.findings.filter((finding) => !finding.held);
    for (const finding of observed.findings) {
      if (!finding.held || broken.some((other) => other.rule === finding.rule)) continue;
      passes.held.add(finding.rule);
      if (finding.byRefusal && observed.operation) passes.refusals.set(finding.rule, observed.operation);
    }
    for (const mistake of observed.client) {
      const key = `${mistake.rule} ${operation}`;
      const known = this.mistakes.get(key);
      if (known) known.count += 1;
      else
        this.mistakes.set(key, {
          rule: mistake.rule,
          operation,
          message: mistake.message,
          count: 1,
          example: observed.exchange,
        });
    }
    const unjudged = observed.unjudged;
    if (unjudged) this.noVerdict(observed.operation, observed.exchange, unjudged.message, unjudged.rule);
    if (broken.length === 0) return;
    if (this.failures.length >= MAX_FAILURES) {
      this.dropped += 1;
      return;
    }
    this.failures.push(this.failureOf(operation, observed, broken));
  }

  /**
   * An exchange that could not be judged: a check without a verdict, for `rule` (the rule it would
   * have been judged on first) when known, so the report cannot read as if it had been judged.
   */
  unjudged(
    operation: string | undefined,
    exchange: Exchange | undefined,
    message: string,
    rule: RuleId | undefined,
  ): void {
    this.exchanges += 1;
    this.noVerdict(operation, exchange, message, rule);
  }

  /** A check without a verdict for `rule`, with the exchange that could not be judged. */
  private noVerdict(
    operation: string | undefined,
    exchange: Exchange | undefined,
    message: string,
    rule?: RuleId,
  ): void {
    // Past the evidence kept, one is still kept: the report must show that something went unjudged.
    if (this.failures.length >= MAX_FAILURES && this.failures.some((failure) => failure.meta?.error !== undefined)) {
      this.dropped += 1;
      return;
    }
    const meta: CheckMeta = {
      rules: rule ? [rule] : [],
      covered: [],
      observations: [],
      requests: exchange ? 1 : 0,
      seed: 0,
      error: message,
      ...(exchange ? { errorExchanges: [exchange] } : {}),
    };
    this.failures.push({
      name: `unjudged exchange ${this.exchanges}`,
      file: `proxy/${operation ?? 'not an operation of either spec'}`,
      state: 'failed',
      durationMs: exchange?.durationMs ?? 0,
      meta,
    });
  }

  private failureOf(operation: string, observed: Observed, broken: readonly Finding[]): CheckResult {
    const [first, ...rest] = broken;
    const request = observed.exchange.request;
    const failure: FailureRecord = {
      rule: first.rule,
      message: first.message ?? `the exchange broke ${first.rule}`,
      ...(first.expected !== undefined ? { expected: first.expected } : {}),
      ...(first.received !== undefined ? { received: first.received } : {}),
      exchanges: [observed.exchange],
      curl: curlLine(request),
      ...(rest.length > 0
        ? {
            more: rest.map((other) => ({
              rule: other.rule,
              message: other.message ?? `the exchange broke ${other.rule}`,
              ...(other.expected !== undefined ? { expected: other.expected } : {}),
              ...(other.received !== undefined ? { received: other.received } : {}),
            })),
          }
        : {}),
    };
    const meta: CheckMeta = { rules: [first.rule], covered: [], observations: [], requests: 0, seed: 0, failure };
    const path = request.url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\?.*$/s, '');
    return {
      name: `observed exchange ${this.exchanges}: ${request.method} ${path}`,
      file: `proxy/${operation}`,
      state: 'failed',
      durationMs: observed.exchange.durationMs,
      meta,
    };
  }

  /** The check results of everything observed so far. */
  results(): CheckResult[] {
    const passing: CheckResult[] = [...this.passes].map(([operation, passes]) => {
      const snapshot = passes.stats.snapshot();
      const requests = Object.values(snapshot).reduce((sum, stats) => sum + stats.requests, 0);
      const meta: CheckMeta = {
        rules: [],
        covered: [...passes.held],
        observations: [],
        requests,
        seed: 0,
        operations: snapshot,
        ...(passes.refusals.size > 0
          ? { refusals: [...passes.refusals].map(([rule, refusedBy]) => ({ rule, operation: refusedBy })) }
          : {}),
      };
      return { name: `observed: ${operation}`, file: 'proxy', state: 'passed', durationMs: 0, meta };
    });
    return [...passing, ...this.failures];
  }

  /** The client's mistakes, most frequent first. */
  clientMistakes(): ClientMistakeReport[] {
    return [...this.mistakes.values()].sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule));
  }

  /** Failing exchanges beyond the ones kept as evidence. */
  get droppedFailures(): number {
    return this.dropped;
  }
}
