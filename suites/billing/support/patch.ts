// What the JSON Patch checks share: sending a patch, the members it touches, and judging a
// refusal ("refused with a 4xx and nothing changed").

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { pointerOf, segmentsOf, valueAtPointer } from '../../../contracts/json-pointer.js';
import type { PatchOperation } from '../../../generators/index.js';
import { brief, is4xx, type JsonObject, planPath, subscriptionPath } from './api.js';
import { snapshot } from './documents.js';
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
  /** JSON Pointers of the members that must read back as before (membersOf). */
  members: readonly string[];
  /** The rule for "changed anyway" when it differs from the refusal's (a SHOULD, for instance). */
  unchangedRule?: RuleId;
  /**
   * Credit nothing yet: a refusal shows the rule only once the check has seen the same patch
   * taken without what breaks it (a passing test), and credits it then.
   */
  creditLater?: boolean;
}

/** A refused patch: a 4xx, and every member it touches reads back as before; credited on both if so. */
export function expectRefusedAndUnchanged(ctx: CheckContext, j: RefusalJudgement): void {
  if (!is4xx(j.reply)) {
    ctx.fail({
      rule: j.rule,
      message: `${j.what}: the patch was not refused`,
      expected: 'a 4xx refusal',
      received: `status ${j.reply.status}`,
      exchanges: [j.reply.exchange, j.readBack.exchange],
    });
  }
  for (const member of j.members) {
    const was = valueAtPointer(j.before, member);
    const now = valueAtPointer(j.after, member);
    if (!sameJson(was, now)) {
      ctx.fail({
        rule: j.unchangedRule ?? j.rule,
        message: `${j.what}: refused with ${j.reply.status}, yet ${member} changed`,
        expected: `${member} as before: ${brief(was)}`,
        received: brief(now),
        exchanges: [j.reply.exchange, j.readBack.exchange],
      });
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
