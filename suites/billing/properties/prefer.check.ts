// billing.md, "Endpoints": Prefer (default return=minimal; return=minimal, return=representation)
// on create plan, list plans and create subscription. Minimal returns id, status and links for
// creates (the create-plan row also lists create_time and update_time: they may come too) and
// id, name, description and links for list plans; representation returns the full resource for
// creates: every member that show details, read right after, returns for it. List plans answers
// "plan summaries" under either Prefer: with representation an item needs what a minimal summary
// has (id, name); what else it shows is recorded, not judged.
// The spec lists what a minimal answer returns, not that it returns nothing else: an answer that
// also carries the full representation (a plan's billing cycles, preferences and taxes, a
// subscription's subscriber, billing_info and terms) conforms to the MUST rules, and warns on the
// SHOULD rule of a lean minimal answer (judging/prefer.ts, as the proxy judges it too).

import fc from 'fast-check';
import { shapeBroken } from '../support/shape-broken.js';
import { check, type CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { SCHEMA_IDS as S } from '../../../contracts/validate.js';
import { createPlanBody, createSubscriptionBody, listPlansQuery } from '../../../generators/index.js';
import { judgeMinimalLean, MINIMAL_LEAN } from '../../../judging/prefer.js';
import type { Finding } from '../../../judging/finding.js';
import {
  brief,
  createAnsweredAnother,
  is2xx,
  isObject,
  itemsOf,
  type JsonObject,
  noteOnce,
  planPath,
  PLANS,
  sendCreatePlan,
  sendCreateSubscription,
  subscriptionPath,
} from '../support/api.js';
import { activePlan, sampleOne } from '../support/fixtures.js';
import { productForCheck } from './markers.js';
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

/**
 * The SHOULD rule of a lean minimal answer, judged on every minimal answer of a property: each
 * answer that holds it credits it; the first that carries content is kept and failed once the
 * property is over, so that the MUST rules the property judges are all credited first.
 */
class MinimalLean {
  private carried?: { finding: Finding; reply: Reply };

  constructor(private readonly operation: keyof typeof MINIMAL_LEAN) {}

  judge(ctx: CheckContext, reply: Reply, body: unknown, what: string): void {
    const { rule, content } = MINIMAL_LEAN[this.operation];
    const finding = judgeMinimalLean(body, content, rule, what);
    if (finding?.held) ctx.credit(rule, reply, 'no content beyond the minimal members');
    else if (finding && !this.carried) this.carried = { finding, reply };
  }

  /** Fails the rule with the first answer that carried content, if any did. */
  settle(ctx: CheckContext): void {
    if (!this.carried) return;
    const { finding, reply } = this.carried;
    const { rule, message = rule, expected, received } = finding;
    ctx.fail({ rule, message, expected, received, exchanges: [reply.exchange] });
  }
}

/**
 * A representation is the resource's full state: it carries every member that show details,
 * read right after, returns for the same resource (nothing changed it in between). Fails `rule`
 * naming the members it left out; judges nothing when the show is not served.
 */
async function expectFull(
  ctx: CheckContext,
  reply: Reply,
  showPath: (id: string) => string,
  rule: RuleId,
  what: string,
) {
  const body = isObject(reply.json) ? reply.json : undefined;
  if (!body || typeof body.id !== 'string') return;
  const shown = await ctx.billingSend('GET', showPath(body.id));
  if (shown.status !== 200 || !isObject(shown.json)) {
    noteOnce(ctx, `${what}: show answered ${shown.status}; the representation was not compared with it`);
    return;
  }
  const missing = Object.keys(shown.json).filter((member) => body[member] === undefined);
  if (missing.length === 0) {
    ctx.credit(rule, [reply, shown], `${what}: every member show returns (${Object.keys(shown.json).join(', ')})`);
    return;
  }
  ctx.fail({
    rule,
    message: `${what}: the representation leaves out ${missing.join(', ')}, which show returns for the same resource`,
    expected: `the full resource: ${Object.keys(shown.json).join(', ')}`,
    received: `members ${Object.keys(body).join(', ')}`,
    exchanges: [reply.exchange, shown.exchange],
  });
}

/** An item without description in a minimal list: the plan must have none (one look per answer). */
async function expectDescriptionsKept(ctx: CheckContext, reply: Reply, items: readonly JsonObject[], what: string) {
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
}

/**
 * The check's own plan with a description, in the first page of a minimal list of its product
 * (it holds the check's few plans, where the server took a product of the check's own): its item
 * carries the description. Not judged when the plan is not on that page (a shared product).
 */
async function expectDescribedListed(ctx: CheckContext, productId: string, id: string): Promise<void> {
  const rule = 'billing.list-plans.prefer-minimal';
  const reply = await ctx.billingSend('GET', PLANS, { query: { product_id: productId, page_size: 20 } });
  const item = is2xx(reply) ? itemsOf(reply, 'plans')?.find((candidate) => candidate.id === id) : undefined;
  if (!item) return noteOnce(ctx, `list plans (minimal): plan ${id}, which has a description, is not on page 1`);
  // carried is what this rule asks; a description of the wrong type is its type rule's failure
  if (item.description !== undefined) return ctx.credit(rule, reply, `plan ${id}: its description listed`);
  ctx.fail({
    rule,
    message: `list plans without Prefer: plan ${id} has a description, yet its minimal list item lacks it`,
    expected: 'id, name, description and links',
    received: brief(item),
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
  if (absent.length > 0)
    noteOnce(ctx, `list plans items with Prefer return=representation are summaries without ${absent.join(', ')}`);
}

/** The answer of a create, or undefined when it was not a success (another file's verdict). */
function created(ctx: CheckContext, reply: Reply, what: string): Reply | undefined {
  if (is2xx(reply)) return reply;
  noteOnce(ctx, `${what}: answered ${reply.status}; Prefer was not judged`);
  return undefined;
}

check(
  {
    name:
      'billing Prefer: create plan returns id, status and links when minimal (the default) and the full ' +
      'plan with return=representation',
    rules: [
      'billing.create-plan.prefer-minimal',
      'billing.create-plan.prefer-representation',
      'billing.create-plan.prefer-minimal-lean',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const lean = new MinimalLean('create plan');
    const cases = fc.tuple(createPlanBody({ productId: ctx.billing.productId }), fc.constantFrom(...PREFERS));
    await ctx.property(cases, async ([body, prefer]) => {
      const what = `create plan ${label(prefer)}`;
      const reply = created(ctx, (await sendCreatePlan(ctx, body, headersFor(prefer))).reply, what);
      if (!reply) return;
      if (prefer === 'return=representation') {
        // the representation of another plan than the one sent is no representation of it
        const another = createAnsweredAnother(ctx, 'plan', reply);
        if (another) return ctx.notTried(['billing.create-plan.prefer-representation'], another);
        expectMembers(ctx, reply, ['id'], 'billing.create-plan.prefer-representation', what);
        ctx.expectContract(reply.json, S.createPlanResponseRepresentation, reply, what);
        await expectFull(ctx, reply, planPath, 'billing.create-plan.prefer-representation', what);
        ctx.credit('billing.create-plan.prefer-representation', reply, 'the plan sent, in full');
        return;
      }
      expectMembers(ctx, reply, ['id', 'status', 'links'], 'billing.create-plan.prefer-minimal', what);
      ctx.expectContract(reply.json, S.createPlanResponseMinimal, reply, what);
      lean.judge(ctx, reply, reply.json, what);
      observeExtra(
        ctx,
        reply.json,
        ['id', 'status', 'links', 'create_time', 'update_time'],
        `the minimal create plan answer (${label(prefer)})`,
      );
    });
    lean.settle(ctx);
  },
);

check(
  {
    name:
      'billing Prefer: list plans items carry id, name, description and links when minimal (the ' +
      'default) and at least id and name with return=representation',
    rules: [
      'billing.list-plans.prefer-minimal',
      'billing.list-plans.prefer-representation',
      'billing.list-plans.prefer-minimal-lean',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const lean = new MinimalLean('list plans');
    // a product of the check's own (where the server takes one) holds plans with and without a description
    const productId = await productForCheck(ctx);
    const { description: _drawn, ...bare } = sampleOne(ctx, createPlanBody({ productId }));
    await sendCreatePlan(ctx, bare);
    const description = `${ctx.settings.runId} described`;
    const described = await sendCreatePlan(ctx, { ...bare, description });
    const queries = listPlansQuery({ productId }).map(({ product_id, page }) => ({
      product_id: product_id!,
      page_size: 5,
      page: Math.min(page ?? 1, 3),
    }));
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
      // an id the contract found missing or of the wrong type is its schema rule's failure already
      const broken = shapeBroken(S.listPlansResponse, reply.json);
      const idBroken = broken.includes('plans') || broken.includes('plans.id');
      for (const item of items) {
        if (typeof item.id !== 'string' && !idBroken) {
          ctx.fail({
            rule: 'billing.list-plans.prefer-minimal',
            message: `${what}: an item has no id`,
            expected: 'id, name, description (when set) and links',
            received: brief(item),
            exchanges: [reply.exchange],
          });
        }
        lean.judge(ctx, reply, item, `${what}, item ${String(item.id)}`);
        observeExtra(ctx, item, ['id', 'name', 'description', 'links'], `a minimal list plans item (${label(prefer)})`);
      }
      await expectDescriptionsKept(ctx, reply, items, what);
    });
    if (described.id) await expectDescribedListed(ctx, productId, described.id);
    lean.settle(ctx);
  },
);

check(
  {
    name:
      'billing Prefer: create subscription returns id, status and links when minimal (the ' +
      'default) and the full subscription with return=representation',
    rules: [
      'billing.create-subscription.prefer-minimal',
      'billing.create-subscription.prefer-representation',
      'billing.create-subscription.prefer-minimal-lean',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const lean = new MinimalLean('create subscription');
    const plan = await activePlan(ctx);
    const bodies = createSubscriptionBody({
      planId: plan.id,
      quantitySupported: plan.quantitySupported,
      currency: plan.currency,
    });
    await ctx.property(fc.tuple(bodies, fc.constantFrom(...PREFERS)), async ([body, prefer]) => {
      const what = `create subscription ${label(prefer)}`;
      const reply = created(ctx, (await sendCreateSubscription(ctx, body, headersFor(prefer))).reply, what);
      if (!reply) return;
      if (prefer === 'return=representation') {
        const rule = 'billing.create-subscription.prefer-representation';
        const another = createAnsweredAnother(ctx, 'subscription', reply);
        if (another) return ctx.notTried([rule], another);
        expectMembers(ctx, reply, ['id', 'status', 'plan_id', 'links'], rule, what);
        ctx.expectContract(reply.json, S.createSubscriptionResponseRepresentation, reply, what);
        await expectFull(ctx, reply, subscriptionPath, rule, what);
        ctx.credit(rule, reply, 'the subscription sent, in full');
        return;
      }
      expectMembers(ctx, reply, ['id', 'status', 'links'], 'billing.create-subscription.prefer-minimal', what);
      ctx.expectContract(reply.json, S.createSubscriptionResponseMinimal, reply, what);
      lean.judge(ctx, reply, reply.json, what);
      observeExtra(
        ctx,
        reply.json,
        ['id', 'status', 'links'],
        `the minimal create subscription answer (${label(prefer)})`,
      );
    });
    lean.settle(ctx);
  },
);
