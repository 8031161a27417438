// billing.md "Endpoints": show plan details answers "200, plan", show subscription details
// "200, subscription": the resource as it is, so every member create was sent reads back with
// the value sent (read-back.ts says what a server may still do), and the members every plan or
// subscription has are there. First one body holding every member the spec lists (text with
// non-ASCII characters in every text member), then bodies drawn from the whole valid space.

import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import type { Reply } from '../../../harness/exchange.js';
import { SCHEMA_IDS as S } from '../../../contracts/validate.js';
import { createPlanBody, createPlanBodyBoundary, createSubscriptionBody } from '../../../generators/index.js';
import {
  brief,
  isObject,
  type JsonObject,
  noteOnce,
  planPath,
  sendCreatePlan,
  sendCreateSubscription,
  subscriptionPath,
} from '../support/api.js';
import { activePlan } from '../support/fixtures.js';
import { patchablePlanBody, USD } from '../scenarios/subscription-fixture.js';
import {
  describeDifferences,
  differences,
  missingMembers,
  PLAN_MEMBERS,
  PLAN_READ_BACK,
  leavingOut,
  SUBSCRIPTION_MEMBERS,
  SUBSCRIPTION_READ_BACK,
  type ReadBackOptions,
} from './read-back.js';
import { shapeBroken } from '../support/shape-broken.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/**
 * A plan body with every member of the Plan table a create takes: the patch scenarios' plan (a
 * priced TRIAL, a tiered REGULAR, preferences and taxes) with a free TRIAL between its cycles,
 * merchant_preferences, and names in several scripts.
 */
function fullPlanBody(ctx: CheckContext): JsonObject {
  const base = patchablePlanBody(ctx);
  const [trial, regular] = base.billing_cycles as JsonObject[];
  return {
    ...base,
    name: `${ctx.settings.runId} Zoë's Ångström plan 月額`,
    description: 'Überall verfügbar: 配送 und Ελληνικά',
    billing_cycles: [
      trial,
      { tenure_type: 'TRIAL', sequence: 2, total_cycles: 1, frequency: { interval_unit: 'MONTH', interval_count: 1 } },
      { ...regular, sequence: 3 },
    ],
    // an amount with cents, so that one stored rounded reads back another
    payment_preferences: { ...(base.payment_preferences as JsonObject), setup_fee: USD('2.75') },
    merchant_preferences: {
      return_url: 'https://merchant.example.com/return',
      cancel_url: 'https://merchant.example.com/cancel',
    },
  };
}

/**
 * Shows what a create just made: a server may show a new resource a moment later, so the read is
 * retried within --settle-ms until it answers 200 with a document; the last read is judged.
 */
function showNew(ctx: CheckContext, noun: string, read: () => Promise<Reply>): Promise<Reply> {
  return ctx.settle(`the new ${noun} in show ${noun}`, read, (shown) => shown.status === 200 && isObject(shown.json));
}

/** A show answered 200 with the resource asked for (its id). */
const shownItself = (shown: Reply, id: string): boolean =>
  shown.status === 200 && isObject(shown.json) && shown.json.id === id;

interface ReadBackJudgement {
  rule: RuleId;
  noun: string;
  id: string;
  sent: unknown;
  created: Reply;
  shown: Reply;
  required: readonly string[];
  options: ReadBackOptions;
}

/** Fails `rule` unless the show answer is the resource with every required member and every member sent. */
function expectReadBack(ctx: CheckContext, j: ReadBackJudgement): void {
  const exchanges = [j.created.exchange, j.shown.exchange];
  if (j.shown.status !== 200) {
    ctx.fail({
      rule: j.rule,
      message: `show ${j.noun} ${j.id} right after its create: status ${j.shown.status}`,
      expected: `status 200, the ${j.noun}`,
      received: `status ${j.shown.status}`,
      exchanges,
    });
  }
  const doc = j.shown.json;
  if (isObject(doc) && doc.id !== j.id) {
    ctx.fail({
      rule: j.rule,
      message: `show ${j.noun} ${j.id} returned another ${j.noun}`,
      expected: `id ${j.id}`,
      received: `id ${brief(doc.id)}`,
      exchanges,
    });
  }
  // the whole body broken (not an object) is its schema rule's failure, and so is a member it breaks
  if (j.options.ignored?.includes('')) return;
  const missing = missingMembers(doc, j.required).filter((member) => !j.options.ignored?.includes(member));
  if (missing.length > 0) {
    ctx.fail({
      rule: j.rule,
      message: `show ${j.noun} ${j.id}: ${missing.join(', ')} missing`,
      expected: `a ${j.noun} with ${j.required.join(', ')}`,
      received: `members ${isObject(doc) ? Object.keys(doc).join(', ') : brief(doc)}`,
      exchanges,
    });
  }
  const found = differences(j.sent, doc, j.options);
  if (found.length > 0) {
    ctx.fail({
      rule: j.rule,
      message: `show ${j.noun} ${j.id} does not give back what its create was sent: ${found
        .map((d) => d.path)
        .slice(0, 6)
        .join(', ')}`,
      expected: `every member sent, as sent (decimals and instants in any notation of the same value)`,
      received: describeDifferences(found, (value) => brief(value, 80)),
      exchanges,
    });
  }
  ctx.credit(j.rule, [j.created, j.shown], `the ${j.noun} ${j.id}, every member as sent`);
}

/** Creates a plan from `body` and judges its show answer; a refused create is another check's verdict. */
async function planReadsBack(ctx: CheckContext, body: JsonObject, what: string): Promise<string | undefined> {
  const { reply, id } = await sendCreatePlan(ctx, body);
  if (!id) {
    noteOnce(ctx, `${what}: create plan answered ${reply.status}; nothing to read back`);
    return undefined;
  }
  const shown = await showNew(ctx, 'plan', () => ctx.billingSend('GET', planPath(id)));
  // the shape of another plan's answer is no evidence about this one: returns-plan fails first
  const itself = shownItself(shown, id);
  if (itself) ctx.expectContract(shown.json, S.showPlanResponse, shown, `show plan (${what})`);
  const broken = itself ? shapeBroken(S.showPlanResponse, shown.json) : [];
  expectReadBack(ctx, {
    rule: 'billing.show-plan.returns-plan',
    noun: 'plan',
    id,
    sent: body,
    created: reply,
    shown,
    required: PLAN_MEMBERS,
    options: leavingOut(PLAN_READ_BACK, broken),
  });
  return id;
}

/**
 * The plan with every member, read back; without merchant_preferences (whose fields are not shown:
 * a server may refuse the ones sent) when refused.
 */
async function fullPlanReadsBack(ctx: CheckContext): Promise<string> {
  const full = fullPlanBody(ctx);
  const id = await planReadsBack(ctx, full, 'a plan with every member');
  if (id) return id;
  const { merchant_preferences: _unshown, ...rest } = full;
  return (
    (await planReadsBack(ctx, rest, 'a plan with every member but merchant_preferences')) ??
    ctx.skip('create plan refused a plan with every member: nothing to read back')
  );
}

check(
  {
    name: 'read back: show plan returns every member a plan has and every member create plan was sent, as sent',
    rules: ['billing.show-plan.returns-plan'],
    needs: ['billing'],
  },
  async (ctx) => {
    await fullPlanReadsBack(ctx);
    const bodies = fc.oneof(
      createPlanBody({ productId: ctx.billing.productId, tag: ctx.settings.runId }),
      createPlanBodyBoundary({ productId: ctx.billing.productId, tag: ctx.settings.runId }),
    );
    await ctx.property(
      bodies,
      async (body) => {
        await planReadsBack(ctx, body as unknown as JsonObject, 'a generated plan');
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 2) },
    );
  },
);

/** A subscription body with every member the create request takes, on `planId` (cycles 1..3 of fullPlanBody). */
function fullSubscriptionBody(ctx: CheckContext, planId: string): JsonObject {
  return {
    plan_id: planId,
    quantity: '2.5',
    auto_renewal: true,
    custom_id: `${ctx.settings.runId}-INV-0042`,
    start_time: '2031-04-01T09:30:00Z',
    shipping_amount: USD('4.20'),
    subscriber: {
      name: { given_name: 'Zoë', surname: 'Ångström-Núñez' },
      email_address: 'zoe.angstrom@example.com',
      shipping_address: {
        name: { full_name: 'Zoë Ångström-Núñez' },
        address: {
          address_line_1: '12 Königstraße',
          address_line_2: 'Hinterhaus, 3. Stock',
          admin_area_2: 'San José',
          admin_area_1: 'CA',
          postal_code: '95131',
          country_code: 'US',
        },
      },
    },
    application_context: {
      brand_name: 'Café Müller',
      return_url: 'https://merchant.example.com/return',
      cancel_url: 'https://merchant.example.com/cancel',
    },
    plan: {
      billing_cycles: [{ sequence: 3, total_cycles: 6 }],
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 2 },
      taxes: { percentage: '9.5', inclusive: false },
    },
  };
}

/** Creates a subscription from `body` and judges its show answer (with fields=plan when it overrides the plan). */
async function subscriptionReadsBack(ctx: CheckContext, body: JsonObject, what: string): Promise<boolean> {
  const { reply, id } = await sendCreateSubscription(ctx, body);
  if (!id) {
    noteOnce(ctx, `${what}: create subscription answered ${reply.status}; nothing to read back`);
    return false;
  }
  const shown = await showNew(ctx, 'subscription', () =>
    ctx.billingSend('GET', subscriptionPath(id), body.plan !== undefined ? { query: { fields: 'plan' } } : {}),
  );
  const itself = shownItself(shown, id);
  if (itself) ctx.expectContract(shown.json, S.showSubscriptionResponse, shown, `show subscription (${what})`);
  const broken = itself ? shapeBroken(S.showSubscriptionResponse, shown.json) : [];
  expectReadBack(ctx, {
    rule: 'billing.show-subscription.returns-subscription',
    noun: 'subscription',
    id,
    sent: body,
    created: reply,
    shown,
    required: SUBSCRIPTION_MEMBERS,
    options: leavingOut(SUBSCRIPTION_READ_BACK, broken),
  });
  return true;
}

check(
  {
    name:
      'read back: show subscription returns every member a subscription has and every member ' +
      'create subscription was sent, as sent',
    rules: ['billing.show-subscription.returns-subscription'],
    needs: ['billing'],
  },
  async (ctx) => {
    const planId = await fullPlanReadsBack(ctx);
    if (!(await subscriptionReadsBack(ctx, fullSubscriptionBody(ctx, planId), 'a subscription with every member'))) {
      ctx.skip('create subscription refused a subscription with every member: nothing to read back');
    }
    const plan = await activePlan(ctx, { extra: { quantity_supported: true } });
    const bodies = createSubscriptionBody({
      planId: plan.id,
      tag: ctx.settings.runId,
      quantitySupported: true,
      planCycles: plan.cycles,
      currency: plan.currency,
    });
    await ctx.property(
      bodies,
      async (body) => {
        await subscriptionReadsBack(ctx, body as unknown as JsonObject, 'a generated subscription');
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 2) },
    );
  },
);
