// What the JSON Patch checks share: sending a patch, the members it touches, and judging a
// refusal ("refused with a 4xx and nothing changed").

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { segmentsOf } from '../../../contracts/json-pointer.js';
import type { PatchOperation } from '../../../generators/index.js';
import { brief, is4xx, type JsonObject, planPath, subscriptionPath } from './api.js';
import { valueAt } from './documents.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

export function describePatch(ops: readonly PatchOperation[]): string {
  return ops.map((o) => `${o.op} ${o.from ? `${o.from} -> ` : ''}${o.path}${'value' in o ? ` = ${brief(o.value, 60)}` : ''}`).join('; ');
}

export async function patchPlan(ctx: CheckContext, id: string, ops: readonly PatchOperation[]): Promise<Reply> {
  return ctx.billingSend('PATCH', planPath(id), { json: ops });
}

export async function patchSubscription(ctx: CheckContext, id: string, ops: readonly PatchOperation[]): Promise<Reply> {
  return ctx.billingSend('PATCH', subscriptionPath(id), { json: ops });
}

/**
 * The members a patch path touches, as dotted paths to compare before and after: the path
 * itself, or the whole plan terms when it goes through the @sequence==n selector.
 */
export function membersOf(op: PatchOperation): string[] {
  const dotted = (pointer: string) => (pointer.includes('@sequence==') ? 'plan' : segmentsOf(pointer).join('.'));
  return [...new Set([dotted(op.path), ...(op.from ? [dotted(op.from)] : []), 'status'])];
}

export interface RefusalJudgement {
  rule: RuleId;
  what: string;
  reply: Reply;
  before: JsonObject;
  after: JsonObject;
  readBack: Reply;
  members: readonly string[];
  /** The rule for "changed anyway" when it differs from the refusal's (a SHOULD, for instance). */
  unchangedRule?: RuleId;
}

/** A refused patch: a 4xx, and every member it touches reads back as before. */
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
    const was = valueAt(j.before, member);
    const now = valueAt(j.after, member);
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      ctx.fail({
        rule: j.unchangedRule ?? j.rule,
        message: `${j.what}: refused with ${j.reply.status}, yet ${member} changed`,
        expected: `${member} as before: ${brief(was)}`,
        received: brief(now),
        exchanges: [j.reply.exchange, j.readBack.exchange],
      });
    }
  }
}
