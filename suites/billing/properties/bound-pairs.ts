// A list subscriptions query value just past a stated length or count, judged beside the same
// shape at the bound. A server may refuse a shape for a reason of its own (ids it does not read,
// a filter it cannot parse: the spec shows neither), so a refusal past the bound shows the bound
// only when the same request at the bound, everything else the same, was taken. Taking the value
// past the bound fails the rule whatever the bound got: a length or a count has no range a value
// could be clamped into that the client would see. A shape taken at neither leaves the rule not
// evaluated by it, with the reason, never passed. Not a check file: the runner collects *.check.ts.

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import { judgeBrokenQuery } from '../../../judging/query-answer.js';
import type { BoundPair } from '../../../generators/index.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';
import { is4xx, sendQuery, SUBSCRIPTIONS, URL_LIMIT } from '../support/api.js';

export interface PairedLimit {
  rule: RuleId;
  param: string;
  /** The bound as the spec states it, for messages: "3..1890 characters". */
  bound: string;
  pairs: readonly BoundPair[];
  /** What a value measures against the bound, for messages (its length unless told). */
  measure?: (value: string) => string;
}

/** A value as sent, and what it was sent as. */
export interface Sent {
  param: string;
  value: string;
  reply: Reply;
  urlLength: number;
  what: string;
}

export const lengthOf = (value: string): string => `${[...value].length} characters`;

/** Sends list subscriptions with `param` = `value` alone (commas written as they are). */
export async function sendParam(ctx: CheckContext, param: string, value: string, what: string): Promise<Sent> {
  const { reply, urlLength } = await sendQuery(ctx, SUBSCRIPTIONS, { [param]: value });
  return { param, value, reply, urlLength, what: `list subscriptions with ${param} ${what}` };
}

/** Fails `rule` unless the value past the bound was refused; true when it failed it. */
export function failUnlessRefused(ctx: CheckContext, rule: RuleId, past: Sent, also: readonly Reply[] = []): boolean {
  if (is4xx(past.reply)) return false;
  const { param, value, reply, what } = past;
  const judgement = judgeBrokenQuery({ rule, param, query: { [param]: value }, status: reply.status, what });
  if (judgement.outcome !== 'broken') return false;
  const { message = past.what, expected = 'a 4xx refusal' } = judgement.finding;
  ctx.softFail({
    rule,
    message,
    expected,
    received: describeStatus(past.reply),
    exchanges: [past.reply.exchange, ...also.map((reply) => reply.exchange)],
    side: 'request',
  });
  return true;
}

/** Why a refusal past the bound does not show the bound, or undefined when it does. */
function unshown(at: Sent, past: Sent): string | undefined {
  if (at.reply.status !== 200) return `at the bound it was answered ${at.reply.status}`;
  if (past.urlLength > URL_LIMIT) return `past the bound its URL has ${past.urlLength} characters (over ${URL_LIMIT})`;
  return undefined;
}

/** Sends every shape of `limit` at and past its bound and judges them (see the file comment). */
export async function judgeBoundPairs(ctx: CheckContext, limit: PairedLimit): Promise<void> {
  const { rule, param, measure = lengthOf } = limit;
  const reasons: string[] = [];
  let judged = false;
  for (const { shape, atBound, pastBound } of limit.pairs) {
    const at = await sendParam(ctx, param, atBound, `of ${measure(atBound)}, ${shape}`);
    const past = await sendParam(ctx, param, pastBound, `of ${measure(pastBound)}, ${shape}`);
    if (failUnlessRefused(ctx, rule, past, [at.reply])) {
      judged = true;
      continue;
    }
    const why = unshown(at, past);
    if (why) {
      reasons.push(`${shape}: ${why}`);
      continue;
    }
    judged = true;
    ctx.creditRefusal(past.reply, rule);
    ctx.credit(
      rule,
      [at.reply, past.reply],
      `${param} of ${measure(atBound)} served, the same shape of ${measure(pastBound)} refused`,
    );
  }
  if (!judged)
    ctx.notTried(
      [rule],
      `no shape of ${param} was taken at its bound (${limit.bound}), so no refusal past it shows the bound: ` +
        reasons.join('; '),
    );
}
