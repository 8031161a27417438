// What a fault is, as its family file writes it, and the small plug-ins several families share.

import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { Reply } from '../http/answer.js';
import { isObject, type Json } from '../http/json.js';
import type { Plugs, RequestFacts } from './points.js';

export type { Plugs };

/** One fault: one small deviation from one stated rule, and where it plugs into the reference. */
export interface FaultPlugin {
  name: string;
  /** The id of the catalog rule the fault breaks (its kind is that rule's). */
  rule: RuleId;
  description: string;
  /**
   * Other rules the same deviation breaks, each with why (a fault that answers 500 breaks the
   * no-5xx rule too): the self-test's collateral law lets a fault run fail these beside its own.
   */
  consequences?: Readonly<Partial<Record<RuleId, string>>>;
  at: Plugs;
  /**
   * A fault that breaks its rule one way beside the generated faults that break it another (a
   * request against an answer, a valid value refused against a broken one taken): they are kept,
   * not replaced by it.
   */
  besideGenerated?: true;
}

/** The check of `rule` a handler makes by hand is skipped (Behaviour.checks). */
export const skipsCheckOf = (rule: RuleId): Plugs => ({
  'rule checked': (checked, facts) => checked && facts.rule !== rule,
});

/** The success answer of `operation`, changed. */
export const answered = (operation: string, change: (reply: Reply, ctx: RequestFacts) => Reply): Plugs => ({
  'success answer': (reply, facts) => (facts.operation === operation ? change(reply, facts.ctx) : reply),
});

/** The answer without one member of its body. */
export function withoutMember(reply: Reply, member: string): Reply {
  if (!isObject(reply.body)) return reply;
  const { [member]: _left, ...body } = reply.body;
  return { ...reply, body };
}

/** A body that is an array holding one item, read as that item. */
export const unwrapOne = (body: Json | undefined): Json | undefined =>
  Array.isArray(body) && body.length === 1 ? body[0] : body;
