// billing.md "Endpoints" (request bodies), "plan_override", "billing_cycle_override" and
// "Subscription": a request member of the wrong JSON type is refused. Each body below breaks one
// stated type (the rest of it is valid), so a refusal can be laid on that rule alone; what the
// refusal answers (400 or 422, which body) is not shown and not judged.

import { howAnswered } from '../../../harness/describe.js';
import { check, type CheckContext } from '../support/check.js';
import { brief, is2xx, planPath, readPlan, sendCreateSubscription, subscriptionPath } from '../support/api.js';
import { activePlan, activeSubscription, newSubscription } from '../support/fixtures.js';
import { plainSubscriptionBody } from '../support/setup-bodies.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

interface TypeCase {
  rule: RuleId;
  body: unknown;
  what: string;
}

const USD = (value: string) => ({ currency_code: 'USD', value });

/** `sequence` is a billing cycle of the plan, so that only the stated break is wrong. */
function updatePricingCases(sequence: number): TypeCase[] {
  const scheme = { fixed_price: USD('2.00') };
  return [
    { rule: 'billing.update-pricing.body.type', body: 'pricing_schemes', what: 'a body that is a string' },
    {
      rule: 'billing.update-pricing.body.type',
      body: [{ pricing_schemes: [{ billing_cycle_sequence: sequence, pricing_scheme: scheme }] }],
      what: 'a body that is an array holding a valid body',
    },
    {
      rule: 'billing.update-pricing.pricing_schemes.type',
      body: { pricing_schemes: { billing_cycle_sequence: sequence, pricing_scheme: scheme } },
      what: 'pricing_schemes is an object, not an array',
    },
    { rule: 'billing.update-pricing.item.type', body: { pricing_schemes: ['1'] }, what: 'an item that is a string' },
    {
      rule: 'billing.update-pricing.billing_cycle_sequence.type',
      body: { pricing_schemes: [{ billing_cycle_sequence: String(sequence), pricing_scheme: scheme }] },
      what: `billing_cycle_sequence "${sequence}" (text)`,
    },
    {
      rule: 'billing.update-pricing.billing_cycle_sequence.required',
      body: { pricing_schemes: [{ pricing_scheme: scheme }] },
      what: 'an item without billing_cycle_sequence',
    },
    {
      rule: 'billing.update-pricing.pricing_scheme.required',
      body: { pricing_schemes: [{ billing_cycle_sequence: sequence }] },
      what: 'an item without pricing_scheme',
    },
  ];
}

check(
  {
    name:
      'request types: update pricing refuses a body, pricing_schemes, item or ' +
      'billing_cycle_sequence of the wrong type or an item missing a member, and changes nothing',
    rules: [...new Set(updatePricingCases(1).map((c) => c.rule))],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    for (const c of updatePricingCases(plan.cycles[0].sequence)) {
      const { doc: before } = await readPlan(ctx, plan.id);
      const reply = await ctx.billingSend('POST', planPath(plan.id, 'update-pricing-schemes'), { json: c.body });
      ctx.expectRefused(reply, c.rule, `update pricing with ${c.what}`);
      // an update that was taken failed above: that it changed the cycles is the same bug
      if (reply.status < 400 || reply.status > 499) continue;
      const { doc: after, reply: readBack } = await readPlan(ctx, plan.id);
      if (JSON.stringify(before.billing_cycles) !== JSON.stringify(after.billing_cycles)) {
        ctx.fail({
          rule: c.rule,
          message: `update pricing with ${c.what}: ${howAnswered(reply)}, yet the billing cycles changed`,
          expected: brief(before.billing_cycles),
          received: brief(after.billing_cycles),
          exchanges: [reply.exchange, readBack.exchange],
        });
      }
    }
  },
);

async function expectEachRefused(
  ctx: CheckContext,
  path: string,
  cases: readonly TypeCase[],
  operation: string,
): Promise<void> {
  for (const c of cases) {
    const reply = await ctx.billingSend('POST', path, { json: c.body });
    ctx.expectRefused(reply, c.rule, `${operation} with ${c.what}`);
  }
}

check(
  {
    name: 'request types: revise refuses a body or member of the wrong type',
    rules: ['billing.revise.body.type', 'billing.revise.plan_id.type', 'billing.revise.quantity.type'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { extra: { quantity_supported: true } });
    const sub = await newSubscription(ctx, plan.id);
    await expectEachRefused(
      ctx,
      subscriptionPath(sub.id, 'revise'),
      [
        { rule: 'billing.revise.body.type', body: [{ plan_id: plan.id }], what: 'a body that is an array' },
        { rule: 'billing.revise.plan_id.type', body: { plan_id: 1234567890 }, what: 'plan_id as a number' },
        {
          rule: 'billing.revise.quantity.type',
          body: { plan_id: plan.id, quantity: 2 },
          what: 'quantity 2 as a number (decimal text)',
        },
      ],
      'revise',
    );
  },
);

// One check per operation, each on a subscription in a state where a valid body would be taken
// (suspend: ACTIVE; activate: SUSPENDED; cancel: any), so that a refusal can only come from the
// body, and a server that takes one operation's broken bodies fails that operation's rule.
const NOT_AN_OBJECT: ReadonlyArray<{
  action: 'suspend' | 'activate' | 'cancel';
  rule: RuleId;
  state: 'ACTIVE' | 'SUSPENDED' | 'APPROVAL_PENDING';
  asArray: boolean;
}> = [
  { action: 'suspend', rule: 'billing.suspend.body.type', state: 'ACTIVE', asArray: false },
  { action: 'activate', rule: 'billing.activate-subscription.body.type', state: 'SUSPENDED', asArray: true },
  { action: 'cancel', rule: 'billing.cancel.body.type', state: 'APPROVAL_PENDING', asArray: false },
];

/** A subscription in `state`: new (APPROVAL_PENDING), approved (ACTIVE), or approved and suspended. */
async function subscriptionIn(
  ctx: CheckContext,
  state: 'ACTIVE' | 'SUSPENDED' | 'APPROVAL_PENDING',
  reason: string,
): Promise<string> {
  const plan = await activePlan(ctx);
  if (state === 'APPROVAL_PENDING') return (await newSubscription(ctx, plan.id)).id;
  const { id } = await activeSubscription(ctx, plan.id);
  if (state === 'SUSPENDED') {
    const suspended = await ctx.billingSend('POST', subscriptionPath(id, 'suspend'), { json: { reason } });
    if (!is2xx(suspended))
      ctx.skip(`suspend with a valid reason answered ${suspended.status}: no SUSPENDED subscription to activate`);
  }
  return id;
}

for (const { action, rule, state, asArray } of NOT_AN_OBJECT) {
  check(
    {
      name:
        `request types: ${action} of a${state === 'ACTIVE' ? 'n' : ''} ${state} subscription ` +
        `refuses a body that is not an object`,
      rules: [rule],
      needs: state === 'APPROVAL_PENDING' ? ['billing'] : ['billing', 'approval'],
    },
    async (ctx) => {
      const reason = `${ctx.settings.runId} request types`;
      const id = await subscriptionIn(ctx, state, reason);
      const what = asArray ? 'a body that is an array holding the reason' : 'a body that is the reason as a string';
      await expectEachRefused(
        ctx,
        subscriptionPath(id, action),
        [{ rule, body: asArray ? [reason] : reason, what }],
        action,
      );
    },
  );
}

/** `sequence` is a billing cycle of the plan, so that only the stated break is wrong. */
function createCases(sequence: number): TypeCase[] {
  const cycle = (member: Record<string, unknown>) => ({ plan: { billing_cycles: [member] } });
  return [
    {
      rule: 'billing.subscription.subscriber.type',
      body: { subscriber: 'Ada Lovelace' },
      what: 'subscriber as a string',
    },
    {
      rule: 'billing.email.type',
      body: { subscriber: { email_address: 4242424242 } },
      what: 'subscriber email_address as a number',
    },
    { rule: 'billing.plan_override.type', body: { plan: 'override' }, what: 'plan (the override) as a string' },
    {
      rule: 'billing.plan_override.billing_cycles.type',
      body: { plan: { billing_cycles: { sequence: 1 } } },
      what: 'plan.billing_cycles as an object',
    },
    {
      rule: 'billing.plan_override.payment_preferences.type',
      body: { plan: { payment_preferences: true } },
      what: 'plan.payment_preferences as a boolean',
    },
    { rule: 'billing.plan_override.taxes.type', body: { plan: { taxes: ['10'] } }, what: 'plan.taxes as an array' },
    {
      rule: 'billing.billing_cycle_override.type',
      body: { plan: { billing_cycles: [1] } },
      what: 'a billing cycle override that is a number',
    },
    {
      rule: 'billing.billing_cycle_override.sequence.type',
      body: cycle({ sequence: String(sequence), total_cycles: 2 }),
      what: `an override sequence "${sequence}" (text)`,
    },
    {
      rule: 'billing.billing_cycle_override.total_cycles.type',
      body: cycle({ sequence, total_cycles: '2' }),
      what: 'an override total_cycles "2" (text)',
    },
  ];
}

check(
  {
    name:
      'request types: create subscription refuses a subscriber, plan override or billing cycle ' +
      'override member of the wrong type',
    rules: [...new Set(createCases(1).map((c) => c.rule))],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    for (const c of createCases(plan.cycles[plan.cycles.length - 1].sequence)) {
      const { reply } = await sendCreateSubscription(
        ctx,
        plainSubscriptionBody(ctx, plan.id, c.body as Record<string, unknown>),
      );
      ctx.expectRefused(reply, c.rule, `create subscription with ${c.what}`);
    }
  },
);

function applicationContextCases(): TypeCase[] {
  const base = { return_url: 'https://merchant.example.com/return', cancel_url: 'https://merchant.example.com/cancel' };
  const ctx = (member: Record<string, unknown>) => ({ application_context: { ...base, ...member } });
  return [
    {
      rule: 'billing.application_context.type',
      body: { application_context: 'https://merchant.example.com/return' },
      what: 'application_context as a string',
    },
    {
      rule: 'billing.application_context.brand_name.type',
      body: ctx({ brand_name: 7 }),
      what: 'brand_name as a number',
    },
    {
      rule: 'billing.application_context.shipping_preference.type',
      body: ctx({ shipping_preference: ['NO_SHIPPING'] }),
      what: 'shipping_preference as an array',
    },
    {
      rule: 'billing.application_context.shipping_preference.length',
      body: ctx({ shipping_preference: 'SET_PROVIDED_ADDRESS_XXXX' }),
      what: 'a shipping_preference of 25 characters (1..24; also not one of the values)',
    },
    {
      rule: 'billing.application_context.user_action.type',
      body: ctx({ user_action: true }),
      what: 'user_action as a boolean',
    },
    {
      rule: 'billing.application_context.user_action.length',
      body: ctx({ user_action: 'SUBSCRIBE_NOW_AND_LATERXX' }),
      what: 'a user_action of 25 characters (1..24; also not one of the values)',
    },
    {
      rule: 'billing.application_context.return_url.type',
      body: ctx({ return_url: 1234567890123 }),
      what: 'return_url as a number',
    },
    {
      rule: 'billing.application_context.return_url.format',
      body: ctx({ return_url: 'merchant return page' }),
      what: 'a return_url that is not a URI',
    },
    {
      rule: 'billing.application_context.cancel_url.type',
      body: ctx({ cancel_url: { href: base.cancel_url } }),
      what: 'cancel_url as an object',
    },
    {
      rule: 'billing.application_context.cancel_url.format',
      body: ctx({ cancel_url: 'merchant cancel page' }),
      what: 'a cancel_url that is not a URI',
    },
    { rule: 'billing.application_context.locale.type', body: ctx({ locale: 1033 }), what: 'locale as a number' },
    {
      rule: 'billing.application_context.payment_method.type',
      body: ctx({ payment_method: 'PLATFORM' }),
      what: 'payment_method as a string',
    },
    {
      rule: 'billing.application_context.payment_method.payer_selected.type',
      body: ctx({ payment_method: { payer_selected: 1 } }),
      what: 'payer_selected as a number',
    },
    {
      rule: 'billing.application_context.payment_method.payer_selected.enum',
      body: ctx({ payment_method: { payer_selected: 'CARD' } }),
      what: 'payer_selected CARD (only PLATFORM is supported)',
    },
    {
      rule: 'billing.application_context.payment_method.payee_preferred.type',
      body: ctx({ payment_method: { payee_preferred: false } }),
      what: 'payee_preferred as a boolean',
    },
  ];
}

check(
  {
    name:
      'request types: create subscription refuses an application_context member of the wrong ' +
      'type, format, length or value',
    rules: [...new Set(applicationContextCases().map((c) => c.rule))],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    for (const c of applicationContextCases()) {
      const { reply } = await sendCreateSubscription(
        ctx,
        plainSubscriptionBody(ctx, plan.id, c.body as Record<string, unknown>),
      );
      ctx.expectRefused(reply, c.rule, `create subscription with ${c.what}`);
    }
  },
);
