// Update subscription: "ACTIVE or SUSPENDED | Update subscription | only the patchable fields
// | unchanged | 204"; custom_id is patchable with add and replace. In other states the spec
// says nothing of updates, so what happens there is recorded.

import { brief, noteOnce, outcomeOf, readSubscription, subscriptionPath } from '../../support/api.js';
import { UPDATE_KEEPS_STATE } from './state-table.js';
import {
  applies,
  stateName,
  subscriptionLabel,
  type SubscriptionCommand,
  type SubscriptionModel,
  type SubscriptionReal,
} from './model.js';

export class UpdateCustomIdCommand implements SubscriptionCommand {
  constructor(
    readonly index: number,
    readonly op: 'add' | 'replace',
    readonly customId: string,
  ) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    return applies(model, this.index);
  }

  async run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const { ctx } = real;
    const entry = model.subscriptions[this.index];
    const before = entry.status;
    const reply = await ctx.billingSend('PATCH', subscriptionPath(real.ids[this.index]), {
      json: [{ op: this.op, path: '/custom_id', value: this.customId }],
    });
    const outcome = outcomeOf(reply, 'update subscription');
    const stated = before !== undefined && UPDATE_KEEPS_STATE.states.includes(before);
    // An accepted patch where the spec states it must take is expected to show.
    const expectsWrite = stated && outcome === 'accepted';
    const { doc: subscription, reply: shown } = await readSubscription(
      ctx,
      real.ids[this.index],
      expectsWrite ? { shows: (doc) => doc.custom_id === this.customId } : {},
    );
    const status = typeof subscription.status === 'string' ? subscription.status : undefined;
    if (!stated) {
      noteOnce(
        ctx,
        `${this.op} /custom_id in ${stateName(before)}: ` +
          (outcome === 'accepted' ? `accepted (${reply.status})` : `refused with ${reply.status}`),
      );
      entry.status = status;
      return;
    }
    if (outcome === 'refused') {
      ctx.fail({
        rule: 'billing.update-subscription.patch.custom_id',
        message: `${this.op} of the patchable /custom_id on a subscription in state ${before} was refused`,
        expected: 'status 204',
        received: `status ${reply.status}`,
        exchanges: [reply.exchange],
      });
    }
    ctx.expectStatus(reply, 204, 'billing.update-subscription.status-204', 'update subscription');
    if (subscription.custom_id !== this.customId) {
      ctx.fail({
        rule: 'billing.update-subscription.patch.custom_id',
        message: `update subscription answered 204 but custom_id does not read back as written`,
        expected: brief(this.customId),
        received: brief(subscription.custom_id),
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    ctx.credit('billing.update-subscription.patch.custom_id', [reply, shown], 'reads back as written');
    if (status !== before) {
      ctx.fail({
        rule: UPDATE_KEEPS_STATE.rule,
        message: `updating custom_id changed the subscription's state`,
        expected: `status ${before} (update subscription leaves the state unchanged)`,
        received: `status ${brief(status)}`,
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    ctx.credit(UPDATE_KEEPS_STATE.rule, [reply, shown], `status ${brief(status)}`);
  }

  toString(): string {
    return `updateCustomId(${subscriptionLabel(this.index)}, ${this.op} ${brief(this.customId, 30)})`;
  }
}
