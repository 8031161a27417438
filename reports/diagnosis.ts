import type { CheckMeta } from '../harness/check-meta.js';
import type { Exchange } from '../harness/exchange.js';
import { operationOf } from '../contracts/operations.js';
import { OTHER_OPERATION, type OperationStats } from '../harness/request-stats.js';
import { checkOutcome } from './check-outcome.js';
import { errorCauseText } from './error-cause.js';
import { ANOTHER_RESOURCE } from '../harness/read-back-signs.js';
import type { CheckResult, ConformanceReport, Diagnosis } from './model.js';

// What went wrong with the target as a whole, when something did: the share of requests
// answered 429 or 5xx, timed out or reset; the checks that reached no verdict, grouped by what
// stopped them (139 errors from one approve-link host that does not resolve read as one line);
// signs that the target keeps no state; the slowest operations; and the flag or profile field
// that would help. Built from the per-operation statistics every check carries, and from its
// error evidence. Checks whose read-back answered about another resource than they made (their
// rules not tried) are counted among the stateless signs, one line per kind of answer. Shown
// first in the terminal and in summary.md; summary.diagnosis in conformance.json.

/** Causes listed one by one; the rest are counted in one line. */
const CAUSES_LISTED = 5;
const SLOWEST_LISTED = 3;

interface RunContext {
  baseUrl: string;
  durationMs: number;
  settings: ConformanceReport['settings'];
}

/** What a transport error was, as a person reads it (the words of http-client.ts describeError). */
function transportFailure(error: string, timeoutMs: number): string {
  if (/host name not found/.test(error)) return 'could not be resolved (ENOTFOUND)';
  if (/connection refused/.test(error)) return 'refused the connection (ECONNREFUSED)';
  if (/connection reset/.test(error)) return 'reset the connection';
  if (/\(timeout\)|stopped answering/.test(error)) return `did not answer within ${timeoutMs} ms`;
  if (/larger than \d+ bytes/.test(error)) return 'sent a body too large to read';
  return error.replace(/^[A-Z]+ \S+: /, '');
}

function parsed(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Where a request went, named for a person: an operation of the spec, or the approve link (the only
 * link a check follows).
 */
function placeOf(exchange: Exchange, baseOrigin: string | undefined): string {
  // A scrubbed URL may no longer parse (a secret in its host): its path still names the
  // operation, and its host goes unnamed.
  const url = parsed(exchange.request.url);
  const operation = operationOf(
    exchange.request.method,
    url ? url.pathname : exchange.request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, ''),
  );
  if (operation) return operation.name;
  if (url && url.origin === baseOrigin) return 'the approve link';
  return url ? `the approve link's host ${url.hostname}` : "the approve link's host (its address does not parse)";
}

/** What kept one check from a verdict, in words that are the same for every check it stopped. */
export function causeOf(meta: CheckMeta | undefined, fallback: string, context: RunContext): string {
  // One line, without a property's seed or the ids of what the target created.
  const message = errorCauseText(meta?.error ?? fallback);
  const exchanges = meta?.errorExchanges ?? [];
  const exchange =
    exchanges.find((e) => e.error !== undefined && e.response === undefined) ?? exchanges[exchanges.length - 1];
  const base = parsed(context.baseUrl)?.origin;
  if (exchange?.error !== undefined && exchange.response === undefined) {
    return `${placeOf(exchange, base)} ${transportFailure(exchange.error, context.settings.timeoutMs)}`;
  }
  // An answer whose body could not be judged (a coding not decoded, one that decodes past the limit).
  if (exchange?.error !== undefined) return `${placeOf(exchange, base)} ${exchange.error.replace(/^[A-Z]+ \S+: /, '')}`;
  const status = exchange?.response?.status;
  if (exchange && status !== undefined) {
    if (status === 429) return 'the target answered 429 (rate limited)';
    if (status >= 500) return `${placeOf(exchange, base)} answered ${status}`;
    // An answer the check could not go on from (a refused setup, a read-back): say the check's words.
    if (status >= 300) return `${message.replace(/:.*$/, '')}: ${placeOf(exchange, base)} answered ${status}`;
  }
  return message.slice(0, 200);
}

/** Checks without a verdict grouped by cause, most checks first. */
export function errorCauses(
  results: readonly CheckResult[],
  context: RunContext,
): Array<{ checks: number; cause: string }> {
  const counts = new Map<string, number>();
  for (const result of results) {
    if (checkOutcome(result) !== 'no verdict') continue;
    const cause = causeOf(result.meta, result.errorMessage ?? 'the check stopped without a verdict', context);
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([cause, checks]) => ({ checks, cause }));
}

const percent = (part: number, whole: number): string => {
  const share = (100 * part) / whole;
  return `${share >= 10 || Number.isInteger(share) ? share.toFixed(0) : share < 0.1 ? '<0.1' : share.toFixed(1)}%`;
};

const checksText = (n: number): string => `${n} check${n === 1 ? '' : 's'}`;

const seconds = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

function advise(
  d: Omit<Diagnosis, 'lines' | 'advice'>,
  context: RunContext,
  rateLowered: number | undefined,
): Diagnosis['advice'] {
  const advice: Diagnosis['advice'] = [];
  const { settings } = context;
  const halfConcurrency = Math.max(1, Math.floor(settings.concurrency / 2));
  if (d.rateLimited > 0) {
    const observed = d.requests / Math.max(1, context.durationMs / 1000);
    const rate = rateLowered ?? Math.max(1, Math.floor((settings.rate ?? observed) / 2));
    advice.push({
      change: `--rate ${rate}`,
      why: `the target answered 429 to ${percent(d.rateLimited, d.requests)} of the requests`,
    });
  }
  if (d.timedOut > 0) {
    advice.push({
      change: `--timeout-ms ${Math.min(600_000, settings.timeoutMs * 3)}`,
      why: `${d.timedOut} request${d.timedOut === 1 ? '' : 's'} got no answer within ${settings.timeoutMs} ms`,
    });
  }
  if ((d.timedOut > 0 || d.reset > 0 || d.serverErrors > 0) && settings.concurrency > 1) {
    const what = [
      d.timedOut > 0 ? 'timed out' : '',
      d.reset > 0 ? 'reset the connection' : '',
      d.serverErrors > 0 ? 'answered 5xx' : '',
    ]
      .filter(Boolean)
      .join(', ');
    advice.push({
      change: `--concurrency ${halfConcurrency}`,
      why:
        `with ${settings.concurrency} requests in flight at once the target ${what}: a busy target ` +
        `may do less of it with fewer`,
    });
  }
  const approval = d.causes.filter((c) => /approve link|approval/.test(c.cause));
  if (approval.length > 0 && settings.approval !== 'none') {
    const n = approval.reduce((sum, c) => sum + c.checks, 0);
    const through = settings.approval === 'command' ? 'the approval command' : 'the approve link (follow-link)';
    advice.push({
      change: 'approval.mode in the profile',
      why:
        `${checksText(n)} could not get a subscription approved through ${through}: ` +
        '"command" approves through a program of yours, "none" skips the checks that need an approved subscription',
    });
  }
  if (d.stateless.length > 0) {
    advice.push({
      change: 'baseUrl in the profile',
      why:
        'the checks need a target that keeps what it creates: a staging service, not a mock that ' +
        'answers canned bodies',
    });
  }
  return advice;
}

function linesOf(d: Omit<Diagnosis, 'lines'>): string[] {
  const lines: string[] = [];
  const shares = [
    d.rateLimited > 0 ? `${percent(d.rateLimited, d.requests)} answered 429` : '',
    d.serverErrors > 0 ? `${percent(d.serverErrors, d.requests)} answered 5xx` : '',
    d.timedOut > 0 ? `${percent(d.timedOut, d.requests)} timed out` : '',
    d.reset > 0 ? `${percent(d.reset, d.requests)} reset` : '',
  ].filter(Boolean);
  if (shares.length > 0) lines.push(`of ${d.requests} requests, ${shares.join(', ')}`);
  for (const { checks, cause } of d.causes.slice(0, CAUSES_LISTED)) lines.push(`${checksText(checks)}: ${cause}`);
  const rest = d.causes.slice(CAUSES_LISTED).reduce((sum, c) => sum + c.checks, 0);
  if (rest > 0)
    lines.push(`${checksText(rest)}: ${d.causes.length - CAUSES_LISTED} other causes (report.html has each check's)`);
  for (const { checks, sign } of d.stateless) {
    const verdictless = sign.startsWith(ANOTHER_RESOURCE);
    lines.push(
      `${checksText(checks)}: ${sign}${verdictless ? '; their declared rules were not credited;' : ':'} ` +
        `the target seems to keep no state`,
    );
  }
  if (d.slowest.length > 0)
    lines.push(
      `slowest: ` +
        d.slowest
          .map(
            (s) =>
              `${s.operation} ${seconds(s.meanMs)} on average (${seconds(s.slowestMs)} at most, ` +
              `${s.requests} requests)`,
          )
          .join('; '),
    );
  for (const { change, why } of d.advice) lines.push(`try ${change}: ${why}`);
  return lines;
}

/** The kind of another-resource answer a reason names, without its ids (up to the parenthesis). */
function anotherResourceSign(reason: string): string | undefined {
  if (!reason.startsWith(ANOTHER_RESOURCE)) return undefined;
  return reason.replace(/\s*\(.*$/s, '');
}

/** The signs one check saw: its read-back signs, and its read-backs about another resource, each once. */
function signsOf(result: CheckResult): Set<string> {
  const found = new Set(result.meta?.readBackSigns ?? []);
  // The check's own verdicts carry its not-tried rules; a proxy's or an older record, notTried.
  for (const { reason } of result.meta?.verdicts?.skipped ?? result.meta?.notTried ?? []) {
    const sign = anotherResourceSign(reason);
    if (sign) found.add(sign);
  }
  return found;
}

/**
 * The diagnosis of a run whose target misbehaved; undefined when nothing did. `stats`: the run's
 * per-operation totals, added up once by the report builder (build-report.ts runStatsOf).
 */
export function diagnose(
  results: readonly CheckResult[],
  context: RunContext,
  stats: Readonly<Record<string, OperationStats>>,
): Diagnosis | undefined {
  const signs = new Map<string, number>();
  let rateLowered: number | undefined;
  for (const result of results) {
    for (const sign of signsOf(result)) signs.set(sign, (signs.get(sign) ?? 0) + 1);
    const lowered = result.meta?.rateLowered?.to;
    if (lowered !== undefined) rateLowered = Math.min(rateLowered ?? lowered, lowered);
  }
  const all = Object.values(stats);
  const sum = (count: (s: OperationStats) => number): number => all.reduce((total, s) => total + count(s), 0);
  const statusCount = (s: OperationStats, match: (status: number) => boolean): number =>
    Object.entries(s.statuses).reduce((total, [status, n]) => total + (match(Number(status)) ? n : 0), 0);
  const base = {
    requests: sum((s) => s.requests),
    rateLimited: sum((s) => statusCount(s, (status) => status === 429)),
    serverErrors: sum((s) => statusCount(s, (status) => status >= 500)),
    timedOut: sum((s) => s.timeouts),
    reset: sum((s) => s.resets),
    causes: errorCauses(results, context),
    stateless: [...signs].sort((a, b) => b[1] - a[1]).map(([sign, checks]) => ({ checks, sign })),
    slowest: Object.entries(stats)
      .filter(([, s]) => s.requests > 0)
      .map(([name, s]) => ({
        operation: name === OTHER_OPERATION ? 'the approve link' : name,
        requests: s.requests,
        meanMs: Math.round(s.totalMs / s.requests),
        slowestMs: s.slowestMs,
      }))
      .sort((a, b) => b.meanMs - a.meanMs)
      .slice(0, SLOWEST_LISTED),
  };
  if (
    base.rateLimited + base.serverErrors + base.timedOut + base.reset === 0 &&
    base.causes.length === 0 &&
    base.stateless.length === 0
  )
    return undefined;
  const withAdvice = { ...base, advice: advise(base, context, rateLowered) };
  return { lines: linesOf(withAdvice), ...withAdvice };
}
