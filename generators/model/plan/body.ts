// The plans the lifecycle commands create: small, named with the run prefix, and holding every
// patchable attribute, so that a replace always has a target (a replace on a missing member
// must fail, billing.md "JSON Patch body").

import type { CheckContext } from '../../../harness/check.js';
import type { JsonObject } from '../billing-api.js';

export const PLAN_CURRENCY = 'USD';

export function lifecyclePlanBody(ctx: CheckContext, status?: 'CREATED' | 'ACTIVE', extra: JsonObject = {}): JsonObject {
  return {
    product_id: ctx.billing.productId,
    name: `${ctx.settings.runId} lifecycle plan`,
    description: `${ctx.settings.runId} conformance scenario`,
    ...(status ? { status } : {}),
    billing_cycles: [
      {
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: { currency_code: PLAN_CURRENCY, value: '10.00' } },
      },
    ],
    payment_preferences: {
      auto_bill_outstanding: true,
      setup_fee: { currency_code: PLAN_CURRENCY, value: '1.00' },
      setup_fee_failure_action: 'CONTINUE',
      payment_failure_threshold: 3,
    },
    taxes: { percentage: '10', inclusive: false },
    ...extra,
  };
}
