// An ACTIVE subscription to patch: on a plan with a TRIAL cycle (sequence 1, fixed price) and a
// tiered REGULAR cycle (sequence 2), taxes and payment preferences, so that every patchable
// field has a target and the @sequence==n selector has two cycles to tell apart.

import type { CheckContext } from '../../../harness/check.js';
import { type JsonObject, readSubscription } from '../support/api.js';
import { activeSubscription, createPlan } from '../support/fixtures.js';
import { lifecycleSubscriptionBody } from '../support/setup-bodies.js';

export const USD = (value: string) => ({ currency_code: 'USD', value });

/** The TRIAL cycle (sequence 1, two months at a fixed 1.00) both plans below start with;
 * a fresh object each time, since bodies may be edited. */
const trialCycle = (): JsonObject => ({
  tenure_type: 'TRIAL',
  sequence: 1,
  total_cycles: 2,
  frequency: { interval_unit: 'MONTH', interval_count: 1 },
  pricing_scheme: { fixed_price: USD('1.00') },
});

export function patchablePlanBody(ctx: CheckContext, extra: JsonObject = {}): JsonObject {
  return {
    product_id: ctx.billing.productId,
    name: `${ctx.settings.runId} patch scenario plan`,
    status: 'ACTIVE',
    billing_cycles: [
      trialCycle(),
      {
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: {
          pricing_model: 'VOLUME',
          tiers: [
            { starting_quantity: '1', ending_quantity: '10', amount: USD('10.00') },
            { starting_quantity: '11', amount: USD('8.00') },
          ],
        },
      },
    ],
    quantity_supported: true,
    payment_preferences: {
      auto_bill_outstanding: true,
      setup_fee: USD('1.00'),
      setup_fee_failure_action: 'CONTINUE',
      payment_failure_threshold: 3,
    },
    taxes: { percentage: '10', inclusive: false },
    ...extra,
  };
}

/** An ACTIVE plan with a TRIAL cycle (sequence 1) and a REGULAR one (sequence 2) at `regularPrice`, to override. */
export function twoCyclePlan(ctx: CheckContext, regularPrice = '10.00'): JsonObject {
  return {
    product_id: ctx.billing.productId,
    name: `${ctx.settings.runId} override plan`,
    status: 'ACTIVE',
    billing_cycles: [
      trialCycle(),
      {
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: USD(regularPrice) },
      },
    ],
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
  };
}

export const SHIPPING_ADDRESS = {
  name: { full_name: 'Ada Lovelace' },
  address: {
    address_line_1: '1 Main Street',
    admin_area_2: 'San Jose',
    admin_area_1: 'CA',
    postal_code: '95131',
    country_code: 'US',
  },
};

export interface ActiveSubscription {
  planId: string;
  id: string;
  doc: JsonObject;
}

/**
 * An approved, ACTIVE subscription on a patchable plan, read with its plan terms (cancelled
 * after the check). The spec states updates for ACTIVE and SUSPENDED subscriptions; when
 * approval leads elsewhere the check is skipped.
 */
export async function activeSubscriptionToPatch(
  ctx: CheckContext,
  options: {
    plan?: JsonObject;
    planWithout?: string[];
    subscription?: JsonObject;
    subscriptionWithout?: string[];
  } = {},
): Promise<ActiveSubscription> {
  const planBody = patchablePlanBody(ctx, options.plan);
  for (const member of options.planWithout ?? []) delete planBody[member];
  const plan = await createPlan(ctx, planBody);
  const body = lifecycleSubscriptionBody(ctx, plan.id, undefined, {
    quantity: '2',
    subscriber: { name: { given_name: 'Ada', surname: 'Lovelace' }, email_address: 'ada@example.test' },
    ...options.subscription,
  });
  for (const member of options.subscriptionWithout ?? []) delete body[member];
  const { plan_id: _planId, ...extra } = body;
  const subscription = await activeSubscription(ctx, plan.id, extra);
  const { doc } = await readSubscription(ctx, subscription.id, { fields: 'plan' });
  if (doc.status !== 'ACTIVE')
    ctx.skip(
      `after approval the subscription is ${String(doc.status)}, not ACTIVE: updates are stated ` +
        `for ACTIVE subscriptions`,
    );
  return { planId: plan.id, id: subscription.id, doc };
}
