// What the idempotency checks share: each case sends a create, then the same request with the
// same Platform-Request-Id; what the repeat answered, what distinct keys gave, and the counts the
// notes give. "Same key, same resource" is credited only when distinct keys gave distinct
// resources (a target that answers one id to every create would otherwise pass it), and "no
// second resource" only on a list read-back that shows the first one. Not a check file.

import type { CheckContext } from '../../../harness/check.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import { is2xx, is4xx, isObject } from '../support/api.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/**
 * What a case keeps of an answer once it is judged: the status, the id it named, and the exchange
 * a failure shows. Not the body's text and parse: a --runs 1000 property keeps a thousand cases
 * until its read-back, and the parsed bodies were most of the worker's live memory.
 */
export interface KeptReply {
  status: number;
  id?: unknown;
  exchange: Exchange;
}

export function keptReply(reply: Reply): KeptReply {
  const id = idOf(reply);
  return { status: reply.status, ...(id !== undefined ? { id } : {}), exchange: reply.exchange };
}

/** One key: the first create, and the repeat when the first was taken. */
export interface RepeatCase {
  /** The value only this case's requests carry (name or custom_id), which ties a listed item to them. */
  mark: string;
  first: KeptReply;
  firstId?: string;
  repeat?: KeptReply;
}

export interface RepeatRules {
  key: RuleId;
  replay: RuleId;
}

const idOf = (reply: Reply): unknown => (isObject(reply.json) ? reply.json.id : undefined);

/**
 * Judges `repeat`, the answer to the case's repeated create, and keeps it in the case: another
 * success naming another id fails `key` (a second resource); a success naming no id fails
 * `replay`; a refusal is observed.
 */
export function judgeRepeat(ctx: CheckContext, c: RepeatCase, repeat: Reply, rules: RepeatRules, what: string): void {
  c.repeat = keptReply(repeat);
  const { first } = c;
  if (is2xx(repeat)) {
    const [a, b] = [first.id, c.repeat.id];
    const exchanges = [first.exchange, repeat.exchange];
    if (b !== undefined && b !== a) {
      const received = `${repeat.status} with id ${String(b)}`;
      ctx.fail({
        rule: rules.key,
        message: `${what}: the repeat created a second resource`,
        expected: `no new resource (the first was ${String(a)})`,
        received,
        exchanges,
      });
    }
    if (b === undefined) {
      const message = `${what}: the repeat succeeded without naming the first resource`;
      ctx.fail({
        rule: rules.replay,
        message,
        expected: `the first result (id ${String(a)})`,
        received: describeStatus(repeat),
        exchanges,
      });
    }
  }
}

/** "422 to 2, 400 to 1": how the refused first requests were answered. */
function statusCounts(replies: readonly KeptReply[]): string {
  const counts = new Map<number, number>();
  for (const reply of replies) counts.set(reply.status, (counts.get(reply.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status} to ${n}`).join(', ');
}

/** One note for the whole property: how many keys were sent twice, how the others were answered. */
export function noteRepeats(ctx: CheckContext, cases: readonly RepeatCase[], operation: string): void {
  const refused = cases.filter((c) => c.repeat === undefined);
  const twice = cases.length - refused.length;
  if (refused.length > 0) {
    const notRepeated = refused.length === 1 ? 'key was' : `${refused.length} keys were`;
    const answered = statusCounts(refused.map((c) => c.first));
    ctx.observe(
      `${operation} answered ${answered} of ${cases.length} first requests: those ${notRepeated} not ` +
        `repeated; ${twice} sent twice`,
    );
  }
  const refusedRepeats = cases.filter((c) => c.repeat !== undefined && is4xx(c.repeat));
  if (refusedRepeats.length > 0) {
    const answered = statusCounts(refusedRepeats.map((c) => c.repeat!));
    ctx.observe(
      `${operation} repeated with its Platform-Request-Id was answered ${answered} of ${twice} repeats ` +
        `(what a repeat answers is not shown)`,
    );
  }
}

/** An id the target gave to two cases with different keys; undefined when every taken case got its own. */
export function sharedId(cases: readonly RepeatCase[]): string | undefined {
  const seen = new Set<string>();
  for (const c of cases) {
    if (c.firstId === undefined) continue;
    if (seen.has(c.firstId)) return c.firstId;
    seen.add(c.firstId);
  }
  return undefined;
}

/** The cases whose repeat answered the first result: what the SHOULD rule of a replay rests on. */
export function replayed(cases: readonly RepeatCase[]): RepeatCase[] {
  return cases.filter((c) => c.repeat !== undefined && is2xx(c.repeat) && c.repeat.id === c.firstId);
}

/**
 * Credits what the property showed, or says why not: with no case taken, nothing; with an id
 * shared by two keys, neither rule; the replay rule only when some repeat answered the first id.
 * Returns whether the list read-back may go on to judge the key rule.
 */
export function creditRepeats(
  ctx: CheckContext,
  cases: readonly RepeatCase[],
  rules: RepeatRules,
  operation: string,
): boolean {
  noteRepeats(ctx, cases, operation);
  const taken = cases.filter((c) => c.firstId !== undefined);
  if (taken.length === 0) {
    ctx.notTried(
      [rules.key, rules.replay],
      `${operation} took none of the ${cases.length} first requests, so no key was repeated`,
    );
    return false;
  }
  const shared = sharedId(taken);
  if (shared !== undefined) {
    const reason =
      `${operation} answered the same id ${shared} to requests with different Platform-Request-Ids: ` +
      'a repeat answered with the first id cannot be told from every create answered alike';
    ctx.observe(reason);
    ctx.notTried([rules.key, rules.replay], reason);
    return false;
  }
  const replays = replayed(taken);
  if (replays.length > 0)
    ctx.credit(
      rules.replay,
      replays.slice(0, 1).flatMap((c) => [c.first.exchange, c.repeat!.exchange]),
      'the repeat answered the first id',
    );
  else
    ctx.notTried([rules.replay], `no repeat of ${operation} was answered with the first id (${taken.length} repeated)`);
  return true;
}

/** What a list read-back of the check's first resources showed: `shown` of the `taken` ones. */
export interface ListReadBack {
  rule: RuleId;
  /** "plans" or "subscriptions". */
  noun: string;
  /** The list read, with its filter ("list plans of product PROD-…"). */
  list: string;
  taken: number;
  shown: number;
  /** What the judgement rests on: a first create and its repeat, and the list read back. */
  evidence: Exchange[];
}

/** The key rule on a list read-back: credited only when the list shows the first resource of some case. */
export function creditReadBack(ctx: CheckContext, c: ListReadBack): void {
  if (c.shown === 0) {
    ctx.notTried(
      [c.rule],
      `${c.list} showed none of the ${c.taken} ${c.noun} this check created: no read-back shows what a repeat left`,
    );
    return;
  }
  if (c.shown < c.taken)
    ctx.observe(
      `${c.list} showed ${c.shown} of the ${c.taken} ${c.noun} this check created; ` + `those ${c.shown} were judged`,
    );
  ctx.credit(c.rule, c.evidence, `${c.shown} first ${c.noun} listed once each`);
}
