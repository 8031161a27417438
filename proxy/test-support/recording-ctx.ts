import type { CheckContext } from '../../harness/check.js';
import type { Reply } from '../../harness/exchange.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { RawExchange } from '../judge-exchange.js';

// What `run`'s judging functions conclude about one answer, recorded rule by rule: a check
// context that runs none of a check's plumbing and keeps only the verdicts (ctx.fail stops the
// judgement, as it stops a check).

export type Verdict = 'held' | 'broken' | 'not judged';

class Stop extends Error {}

export interface Recording {
  ctx: CheckContext;
  verdict(rule: RuleId): Verdict;
  /** Runs a judgement; a ctx.fail ends it, as in a check. */
  judge(body: () => void): void;
}

export function recordingCtx(): Recording {
  const held = new Set<string>();
  const broken = new Set<string>();
  const ctx = {
    settings: { runId: 'cnf1' },
    fail: (details: { rule: string }) => {
      broken.add(details.rule);
      throw new Stop(details.rule);
    },
    credit: (rules: string | readonly string[]) => [rules].flat().forEach((rule) => held.add(rule)),
    notTried: () => undefined,
    creditRefusal: (_reply: Reply, rule: string) => held.add(rule),
    observe: () => undefined,
  } as unknown as CheckContext;
  return {
    ctx,
    verdict: (rule) => (broken.has(rule) ? 'broken' : held.has(rule) ? 'held' : 'not judged'),
    judge: (body) => {
      try {
        body();
      } catch (error) {
        if (!(error instanceof Stop)) throw error;
      }
    },
  };
}

/** The reply `run`'s client would have made of an exchange the proxy saw. */
export function replyOf(raw: RawExchange): Reply {
  const text = raw.responseBody;
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  const exchange = {
    request: { method: raw.method, url: `http://127.0.0.1${raw.target}`, headers: {} },
    response: { status: raw.status ?? 0, headers: {}, body: text },
    durationMs: 0,
  };
  return {
    exchange,
    status: raw.status ?? 0,
    headers: { ...raw.responseHeaders },
    text,
    json,
    ...(raw.responseCodings ? { codings: [...raw.responseCodings] } : {}),
  };
}
