// The terms a subscription bills by, and where it stands in its billing cycles.

import type { JsonObject } from '../http/json.js';
import { inRunOrder } from './cycles.js';
import type { BillingCycle, Plan, PlanTerms, Subscription } from './model.js';

export function planTerms(plan: Plan): PlanTerms {
  return structuredClone({
    billing_cycles: plan.billing_cycles,
    payment_preferences: plan.payment_preferences,
    ...(plan.taxes ? { taxes: plan.taxes } : {}),
  });
}

/** Once overridden, later plan changes do not affect the subscription. */
export function termsOf(subscription: Subscription, plans: Map<string, Plan>): PlanTerms {
  if (subscription.override) return subscription.override;
  const plan = plans.get(subscription.plan_id);
  return plan ? planTerms(plan) : { billing_cycles: [], payment_preferences: {} };
}

/** A finite cycle is completed once all of its cycles have run; an infinite one never is. */
export function isCompleted(cycle: BillingCycle, subscription: Subscription): boolean {
  const done = subscription.cycles_completed[cycle.sequence] ?? 0;
  return cycle.total_cycles > 0 && done >= cycle.total_cycles;
}

/**
 * Counts one completed cycle on the earliest cycle still running. The reference calls this on
 * each accepted capture: that is how a subscription gets completed cycles without a real clock.
 */
export function completeOneCycle(
  subscription: Subscription,
  terms: PlanTerms,
  order = inRunOrder(terms.billing_cycles),
): void {
  const running = order.find((cycle) => !isCompleted(cycle, subscription));
  if (!running) return;
  subscription.cycles_completed[running.sequence] = Math.min(
    9999,
    (subscription.cycles_completed[running.sequence] ?? 0) + 1,
  );
}

export function cycleExecutions(subscription: Subscription, terms: PlanTerms, infiniteRemaining = 0): JsonObject[] {
  return inRunOrder(terms.billing_cycles).map((cycle) => {
    const done = subscription.cycles_completed[cycle.sequence] ?? 0;
    return {
      tenure_type: cycle.tenure_type,
      sequence: cycle.sequence,
      cycles_completed: done,
      cycles_remaining: cycle.total_cycles === 0 ? infiniteRemaining : Math.max(0, cycle.total_cycles - done),
      ...(cycle.pricing_scheme
        ? { current_pricing_scheme_version: Math.min(99, Math.max(1, cycle.pricing_scheme.version)) }
        : {}),
      total_cycles: cycle.total_cycles,
    };
  });
}

/** The currency the subscription bills in: the first price found in its terms, else USD. */
export function currencyOf(terms: PlanTerms): string {
  for (const cycle of terms.billing_cycles) {
    const scheme = cycle.pricing_scheme;
    if (scheme?.fixed_price) return scheme.fixed_price.currency_code;
    const tier = scheme?.tiers?.[0];
    const amount = tier?.amount;
    if (amount && typeof amount === 'object' && !Array.isArray(amount) && typeof amount.currency_code === 'string')
      return amount.currency_code;
  }
  const fee = terms.payment_preferences.setup_fee;
  if (fee && typeof fee === 'object' && !Array.isArray(fee) && typeof fee.currency_code === 'string')
    return fee.currency_code;
  return 'USD';
}
