// What checks send to make the plans and subscriptions they need as setup (fixtures, never the
// values under test). The spec requires few members; a real provider requires more: a tax
// percentage and inclusive whenever taxes are sent, every payment preference, a subscriber with
// a name and an email address, return and cancel URLs. A fixture a stricter server refuses
// leaves every check that needs it without a verdict, so fixtures carry them all.

import type { CheckContext } from '../../../harness/check.js';
import type { JsonObject } from './api.js';

export const SETUP_CURRENCY = 'USD';

export type UserAction = 'SUBSCRIBE_NOW' | 'CONTINUE';

/** Every payment preference; the setup fee in `currency` (an integer amount suits every currency's precision). */
export function setupPaymentPreferences(currency = SETUP_CURRENCY): JsonObject {
  return {
    auto_bill_outstanding: true,
    setup_fee: { currency_code: currency, value: currency === SETUP_CURRENCY ? '1.00' : '1' },
    setup_fee_failure_action: 'CONTINUE',
    payment_failure_threshold: 3,
  };
}

const SETUP_TAXES: JsonObject = { percentage: '10', inclusive: false };

const SETUP_SUBSCRIBER: JsonObject = {
  name: { given_name: 'Ada', surname: 'Lovelace' },
  email_address: 'ada@example.test',
};

/** One REGULAR monthly cycle of 12, fixed price 10.00 USD. */
export function setupBillingCycles(): JsonObject[] {
  return [
    {
      tenure_type: 'REGULAR',
      sequence: 1,
      total_cycles: 12,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { fixed_price: { currency_code: SETUP_CURRENCY, value: '10.00' } },
    },
  ];
}

/** A fixture plan for `productId` (the profile's unless given), named with the run's prefix. */
export function setupPlanBody(
  ctx: CheckContext,
  options: { name?: string; productId?: string } = {},
  extra: Record<string, unknown> = {},
): JsonObject {
  return {
    product_id: options.productId ?? ctx.billing.productId,
    name: options.name ?? `${ctx.settings.runId} plan`,
    billing_cycles: setupBillingCycles(),
    payment_preferences: setupPaymentPreferences(),
    taxes: { ...SETUP_TAXES },
    ...extra,
  };
}

/** The currency of a plan body's first priced cycle (USD when none is). */
function planCurrency(body: { billing_cycles?: unknown }): string {
  for (const cycle of Array.isArray(body.billing_cycles) ? body.billing_cycles : []) {
    const scheme = (
      cycle as {
        pricing_scheme?: {
          fixed_price?: { currency_code?: unknown };
          tiers?: Array<{ amount?: { currency_code?: unknown } }>;
        };
      } | null
    )?.pricing_scheme;
    const code = scheme?.fixed_price?.currency_code ?? scheme?.tiers?.[0]?.amount?.currency_code;
    if (typeof code === 'string') return code;
  }
  return SETUP_CURRENCY;
}

/**
 * A plan body of a check's own (drawn by a generator, or written for one check) made complete
 * as a fixture: every payment preference (in the plan's currency), and taxes with both members
 * when it has taxes. What the body had stays as it was.
 */
export function completePlanBody<
  T extends { billing_cycles?: unknown; payment_preferences?: unknown; taxes?: unknown },
>(body: T): T {
  const preferences =
    typeof body.payment_preferences === 'object' && body.payment_preferences !== null ? body.payment_preferences : {};
  return {
    ...body,
    payment_preferences: { ...setupPaymentPreferences(planCurrency(body)), ...preferences },
    ...(typeof body.taxes === 'object' && body.taxes !== null ? { taxes: { ...SETUP_TAXES, ...body.taxes } } : {}),
  };
}

function setupApplicationContext(userAction?: UserAction): JsonObject {
  return {
    return_url: 'https://merchant.example.test/return',
    cancel_url: 'https://merchant.example.test/cancel',
    ...(userAction ? { user_action: userAction } : {}),
  };
}

/**
 * A fixture subscription on `planId`: a custom_id with the run's prefix, a subscriber, return
 * and cancel URLs, and the user action when given (undefined leaves the default, SUBSCRIBE_NOW).
 * `extra` members replace these.
 */
export function setupSubscriptionBody(
  ctx: CheckContext,
  planId: string,
  options: { customId?: string; userAction?: UserAction } = {},
  extra: Record<string, unknown> = {},
): JsonObject {
  return {
    plan_id: planId,
    custom_id: options.customId ?? `${ctx.settings.runId}-sub`,
    subscriber: structuredClone(SETUP_SUBSCRIBER),
    application_context: setupApplicationContext(options.userAction),
    ...extra,
  };
}

/** A minimal valid subscription body on `planId` (return and cancel URLs only): the base of bodies under test. */
export function plainSubscriptionBody(ctx: CheckContext, planId: string, extra: JsonObject = {}): JsonObject {
  return {
    plan_id: planId,
    custom_id: `${ctx.settings.runId}-sub`,
    application_context: setupApplicationContext(),
    ...extra,
  };
}

/**
 * The plans the lifecycle commands create: small, named with the run prefix, and holding every
 * patchable attribute, so that a replace always has a target (a replace on a missing member
 * must fail, billing.md "JSON Patch body").
 */
export function lifecyclePlanBody(
  ctx: CheckContext,
  status?: 'CREATED' | 'ACTIVE',
  extra: JsonObject = {},
): JsonObject {
  return setupPlanBody(
    ctx,
    { name: `${ctx.settings.runId} lifecycle plan` },
    { description: `${ctx.settings.runId} conformance scenario`, ...(status ? { status } : {}), ...extra },
  );
}

/**
 * The create-subscription body the lifecycle commands send: a custom_id of its own and the user
 * action under test (undefined leaves the member out: the default, SUBSCRIBE_NOW, applies).
 */
export function lifecycleSubscriptionBody(
  ctx: CheckContext,
  planId: string,
  userAction?: UserAction,
  extra: JsonObject = {},
): JsonObject {
  return setupSubscriptionBody(
    ctx,
    planId,
    { customId: `${ctx.settings.runId}-scenario`, ...(userAction ? { userAction } : {}) },
    extra,
  );
}
