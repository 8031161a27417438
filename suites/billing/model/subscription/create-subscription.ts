// Create subscription on the run's ACTIVE plan: "(none) | Create subscription | plan must be
// ACTIVE | APPROVAL_PENDING | 201; approve link returned".

import { linkHref } from '../../support/links.js';
import { brief, sendCreateSubscription } from '../../support/api.js';
import { lifecycleSubscriptionBody, type UserAction } from '../../support/setup-bodies.js';
import { NEW_SUBSCRIPTION } from './state-table.js';
import {
  MAX_SUBSCRIPTIONS,
  readStatus,
  type SubscriptionCommand,
  type SubscriptionModel,
  type SubscriptionReal,
} from './model.js';

export class CreateSubscriptionCommand implements SubscriptionCommand {
  constructor(readonly userAction: UserAction | undefined) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    return model.subscriptions.length < MAX_SUBSCRIPTIONS;
  }

  async run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const { ctx } = real;
    const { reply, id } = await sendCreateSubscription(
      ctx,
      lifecycleSubscriptionBody(ctx, real.planId, this.userAction),
      { prefer: 'return=representation' },
    );
    ctx.expectStatus(reply, 201, 'billing.create-subscription.status-201', 'create subscription on an ACTIVE plan');
    if (id === undefined) {
      return ctx.fail({
        rule: 'billing.create-subscription.status-201',
        message: 'create subscription answered 201 without an id',
        expected: 'a subscription with id, status and links',
        received: brief(reply.json),
        exchanges: [reply.exchange],
      });
    }
    const href = linkHref(reply.json, 'approve');
    if (!href) {
      return ctx.fail({
        rule: NEW_SUBSCRIPTION.approveLinkRule,
        message: 'create subscription returned no link with rel approve',
        expected: 'a link {href, rel: "approve", method}',
        received: brief((reply.json as { links?: unknown }).links),
        exchanges: [reply.exchange],
      });
    }
    ctx.credit(NEW_SUBSCRIPTION.approveLinkRule, reply, 'a link with rel approve');
    const index = real.ids.length;
    real.ids.push(id);
    const { status, reply: shown } = await readStatus(real, index);
    if (status !== NEW_SUBSCRIPTION.status) {
      ctx.fail({
        rule: NEW_SUBSCRIPTION.rule,
        message: 'a new subscription does not read back as APPROVAL_PENDING',
        expected: 'status APPROVAL_PENDING',
        received: `status ${brief(status)}`,
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    ctx.credit(NEW_SUBSCRIPTION.rule, [reply, shown], `status ${status}`);
    model.subscriptions.push({ status, userAction: this.userAction, approval: { href, from: 'create' } });
  }

  toString(): string {
    return `subscribe(${this.userAction ?? 'default user_action'})`;
  }
}
