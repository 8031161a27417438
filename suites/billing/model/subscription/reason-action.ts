// Suspend, cancel and activate a subscription: each takes {reason: 1..128 characters} and
// answers 204. Their source and resulting states are not shown in the spec ("Transitions for
// suspend, cancel, activate and capture ... not shown"), so a refusal is recorded, an
// acceptance must be a 204, and the model takes the status the server shows next.

import { noteOnce, outcomeOf, subscriptionPath } from '../../support/api.js';
import {
  applies,
  readStatus,
  stateName,
  subscriptionLabel,
  type SubscriptionCommand,
  type SubscriptionModel,
  type SubscriptionReal,
} from './model.js';
import type { RuleId } from '../../../../contracts/rules/rule-ids.js';

export interface ReasonAction {
  action: 'suspend' | 'cancel' | 'activate';
  status204Rule: RuleId;
}

export const SUSPEND: ReasonAction = { action: 'suspend', status204Rule: 'billing.suspend.status-204' };
export const ACTIVATE: ReasonAction = { action: 'activate', status204Rule: 'billing.activate-subscription.status-204' };
export const CANCEL: ReasonAction = { action: 'cancel', status204Rule: 'billing.cancel.status-204' };

/**
 * Suspend, activate (reactivate) or cancel subscription with a reason of `reasonLength` characters,
 * from whatever state it is in.
 */
export class ReasonActionCommand implements SubscriptionCommand {
  constructor(
    readonly spec: ReasonAction,
    readonly index: number,
    readonly reasonLength: number,
  ) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    return applies(model, this.index);
  }

  run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const reason = reasonText(
      real.ctx.settings.runId,
      `${this.spec.action} in a lifecycle scenario`,
      this.reasonLength,
    );
    return runReasonAction(model, real, this.index, reason, this.spec);
  }

  toString(): string {
    return `${this.spec.action}(${subscriptionLabel(this.index)}, reason of ${this.reasonLength} characters)`;
  }
}

export async function runReasonAction(
  model: SubscriptionModel,
  real: SubscriptionReal,
  index: number,
  reason: string,
  spec: ReasonAction,
): Promise<void> {
  const { ctx } = real;
  const entry = model.subscriptions[index];
  const before = entry.status;
  const reply = await ctx.billingSend('POST', subscriptionPath(real.ids[index], spec.action), { json: { reason } });
  const outcome = outcomeOf(reply, `${spec.action} subscription`);
  if (outcome === 'accepted') ctx.expectStatus(reply, 204, spec.status204Rule, `${spec.action} subscription`);
  const { status } = await readStatus(real, index);
  noteOnce(
    ctx,
    outcome === 'accepted'
      ? `${spec.action} from ${stateName(before)}: accepted (204), then ${stateName(status)}`
      : `${spec.action} from ${stateName(before)}: refused with ${reply.status}` +
          (status !== before ? `, yet the status became ${stateName(status)}` : ''),
  );
  entry.status = status;
}

/** A reason in the run's words, `length` characters long (1..128). */
export function reasonText(tag: string, words: string, length: number): string {
  const text = `${tag} ${words} `.padEnd(length, 'x');
  return text.slice(0, length);
}
