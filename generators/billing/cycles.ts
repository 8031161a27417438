// billing_cycle, frequency and pricing_scheme (billing.md, "billing_cycle", "pricing_scheme").
import fc from 'fast-check';
import { at, type Breaker, missing, replaceWith } from '../invalid.js';
import { money, type Money } from './money.js';

export type TenureType = 'TRIAL' | 'REGULAR';
export const TENURE_TYPES: readonly TenureType[] = ['TRIAL', 'REGULAR'];

/** Units the spec shows (DAY, MONTH); the rest are "not shown", so none other is generated. */
export const INTERVAL_UNITS = ['DAY', 'MONTH'] as const;

export interface Frequency {
  interval_unit: string;
  interval_count: number;
}

export interface Tier {
  starting_quantity: string;
  /** Omitted on the last tier. */
  ending_quantity?: string;
  amount: Money;
}

export interface PricingScheme {
  /** VOLUME is the only value the spec shows. */
  pricing_model?: string;
  tiers?: Tier[];
  fixed_price?: Money;
}

export interface BillingCycle {
  tenure_type: TenureType;
  sequence: number;
  total_cycles?: number;
  pricing_scheme?: PricingScheme;
  frequency: Frequency;
}

/** DAY every 1..365 days or MONTH every 1..12 months. */
export const frequency: fc.Arbitrary<Frequency> = fc.oneof(
  fc.record({ interval_unit: fc.constant('DAY'), interval_count: fc.integer({ min: 1, max: 365 }) }),
  fc.record({ interval_unit: fc.constant('MONTH'), interval_count: fc.integer({ min: 1, max: 12 }) }),
);

/** Volume tiers: contiguous quantity ranges from 1, the last one open (no ending_quantity). */
export function tiers(currency: string, opts: { minTiers?: number; maxTiers?: number } = {}): fc.Arbitrary<Tier[]> {
  const count = fc.integer({ min: opts.minTiers ?? 1, max: opts.maxTiers ?? 5 });
  return count.chain((n) =>
    fc
      .tuple(
        fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: n - 1, maxLength: n - 1 }),
        fc.array(money({ currency }), { minLength: n, maxLength: n }),
      )
      .map(([ends, amounts]) => {
        const sorted = [...ends].sort((a, b) => a - b);
        let start = 1;
        return amounts.map((amount, i) => {
          const tier: Tier = { starting_quantity: String(start), amount };
          if (i < sorted.length) {
            const end = Math.max(sorted[i], start);
            tier.ending_quantity = String(end);
            start = end + 1;
          }
          return tier;
        });
      }),
  );
}

/** A fixed-price scheme in `currency`. */
export function fixedPricing(currency: string): fc.Arbitrary<PricingScheme> {
  return money({ currency }).map((fixed_price) => ({ fixed_price }));
}

/** A VOLUME-tiered scheme in `currency`. */
export function tieredPricing(currency: string): fc.Arbitrary<PricingScheme> {
  return tiers(currency).map((t) => ({ pricing_model: 'VOLUME', tiers: t }));
}

export interface CycleOptions {
  currency: string;
  /** Price with tiers (the plan must then support quantities); fixed price otherwise. */
  tiered: boolean;
}

/** total_cycles for a tenure type: TRIAL 1..999 (finite), REGULAR 0..999 (0 = infinite). */
export function totalCycles(tenure: TenureType): fc.Arbitrary<number> {
  return tenure === 'TRIAL'
    ? fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 999 }))
    : fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 999 }));
}

/** One cycle with the given tenure type and sequence; a TRIAL may be free (no pricing_scheme). */
export function billingCycle(tenure: TenureType, sequence: number, opts: CycleOptions): fc.Arbitrary<BillingCycle> {
  const priced = opts.tiered ? tieredPricing(opts.currency) : fixedPricing(opts.currency);
  const pricing = tenure === 'TRIAL' ? fc.option(priced, { nil: undefined }) : priced;
  return fc
    .record({
      total_cycles: fc.option(totalCycles(tenure), { nil: undefined, freq: 4 }),
      pricing_scheme: pricing,
      frequency,
    })
    .map(({ total_cycles, pricing_scheme, frequency }) => {
      const c: BillingCycle = { tenure_type: tenure, sequence, frequency };
      if (total_cycles !== undefined) c.total_cycles = total_cycles;
      if (pricing_scheme !== undefined) c.pricing_scheme = pricing_scheme;
      return c;
    });
}

/**
 * Zero to two TRIAL cycles and exactly one REGULAR cycle, with distinct sequences from 1..99 in
 * run order (trials first, as a plan runs its trials before the regular cycle).
 */
export function billingCycles(opts: CycleOptions & { trials?: number }): fc.Arbitrary<BillingCycle[]> {
  const trials = opts.trials !== undefined ? fc.constant(opts.trials) : fc.integer({ min: 0, max: 2 });
  return trials.chain((t) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: t + 1, maxLength: t + 1 })
      .map((seqs) => [...seqs].sort((a, b) => a - b))
      .chain((seqs) => fc.tuple(...seqs.map((s, i) => billingCycle(i < t ? 'TRIAL' : 'REGULAR', s, opts)))),
  );
}

/** Single-rule breaks of one billing_cycle (paths relative to the cycle). */
export const breakBillingCycle: ReadonlyArray<Breaker<BillingCycle>> = [
  at(['tenure_type'], missing('billing.billing_cycle.tenure_type.required', 'tenure_type')),
  at(['sequence'], missing('billing.billing_cycle.sequence.required', 'sequence')),
  at(['frequency'], missing('billing.billing_cycle.frequency.required', 'frequency')),
  at(
    ['tenure_type'],
    replaceWith('billing.billing_cycle.tenure_type.enum', 'tenure_type INTRO (REGULAR or TRIAL)', 'INTRO'),
  ),
  at(['sequence'], replaceWith('billing.billing_cycle.sequence.range', 'sequence 0 (min 1)', 0)),
  at(['sequence'], replaceWith('billing.billing_cycle.sequence.range', 'sequence 100 (max 99)', 100)),
  at(['total_cycles'], replaceWith('billing.billing_cycle.total_cycles.range', 'total_cycles 1000 (max 999)', 1000)),
  at(['total_cycles'], replaceWith('billing.billing_cycle.total_cycles.range', 'total_cycles -1 (min 0)', -1)),
];

/** Breaks that only a cycle of one tenure type can carry. */
export const breakTrialCycle: Breaker<BillingCycle> = at(
  ['total_cycles'],
  replaceWith(
    'billing.billing_cycle.total_cycles.trial-finite',
    'TRIAL cycle with total_cycles 0 (TRIAL is finite, 1..999)',
    0,
  ),
);

/** The currency of the first priced member of a list of cycles (USD when none is priced). */
export function cyclesCurrency(cycles: readonly BillingCycle[]): string {
  for (const c of cycles) {
    const p = c.pricing_scheme;
    if (p?.fixed_price) return p.fixed_price.currency_code;
    if (p?.tiers?.length) return p.tiers[0].amount.currency_code;
  }
  return 'USD';
}
