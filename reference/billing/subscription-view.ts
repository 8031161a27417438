// How a subscription is written: full representation and the minimal create answer.

import type { RequestContext } from '../http/context.js';
import type { JsonObject } from '../http/json.js';
import { link, type Link } from './links.js';
import type { Subscription } from './model.js';
import { out, renderLinks } from './render.js';
import { currencyOf, cycleExecutions, termsOf } from './terms.js';

export function subscriptionHref(baseUrl: string, id: string): string {
  return `${baseUrl}/v1/billing/subscriptions/${id}`;
}

/** The approval page on the same server; a GET to it approves. */
export function approveHref(baseUrl: string, id: string): string {
  return `${baseUrl}/checkoutnow/approve?token=${encodeURIComponent(id)}`;
}

export function subscriptionLinks(subscription: Subscription, ctx: RequestContext) {
  const href = subscriptionHref(ctx.baseUrl, subscription.id);
  const links: Link[] = [];
  if (subscription.status === 'APPROVAL_PENDING' || subscription.pending_revision)
    links.push(link(approveHref(ctx.baseUrl, subscription.id), 'approve', 'GET'));
  links.push(link(href, 'edit', 'PATCH'), link(href, 'self', 'GET'));
  if (subscription.status !== 'CANCELLED') links.push(link(`${href}/cancel`, 'cancel', 'POST'));
  if (subscription.status === 'ACTIVE') links.push(link(`${href}/suspend`, 'suspend', 'POST'));
  if (subscription.status === 'SUSPENDED' || subscription.status === 'APPROVED')
    links.push(link(`${href}/activate`, 'activate', 'POST'));
  if (subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED')
    links.push(link(`${href}/capture`, 'capture', 'POST'));
  return renderLinks(
    ctx.behaviour.rendered('subscription links', links),
    ctx.behaviour,
    `${ctx.baseUrl}/v1/billing/subscriptions`,
  );
}

export function minimalSubscription(subscription: Subscription, ctx: RequestContext): JsonObject {
  return ctx.behaviour.rendered('minimal subscription', {
    id: subscription.id,
    status: subscription.status,
    // variant minimal-identity-members: what names the subscription and when, not what it holds
    ...(ctx.behaviour.variant('minimal-identity-members')
      ? {
          plan_id: subscription.plan_id,
          status_update_time: subscription.status_update_time,
          create_time: subscription.create_time,
        }
      : {}),
    links: subscriptionLinks(subscription, ctx),
  });
}

export function fullSubscription(subscription: Subscription, ctx: RequestContext, withPlan = false): JsonObject {
  const terms = termsOf(subscription, ctx.state.billing.plans);
  const running = subscription.status === 'ACTIVE';
  const billingInfo: JsonObject = {
    outstanding_balance: out(subscription.outstanding_balance, ctx.behaviour),
    cycle_executions: cycleExecutions(
      subscription,
      terms,
      ctx.behaviour.rendered('cycles_remaining of an infinite cycle', 0),
    ),
    ...(subscription.last_payment ? { last_payment: out(subscription.last_payment, ctx.behaviour) } : {}),
    ...(running
      ? {
          next_billing_time:
            subscription.start_time > subscription.update_time ? subscription.start_time : subscription.update_time,
        }
      : {}),
    failed_payments_count: 0,
  };
  if (
    billingInfo.outstanding_balance &&
    typeof billingInfo.outstanding_balance === 'object' &&
    !Array.isArray(billingInfo.outstanding_balance)
  ) {
    billingInfo.outstanding_balance.currency_code ??= currencyOf(terms);
  }
  return {
    id: subscription.id,
    plan_id: subscription.plan_id,
    status: subscription.status,
    ...(subscription.status_change_note !== undefined ? { status_change_note: subscription.status_change_note } : {}),
    status_update_time: subscription.status_update_time,
    start_time: subscription.start_time,
    ...(subscription.quantity !== undefined ? { quantity: subscription.quantity } : {}),
    ...(subscription.shipping_amount ? { shipping_amount: out(subscription.shipping_amount, ctx.behaviour) } : {}),
    ...(subscription.custom_id !== undefined ? { custom_id: subscription.custom_id } : {}),
    auto_renewal: subscription.auto_renewal,
    plan_overridden: subscription.override !== undefined,
    ...(subscription.subscriber ? { subscriber: out(subscription.subscriber, ctx.behaviour) } : {}),
    billing_info: billingInfo,
    ...(withPlan ? { plan: out(terms, ctx.behaviour) } : {}),
    create_time: subscription.create_time,
    update_time: subscription.update_time,
    links: subscriptionLinks(subscription, ctx),
    ...(ctx.behaviour.variant('extra-members') ? { x_reference_note: 'extra member allowed by the open object' } : {}),
  };
}
