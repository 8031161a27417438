// Create, list, show and revise subscriptions, and the approval link.

import { header, type RequestContext } from '../http/context.js';
import type { Reply } from '../http/answer.js';
import { unknownId, unprocessable } from '../http/errors.js';
import type { JsonObject } from '../http/json.js';
import { Validator } from '../http/validator.js';
import { randomCode } from '../ids.js';
import { parseTime, timestamp } from '../time.js';
import { idempotent } from './idempotency.js';
import { link } from './links.js';
import type { Plan, Revision, Subscription } from './model.js';
import { listOrder } from './list-order.js';
import { pageLinks, pageOf, readPaging } from './list-paging.js';
import { out, renderLinks } from './render.js';
import { wantsRepresentation } from './prefer.js';
import { queryString } from './query.js';
import {
  applyOverride,
  readApplicationContext,
  readCreateSubscription,
  readPlanId,
  readPlanOverride,
} from './subscription-input.js';
import { approveHref, fullSubscription, minimalSubscription, subscriptionHref } from './subscription-view.js';
import { completeOneCycle, currencyOf, planTerms, termsOf } from './terms.js';
import { dateTime, money, PLAN_ID, quantity, shippingDetail } from './values.js';

function newSubscriptionId(ctx: RequestContext): string {
  const length = ctx.behaviour.variant('subscription-id-long')
    ? 20
    : ctx.behaviour.variant('subscription-id-short')
      ? 6
      : 12;
  return ctx.behaviour.changed('new subscription id', `I-${randomCode(length)}`);
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
  const allowed = ctx.behaviour.changed('plan takes subscriptions', plan.status === 'ACTIVE', { plan });
  if (!allowed)
    throw unprocessable(
      '/plan_id',
      'PLAN_STATUS_INVALID',
      `Plan ${planId} is ${plan.status}; subscriptions can be created only on an ACTIVE plan.`,
    );
  return plan;
}

export function createSubscription(ctx: RequestContext): Reply {
  return idempotent(ctx, 'create-subscription', () => {
    const v = new Validator(ctx.behaviour);
    const metadataMax = ctx.behaviour.accepted('Platform-Client-Metadata-Id max', 36);
    const metadataId = header(ctx, 'platform-client-metadata-id');
    // variant empty-header-absent: an empty header value is no value, as many HTTP stacks read it
    const absent = metadataId === '' && ctx.behaviour.variant('empty-header-absent');
    v.string('Platform-Client-Metadata-Id', absent ? undefined : metadataId, { min: 1, max: metadataMax });
    const input = readCreateSubscription(v, ctx.body);
    v.done();
    if (!input) throw new Error('create subscription input missing after validation');
    ctx.behaviour.accepted('subscription input', undefined, { input });
    const plan = subscribablePlan(ctx, input.plan_id);
    const time = timestamp(ctx.now());
    const override = input.plan ? applyOverride(new Validator(ctx.behaviour), plan, input.plan, time) : undefined;
    const userAction = input.application_context?.user_action === 'CONTINUE' ? 'CONTINUE' : 'SUBSCRIBE_NOW';
    const subscription: Subscription = {
      id: newSubscriptionId(ctx),
      plan_id: plan.id,
      status: ctx.behaviour.changed('new subscription status', 'APPROVAL_PENDING'),
      status_update_time: time,
      start_time: input.start_time ?? ctx.behaviour.changed('new subscription start_time', time, { now: ctx.now }),
      ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
      ...(input.shipping_amount ? { shipping_amount: input.shipping_amount } : {}),
      ...(input.custom_id !== undefined ? { custom_id: input.custom_id } : {}),
      auto_renewal: input.auto_renewal ?? ctx.behaviour.changed('new subscription auto_renewal', false),
      ...(input.subscriber ? { subscriber: input.subscriber } : {}),
      user_action: userAction,
      ...(override ? { override } : {}),
      // variant capture-max-outstanding: a balance owed from the start, so that captures up to it are possible
      outstanding_balance: {
        currency_code: currencyOf(override ?? planTerms(plan)),
        value: ctx.behaviour.variant('capture-max-outstanding') ? '50.00' : '0.00',
      },
      cycles_completed: {},
      transactions: [],
      create_time: time,
      update_time: time,
    };
    ctx.state.billing.subscriptions.set(subscription.id, subscription);
    const full =
      ctx.behaviour.rendered('create subscription representation', wantsRepresentation(ctx)) ||
      ctx.behaviour.variant('minimal-full-representation');
    const body = full ? fullSubscription(subscription, ctx) : minimalSubscription(subscription, ctx);
    return { status: 201, body };
  });
}

function splitList(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

const PLAN_IDS_MAX = 70;

/** The plan_ids filter: 3..1890 characters, at most 70 well-formed ids; undefined when absent. */
function planIdsFilter(v: Validator, ctx: RequestContext): ((planId: string) => boolean) | undefined {
  const text = () =>
    queryString(v, ctx.query, 'plan_ids', { min: 3, max: ctx.behaviour.accepted('plan_ids max', 1890) });
  const read = () => {
    const ids = text();
    return ids === undefined ? undefined : planIdsIn(v, ctx, ids);
  };
  return ctx.behaviour.accepted('plan_ids filter', read, { raw: ctx.query.get('plan_ids'), text })();
}

function planIdsIn(v: Validator, ctx: RequestContext, text: string): (planId: string) => boolean {
  const ids = splitList(text);
  const most = ctx.behaviour.accepted('plan_ids ids max', PLAN_IDS_MAX);
  if (ids.length > most)
    v.fail('plan_ids', 'INVALID_PARAMETER_VALUE', `plan_ids holds at most ${most} ids (has ${ids.length}).`);
  if (ctx.behaviour.accepted('plan_ids ids well-formed', true) && ids.some((id) => !PLAN_ID.test(id)))
    v.fail('plan_ids', 'INVALID_PARAMETER_SYNTAX', 'Each plan id is P- followed by 24 capital letters and digits.');
  return (planId) => ids.includes(planId);
}

const STATUSES = /^[A-Z_,]+$/;

/** The statuses filter: 1..70 characters of capital letters, underscore and comma; undefined when absent. */
function statusesFilter(v: Validator, ctx: RequestContext): string[] | undefined {
  const text = (max: number) =>
    queryString(v, ctx.query, 'statuses', {
      min: 1,
      max,
      pattern: STATUSES,
      patternText: 'capital letters, underscore and comma',
    });
  const read = () => {
    const statuses = text(70);
    return statuses === undefined ? undefined : splitList(statuses).filter((item) => item !== '');
  };
  return ctx.behaviour.accepted('statuses filter', read, { raw: ctx.query.get('statuses'), text })();
}

/** The four time bounds. */
function timeBounds(v: Validator, ctx: RequestContext) {
  const read = (name: string) =>
    ctx.behaviour.accepted('time bound', dateTime(v, name, ctx.query.get(name) ?? undefined), { name });
  return {
    createdAfter: read('created_after'),
    createdBefore: read('created_before'),
    statusUpdatedAfter: read('status_updated_after'),
    statusUpdatedBefore: read('status_updated_before'),
  };
}

export function listSubscriptions(ctx: RequestContext): Reply {
  const v = new Validator(ctx.behaviour);
  const planIds = planIdsFilter(v, ctx);
  const statuses = statusesFilter(v, ctx);
  const bounds = timeBounds(v, ctx);
  const filter = queryString(v, ctx.query, 'filter', {
    min: ctx.behaviour.accepted('filter min', 0),
    max: ctx.behaviour.accepted('filter max', 100),
  });
  // the filter grammar is not shown: the reference reads none (and so filters by none)
  if (filter) ctx.behaviour.accepted('filter read', undefined, { v, filter });
  const customerIds = queryString(v, ctx.query, 'customer_ids', { min: 1 });
  if (customerIds !== undefined) {
    const ids = splitList(customerIds);
    if (ids.length > ctx.behaviour.accepted('customer_ids max', 10) || ids.some((id) => id === ''))
      v.fail('customer_ids', 'INVALID_PARAMETER_VALUE', 'customer_ids holds 1 to 10 non-empty ids.');
  }
  const paging = readPaging(v, ctx, 'subscriptions');
  v.done();
  ctx.behaviour.accepted('list subscriptions URL', undefined, {
    url: `${ctx.baseUrl}${ctx.path}?${ctx.query.toString()}`,
  });
  const after = (time: string, bound: string | undefined) => bound === undefined || parseTime(time) > parseTime(bound);
  const before = (time: string, bound: string | undefined) => bound === undefined || parseTime(time) < parseTime(bound);
  const subscriptions = listOrder(
    ctx,
    [...ctx.state.billing.subscriptions.values()].filter(
      (item) =>
        (!planIds || planIds(item.plan_id)) &&
        (!statuses || statuses.includes(item.status)) &&
        after(item.create_time, bounds.createdAfter) &&
        before(item.create_time, bounds.createdBefore) &&
        after(item.status_update_time, bounds.statusUpdatedAfter) &&
        before(item.status_update_time, bounds.statusUpdatedBefore),
    ),
  );
  const extra: Record<string, string> = {};
  for (const name of [
    'plan_ids',
    'statuses',
    'created_after',
    'created_before',
    'status_updated_after',
    'status_updated_before',
  ]) {
    const value = ctx.query.get(name);
    if (value !== null) extra[name] = value;
  }
  const items = pageOf(subscriptions, paging, ctx, 'subscriptions').map((item) => listedSubscription(item, ctx));
  return {
    status: 200,
    body: {
      subscriptions: items,
      links: pageLinks(ctx, '/v1/billing/subscriptions', paging, subscriptions.length, extra),
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
  const fields = queryString(v, ctx.query, 'fields', { min: 1, max: ctx.behaviour.accepted('fields max', 100) });
  const names = fields !== undefined ? splitList(fields) : [];
  const known = ctx.behaviour.accepted('fields known', ['plan', 'last_failed_payment']);
  // the contract states the values by a pattern: a refusal of an unknown one is SYNTAX
  if (names.some((name) => !known.includes(name))) {
    v.fail('fields', 'INVALID_PARAMETER_SYNTAX', `fields is a comma-separated list of ${known.join(' and ')}.`);
  }
  v.done();
  const subscription = findSubscription(ctx);
  const withPlan = ctx.behaviour.rendered('subscription with plan', names.includes('plan'));
  return { status: 200, body: fullSubscription(subscription, ctx, withPlan) };
}

/** Revise: kept pending until the subscriber approves it through the approve link. */
export function reviseSubscription(ctx: RequestContext): Reply {
  const subscription = findSubscription(ctx);
  const v = new Validator(ctx.behaviour);
  const body = v.object('body', ctx.body ?? {}) ?? {};
  const planId = readPlanId(v, '/plan_id', ctx.behaviour.accepted('revise plan_id', body.plan_id));
  const count = quantity(v, '/quantity', body.quantity, ctx.behaviour.accepted('revise quantity max', 32));
  const shipping = money(v, '/shipping_amount', body.shipping_amount);
  const address = shippingDetail(v, '/shipping_address', body.shipping_address);
  // variant revise-user-action-ignored: user_action is taken and, like the rest of the context, not acted on
  readApplicationContext(
    v,
    '/application_context',
    body.application_context,
    ctx.behaviour.variant('revise-user-action-ignored'),
  );
  const overrideInput = readPlanOverride(v, '/plan', body.plan);
  v.done();
  if (!ctx.behaviour.changed('subscription revisable', true, { status: subscription.status })) {
    throw unprocessable(
      'status',
      'SUBSCRIPTION_STATUS_INVALID',
      `A ${subscription.status} subscription cannot be revised.`,
    );
  }
  if (ctx.behaviour.variant('revise-strict')) {
    if (subscription.pending_revision)
      throw unprocessable('status', 'REVISION_PENDING', "An earlier revision still awaits the subscriber's consent.");
    const changes =
      (planId !== undefined && planId !== subscription.plan_id) ||
      count !== undefined ||
      shipping !== undefined ||
      address !== undefined ||
      overrideInput !== undefined;
    if (!changes)
      throw unprocessable(
        'body',
        'NOTHING_TO_REVISE',
        'The request names no plan, quantity, shipping or override to change.',
      );
  }
  const plan = subscribablePlan(ctx, planId ?? subscription.plan_id);
  const time = timestamp(ctx.now());
  const carried = ctx.behaviour.changed('override carried into a revision', undefined, { subscription });
  const override = overrideInput ? applyOverride(new Validator(ctx.behaviour), plan, overrideInput, time) : carried;
  const revision: Revision = {
    plan_id: plan.id,
    ...(count !== undefined ? { quantity: count } : {}),
    ...(shipping ? { shipping_amount: shipping } : {}),
    ...(address ? { shipping_address: structuredClone(address) } : {}),
    ...(override ? { override } : {}),
  };
  // Kept until the subscriber consents.
  if (ctx.behaviour.changed('revision awaits consent', true)) subscription.pending_revision = revision;
  else applyRevision(subscription, revision);
  subscription.update_time = time;
  const href = subscriptionHref(ctx.baseUrl, subscription.id);
  return {
    status: 200,
    body: {
      plan_id: revision.plan_id,
      plan_overridden: override !== undefined,
      ...(shipping ? { shipping_amount: out(shipping, ctx.behaviour) } : {}),
      ...(address ? { shipping_address: out(address, ctx.behaviour) } : {}),
      links: renderLinks(
        [
          link(approveHref(ctx.baseUrl, subscription.id), 'approve', 'GET'),
          link(href, 'edit', 'PATCH'),
          link(href, 'self', 'GET'),
        ],
        ctx.behaviour,
      ),
    },
  };
}

/** How long after the consent the status follows, under the variant approval-async. */
const APPROVAL_DELAY_MS = 300;

/** Variant cycle-billed-at-start: the first period of the first cycle is billed on activation. */
export function billAtStart(subscription: Subscription, ctx: RequestContext): void {
  if (ctx.behaviour.variant('cycle-billed-at-start'))
    completeOneCycle(subscription, termsOf(subscription, ctx.state.billing.plans));
}

function applyRevision(subscription: Subscription, revision: Revision): void {
  if (revision.plan_id !== subscription.plan_id) subscription.cycles_completed = {};
  subscription.plan_id = revision.plan_id;
  if (revision.quantity !== undefined) subscription.quantity = revision.quantity;
  if (revision.shipping_amount) subscription.shipping_amount = revision.shipping_amount;
  if (revision.shipping_address)
    subscription.subscriber = { ...(subscription.subscriber ?? {}), shipping_address: revision.shipping_address };
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
    if (ctx.behaviour.changed('revision applied on consent', true))
      applyRevision(subscription, subscription.pending_revision);
    else delete subscription.pending_revision;
    subscription.update_time = time;
  }
  if (subscription.status === 'APPROVAL_PENDING' && !subscription.approved) {
    const userAction = subscription.user_action;
    const activates = ctx.behaviour.changed('approval activates', userAction === 'SUBSCRIBE_NOW', { userAction });
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
  return {
    status: 200,
    body: { id: subscription.id, status: subscription.status, message: 'The subscriber approved the subscription.' },
  };
}
