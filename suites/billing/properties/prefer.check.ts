// billing.md, "Endpoints": Prefer (default return=minimal; return=minimal, return=representation)
// on create plan, list plans and create subscription. Minimal returns id, status and links for
// creates (the create-plan row also lists create_time and update_time: either reading passes)
// and id, name, description and links for list plans; representation returns the full resource
// for creates. List plans answers "plan summaries" under either Prefer: with representation an
// item needs what a minimal summary has (id, name); what else it shows is recorded, not judged.
// A minimal answer may carry more than the members listed (identity, times: recorded), but not
// what only the full representation has, the resource's content: a plan's billing cycles,
// preferences and taxes, a subscription's subscriber, billing_info and terms. An answer with
// those is the representation, whatever it was asked for.

import fc from 'fast-check';
import { check, type CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { SCHEMA_IDS as S } from '../../../contracts/validate.js';
import { createPlanBody, createSubscriptionBody, listPlansQuery } from '../../../generators/index.js';
import { brief, is2xx, isObject, itemsOf, noteOnce, planPath, PLANS, sendCreatePlan, sendCreateSubscription } from '../support/api.js';
import { activePlan, sampleOne } from '../support/fixtures.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

type Prefer = 'absent' | 'return=minimal' | 'return=representation';
const PREFERS: readonly Prefer[] = ['absent', 'return=minimal', 'return=representation'];

const headersFor = (prefer: Prefer): Record<string, string> => (prefer === 'absent' ? {} : { prefer });
const label = (prefer: Prefer) => (prefer === 'absent' ? 'without Prefer' : `with Prefer ${prefer}`);

/** Fails `rule` unless the answer carries every member of `members`. */
function expectMembers(ctx: CheckContext, reply: Reply, members: readonly string[], rule: RuleId, what: string): void {
  const body = isObject(reply.json) ? reply.json : {};
  const missing = members.filter((m) => body[m] === undefined);
  if (missing.length === 0) return;
  ctx.fail({
    rule,
    message: `${what}: ${missing.join(', ')} missing`,
    expected: `at least ${members.join(', ')}`,
    received: `members ${Object.keys(body).join(', ') || '(none)'}`,
    exchanges: [reply.exchange],
  });
}

/** Members only a full plan has: its terms (a list summary and a minimal answer name the plan, they do not hold it). */
const PLAN_CONTENT = ['billing_cycles', 'payment_preferences', 'merchant_preferences', 'taxes', 'quantity_supported'];

/** Members only a full subscription has: its subscriber, billing and terms. */
const SUBSCRIPTION_CONTENT = ['subscriber', 'billing_info', 'plan', 'plan_overridden', 'quantity', 'shipping_amount', 'custom_id', 'auto_renewal', 'start_time'];

/** Fails `rule` when a minimal answer (or list item) carries members of the full representation. */
function expectNoContent(ctx: CheckContext, reply: Reply, body: unknown, content: readonly string[], rule: RuleId, what: string): void {
  const present = isObject(body) ? content.filter((m) => body[m] !== undefined) : [];
  if (present.length === 0) return;
  ctx.fail({
    rule,
    message: `${what}: the answer carries ${present.join(', ')}, members of the full representation`,
    expected: `a minimal answer, without ${content.join(', ')}`,
    received: `members ${Object.keys(body as object).join(', ')}`,
    exchanges: [reply.exchange],
  });
}

/** Records members of a minimal answer beyond the ones the spec lists. */
function observeExtra(ctx: CheckContext, body: unknown, listed: readonly string[], what: string): void {
  const extra = isObject(body) ? Object.keys(body).filter((m) => !listed.includes(m)) : [];
  if (extra.length > 0) noteOnce(ctx, `${what} also carried ${extra.join(', ')}`);
}

/** Records members of the full plan that a representation list item does not show. */
function observeSummary(ctx: CheckContext, item: Record<string, unknown>): void {
  const absent = ['product_id', 'status', 'billing_cycles', 'payment_preferences'].filter((m) => item[m] === undefined);
  if (absent.length > 0) noteOnce(ctx, `list plans items with Prefer return=representation are summaries without ${absent.join(', ')}`);
}

/** The answer of a create, or undefined when it was not a success (another file's verdict). */
function created(ctx: CheckContext, reply: Reply, what: string): Reply | undefined {
  if (is2xx(reply)) return reply;
  noteOnce(ctx, `${what}: answered ${reply.status}; Prefer was not judged`);
  return undefined;
}

check(
  {
    name: 'billing Prefer: create plan returns id and links when minimal (the default) and the full plan with return=representation',
    rules: ['billing.create-plan.prefer-minimal', 'billing.create-plan.prefer-representation'],
    needs: ['billing'],
  },
  async (ctx) => {
    const cases = fc.tuple(createPlanBody({ productId: ctx.billing.productId }), fc.constantFrom(...PREFERS));
    await ctx.property(cases, async ([body, prefer]) => {
      const what = `create plan ${label(prefer)}`;
      const reply = created(ctx, (await sendCreatePlan(ctx, body, headersFor(prefer))).reply, what);
      if (!reply) return;
      if (prefer === 'return=representation') {
        expectMembers(ctx, reply, ['id'], 'billing.create-plan.prefer-representation', what);
        ctx.expectContract(reply.json, S.createPlanResponseRepresentation, reply, what);
        return;
      }
      expectMembers(ctx, reply, ['id', 'links'], 'billing.create-plan.prefer-minimal', what);
      expectNoContent(ctx, reply, reply.json, PLAN_CONTENT, 'billing.create-plan.prefer-minimal', what);
      ctx.expectContract(reply.json, S.createPlanResponseMinimal, reply, what);
      observeExtra(ctx, reply.json, ['id', 'status', 'links', 'create_time', 'update_time'], `the minimal create plan answer (${label(prefer)})`);
    });
  },
);

check(
  {
    name: 'billing Prefer: list plans items carry id, name, description and links when minimal (the default) and at least id and name with return=representation',
    rules: ['billing.list-plans.prefer-minimal', 'billing.list-plans.prefer-representation'],
    needs: ['billing'],
  },
  async (ctx) => {
    // the product holds plans with and without a description
    const { description: _drawn, ...bare } = sampleOne(ctx, createPlanBody({ productId: ctx.billing.productId }));
    await sendCreatePlan(ctx, bare);
    await sendCreatePlan(ctx, { ...bare, description: `${ctx.settings.runId} described` });
    const queries = listPlansQuery({ productId: ctx.billing.productId }).map(({ product_id, page }) => ({ product_id: product_id!, page_size: 5, page: Math.min(page ?? 1, 3) }));
    await ctx.property(fc.tuple(queries, fc.constantFrom(...PREFERS)), async ([query, prefer]) => {
      const what = `list plans ${label(prefer)}`;
      const reply = await ctx.billingSend('GET', PLANS, { query, headers: headersFor(prefer) });
      if (!is2xx(reply)) {
        noteOnce(ctx, `${what}: answered ${reply.status}; Prefer was not judged`);
        return;
      }
      if (prefer === 'return=representation') {
        ctx.expectContract(reply.json, S.listPlansResponseRepresentation, reply, what);
        for (const item of itemsOf(reply, 'plans') ?? []) observeSummary(ctx, item);
        return;
      }
      ctx.expectContract(reply.json, S.listPlansResponse, reply, what);
      const items = itemsOf(reply, 'plans') ?? [];
      for (const item of items) {
        if (typeof item.id !== 'string') {
          ctx.fail({ rule: 'billing.list-plans.prefer-minimal', message: `${what}: an item has no id`, expected: 'id, name, description (when set) and links', received: brief(item), exchanges: [reply.exchange] });
        }
        expectNoContent(ctx, reply, item, PLAN_CONTENT, 'billing.list-plans.prefer-minimal', `${what}, item ${String(item.id)}`);
        observeExtra(ctx, item, ['id', 'name', 'description', 'links'], `a minimal list plans item (${label(prefer)})`);
      }
      // an item without description: the plan must have none (one look per answer)
      const undescribed = items.find((item) => item.description === undefined && typeof item.id === 'string');
      if (!undescribed) return;
      const shown = await ctx.billingSend('GET', planPath(String(undescribed.id)));
      const description = isObject(shown.json) ? shown.json.description : undefined;
      if (shown.status === 200 && typeof description === 'string') {
        ctx.fail({
          rule: 'billing.list-plans.prefer-minimal',
          message: `${what}: plan ${String(undescribed.id)} has a description, yet its minimal list item lacks it`,
          expected: `description ${brief(description)}`,
          received: brief(undescribed),
          exchanges: [reply.exchange, shown.exchange],
        });
      }
    });
  },
);

check(
  {
    name: 'billing Prefer: create subscription returns id, status and links when minimal (the default) and the full subscription with return=representation',
    rules: ['billing.create-subscription.prefer-minimal', 'billing.create-subscription.prefer-representation'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const bodies = createSubscriptionBody({ planId: plan.id, quantitySupported: plan.quantitySupported, currency: plan.currency });
    await ctx.property(fc.tuple(bodies, fc.constantFrom(...PREFERS)), async ([body, prefer]) => {
      const what = `create subscription ${label(prefer)}`;
      const reply = created(ctx, (await sendCreateSubscription(ctx, body, headersFor(prefer))).reply, what);
      if (!reply) return;
      if (prefer === 'return=representation') {
        expectMembers(ctx, reply, ['id', 'status', 'plan_id', 'links'], 'billing.create-subscription.prefer-representation', what);
        ctx.expectContract(reply.json, S.createSubscriptionResponseRepresentation, reply, what);
        return;
      }
      expectMembers(ctx, reply, ['id', 'status', 'links'], 'billing.create-subscription.prefer-minimal', what);
      expectNoContent(ctx, reply, reply.json, SUBSCRIPTION_CONTENT, 'billing.create-subscription.prefer-minimal', what);
      ctx.expectContract(reply.json, S.createSubscriptionResponseMinimal, reply, what);
      observeExtra(ctx, reply.json, ['id', 'status', 'links'], `the minimal create subscription answer (${label(prefer)})`);
    });
  },
);
