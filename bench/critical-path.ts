import { readFileSync } from 'node:fs';

// Where the time of a latency-bound run goes, read from its exchanges.har: per check, the longest
// chain of requests that had to wait for one another (a request waits for every request of its
// check that was answered before it left: the check read that answer before it sent the next),
// and the time its requests waited for a free slot (the HAR's timings.blocked). A run cannot end
// sooner than its longest chain; time beyond that is slots waited for, or checks started late.

interface HarEntry {
  startedDateTime: string;
  time: number;
  timings: { blocked?: number };
  _check: string;
}

export interface CheckPath {
  check: string;
  requests: number;
  /** Requests on the longest chain. */
  chain: number;
  /** The time the requests of that chain were in flight, added up (ms). */
  chainMs: number;
  /** From the check's first request leaving to its last answer, relative to the run's first request (ms). */
  startMs: number;
  endMs: number;
  /** Time its requests waited for a slot, added up (ms). */
  blockedMs: number;
}

export interface CriticalPath {
  requests: number;
  /** The span of the traffic: first request out to last answer in (ms). */
  spanMs: number;
  /** Time all requests waited for a slot, added up (ms); undefined when the HAR does not say. */
  blockedMs?: number;
  longest: CheckPath;
  /** Checks by the end of their last answer, latest first. */
  checks: CheckPath[];
}

interface Timed {
  start: number;
  end: number;
  blocked: number;
}

/** Longest chain through one check's requests, ordered by start. */
function chainOf(requests: Timed[]): { chain: number; chainMs: number } {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const byEnd = [...sorted].sort((a, b) => a.end - b.end);
  // best[i]: the longest chain ending at sorted[i]; bestBefore: the longest among requests answered by now.
  const best = new Map<Timed, { chain: number; chainMs: number }>();
  let settled = 0;
  let before = { chain: 0, chainMs: 0 };
  for (const request of sorted) {
    while (settled < byEnd.length && byEnd[settled].end <= request.start) {
      const done = best.get(byEnd[settled]);
      if (done && (done.chain > before.chain || (done.chain === before.chain && done.chainMs > before.chainMs)))
        before = done;
      settled += 1;
    }
    best.set(request, { chain: before.chain + 1, chainMs: before.chainMs + (request.end - request.start) });
  }
  let top = { chain: 0, chainMs: 0 };
  for (const one of best.values())
    if (one.chain > top.chain || (one.chain === top.chain && one.chainMs > top.chainMs)) top = one;
  return top;
}

export function criticalPath(harFile: string): CriticalPath | undefined {
  const entries = (JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: HarEntry[] } }).log.entries;
  if (entries.length === 0) return undefined;
  const perCheck = new Map<string, Timed[]>();
  let first = Infinity;
  let last = -Infinity;
  let blockedKnown = true;
  for (const entry of entries) {
    const start = Date.parse(entry.startedDateTime);
    const end = start + entry.time;
    const blocked = entry.timings.blocked ?? -1;
    if (blocked < 0) blockedKnown = false;
    first = Math.min(first, start);
    last = Math.max(last, end);
    const list = perCheck.get(entry._check) ?? [];
    list.push({ start, end, blocked: Math.max(0, blocked) });
    perCheck.set(entry._check, list);
  }
  const checks: CheckPath[] = [...perCheck].map(([check, requests]) => ({
    check,
    requests: requests.length,
    ...chainOf(requests),
    startMs: Math.min(...requests.map((r) => r.start)) - first,
    endMs: Math.max(...requests.map((r) => r.end)) - first,
    blockedMs: requests.reduce((sum, r) => sum + r.blocked, 0),
  }));
  checks.sort((a, b) => b.endMs - a.endMs);
  const longest = checks.reduce((top, one) => (one.chainMs > top.chainMs ? one : top), checks[0]);
  return {
    requests: entries.length,
    spanMs: last - first,
    ...(blockedKnown ? { blockedMs: checks.reduce((sum, one) => sum + one.blockedMs, 0) } : {}),
    longest,
    checks,
  };
}
