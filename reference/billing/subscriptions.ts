// Create, list, show and revise subscriptions, and the approval link.

import { header, type Reply, type RequestContext } from '../http/context.js';
import { ApiError, unknownId, unprocessable } from '../http/errors.js';
import { Validator, type JsonObject } from '../http/validator.js';
import { randomCode } from '../ids.js';
import { parseTime, timestamp } from '../time.js';
import { idempotent } from './idempotency.js';
import { link, renderLinks } from './links.js';
import type { Plan, Revision, Subscription } from './model.js';
import { pageLinks, pageOf } from './plans.js';
import { out } from './render.js';
import { wantsRepresentation } from './prefer.js';
import { PAGE_SIZE_MAX, queryInteger, queryString } from './query.js';
import { applyOverride, readApplicationContext, readCreateSubscription, readPlanId, readPlanOverride } from './subscription-input.js';
import { approveHref, fullSubscription, minimalSubscription, subscriptionHref } from './subscription-view.js';
import { completeOneCycle, currencyOf, planTerms, termsOf } from './terms.js';
import { dateTime, money, PLAN_ID, quantity, shippingDetail } from './values.js';

function newSubscriptionId(ctx: RequestContext): string {
  if (ctx.behaviour.fault('subscription-id-no-prefix')) return randomCode(12);
  if (ctx.behaviour.variant('subscription-id-long')) return `I-${randomCode(20)}`;
  if (ctx.behaviour.variant('subscription-id-short')) return `I-${randomCode(6)}`;
  return `I-${randomCode(12)}`;
}

export function findSubscription(ctx: RequestContext): Subscription {
  const subscription = ctx.state.billing.subscriptions.get(ctx.params.id);
  if (!subscription) throw unknownId('id', `No subscription has the id ${ctx.params.id}.`);
  return subscription;
}

/** A plan named in a body: it must exist, and be ACTIVE to take subscriptions. */
function subscribablePlan(ctx: RequestContext, planId: string): Plan {
  const plan = ctx.state.billing.plans.get(planId);
  if (!plan) throw unprocessable('/plan_id', 'RESOURCE_NOT_FOUND', `No plan has the id ${planId}.`);
  if (plan.status === 'ACTIVE' && plan.activated && ctx.behaviour.fault('activated-plan-refuses-subscriptions')) {
    throw unprocessable('/plan_id', 'PLAN_STATUS_INVALID', `Plan ${planId} was activated after creation; it takes no subscriptions.`);
  }
  const allowed =
    plan.status === 'ACTIVE' ||
    (plan.status === 'CREATED' && ctx.behaviour.fault('subscription-on-created-plan')) ||
    (plan.status === 'INACTIVE' && ctx.behaviour.fault('subscription-on-inactive-plan'));
  if (!allowed) throw unprocessable('/plan_id', 'PLAN_STATUS_INVALID', `Plan ${planId} is ${plan.status}; subscriptions can be created only on an ACTIVE plan.`);
  return plan;
}

export function createSubscription(ctx: RequestContext): Reply {
  return idempotent(ctx, 'create-subscription', ctx.behaviour.fault('idempotency-subscription-duplicate'), () => {
    const v = new Validator(ctx.behaviour);
    const metadataMax = ctx.behaviour.fault('client-metadata-id-37-accepted') ? 37 : 36;
    const metadataId = header(ctx, 'platform-client-metadata-id');
    // variant empty-header-absent: an empty header value is no value, as many HTTP stacks read it
    const absent = metadataId === '' && ctx.behaviour.variant('empty-header-absent');
    v.string('Platform-Client-Metadata-Id', absent ? undefined : metadataId, { min: 1, max: metadataMax });
    const input = readCreateSubscription(v, ctx.body);
    v.done();
    if (!input) throw new Error('create subscription input missing after validation');
    if (input.quantity !== undefined && ctx.behaviour.fault('subscription-quantity-refused')) {
      throw unprocessable('/quantity', 'QUANTITY_NOT_SUPPORTED', 'The plan does not take a quantity.');
    }
    const plan = subscribablePlan(ctx, input.plan_id);
    const time = timestamp(ctx.now());
    const override = input.plan ? applyOverride(new Validator(ctx.behaviour), plan, input.plan, time) : undefined;
    const userAction = input.application_context?.user_action === 'CONTINUE' ? 'CONTINUE' : 'SUBSCRIBE_NOW';
    const subscription: Subscription = {
      id: newSubscriptionId(ctx),
      plan_id: plan.id,
      status: ctx.behaviour.fault('subscription-created-active') ? 'ACTIVE' : 'APPROVAL_PENDING',
      status_update_time: time,
      start_time: input.start_time ?? (ctx.behaviour.fault('subscription-start-time-next-day') ? timestamp(new Date(ctx.now().getTime() + 86_400_000)) : time),
      ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
      ...(input.shipping_amount ? { shipping_amount: input.shipping_amount } : {}),
      ...(input.custom_id !== undefined ? { custom_id: input.custom_id } : {}),
      auto_renewal: input.auto_renewal ?? ctx.behaviour.fault('subscription-auto-renewal-default-true'),
      ...(input.subscriber ? { subscriber: input.subscriber } : {}),
      user_action: userAction,
      ...(override ? { override } : {}),
      // variant capture-max-outstanding: a balance owed from the start, so that captures up to it are possible
      outstanding_balance: { currency_code: currencyOf(override ?? planTerms(plan)), value: ctx.behaviour.variant('capture-max-outstanding') ? '50.00' : '0.00' },
      cycles_completed: {},
      transactions: [],
      create_time: time,
      update_time: time,
    };
    ctx.state.billing.subscriptions.set(subscription.id, subscription);
    const full = (wantsRepresentation(ctx) && !ctx.behaviour.fault('prefer-representation-minimal')) || ctx.behaviour.fault('create-subscription-minimal-full');
    const body = full ? fullSubscription(subscription, ctx) : minimalSubscription(subscription, ctx);
    return { status: ctx.behaviour.fault('create-subscription-200') ? 200 : 201, body };
  });
}

function splitList(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

export function listSubscriptions(ctx: RequestContext): Reply {
  const v = new Validator(ctx.behaviour);
  const planIdsText = queryString(v, ctx.query, 'plan_ids', { min: 3, max: 1890 });
  const planIds = planIdsText !== undefined ? splitList(planIdsText) : undefined;
  const lenient = ctx.behaviour.variant('query-lenient');
  if (planIds && planIds.length > 70 && !lenient) v.fail('plan_ids', 'INVALID_PARAMETER_VALUE', `plan_ids holds at most 70 ids (has ${planIds.length}).`);
  if (planIds && planIds.some((id) => !PLAN_ID.test(id)) && !lenient) v.fail('plan_ids', 'INVALID_PARAMETER_SYNTAX', 'Each plan id is P- followed by 24 capital letters and digits.');
  const statusesText = queryString(v, ctx.query, 'statuses', { min: 1, max: ctx.behaviour.fault('statuses-71-ignored') ? 71 : 70, pattern: /^[A-Z_,]+$/, patternText: 'capital letters, underscore and comma' });
  const ignored = statusesText !== undefined && statusesText.length > 70 && ctx.behaviour.fault('statuses-71-ignored');
  const statuses = statusesText !== undefined && !ignored ? splitList(lenient ? statusesText.toUpperCase() : statusesText).filter((item) => item !== '') : undefined;
  const bounds = {
    created_after: dateTime(v, 'created_after', ctx.query.get('created_after') ?? undefined),
    created_before: dateTime(v, 'created_before', ctx.query.get('created_before') ?? undefined),
    status_updated_after: dateTime(v, 'status_updated_after', ctx.query.get('status_updated_after') ?? undefined),
    status_updated_before: dateTime(v, 'status_updated_before', ctx.query.get('status_updated_before') ?? undefined),
  };
  queryString(v, ctx.query, 'filter', { min: 0, max: 100 });
  const customerIds = queryString(v, ctx.query, 'customer_ids', { min: 1 });
  if (customerIds !== undefined) {
    const ids = splitList(customerIds);
    if (ids.length > (ctx.behaviour.fault('customer-ids-11-accepted') ? 11 : 10) || ids.some((id) => id === '')) v.fail('customer_ids', 'INVALID_PARAMETER_VALUE', 'customer_ids holds 1 to 10 non-empty ids.');
  }
  let pageSize = queryInteger(v, ctx.query, 'page_size', { min: 1, max: PAGE_SIZE_MAX, fallback: 10 });
  const page = queryInteger(v, ctx.query, 'page', { min: 1, max: 10000000, fallback: 1 });
  v.done();
  const url = `${ctx.baseUrl}${ctx.path}?${ctx.query.toString()}`;
  if (ctx.behaviour.fault('plan-ids-long-url-refused') && url.length > 1500) {
    throw new ApiError(414, 'URI_TOO_LONG', `The request URL has ${url.length} characters; at most 1500 are served.`, 'validation');
  }
  if (ctx.behaviour.fault('page-size-ignored')) pageSize = 10;
  const after = (time: string, bound: string | undefined) => bound === undefined || parseTime(time) > parseTime(bound);
  const before = (time: string, bound: string | undefined) => bound === undefined || parseTime(time) < parseTime(bound);
  let subscriptions = [...ctx.state.billing.subscriptions.values()].filter(
    (item) =>
      (!planIds || planIds.includes(item.plan_id)) &&
      (!statuses || ctx.behaviour.fault('statuses-filter-ignored') || statuses.includes(item.status)) &&
      after(item.create_time, bounds.created_after) &&
      before(item.create_time, bounds.created_before) &&
      after(item.status_update_time, bounds.status_updated_after) &&
      before(item.status_update_time, bounds.status_updated_before),
  );
  if (ctx.behaviour.variant('list-reverse-order')) subscriptions = subscriptions.reverse();
  const extra: Record<string, string> = {};
  for (const name of ['plan_ids', 'statuses', 'created_after', 'created_before', 'status_updated_after', 'status_updated_before']) {
    const value = ctx.query.get(name);
    if (value !== null) extra[name] = value;
  }
  return {
    status: 200,
    body: {
      subscriptions: pageOf(subscriptions, page, pageSize, ctx).map((item) => listedSubscription(item, ctx)),
      links: pageLinks(ctx, '/v1/billing/subscriptions', page, pageSize, subscriptions.length, extra),
    },
  };
}

/** A list item: the subscription, without plan_id under the variant list-subscription-summaries. */
function listedSubscription(subscription: Subscription, ctx: RequestContext): JsonObject {
  const { plan_id: _planId, ...summary } = fullSubscription(subscription, ctx);
  return ctx.behaviour.variant('list-subscription-summaries') ? summary : fullSubscription(subscription, ctx);
}

export function showSubscription(ctx: RequestContext): Reply {
  const v = new Validator(ctx.behaviour);
  const fields = queryString(v, ctx.query, 'fields', { min: 1, max: 100 });
  const names = fields !== undefined ? splitList(fields) : [];
  if (names.some((name) => name !== 'plan' && name !== 'last_failed_payment') && !ctx.behaviour.variant('query-lenient')) {
    v.fail('fields', 'INVALID_PARAMETER_VALUE', 'fields is a comma-separated list of last_failed_payment and plan.');
  }
  v.done();
  const subscription = findSubscription(ctx);
  const withPlan = names.includes('plan') && !ctx.behaviour.fault('show-subscription-fields-plan-ignored');
  const body = fullSubscription(subscription, ctx, withPlan);
  if (ctx.behaviour.fault('show-subscription-no-plan-id')) delete body.plan_id;
  return { status: 200, body };
}

/** Revise: kept pending until the subscriber approves it through the approve link. */
export function reviseSubscription(ctx: RequestContext): Reply {
  const subscription = findSubscription(ctx);
  const v = new Validator(ctx.behaviour);
  const body = v.object('body', ctx.body ?? {}) ?? {};
  const prefixMatch = ctx.behaviour.fault('revise-plan-id-prefix-match') && typeof body.plan_id === 'string';
  const planId = readPlanId(v, '/plan_id', prefixMatch ? String(body.plan_id).slice(0, 26) : body.plan_id);
  const count = quantity(v, '/quantity', body.quantity, ctx.behaviour.fault('revise-quantity-33-accepted') ? 33 : 32);
  const shipping = money(v, '/shipping_amount', body.shipping_amount);
  const address = shippingDetail(v, '/shipping_address', body.shipping_address);
  readApplicationContext(v, '/application_context', body.application_context, ctx.behaviour.fault('revise-user-action-accepted'));
  const overrideInput = readPlanOverride(v, '/plan', body.plan);
  v.done();
  if (subscription.status === 'SUSPENDED' && ctx.behaviour.fault('revise-suspended-refused')) {
    throw unprocessable('status', 'SUBSCRIPTION_STATUS_INVALID', 'A SUSPENDED subscription cannot be revised.');
  }
  if (ctx.behaviour.variant('revise-strict')) {
    if (subscription.pending_revision) throw unprocessable('status', 'REVISION_PENDING', 'An earlier revision still awaits the subscriber\'s consent.');
    const changes = (planId !== undefined && planId !== subscription.plan_id) || count !== undefined || shipping !== undefined || address !== undefined || overrideInput !== undefined;
    if (!changes) throw unprocessable('body', 'NOTHING_TO_REVISE', 'The request names no plan, quantity, shipping or override to change.');
  }
  const plan = subscribablePlan(ctx, planId ?? subscription.plan_id);
  const time = timestamp(ctx.now());
  const carried = ctx.behaviour.fault('revise-carries-override') ? subscription.override : undefined;
  const override = overrideInput ? applyOverride(new Validator(ctx.behaviour), plan, overrideInput, time) : carried;
  const revision: Revision = {
    plan_id: plan.id,
    ...(count !== undefined ? { quantity: count } : {}),
    ...(shipping ? { shipping_amount: shipping } : {}),
    ...(address ? { shipping_address: structuredClone(address) } : {}),
    ...(override ? { override } : {}),
  };
  subscription.pending_revision = revision;
  subscription.update_time = time;
  const href = subscriptionHref(ctx.baseUrl, subscription.id);
  return {
    status: 200,
    body: {
      plan_id: revision.plan_id,
      plan_overridden: override !== undefined,
      ...(shipping ? { shipping_amount: out(shipping, ctx.behaviour) } : {}),
      ...(address && !ctx.behaviour.fault('revise-answer-no-shipping-address') ? { shipping_address: out(address, ctx.behaviour) } : {}),
      links: renderLinks([link(approveHref(ctx.baseUrl, subscription.id), 'approve', 'GET'), link(href, 'edit', 'PATCH'), link(href, 'self', 'GET')], ctx.behaviour),
    },
  };
}

/** How long after the consent the status follows, under the variant approval-async. */
const APPROVAL_DELAY_MS = 300;

/** Variant cycle-billed-at-start: the first period of the first cycle is billed on activation. */
export function billAtStart(subscription: Subscription, ctx: RequestContext): void {
  if (ctx.behaviour.variant('cycle-billed-at-start')) completeOneCycle(subscription, termsOf(subscription, ctx.state.billing.plans));
}

function applyRevision(subscription: Subscription, revision: Revision): void {
  if (revision.plan_id !== subscription.plan_id) subscription.cycles_completed = {};
  subscription.plan_id = revision.plan_id;
  if (revision.quantity !== undefined) subscription.quantity = revision.quantity;
  if (revision.shipping_amount) subscription.shipping_amount = revision.shipping_amount;
  if (revision.shipping_address) subscription.subscriber = { ...(subscription.subscriber ?? {}), shipping_address: revision.shipping_address };
  // Earlier overrides are not carried forward.
  if (revision.override) subscription.override = revision.override;
  else delete subscription.override;
  delete subscription.pending_revision;
}

/**
 * GET on the approve link: the subscriber's consent. SUBSCRIBE_NOW activates; CONTINUE leaves
 * activation to the merchant (APPROVED). A pending revision is applied. Repeats answer the state.
 */
export function approve(ctx: RequestContext): Reply {
  const token = ctx.query.get('token') ?? '';
  const subscription = ctx.state.billing.subscriptions.get(token);
  if (!subscription) throw unknownId('token', `No subscription awaits approval under token ${token}.`);
  const time = timestamp(ctx.now());
  if (subscription.pending_revision) {
    applyRevision(subscription, subscription.pending_revision);
    subscription.update_time = time;
  }
  if (subscription.status === 'APPROVAL_PENDING' && !subscription.approved) {
    const activates =
      (subscription.user_action === 'SUBSCRIBE_NOW' && !ctx.behaviour.fault('approve-subscribe-now-approved')) ||
      (subscription.user_action === 'CONTINUE' && ctx.behaviour.fault('approve-continue-activates'));
    // The subscriber who consented is now known: a payer id, on this platform.
    subscription.subscriber = { ...(subscription.subscriber ?? {}), payer_id: randomCode(13), tenant: 'PLATFORM' };
    const settle = () => {
      const settled = timestamp(ctx.now());
      subscription.status = activates ? 'ACTIVE' : 'APPROVED';
      subscription.status_update_time = settled;
      subscription.update_time = settled;
      if (activates) billAtStart(subscription, ctx);
    };
    // variant approval-async: the consent is recorded now, the status follows a moment later
    if (ctx.behaviour.variant('approval-async')) {
      subscription.approved = true;
      setTimeout(settle, APPROVAL_DELAY_MS).unref();
    } else settle();
  }
  return { status: 200, body: { id: subscription.id, status: subscription.status, message: 'The subscriber approved the subscription.' } };
}
