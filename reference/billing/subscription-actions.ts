// Suspend, cancel, activate, capture and list transactions. Source states are the reference's
// choices where billing.md says "not shown" (see README.md).

import type { RequestContext } from '../http/context.js';
import type { Reply } from '../http/answer.js';
import { invalidRequest, unprocessable } from '../http/errors.js';
import type { JsonObject } from '../http/json.js';
import { Validator } from '../http/validator.js';
import { randomCode } from '../ids.js';
import { parseTime, timestamp } from '../time.js';
import { idempotent } from './idempotency.js';
import { link } from './links.js';
import type { Subscription, SubscriptionStatus } from './model.js';
import { billAtStart, findSubscription } from './subscriptions.js';
import { completeOneCycle, termsOf } from './terms.js';
import { inRunOrder } from './cycles.js';
import { out, renderLinks } from './render.js';
import { dateTime, money } from './values.js';

const REASON_MAX = 128;

/** Reads {reason}: 1..128 characters (`max` differs only under a fault). */
function readReason(ctx: RequestContext, required: boolean, max = REASON_MAX): string | undefined {
  const v = new Validator(ctx.behaviour);
  const body = v.object('body', ctx.body);
  if (required && ctx.behaviour.accepted('reason required', true, { body: ctx.body })) {
    v.require('body', ctx.body);
    if (body) v.require('/reason', body.reason);
  }
  const reason = v.string('/reason', body?.reason, { min: 1, max });
  v.done();
  return reason;
}

function transition(
  subscription: Subscription,
  next: SubscriptionStatus,
  note: string | undefined,
  ctx: RequestContext,
): void {
  const time = timestamp(ctx.now());
  subscription.status = next;
  if (note !== undefined) subscription.status_change_note = note;
  subscription.status_update_time = time;
  subscription.update_time = time;
}

function refuse(subscription: Subscription, action: string): never {
  if (action === 'cancel' && subscription.status === 'CANCELLED') {
    throw unprocessable('status', 'SUBSCRIPTION_STATUS_INVALID', 'The agreement is already cancelled.');
  }
  throw unprocessable(
    'status',
    'SUBSCRIPTION_STATUS_INVALID',
    `A subscription in state ${subscription.status} cannot be ` +
      `${action === 'cancel' ? 'cancelled' : action === 'suspend' ? 'suspended' : action + 'd'}.`,
  );
}

/** Suspend: ACTIVE only. */
export function suspendSubscription(ctx: RequestContext): Reply {
  const subscription = findSubscription(ctx);
  const reason = readReason(ctx, true, ctx.behaviour.accepted('suspend reason max', REASON_MAX));
  if (subscription.status !== 'ACTIVE') refuse(subscription, 'suspend');
  transition(subscription, 'SUSPENDED', reason, ctx);
  return { status: 204 };
}

/** Cancel: from any state but CANCELLED (final). */
export function cancelSubscription(ctx: RequestContext): Reply {
  const subscription = findSubscription(ctx);
  const reason = readReason(ctx, true);
  const pendingRefused =
    subscription.status === 'APPROVAL_PENDING' && ctx.behaviour.variant('subscription-cancel-pending-refused');
  if (subscription.status === 'CANCELLED' || pendingRefused) refuse(subscription, 'cancel');
  transition(subscription, 'CANCELLED', reason, ctx);
  return { status: 204 };
}

/** Activate: SUSPENDED (a reactivation, reason required) or APPROVED (merchant-controlled activation). */
export function activateSubscription(ctx: RequestContext): Reply {
  const subscription = findSubscription(ctx);
  const reason = readReason(
    ctx,
    subscription.status === 'SUSPENDED' &&
      ctx.behaviour.checks('billing.activate-subscription.reason.required-to-reactivate'),
  );
  if (subscription.status !== 'SUSPENDED' && subscription.status !== 'APPROVED') refuse(subscription, 'activate');
  const first = subscription.status === 'APPROVED';
  transition(subscription, 'ACTIVE', reason, ctx);
  if (first) billAtStart(subscription, ctx);
  return { status: 204 };
}

function capturable(subscription: Subscription, ctx: RequestContext): boolean {
  if (subscription.status === 'ACTIVE') return true;
  return subscription.status === 'SUSPENDED' && !ctx.behaviour.variant('capture-active-only');
}

function subtract(balance: string, amount: string): string {
  const cents = Math.round(Number(balance) * 100) - Math.round(Number(amount) * 100);
  return (Math.max(0, cents) / 100).toFixed(2);
}

/** Capture: ACTIVE or SUSPENDED; records a transaction and counts one completed cycle (see terms.ts). */
export function captureSubscription(ctx: RequestContext): Reply {
  const subscription = findSubscription(ctx);
  return idempotent(ctx, `capture:${subscription.id}`, () => {
    const v = new Validator(ctx.behaviour);
    v.require('body', ctx.body);
    const body = ctx.behaviour.accepted(
      'capture body',
      v.object('body', ctx.behaviour.accepted('capture request', ctx.body)),
      { subscription },
    );
    const noteMin = ctx.behaviour.accepted('capture note min', 1);
    if (body) {
      v.require('/note', body.note);
      v.require('/capture_type', body.capture_type);
      v.require('/amount', body.amount);
    }
    v.string('/note', body?.note, { min: noteMin, max: REASON_MAX });
    if (ctx.behaviour.accepted('capture_type checked', true, { value: body?.capture_type }))
      v.string('/capture_type', body?.capture_type, { min: 1, max: 24, values: ['OUTSTANDING_BALANCE'] });
    const amount = money(v, '/amount', body?.amount);
    if (amount && !(Number(amount.value) > 0))
      v.fail('/amount/value', 'INVALID_PARAMETER_VALUE', 'The amount to capture must be greater than zero.');
    v.done();
    if (!amount) throw invalidRequest('/amount', 'MISSING_REQUIRED_PARAMETER', 'amount is required.');
    if (!capturable(subscription, ctx)) refuse(subscription, 'capture');
    const balance = subscription.outstanding_balance;
    if (
      ctx.behaviour.variant('capture-max-outstanding') &&
      (balance.currency_code !== amount.currency_code || Number(amount.value) > Number(balance.value))
    ) {
      throw unprocessable(
        '/amount',
        'AMOUNT_EXCEEDS_OUTSTANDING_BALANCE',
        `At most the outstanding balance (${balance.value} ${balance.currency_code}) can be captured.`,
      );
    }
    const time = timestamp(ctx.now());
    const fee = { currency_code: amount.currency_code, value: ctx.behaviour.changed('capture fee', '0.00') };
    subscription.transactions.push({
      id: randomCode(17),
      status: 'COMPLETED',
      amount_with_breakdown: { gross_amount: amount, fee_amount: fee, net_amount: amount },
      ...(typeof subscription.subscriber?.email_address === 'string'
        ? { payer_email: subscription.subscriber.email_address }
        : {}),
      ...(subscription.subscriber?.name && typeof subscription.subscriber.name === 'object'
        ? { payer_name: structuredClone(subscription.subscriber.name) as JsonObject }
        : {}),
      time,
    });
    if (subscription.outstanding_balance.currency_code === amount.currency_code) {
      subscription.outstanding_balance = {
        ...subscription.outstanding_balance,
        value: subtract(subscription.outstanding_balance.value, amount.value),
      };
    }
    subscription.last_payment = { amount, time };
    const terms = termsOf(subscription, ctx.state.billing.plans);
    completeOneCycle(
      subscription,
      terms,
      ctx.behaviour.changed('cycles in run order', inRunOrder(terms.billing_cycles)),
    );
    subscription.update_time = time;
    return { status: 202, body: {} };
  });
}

export function listTransactions(ctx: RequestContext): Reply {
  const subscription = findSubscription(ctx);
  const v = new Validator(ctx.behaviour);
  const startText = ctx.query.get('start_time') ?? undefined;
  const endText = ctx.query.get('end_time') ?? undefined;
  v.require('start_time', startText);
  v.require('end_time', endText);
  const start = dateTime(v, 'start_time', startText);
  const end = dateTime(v, 'end_time', endText);
  if (start !== undefined && end !== undefined && parseTime(end) < parseTime(start))
    v.fail('end_time', 'INVALID_PARAMETER_VALUE', 'end_time must not be before start_time.');
  v.done();
  const from = parseTime(start ?? '');
  const to = parseTime(end ?? '');
  const transactions = subscription.transactions.filter(
    (item) => parseTime(item.time) >= from && parseTime(item.time) <= to,
  );
  const self =
    `${ctx.baseUrl}/v1/billing/subscriptions/${subscription.id}/transactions?` +
    new URLSearchParams({ start_time: start ?? '', end_time: end ?? '' }).toString();
  return {
    status: 200,
    body: {
      transactions: out(transactions, ctx.behaviour),
      links: renderLinks([link(self, 'self', 'GET')], ctx.behaviour),
    },
  };
}
