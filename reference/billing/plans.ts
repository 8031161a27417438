// The seven plan operations.

import type { RequestContext } from '../http/context.js';
import type { Reply } from '../http/answer.js';
import { unknownId, unprocessable } from '../http/errors.js';
import type { JsonObject } from '../http/json.js';
import { Validator } from '../http/validator.js';
import { randomCode } from '../ids.js';
import { timestamp } from '../time.js';
import { idempotent } from './idempotency.js';
import type { PricingInput } from './inputs.js';
import type { Plan } from './model.js';
import { patchPlan } from './plan-patch.js';
import { readCreatePlan } from './plan-input.js';
import { fullPlan, minimalCreatedPlan, minimalListedPlan, planSummary } from './plan-view.js';
import { wantsRepresentation } from './prefer.js';
import { newPricingScheme, readPricingScheme } from './pricing.js';
import { listOrder } from './list-order.js';
import { pageLinks, pageOf, readPaging } from './list-paging.js';
import { queryBoolean, queryString } from './query.js';

function newPlanId(ctx: RequestContext): string {
  return ctx.behaviour.changed('new plan id', `P-${randomCode(24)}`);
}

export function findPlan(ctx: RequestContext): Plan {
  const plan = ctx.state.billing.plans.get(ctx.params.id);
  if (!plan) throw unknownId('id', `No plan has the id ${ctx.params.id}.`);
  return plan;
}

export function createPlan(ctx: RequestContext): Reply {
  return idempotent(ctx, 'create-plan', () => {
    const time = timestamp(ctx.now());
    const v = new Validator(ctx.behaviour);
    const input = readCreatePlan(v, ctx.body, time);
    v.done();
    if (!input) throw new Error('create plan input missing after validation');
    const plan: Plan = { id: newPlanId(ctx), ...input, create_time: time, update_time: time };
    ctx.state.billing.plans.set(plan.id, plan);
    const full =
      ctx.behaviour.rendered('create plan representation', wantsRepresentation(ctx)) ||
      ctx.behaviour.variant('minimal-full-representation');
    const body = full
      ? fullPlan(plan, ctx.baseUrl, ctx.behaviour)
      : minimalCreatedPlan(plan, ctx.baseUrl, ctx.behaviour);
    return { status: 201, body };
  });
}

/** The product filter: product_id of 6..50 characters; undefined when absent. */
function productFilter(v: Validator, ctx: RequestContext): ((plan: Plan) => boolean) | undefined {
  const read = () => {
    const productId = queryString(v, ctx.query, 'product_id', { min: 6, max: 50 });
    return productId === undefined ? undefined : (plan: Plan) => plan.product_id === productId;
  };
  return ctx.behaviour.accepted('product_id filter', read, { raw: ctx.query.get('product_id') })();
}

/** total_required: whether the totals are shown (default false). */
function showsTotals(v: Validator, ctx: RequestContext): boolean {
  const absent = ctx.query.get('total_required') === null;
  return ctx.behaviour.accepted('totals shown', queryBoolean(v, ctx.query, 'total_required'), { absent });
}

/** The totals under the names a variant chose (the spec leaves the names open). */
function totals(ctx: RequestContext, count: number, pageSize: number): JsonObject {
  const pages = Math.ceil(count / Math.max(1, Math.min(pageSize, count || 1)));
  if (ctx.behaviour.variant('total-count-name')) return { total_count: count };
  if (ctx.behaviour.variant('total-in-page-object'))
    return { page_info: { total_elements: count, total_pages: pages } };
  return { total_items: count, total_pages: pages };
}

export function listPlans(ctx: RequestContext): Reply {
  const v = new Validator(ctx.behaviour);
  const filter = productFilter(v, ctx);
  const paging = readPaging(v, ctx, 'plans');
  const withTotals = showsTotals(v, ctx);
  v.done();
  const plans = listOrder(
    ctx,
    [...ctx.state.billing.plans.values()].filter((plan) => !filter || filter(plan)),
  );
  const full = wantsRepresentation(ctx);
  const represent = ctx.behaviour.variant('list-plans-summary') ? planSummary : fullPlan;
  const items = pageOf(plans, paging, ctx, 'plans').map((plan) => {
    if (!full && !ctx.behaviour.variant('minimal-full-representation'))
      return minimalListedPlan(plan, ctx.baseUrl, ctx.behaviour);
    return ctx.behaviour.rendered('listed plan', represent(plan, ctx.baseUrl, ctx.behaviour));
  });
  const extra: Record<string, string> = {};
  for (const name of ['product_id', 'total_required']) {
    const value = ctx.query.get(name);
    if (value !== null) extra[name] = value;
  }
  const links = pageLinks(ctx, '/v1/billing/plans', paging, plans.length, extra);
  return {
    status: 200,
    body: { plans: items, ...(withTotals ? totals(ctx, plans.length, paging.pageSize) : {}), links },
  };
}

export function showPlan(ctx: RequestContext): Reply {
  return { status: 200, body: fullPlan(findPlan(ctx), ctx.baseUrl, ctx.behaviour) };
}

export function updatePlan(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  patchPlan(plan, ctx.body, ctx);
  return { status: 204 };
}

/** Activate: from CREATED or INACTIVE (ACTIVE is refused: it is already active). */
export function activatePlan(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  if (plan.status === 'ACTIVE' && !ctx.behaviour.variant('plan-activate-from-active')) {
    throw unprocessable('status', 'PLAN_STATUS_INVALID', 'The plan is already ACTIVE.');
  }
  if (plan.status !== 'ACTIVE' && ctx.behaviour.changed('plan activated', true)) {
    plan.status = 'ACTIVE';
    plan.activated = true;
    plan.update_time = timestamp(ctx.now());
  }
  return { status: 204 };
}

/** Deactivate: from ACTIVE only (a CREATED plan never took subscriptions; activate it or leave it). */
export function deactivatePlan(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  const allowed =
    plan.status === 'ACTIVE' || (plan.status === 'CREATED' && ctx.behaviour.variant('plan-deactivate-from-created'));
  if (!allowed)
    throw unprocessable('status', 'PLAN_STATUS_INVALID', `A plan in state ${plan.status} cannot be deactivated.`);
  if (ctx.behaviour.changed('plan deactivated', true)) {
    plan.status = 'INACTIVE';
    plan.update_time = timestamp(ctx.now());
  }
  return { status: 204 };
}

/** Update pricing: 1..99 items, each naming an existing billing cycle; each change bumps the scheme version. */
export function updatePricingSchemes(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  const v = new Validator(ctx.behaviour);
  const body = v.object('body', ctx.behaviour.accepted('update pricing body', ctx.body));
  v.require('body', ctx.body);
  const max = ctx.behaviour.accepted('update pricing items max', 99);
  v.require('/pricing_schemes', body?.pricing_schemes);
  const items = v.array('/pricing_schemes', body?.pricing_schemes, { min: 1, max }) ?? [];
  const updates: Array<{ sequence: number; pricing: PricingInput }> = [];
  items.forEach((item, index) => {
    const at = `/pricing_schemes/${index}`;
    const update = v.object(at, item);
    if (!update) return;
    v.require(`${at}/billing_cycle_sequence`, update.billing_cycle_sequence);
    const sequenceValue = ctx.behaviour.accepted(
      'update pricing billing_cycle_sequence',
      update.billing_cycle_sequence,
    );
    const sequence = v.integer(`${at}/billing_cycle_sequence`, sequenceValue, { min: 1, max: 99 });
    v.require(`${at}/pricing_scheme`, update.pricing_scheme);
    const pricing = readPricingScheme(v, `${at}/pricing_scheme`, update.pricing_scheme);
    if (sequence !== undefined && pricing) updates.push({ sequence, pricing });
  });
  v.done();
  if (plan.status === 'INACTIVE')
    throw unprocessable('status', 'PLAN_STATUS_INVALID', 'An INACTIVE plan accepts status updates only.');
  for (const update of updates) {
    if (!plan.billing_cycles.some((cycle) => cycle.sequence === update.sequence)) {
      throw unprocessable(
        'billing_cycle_sequence',
        'BILLING_CYCLE_NOT_FOUND',
        `The plan has no billing cycle with sequence ${update.sequence}.`,
      );
    }
  }
  const sequences = new Set(updates.map((update) => update.sequence));
  if (sequences.size < updates.length && ctx.behaviour.variant('pricing-duplicate-sequence-refused')) {
    throw unprocessable(
      '/pricing_schemes',
      'DUPLICATE_BILLING_CYCLE_SEQUENCE',
      'Each billing cycle may be named by one item only.',
    );
  }
  const time = timestamp(ctx.now());
  for (const update of ctx.behaviour.changed('pricing updates applied', updates)) {
    const cycle = plan.billing_cycles.find((item) => item.sequence === update.sequence)!;
    const version = Math.min(999, (cycle.pricing_scheme?.version ?? 0) + 1);
    cycle.pricing_scheme = {
      ...newPricingScheme(update.pricing, version, time),
      create_time: cycle.pricing_scheme?.create_time ?? time,
    };
    ctx.behaviour.changed('plan cycle repriced', undefined, {
      plan,
      cycle,
      subscriptions: ctx.state.billing.subscriptions,
    });
  }
  plan.update_time = time;
  return { status: 204 };
}
