// What the JSON Patch checks share: sending a patch, the members it touches, and judging a
// refusal ("refused with a 4xx and nothing changed").

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import type { FailureDetails } from '../../../harness/failure.js';
import { pointerOf, segmentsOf, valueAtPointer } from '../../../contracts/json-pointer.js';
import type { PatchOperation } from '../../../generators/index.js';
import { brief, is4xx, type JsonObject, planPath, subscriptionPath } from './api.js';
import { snapshot } from './documents.js';
import { theReadBefore } from '../../../harness/state-found.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

export function describePatch(ops: readonly PatchOperation[]): string {
  return ops
    .map((o) => `${o.op} ${o.from ? `${o.from} -> ` : ''}${o.path}${'value' in o ? ` = ${brief(o.value, 60)}` : ''}`)
    .join('; ');
}

export async function patchPlan(ctx: CheckContext, id: string, ops: readonly PatchOperation[]): Promise<Reply> {
  return ctx.billingSend('PATCH', planPath(id), { json: ops });
}

export async function patchSubscription(ctx: CheckContext, id: string, ops: readonly PatchOperation[]): Promise<Reply> {
  return ctx.billingSend('PATCH', subscriptionPath(id), { json: ops });
}

/**
 * The members a patch touches, as JSON Pointers to compare before and after: its path and from,
 * and /status. A path through the @sequence==n selector names a cycle by its sequence, not its
 * position, so the whole member that holds the cycles is compared (/plan for a subscription).
 */
export function membersOf(op: PatchOperation): string[] {
  const member = (pointer: string) => {
    const segments = segmentsOf(pointer);
    const selector = segments.findIndex((segment) => segment.startsWith('@sequence=='));
    return selector < 0 ? pointer : pointerOf(segments.slice(0, Math.max(selector - 1, 1)));
  };
  return [...new Set([member(op.path), ...(op.from ? [member(op.from)] : []), '/status'])];
}

/** The same JSON whatever the order of object members (a server may reorder them on a write). */
function sameJson(a: unknown, b: unknown): boolean {
  // snapshot sorts members at every depth; wrapped, nothing of the value itself is left out
  return snapshot({ value: a }) === snapshot({ value: b });
}

export interface RefusalJudgement {
  rule: RuleId;
  what: string;
  reply: Reply;
  before: JsonObject;
  after: JsonObject;
  readBack: Reply;
  /** The read that showed `before`, named in the failure: the state the refusal is judged against. */
  beforeRead?: Reply;
  /** JSON Pointers of the members that must read back as before (membersOf). */
  members: readonly string[];
  /** The rule for "changed anyway" when it differs from the refusal's (a SHOULD, for instance). */
  unchangedRule?: RuleId;
  /** Record a failure and go on (the next case is judged against the state read after this one). */
  goOn?: boolean;
  /**
   * Credit nothing yet: a refusal shows the rule only once the check has seen the same patch
   * taken without what breaks it (a passing test), and credits it then.
   */
  creditLater?: boolean;
}

/** A refused patch: a 4xx, and every member it touches reads back as before; credited on both if so. */
export function expectRefusedAndUnchanged(ctx: CheckContext, j: RefusalJudgement): void {
  const fail = (details: FailureDetails): void => (j.goOn ? ctx.softFail(details) : ctx.fail(details));
  if (!is4xx(j.reply)) {
    fail({
      rule: j.rule,
      message: `${j.what}: the patch was not refused`,
      expected: 'a 4xx refusal',
      received: `status ${j.reply.status}`,
      exchanges: [j.reply.exchange, j.readBack.exchange],
    });
    return;
  }
  const since = j.beforeRead ? ` since ${theReadBefore(j.beforeRead.exchange)}` : '';
  for (const member of j.members) {
    const was = valueAtPointer(j.before, member);
    const now = valueAtPointer(j.after, member);
    if (!sameJson(was, now)) {
      fail({
        rule: j.unchangedRule ?? j.rule,
        message: `${j.what}: refused with ${j.reply.status}, yet ${member} changed${since}`,
        expected: `${member} as before: ${brief(was)}`,
        received: brief(now),
        exchanges: [...(j.beforeRead ? [j.beforeRead.exchange] : []), j.reply.exchange, j.readBack.exchange],
      });
      return;
    }
  }
  if (j.creditLater) return;
  ctx.creditRefusal(j.reply, j.rule);
  ctx.credit(
    j.unchangedRule ?? j.rule,
    [j.reply, j.readBack],
    `refused with ${j.reply.status}, unchanged when read back`,
  );
}

/** One patch document a check expects refused, with what it must leave as it was. */
export interface RefusedPatch {
  body: unknown;
  rule: RuleId;
  what: string;
  /** JSON Pointers of the members that must read back as before (membersOf). */
  members: readonly string[];
}

/** Operations each sent alone and expected refused: `why` says what breaks each, `rule` what states it. */
export function refusedOperations(
  cases: ReadonlyArray<{ op: PatchOperation; rule: RuleId; why: string }>,
): RefusedPatch[] {
  return cases.map(({ op, rule, why }) => ({
    body: [op],
    rule,
    what: `${describePatch([op])} (${why})`,
    members: membersOf(op),
  }));
}

/**
 * Sends each patch in turn and reads back after it: each is refused with a 4xx and leaves its
 * members as the read right before it showed. That read is the one after the previous patch, so a
 * patch the server took (its own failure, said once) moves the state found on instead of failing
 * every refusal after it. Goes on after a failure: the cases judge rules of their own.
 */
export async function expectEachRefused(
  ctx: CheckContext,
  cases: readonly RefusedPatch[],
  send: (body: unknown) => Promise<Reply>,
  read: () => Promise<{ doc: JsonObject; reply: Reply }>,
): Promise<void> {
  let before = await read();
  for (const c of cases) {
    const reply = await send(c.body);
    const after = await read();
    expectRefusedAndUnchanged(ctx, {
      rule: c.rule,
      what: c.what,
      reply,
      before: before.doc,
      beforeRead: before.reply,
      after: after.doc,
      readBack: after.reply,
      members: c.members,
      goOn: true,
    });
    before = after;
  }
}
