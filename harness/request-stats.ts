import type { Exchange } from './exchange.js';
import { operationOf } from '../contracts/operations.js';

// What a check's requests got, per operation of the spec: how many, which statuses, how many
// timed out or were reset, and how long they took. The report reads it to tell whether an
// operation ever took a request (a refusal proves nothing on a route that refuses everything)
// and to diagnose a misbehaving target (the share of 429s, 5xx, timeouts; the slowest operations).

export interface OperationStats {
  requests: number;
  /** Count per response status ("200", "429", ...). */
  statuses: Record<string, number>;
  /** No response: timed out, connection reset, refused, or another transport error. */
  timeouts: number;
  resets: number;
  refused: number;
  otherErrors: number;
  /** Sum and maximum of the durations, in ms (answered and not). */
  totalMs: number;
  slowestMs: number;
}

/** Requests to a path or method neither spec has (a link's href, for example). */
export const OTHER_OPERATION = 'other';

const emptyStats = (): OperationStats => ({
  requests: 0,
  statuses: {},
  timeouts: 0,
  resets: 0,
  refused: 0,
  otherErrors: 0,
  totalMs: 0,
  slowestMs: 0,
});

/** How a transport error reads in an exchange (see http-client.ts describeError). */
function errorKind(error: string): 'timeouts' | 'resets' | 'refused' | 'otherErrors' {
  if (/\(timeout\)|timed out/.test(error)) return 'timeouts';
  if (/connection reset/.test(error)) return 'resets';
  if (/connection refused/.test(error)) return 'refused';
  return 'otherErrors';
}

export class RequestStats {
  private readonly byOperation = new Map<string, OperationStats>();

  /**
   * One exchange as sent (requests that were never sent, a stalled target's, are not counted),
   * under the operation's name the client already worked out for it (OTHER_OPERATION: neither
   * spec has it); a caller that has none (the proxy) leaves it to be found from the URL.
   */
  record(
    exchange: Exchange,
    name: string = operationOf(exchange.request.method, exchange.request.url)?.name ?? OTHER_OPERATION,
  ): void {
    let stats = this.byOperation.get(name);
    if (!stats) {
      stats = emptyStats();
      this.byOperation.set(name, stats);
    }
    stats.requests += 1;
    stats.totalMs += exchange.durationMs;
    stats.slowestMs = Math.max(stats.slowestMs, exchange.durationMs);
    if (exchange.response) {
      const status = String(exchange.response.status);
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    } else {
      stats[errorKind(exchange.error ?? '')] += 1;
    }
  }

  /** A plain, serialisable copy (check meta crosses from worker to main). */
  snapshot(): Record<string, OperationStats> {
    return Object.fromEntries(
      [...this.byOperation].map(([name, stats]) => [name, { ...stats, statuses: { ...stats.statuses } }]),
    );
  }
}

/** Adds `from` into `into`, operation by operation: a run's totals from its checks'. */
export function addStats(into: Record<string, OperationStats>, from: Readonly<Record<string, OperationStats>>): void {
  for (const [name, stats] of Object.entries(from)) {
    const total = (into[name] ??= emptyStats());
    total.requests += stats.requests;
    total.timeouts += stats.timeouts;
    total.resets += stats.resets;
    total.refused += stats.refused;
    total.otherErrors += stats.otherErrors;
    total.totalMs += stats.totalMs;
    total.slowestMs = Math.max(total.slowestMs, stats.slowestMs);
    for (const [status, count] of Object.entries(stats.statuses))
      total.statuses[status] = (total.statuses[status] ?? 0) + count;
  }
}

/** Whether the operation answered some request with a 2xx. */
export function tookARequest(stats: OperationStats | undefined): boolean {
  return Object.entries(stats?.statuses ?? {}).some(([status, count]) => count > 0 && status.startsWith('2'));
}
