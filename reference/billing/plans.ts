// The seven plan operations.

import type { Reply, RequestContext } from '../http/context.js';
import { unknownId, unprocessable } from '../http/errors.js';
import { Validator, type Json, type JsonObject } from '../http/validator.js';
import { randomCode } from '../ids.js';
import { timestamp } from '../time.js';
import { idempotent } from './idempotency.js';
import { link, renderLinks } from './links.js';
import type { Plan } from './model.js';
import { patchPlan } from './plan-patch.js';
import { readCreatePlan } from './plan-input.js';
import { fullPlan, minimalCreatedPlan, minimalListedPlan, planSummary } from './plan-view.js';
import { wantsRepresentation } from './prefer.js';
import { newPricingScheme, readPricingScheme, type PricingInput } from './pricing.js';
import { PAGE_SIZE_MAX, queryBoolean, queryInteger, queryString } from './query.js';

function newPlanId(ctx: RequestContext): string {
  if (ctx.behaviour.fault('plan-id-no-prefix')) return randomCode(26);
  if (ctx.behaviour.fault('plan-id-25-chars')) return `P-${randomCode(23)}`;
  return `P-${randomCode(24)}`;
}

export function findPlan(ctx: RequestContext): Plan {
  const plan = ctx.state.billing.plans.get(ctx.params.id);
  if (!plan) throw unknownId('id', `No plan has the id ${ctx.params.id}.`);
  return plan;
}

export function createPlan(ctx: RequestContext): Reply {
  return idempotent(ctx, 'create-plan', ctx.behaviour.fault('idempotency-plan-duplicate'), () => {
    const time = timestamp(ctx.now());
    const v = new Validator(ctx.behaviour);
    const input = readCreatePlan(v, ctx.body, time);
    v.done();
    if (!input) throw new Error('create plan input missing after validation');
    const plan: Plan = { id: newPlanId(ctx), ...input, create_time: time, update_time: time };
    ctx.state.billing.plans.set(plan.id, plan);
    const full = (wantsRepresentation(ctx) && !ctx.behaviour.fault('create-plan-representation-minimal')) || ctx.behaviour.fault('create-plan-minimal-full');
    const body = full ? fullPlan(plan, ctx.baseUrl, ctx.behaviour) : minimalCreatedPlan(plan, ctx.baseUrl, ctx.behaviour);
    return { status: ctx.behaviour.fault('create-plan-200') ? 200 : 201, body };
  });
}

function pageHref(ctx: RequestContext, path: string, page: number, pageSize: number, extra: Record<string, string>): string {
  const query = new URLSearchParams({ ...extra, page_size: String(pageSize), page: String(page) });
  return `${ctx.baseUrl}${path}?${query.toString()}`;
}

/** The slice of one page, with the faults that break paging. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number, ctx: RequestContext): T[] {
  const shown = ctx.behaviour.fault('page-repeats-previous-past-2') && page > 2 ? page - 1 : page;
  const start = (shown - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

export function pageLinks(ctx: RequestContext, path: string, page: number, pageSize: number, total: number, extra: Record<string, string>): Json[] {
  const links = [link(pageHref(ctx, path, page, pageSize, extra), 'self', 'GET')];
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > 1) links.push(link(pageHref(ctx, path, Math.min(page - 1, lastPage), pageSize, extra), 'prev', 'GET'));
  if (page < lastPage) links.push(link(pageHref(ctx, path, page + 1, pageSize, extra), 'next', 'GET'));
  links.push(link(pageHref(ctx, path, 1, pageSize, extra), 'first', 'GET'));
  links.push(link(pageHref(ctx, path, lastPage, pageSize, extra), 'last', 'GET'));
  return renderLinks(links, ctx.behaviour);
}

export function listPlans(ctx: RequestContext): Reply {
  const v = new Validator(ctx.behaviour);
  const productId = queryString(v, ctx.query, 'product_id', { min: 6, max: 50 });
  let pageSize = queryInteger(v, ctx.query, 'page_size', { min: 1, max: ctx.behaviour.fault('page-size-21-accepted') ? 21 : PAGE_SIZE_MAX, fallback: 10 });
  const page = queryInteger(v, ctx.query, 'page', { min: 1, max: 100000, fallback: 1 });
  const totalRequired = queryBoolean(v, ctx.query, 'total_required');
  v.done();
  if (ctx.behaviour.fault('page-size-ignored')) pageSize = 10;
  let plans = [...ctx.state.billing.plans.values()];
  if (productId !== undefined && !ctx.behaviour.fault('product-id-filter-ignored')) plans = plans.filter((plan) => plan.product_id === productId);
  if (ctx.behaviour.variant('list-reverse-order')) plans.reverse();
  const full = wantsRepresentation(ctx);
  const represent = ctx.behaviour.variant('list-plans-summary') ? planSummary : fullPlan;
  const items = pageOf(plans, page, pageSize, ctx).map((plan) => {
    if (!full && !ctx.behaviour.fault('list-plans-minimal-full')) return minimalListedPlan(plan, ctx.baseUrl, ctx.behaviour);
    const item = represent(plan, ctx.baseUrl, ctx.behaviour);
    if (ctx.behaviour.fault('list-plans-representation-no-name')) delete item.name;
    return item;
  });
  const extra: Record<string, string> = {};
  if (productId !== undefined) extra.product_id = productId;
  if (totalRequired) extra.total_required = 'true';
  const body: JsonObject = { plans: items };
  if (totalRequired) {
    if (ctx.behaviour.variant('total-count-name')) body.total_count = plans.length;
    else Object.assign(body, { total_items: plans.length, total_pages: Math.ceil(plans.length / pageSize) });
  }
  body.links = pageLinks(ctx, '/v1/billing/plans', page, pageSize, plans.length, extra);
  return { status: 200, body };
}

export function showPlan(ctx: RequestContext): Reply {
  const body = fullPlan(findPlan(ctx), ctx.baseUrl, ctx.behaviour);
  if (ctx.behaviour.fault('show-plan-no-payment-preferences')) delete body.payment_preferences;
  return { status: 200, body };
}

export function updatePlan(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  patchPlan(plan, ctx.body, ctx);
  if (ctx.behaviour.fault('update-plan-200-echo')) return { status: 200, body: { id: plan.id, status: plan.status } };
  return ctx.behaviour.fault('update-plan-200') ? { status: 200, body: fullPlan(plan, ctx.baseUrl, ctx.behaviour) } : { status: 204 };
}

/** Activate: from CREATED or INACTIVE (ACTIVE is refused: it is already active). */
export function activatePlan(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  if (plan.status === 'ACTIVE' && !ctx.behaviour.variant('plan-activate-from-active')) {
    throw unprocessable('status', 'PLAN_STATUS_INVALID', 'The plan is already ACTIVE.');
  }
  if (plan.status !== 'ACTIVE' && !ctx.behaviour.fault('activate-plan-keeps-status')) {
    plan.status = 'ACTIVE';
    plan.activated = true;
    plan.update_time = timestamp(ctx.now());
  }
  return { status: 204 };
}

/** Deactivate: from ACTIVE only (a CREATED plan never took subscriptions; activate it or leave it). */
export function deactivatePlan(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  const allowed = plan.status === 'ACTIVE' || (plan.status === 'CREATED' && ctx.behaviour.variant('plan-deactivate-from-created'));
  if (!allowed) throw unprocessable('status', 'PLAN_STATUS_INVALID', `A plan in state ${plan.status} cannot be deactivated.`);
  if (!ctx.behaviour.fault('deactivate-keeps-status')) {
    plan.status = 'INACTIVE';
    plan.update_time = timestamp(ctx.now());
  }
  return { status: 204 };
}

/** Update pricing: 1..99 items, each naming an existing billing cycle; each change bumps the scheme version. */
export function updatePricingSchemes(ctx: RequestContext): Reply {
  const plan = findPlan(ctx);
  const v = new Validator(ctx.behaviour);
  // fault update-pricing-array-body-unwrapped: [ {pricing_schemes} ] is read as that body
  const unwrapped = Array.isArray(ctx.body) && ctx.body.length === 1 && ctx.behaviour.fault('update-pricing-array-body-unwrapped') ? ctx.body[0] : ctx.body;
  const body = v.object('body', unwrapped);
  v.require('body', ctx.body);
  const max = ctx.behaviour.fault('pricing-100-accepted') ? 100 : ctx.behaviour.fault('pricing-99-refused') ? 98 : 99;
  v.require('/pricing_schemes', body?.pricing_schemes);
  const items = v.array('/pricing_schemes', body?.pricing_schemes, { min: 1, max }) ?? [];
  const updates: Array<{ sequence: number; pricing: PricingInput }> = [];
  items.forEach((item, index) => {
    const at = `/pricing_schemes/${index}`;
    const update = v.object(at, item);
    if (!update) return;
    v.require(`${at}/billing_cycle_sequence`, update.billing_cycle_sequence);
    const textAccepted = ctx.behaviour.fault('update-pricing-sequence-text-accepted') && typeof update.billing_cycle_sequence === 'string' && /^\d+$/.test(update.billing_cycle_sequence);
    const sequence = v.integer(`${at}/billing_cycle_sequence`, textAccepted ? Number(update.billing_cycle_sequence) : update.billing_cycle_sequence, { min: 1, max: 99 });
    v.require(`${at}/pricing_scheme`, update.pricing_scheme);
    const pricing = readPricingScheme(v, `${at}/pricing_scheme`, update.pricing_scheme);
    if (sequence !== undefined && pricing) updates.push({ sequence, pricing });
  });
  v.done();
  if (plan.status === 'INACTIVE') throw unprocessable('status', 'PLAN_STATUS_INVALID', 'An INACTIVE plan accepts status updates only.');
  for (const update of updates) {
    if (!plan.billing_cycles.some((cycle) => cycle.sequence === update.sequence)) {
      throw unprocessable('billing_cycle_sequence', 'BILLING_CYCLE_NOT_FOUND', `The plan has no billing cycle with sequence ${update.sequence}.`);
    }
  }
  const sequences = new Set(updates.map((update) => update.sequence));
  if (sequences.size < updates.length && ctx.behaviour.variant('pricing-duplicate-sequence-refused')) {
    throw unprocessable('/pricing_schemes', 'DUPLICATE_BILLING_CYCLE_SEQUENCE', 'Each billing cycle may be named by one item only.');
  }
  const time = timestamp(ctx.now());
  for (const update of updates) {
    if (ctx.behaviour.fault('update-pricing-not-applied')) break;
    const cycle = plan.billing_cycles.find((item) => item.sequence === update.sequence)!;
    const version = Math.min(999, (cycle.pricing_scheme?.version ?? 0) + 1);
    cycle.pricing_scheme = { ...newPricingScheme(update.pricing, version, time), create_time: cycle.pricing_scheme?.create_time ?? time };
    if (ctx.behaviour.fault('override-follows-plan-pricing')) {
      for (const subscription of ctx.state.billing.subscriptions.values()) {
        const own = subscription.plan_id === plan.id ? subscription.override?.billing_cycles.find((item) => item.sequence === update.sequence) : undefined;
        if (own) own.pricing_scheme = structuredClone(cycle.pricing_scheme);
      }
    }
  }
  plan.update_time = time;
  return { status: 204 };
}
