// billing.md, the operations that take a body with required members (create plan, update
// pricing, create subscription, suspend with its required reason, capture): a request with no
// body at all lacks every one of them. A correct server refuses it (and never with a 5xx: the
// harness fails the no-5xx rule on any 5xx answer).

import { check, type CheckContext } from '../support/check.js';
import { planPath, PLANS, subscriptionPath, SUBSCRIPTIONS } from '../support/api.js';
import { activeSubscriptionToPatch } from './subscription-fixture.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

async function refusedWithoutBody(ctx: CheckContext, path: string, rule: RuleId, what: string): Promise<void> {
  const reply = await ctx.billingSend('POST', path);
  ctx.expectRefused(reply, rule, `${what} with no body at all (its required members all missing)`);
}

check(
  {
    name: 'no body: create plan, update pricing and create subscription without a body are refused',
    rules: [
      'billing.plan.product_id.required',
      'billing.update-pricing.pricing_schemes.required',
      'billing.subscription.plan_id.required',
    ],
    needs: ['approval'],
  },
  async (ctx) => {
    const { planId } = await activeSubscriptionToPatch(ctx);
    await refusedWithoutBody(ctx, PLANS, 'billing.plan.product_id.required', 'create plan');
    await refusedWithoutBody(
      ctx,
      planPath(planId, 'update-pricing-schemes'),
      'billing.update-pricing.pricing_schemes.required',
      'update pricing',
    );
    await refusedWithoutBody(ctx, SUBSCRIPTIONS, 'billing.subscription.plan_id.required', 'create subscription');
  },
);

check(
  {
    name: 'no body: suspend and capture of an ACTIVE subscription without a body are refused',
    rules: ['billing.suspend.reason.required', 'billing.capture.note.required'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    await refusedWithoutBody(
      ctx,
      subscriptionPath(id, 'suspend'),
      'billing.suspend.reason.required',
      'suspend subscription',
    );
    await refusedWithoutBody(ctx, subscriptionPath(id, 'capture'), 'billing.capture.note.required', 'capture');
  },
);
