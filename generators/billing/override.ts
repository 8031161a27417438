// plan_override and billing_cycle_override (billing.md): subscription-level overrides that must
// adhere to the plan's billing cycle definition, so they are drawn from the plan's own cycles.
import fc from 'fast-check';
import { at, type Breaker, missing, replaceWith } from '../invalid.js';
import {
  type BillingCycle,
  fixedPricing,
  type PricingScheme,
  tieredPricing,
  totalCycles,
  cyclesCurrency,
} from './cycles.js';
import { taxes, type Taxes } from './plan.js';

export interface BillingCycleOverride {
  sequence: number;
  total_cycles?: number;
  pricing_scheme?: PricingScheme;
}

export interface PlanOverride {
  billing_cycles?: BillingCycleOverride[];
  payment_preferences?: { auto_bill_outstanding?: boolean; payment_failure_threshold?: number };
  taxes?: Taxes;
}

/** An override of one plan cycle: same sequence, a total_cycles its tenure allows, same pricing kind. */
export function billingCycleOverride(cycle: BillingCycle, currency: string): fc.Arbitrary<BillingCycleOverride> {
  const p = cycle.pricing_scheme;
  const pricing: fc.Arbitrary<PricingScheme | undefined> = p?.tiers
    ? tieredPricing(currency)
    : p?.fixed_price
      ? fixedPricing(currency)
      : fc.constant(undefined);
  return fc
    .record({ total_cycles: totalCycles(cycle.tenure_type), pricing_scheme: pricing }, { requiredKeys: [] })
    .map((r) => {
      const o: BillingCycleOverride = { sequence: cycle.sequence };
      if (r.total_cycles !== undefined) o.total_cycles = r.total_cycles;
      if (r.pricing_scheme !== undefined) o.pricing_scheme = r.pricing_scheme;
      return o;
    });
}

/** Plan overrides built on `cycles` (the plan's billing cycles). */
export function planOverride(cycles: readonly BillingCycle[]): fc.Arbitrary<PlanOverride> {
  const currency = cyclesCurrency(cycles);
  return fc.record(
    {
      billing_cycles: fc
        .subarray([...cycles], { minLength: 1 })
        .chain((cs) => fc.tuple(...cs.map((c) => billingCycleOverride(c, currency)))),
      payment_preferences: fc.record(
        { auto_bill_outstanding: fc.boolean(), payment_failure_threshold: fc.integer({ min: 0, max: 999 }) },
        { requiredKeys: [] },
      ),
      taxes,
    },
    { requiredKeys: [] },
  );
}

/** Breaks of a billing cycle override (path relative to the override). */
export const breakBillingCycleOverride: ReadonlyArray<Breaker<BillingCycleOverride>> = [
  at(['sequence'], missing('billing.billing_cycle_override.sequence.required', 'override sequence')),
  at(['sequence'], replaceWith('billing.billing_cycle_override.sequence.range', 'override sequence 0 (min 1)', 0)),
  at(['sequence'], replaceWith('billing.billing_cycle_override.sequence.range', 'override sequence 100 (max 99)', 100)),
  at(
    ['total_cycles'],
    replaceWith('billing.billing_cycle_override.total_cycles.range', 'override total_cycles 1000 (max 999)', 1000),
  ),
];
