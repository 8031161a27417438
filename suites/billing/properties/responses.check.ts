// billing.md "Endpoints" and "pricing_scheme": create plan answers "201, plan body with id,
// create_time, update_time, links" and create subscription "201, subscription with id, status,
// links" (whatever Prefer); show plan and show subscription return the resource asked for, with
// the members every plan or subscription has (read-back.ts); a
// tier's ending_quantity is "omitted on the last tier". On acceptance: a plan with
// quantity_supported true takes a subscription with a quantity, and create subscription takes a
// subscriber with name, email_address and shipping_address.

import { check, type CheckContext } from '../support/check.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { SCHEMA_IDS as S } from '../../../contracts/schema-ids.js';
import { anotherResource, type Kind } from '../support/same-resource.js';
import {
  brief,
  expectAccepted,
  is2xx,
  isObject,
  planPath,
  readPlan,
  readSubscription,
  sendCreatePlan,
  sendCreateSubscription,
  subscriptionPath,
} from '../support/api.js';
import { activeSubscription } from '../support/fixtures.js';
import { plainSubscriptionBody } from '../support/setup-bodies.js';
import { missingMembers, PLAN_MEMBERS, SUBSCRIPTION_MEMBERS } from './read-back.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

const USD = (value: string) => ({ currency_code: 'USD', value });

function planBody(ctx: CheckContext, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product_id: ctx.billing.productId,
    name: `${ctx.settings.runId} responses plan`,
    status: 'ACTIVE',
    billing_cycles: [
      {
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: USD('10.00') },
      },
    ],
    payment_preferences: { auto_bill_outstanding: true },
    ...extra,
  };
}

async function planId(ctx: CheckContext, body: Record<string, unknown>): Promise<string> {
  const created = await sendCreatePlan(ctx, body);
  if (!created.id)
    throw new CheckSetupError(`could not create a plan for this check: answered ${created.reply.status}`, [
      created.reply.exchange,
    ]);
  return created.id;
}

/**
 * Show at `path` answers the resource `id` itself, with every member such a resource has
 * (another resource, or one without them, fails `rule`; the status is other checks' matter).
 * Another resource: another id, or what its create sent shown otherwise (same-resource.ts).
 */
async function expectShowsIt(
  ctx: CheckContext,
  path: string,
  id: string,
  kind: Kind,
  rule: RuleId,
  members: readonly string[],
): Promise<void> {
  const shown = await ctx.billingSend('GET', path);
  if (shown.status !== 200) return;
  const other = isObject(shown.json) ? anotherResource(ctx, kind, id, shown.json) : undefined;
  if (other) {
    ctx.fail({
      rule,
      message: `show ${kind} ${id} returned another ${kind}: ${other.what}`,
      expected: `the ${kind} with id ${id}, as its create was sent`,
      received: other.detail,
      exchanges: [shown.exchange],
    });
  }
  const missing = missingMembers(shown.json, members);
  if (missing.length > 0) {
    ctx.fail({
      rule,
      message: `show ${kind} ${id}: ${missing.join(', ')} missing`,
      expected: `a ${kind} with ${members.join(', ')}`,
      received: `members ${Object.keys(shown.json as object).join(', ')}`,
      exchanges: [shown.exchange],
    });
  }
  ctx.credit(rule, shown, `the ${kind} ${id}, with ${members.join(', ')}`);
}

check(
  {
    name: 'responses: create plan answers with id and links, and show plan returns the plan asked for',
    rules: ['billing.create-plan.response-members', 'billing.show-plan.returns-plan'],
    needs: ['billing'],
  },
  async (ctx) => {
    const created = await sendCreatePlan(ctx, planBody(ctx));
    if (!created.id)
      throw new CheckSetupError(`could not create a plan for this check: answered ${created.reply.status}`, [
        created.reply.exchange,
      ]);
    ctx.expectContract(created.reply.json, S.createPlanResponse, created.reply, 'create plan (no Prefer)');
    await expectShowsIt(ctx, planPath(created.id), created.id, 'plan', 'billing.show-plan.returns-plan', PLAN_MEMBERS);
  },
);

check(
  {
    name:
      'responses: create subscription answers with id, status and links, and show subscription ' +
      'returns the subscription asked for',
    rules: ['billing.create-subscription.response-members', 'billing.show-subscription.returns-subscription'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await planId(ctx, planBody(ctx));
    const created = await sendCreateSubscription(ctx, plainSubscriptionBody(ctx, plan));
    if (!created.id)
      throw new CheckSetupError(`could not create a subscription for this check: answered ${created.reply.status}`, [
        created.reply.exchange,
      ]);
    ctx.expectContract(
      created.reply.json,
      S.createSubscriptionResponse,
      created.reply,
      'create subscription (no Prefer)',
    );
    await expectShowsIt(
      ctx,
      subscriptionPath(created.id),
      created.id,
      'subscription',
      'billing.show-subscription.returns-subscription',
      SUBSCRIPTION_MEMBERS,
    );
  },
);

check(
  {
    name: 'responses: a tiered pricing scheme reads back with ending_quantity on every tier but the last',
    rules: ['billing.pricing_tier.ending_quantity.last-omitted'],
    needs: ['billing'],
  },
  async (ctx) => {
    const tiers = [
      { starting_quantity: '1', ending_quantity: '10', amount: USD('10.00') },
      { starting_quantity: '11', ending_quantity: '50', amount: USD('8.00') },
      { starting_quantity: '51', amount: USD('6.00') },
    ];
    const cycle = {
      tenure_type: 'REGULAR',
      sequence: 1,
      total_cycles: 12,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { pricing_model: 'VOLUME', tiers },
    };
    const id = await planId(ctx, planBody(ctx, { billing_cycles: [cycle], quantity_supported: true }));
    const { doc, reply } = await readPlan(ctx, id);
    const cycles = Array.isArray(doc.billing_cycles) ? doc.billing_cycles.filter(isObject) : [];
    const scheme = cycles.find((c) => c.sequence === 1)?.pricing_scheme;
    const shownTiers = isObject(scheme) && Array.isArray(scheme.tiers) ? scheme.tiers.filter(isObject) : undefined;
    if (!shownTiers || shownTiers.length === 0) ctx.skip('show plan does not show the tiers of the cycle');
    shownTiers!.forEach((tier, index) => {
      const last = index === shownTiers!.length - 1;
      if (last === 'ending_quantity' in tier) {
        ctx.fail({
          rule: 'billing.pricing_tier.ending_quantity.last-omitted',
          message: last
            ? 'the last tier reads back with an ending_quantity'
            : `tier ${index + 1} of ${shownTiers!.length} reads back without ending_quantity`,
          expected: 'ending_quantity on every tier but the last, none on the last',
          received: brief(shownTiers),
          exchanges: [reply.exchange],
        });
      }
    });
    const judged = `${shownTiers!.length} tiers, ending_quantity on all but the last`;
    ctx.credit('billing.pricing_tier.ending_quantity.last-omitted', reply, judged);
  },
);

check(
  {
    name: 'responses: a plan with quantity_supported true takes a subscription with a quantity',
    rules: ['billing.plan.quantity_supported.allows-quantity'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await planId(ctx, planBody(ctx, { quantity_supported: true }));
    const { reply } = await sendCreateSubscription(ctx, plainSubscriptionBody(ctx, plan, { quantity: '3' }));
    expectAccepted(
      ctx,
      reply,
      201,
      { status: 'billing.create-subscription.status-201', refused: 'billing.plan.quantity_supported.allows-quantity' },
      'create subscription with quantity 3 on a plan with quantity_supported true',
    );
  },
);

check(
  {
    name: 'responses: create subscription takes a subscriber with name, email_address and shipping_address',
    rules: ['billing.subscriber.create-members'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await planId(ctx, planBody(ctx));
    // the shipping address named by full_name, or by given_name and surname (both forms the spec gives)
    const subscriber = (given: string, surname: string, line: string, city: string, fullName = true) => ({
      name: { given_name: given, surname },
      email_address: 'grace.hopper@example.com',
      shipping_address: {
        name: fullName ? { full_name: `${given} ${surname}` } : { given_name: given, surname },
        address: {
          address_line_1: line,
          admin_area_2: city,
          admin_area_1: 'CA',
          postal_code: '95131',
          country_code: 'US',
        },
      },
    });
    // names and an address in ASCII, then with letters beyond it: both are text the members take
    for (const [who, body] of [
      ['Grace Hopper', subscriber('Grace', 'Hopper', '2211 N First Street', 'San Jose')],
      ['Zoë Ångström-Núñez', subscriber('Zoë', 'Ångström-Núñez', '12 Königstraße', 'San José')],
      [
        'Ada Lovelace, shipping to given_name and surname',
        subscriber('Ada', 'Lovelace', '1 Infinite Loop', 'Cupertino', false),
      ],
    ] as const) {
      const { reply } = await sendCreateSubscription(ctx, plainSubscriptionBody(ctx, plan, { subscriber: body }));
      expectAccepted(
        ctx,
        reply,
        201,
        { status: 'billing.create-subscription.status-201', refused: 'billing.subscriber.create-members' },
        `create subscription with a subscriber (name, email_address, shipping_address) for ${who}`,
      );
    }
  },
);

check(
  {
    name:
      'responses: a captured, then suspended subscription with a named shipping address matches ' +
      'the subscription contract',
    // the contract's rules count for the members the answer has (harness/contract-check.ts)
    rules: ['billing.subscription.type'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await planId(
      ctx,
      planBody(ctx, {
        billing_cycles: [
          {
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            frequency: { interval_unit: 'MONTH', interval_count: 1 },
            pricing_scheme: { fixed_price: USD('10.00') },
          },
        ],
      }),
    );
    const { id } = await activeSubscription(ctx, plan);
    const shipping = {
      name: { given_name: 'Grace', surname: 'Hopper' },
      address: {
        address_line_1: '2211 N First Street',
        admin_area_2: 'San Jose',
        admin_area_1: 'CA',
        postal_code: '95131',
        country_code: 'US',
      },
    };
    const steps: Array<[string, string, unknown]> = [
      ['PATCH', subscriptionPath(id), [{ op: 'add', path: '/subscriber/shipping_address', value: shipping }]],
      [
        'POST',
        subscriptionPath(id, 'capture'),
        { note: `${ctx.settings.runId} responses`, capture_type: 'OUTSTANDING_BALANCE', amount: USD('1.00') },
      ],
      ['POST', subscriptionPath(id, 'suspend'), { reason: `${ctx.settings.runId} responses` }],
    ];
    for (const [method, path, json] of steps) {
      const reply = await ctx.billingSend(method, path, { json });
      if (!is2xx(reply))
        ctx.observe(
          `${method} ${path.replace(/^.*\//, '')} answered ${reply.status}: the shapes it would have ` +
            `led to are not seen`,
        );
    }
    const { doc, reply } = await readSubscription(ctx, id);
    ctx.expectContract(doc, S.showSubscriptionResponse, reply, 'show subscription after a capture and a suspension');
  },
);
