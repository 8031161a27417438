// Create subscription on a plan of the run. billing.md "States and transitions": a plan must be
// ACTIVE ("the only state in which subscriptions can be created"); the new subscription is
// APPROVAL_PENDING, with an approve link. On a CREATED or INACTIVE plan the request is refused
// and nothing is created.

import type { Exchange } from '../../../../harness/exchange.js';
import { linkHref } from '../../support/links.js';
import {
  brief,
  noteOnce,
  outcomeOf,
  readSubscription,
  sendCreateSubscription,
  SUBSCRIPTIONS,
} from '../../support/api.js';
import { cancelSubscriptionLater } from '../../support/cleanup.js';
import { lifecycleSubscriptionBody, type UserAction } from '../../support/setup-bodies.js';
import { planLabel, type PlanCommand, type PlanModel, type PlanReal, type PlanStatus } from './model.js';
import { subscriptionsOnPlan } from './state-table.js';

export class SubscribeCommand implements PlanCommand {
  constructor(
    readonly index: number,
    readonly userAction: UserAction | undefined,
  ) {}

  check(model: Readonly<PlanModel>): boolean {
    return this.index < model.plans.length;
  }

  async run(model: PlanModel, real: PlanReal): Promise<void> {
    const { ctx } = real;
    const state = model.plans[this.index].status;
    const planId = real.planIds[this.index];
    const { reply, id } = await sendCreateSubscription(ctx, lifecycleSubscriptionBody(ctx, planId, this.userAction), {
      prefer: 'return=representation',
    });
    const outcome = outcomeOf(reply, 'create subscription');
    const onPlan = subscriptionsOnPlan(state);

    if (!onPlan.taken) {
      if (outcome === 'accepted') {
        ctx.fail({
          rule: onPlan.rule,
          message: `a subscription was created on a plan in state ${state}`,
          expected: 'a 4xx refusal: subscriptions can be created on ACTIVE plans only',
          received: `status ${reply.status}${typeof id === 'string' ? `, subscription ${id}` : ''}`,
          exchanges: [reply.exchange],
        });
      }
      ctx.credit(onPlan.rule, reply, `refused with ${reply.status} on a ${state} plan`);
      await this.expectNothingCreated(real, state, reply.exchange);
      return;
    }

    if (outcome === 'refused') {
      ctx.fail({
        rule: onPlan.rule,
        message: 'a valid subscription on an ACTIVE plan was refused',
        expected: 'status 201',
        received: `status ${reply.status}`,
        exchanges: [reply.exchange],
      });
    }
    ctx.expectStatus(reply, 201, 'billing.create-subscription.status-201', 'create subscription');
    ctx.credit(onPlan.rule, reply, `taken (${reply.status}) on an ACTIVE plan`);
    if (typeof id !== 'string') {
      return ctx.fail({
        rule: 'billing.create-subscription.status-201',
        message: 'create subscription answered 201 without an id',
        expected: 'a subscription with id, status and links',
        received: brief(reply.json),
        exchanges: [reply.exchange],
      });
    }
    real.subscriptionIds[this.index].push(id);
    const status = (reply.json as { status?: unknown }).status;
    if (status !== 'APPROVAL_PENDING') {
      ctx.fail({
        rule: 'billing.create-subscription.approval-pending',
        message: 'a new subscription is not APPROVAL_PENDING',
        expected: 'status APPROVAL_PENDING',
        received: `status ${brief(status)}`,
        exchanges: [reply.exchange],
      });
    }
    if (!linkHref(reply.json, 'approve')) {
      ctx.fail({
        rule: 'billing.create-subscription.approve-link',
        message: 'create subscription returned no link with rel approve',
        expected: 'a link {href, rel: "approve", method}',
        received: brief((reply.json as { links?: unknown }).links),
        exchanges: [reply.exchange],
      });
    }
    ctx.credit('billing.create-subscription.approve-link', reply, 'a link with rel approve');
    const { doc: subscription, reply: shown } = await readSubscription(ctx, id);
    if (subscription.status !== 'APPROVAL_PENDING') {
      ctx.fail({
        rule: 'billing.create-subscription.approval-pending',
        message: 'a new subscription does not read back as APPROVAL_PENDING',
        expected: 'status APPROVAL_PENDING',
        received: `status ${brief(subscription.status)}`,
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    ctx.credit('billing.create-subscription.approval-pending', [reply, shown], 'status APPROVAL_PENDING');
  }

  /** Lists the plan's subscriptions: only those the run created may be there. */
  private async expectNothingCreated(real: PlanReal, state: PlanStatus, refusal: Exchange): Promise<void> {
    const { ctx } = real;
    const planId = real.planIds[this.index];
    const list = await ctx.billingSend('GET', SUBSCRIPTIONS, { query: { plan_ids: planId, page_size: 20 } });
    const items = (list.json as { subscriptions?: unknown } | undefined)?.subscriptions;
    if (list.status !== 200 || !Array.isArray(items)) {
      noteOnce(
        ctx,
        `list subscriptions by plan_ids answered ${list.status}: could not confirm that a refused ` +
          `create created nothing`,
      );
      return;
    }
    const known = new Set(real.subscriptionIds[this.index]);
    const listedIds = new Set(items.map((s) => (s as { id?: unknown } | null)?.id));
    // a list that shows none of the plan's known subscriptions (past its first page, or about
    // other plans) says nothing of what the refusal left
    if (known.size > 0 && ![...known].some((id) => listedIds.has(id))) {
      noteOnce(
        ctx,
        `list subscriptions by plan_ids showed none of the ${known.size} subscriptions created on the plan: whether ` +
          `a refused create created nothing was not read`,
      );
      return;
    }
    const stray = items.filter(
      (s): s is { id: string } =>
        typeof s === 'object' &&
        s !== null &&
        (s as { plan_id?: unknown }).plan_id === planId &&
        typeof (s as { id?: unknown }).id === 'string' &&
        !known.has((s as { id: string }).id),
    );
    for (const s of stray) cancelSubscriptionLater(ctx, s.id);
    if (stray.length > 0) {
      ctx.fail({
        rule: subscriptionsOnPlan(state).rule,
        message: `a refused create subscription on a plan in state ${state} left a subscription behind`,
        expected: `no subscription on plan ${planId} beyond the ${known.size} created while it was ACTIVE`,
        received: `subscription ${stray.map((s) => s.id).join(', ')}`,
        exchanges: [refusal, list.exchange],
      });
    }
  }

  toString(): string {
    return `subscribe(${planLabel(this.index)}, ${this.userAction ?? 'default user_action'})`;
  }
}
