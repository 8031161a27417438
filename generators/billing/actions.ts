// Request bodies of the subscription actions (suspend, cancel, activate, capture, revise) and of
// update-pricing-schemes (billing.md, "Endpoints", "Limits").
import fc from 'fast-check';
import { at, type Breaker, invalidOf, type Invalid, missing, replaceWith } from '../invalid.js';
import { sentence } from '../faker.js';
import { fitTo, lengthBetween, textOfLength, unicodeChar, upperAlnumChar, withinUtf16 } from '../text.js';
import { applicationContext, breakApplicationContext, type ApplicationContext } from './app-context.js';
import { breakShippingDetail, shippingDetail, type ShippingDetail } from './contact.js';
import { type BillingCycle, cyclesCurrency, fixedPricing, type PricingScheme, tieredPricing } from './cycles.js';
import { breakMoney, money, type Money } from './money.js';
import { planOverride, type PlanOverride } from './override.js';
import { quantity, quantityBreaksPastMax } from './subscription.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

export const REASON_MAX = 128;
export const PRICING_ITEMS_MAX = 99;

/**
 * Reason or note text of exactly `n` characters (within 128 UTF-16 units where it can be): a
 * sentence, then unicode filler.
 */
export function reasonOfLength(n: number): fc.Arbitrary<string> {
  return fc
    .tuple(sentence, textOfLength(unicodeChar, n))
    .map(([s, f]) => withinUtf16(fitTo('', `${s} ${f}`, n), REASON_MAX));
}

/** Reasons and notes of 1..128 characters: plain sentences mostly, both limits often. */
export const reason: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: sentence.map((s) => s.slice(0, REASON_MAX)), weight: 2 },
  { arbitrary: lengthBetween(1, REASON_MAX).chain(reasonOfLength), weight: 2 },
);

export interface ReasonBody {
  reason: string;
}

export type ReasonAction = 'suspend' | 'cancel' | 'activate';

const REASON_RULES: Record<ReasonAction, { required?: RuleId; length: RuleId; type: RuleId }> = {
  suspend: {
    required: 'billing.suspend.reason.required',
    length: 'billing.suspend.reason.length',
    type: 'billing.suspend.reason.type',
  },
  cancel: {
    required: 'billing.cancel.reason.required',
    length: 'billing.cancel.reason.length',
    type: 'billing.cancel.reason.type',
  },
  // "required to reactivate": whether a first activation needs it is not stated
  activate: {
    length: 'billing.activate-subscription.reason.length',
    type: 'billing.activate-subscription.reason.type',
  },
};

/** Valid suspend, cancel or activate bodies: {reason} of 1..128 characters. */
export const reasonBody: fc.Arbitrary<ReasonBody> = reason.map((r) => ({ reason: r }));

/** Bodies whose reason is exactly 1 or exactly 128 characters. */
export const reasonBodyBoundary: fc.Arbitrary<ReasonBody> = fc
  .constantFrom(1, REASON_MAX)
  .chain(reasonOfLength)
  .map((r) => ({ reason: r }));

function lengthBreaks(member: string, rule: RuleId): Breaker<unknown>[] {
  return [
    at([member], replaceWith(rule, `${member} of 0 characters (1..128)`, '')),
    at([member], () =>
      reasonOfLength(REASON_MAX + 1).map((value) => ({
        value,
        rule,
        description: `${member} of 129 characters (1..128)`,
        path: '',
      })),
    ),
  ];
}

/** Bodies of `action` that each break one rule: reason missing (where required), of 0 or 129 characters. */
export function reasonBodyInvalid(action: ReasonAction): fc.Arbitrary<Invalid<Partial<ReasonBody>>> {
  const rules = REASON_RULES[action];
  const breaks: Breaker<ReasonBody>[] = [
    ...lengthBreaks('reason', rules.length),
    at(['reason'], replaceWith(rules.type, 'reason as a number (string)', 128)),
  ];
  if (rules.required) breaks.push(at(['reason'], missing(rules.required, 'reason')));
  return invalidOf(reasonBody, breaks) as fc.Arbitrary<Invalid<Partial<ReasonBody>>>;
}

export interface CaptureBody {
  note: string;
  capture_type: 'OUTSTANDING_BALANCE';
  amount: Money;
}

/** Valid capture bodies; `currency` should be the subscription's. */
export function captureBody(opts: { currency?: string } = {}): fc.Arbitrary<CaptureBody> {
  return fc.record({
    note: reason,
    capture_type: fc.constant('OUTSTANDING_BALANCE' as const),
    amount: money({ currency: opts.currency, max: 1000 }),
  });
}

/** Capture bodies whose note is exactly 1 or 128 characters. */
export function captureBodyBoundary(opts: { currency?: string } = {}): fc.Arbitrary<CaptureBody> {
  return fc
    .tuple(captureBody(opts), fc.constantFrom(1, REASON_MAX).chain(reasonOfLength))
    .map(([b, note]) => ({ ...b, note }));
}

/** Capture bodies that each break one rule: a required member missing, note length, capture_type, amount. */
export function captureBodyInvalid(opts: { currency?: string } = {}): fc.Arbitrary<Invalid<Partial<CaptureBody>>> {
  const breaks: Breaker<CaptureBody>[] = [
    at(['note'], missing('billing.capture.note.required', 'note')),
    ...lengthBreaks('note', 'billing.capture.note.length'),
    at(['note'], replaceWith('billing.capture.note.type', 'note as a boolean (string)', true)),
    at(['capture_type'], missing('billing.capture.capture_type.required', 'capture_type')),
    at(
      ['capture_type'],
      replaceWith(
        'billing.capture.capture_type.enum',
        'capture_type FULL_BALANCE (OUTSTANDING_BALANCE)',
        'FULL_BALANCE',
      ),
    ),
    at(['amount'], missing('billing.capture.amount.required', 'amount')),
    at(['amount'], (m: Money) => fc.constantFrom(...breakMoney).chain((b) => b(m))),
  ];
  return invalidOf(captureBody(opts), breaks) as fc.Arbitrary<Invalid<Partial<CaptureBody>>>;
}

export interface ReviseBody {
  plan_id?: string;
  quantity?: string;
  shipping_amount?: Money;
  shipping_address?: ShippingDetail;
  application_context?: ApplicationContext;
  plan?: PlanOverride;
}

export interface ReviseOptions {
  /** The plan to move to (an ACTIVE plan); the current one is kept when absent. */
  planId?: string;
  quantitySupported?: boolean;
  planCycles?: readonly BillingCycle[];
  currency?: string;
}

/** Valid revise bodies; application_context never carries user_action. */
export function reviseBody(opts: ReviseOptions = {}): fc.Arbitrary<ReviseBody> {
  return fc
    .record(
      {
        plan_id: opts.planId !== undefined ? fc.constant(opts.planId) : fc.constant(undefined),
        quantity: opts.quantitySupported ? quantity : fc.constant(undefined),
        shipping_amount: money({ currency: opts.currency, max: 100 }),
        shipping_address: shippingDetail,
        application_context: applicationContext({ withUserAction: false }),
        plan: opts.planCycles?.length ? planOverride(opts.planCycles) : fc.constant(undefined),
      },
      { requiredKeys: [] },
    )
    .map((r) => {
      const b: ReviseBody = {};
      for (const [k, v] of Object.entries(r)) if (v !== undefined) (b as Record<string, unknown>)[k] = v;
      return b;
    });
}

/** Revise bodies that each break one rule. */
export function reviseBodyInvalid(opts: ReviseOptions = {}): fc.Arbitrary<Invalid<ReviseBody>> {
  const breaks: Breaker<ReviseBody>[] = [
    at(['plan_id'], (id: string | undefined) =>
      fc.tuple(fc.constantFrom(25, 27), textOfLength(upperAlnumChar, 25)).map(([n, s]) => {
        const base = id ?? 'P-' + s.slice(0, 24);
        return {
          value: n < base.length ? base.slice(0, n) : base + s.slice(0, n - base.length),
          rule: 'billing.revise.plan_id.length',
          description: `plan_id of ${n} characters (exactly 26)`,
          path: '',
        };
      }),
    ),
    at(['shipping_amount'], (m: Money | undefined) =>
      money({ currency: opts.currency }).chain((d) => fc.constantFrom(...breakMoney).chain((b) => b(m ?? d))),
    ),
    at(['shipping_address'], (s: ShippingDetail | undefined) =>
      shippingDetail.chain((d) => breakShippingDetail(s ?? d)),
    ),
    (b) =>
      applicationContext({ withUserAction: false }).chain((d) =>
        fc
          .constantFrom(...breakApplicationContext({ withUserAction: false }))
          .chain((br) =>
            at<ReviseBody>(['application_context'], br)({ ...b, application_context: b.application_context ?? d }),
          ),
      ),
  ];
  if (opts.quantitySupported) {
    breaks.push(...quantityBreaksPastMax('billing.revise.quantity.length'));
  }
  return invalidOf(reviseBody(opts), breaks) as fc.Arbitrary<Invalid<ReviseBody>>;
}

export interface PricingSchemeUpdate {
  billing_cycle_sequence: number;
  pricing_scheme: PricingScheme;
}

export interface UpdatePricingBody {
  pricing_schemes: PricingSchemeUpdate[];
}

function schemeFor(cycle: BillingCycle, currency: string): fc.Arbitrary<PricingScheme> {
  return cycle.pricing_scheme?.tiers ? tieredPricing(currency) : fixedPricing(currency);
}

/**
 * Valid update-pricing bodies for a plan with `cycles`: new prices for some of its priced cycles,
 * of the same kind (fixed or tiered) and currency.
 */
export function updatePricingBody(opts: { cycles: readonly BillingCycle[] }): fc.Arbitrary<UpdatePricingBody> {
  const priced = opts.cycles.filter((c) => c.pricing_scheme);
  if (priced.length === 0) throw new Error('updatePricingBody: the plan has no priced cycle');
  const currency = cyclesCurrency(opts.cycles);
  return fc
    .subarray(priced, { minLength: 1 })
    .chain((cs) =>
      fc.tuple(
        ...cs.map((c) =>
          schemeFor(c, currency).map((pricing_scheme) => ({ billing_cycle_sequence: c.sequence, pricing_scheme })),
        ),
      ),
    )
    .map((pricing_schemes) => ({ pricing_schemes }));
}

/** Items for sequences 1..n with fixed prices: the schema-level bounds (1 and 99 items). */
function itemsFor(n: number, currency: string): fc.Arbitrary<PricingSchemeUpdate[]> {
  return fc
    .array(fixedPricing(currency), { minLength: n, maxLength: n })
    .map((ps) => ps.map((pricing_scheme, i) => ({ billing_cycle_sequence: i + 1, pricing_scheme })));
}

/**
 * Update-pricing bodies of exactly 1 and exactly 99 items (sequences 1..99, fixed prices). A plan
 * holds at most three cycles, so the 99-item body is for the schema; sent to a server it names
 * cycles the plan lacks.
 */
export function updatePricingBodyBoundary(opts: { currency?: string } = {}): fc.Arbitrary<UpdatePricingBody> {
  return fc
    .constantFrom(1, PRICING_ITEMS_MAX)
    .chain((n) => itemsFor(n, opts.currency ?? 'USD'))
    .map((pricing_schemes) => ({ pricing_schemes }));
}

/** Update-pricing bodies that each break one rule: pricing_schemes missing, of 0 or 100 items. */
export function updatePricingBodyInvalid(opts: {
  cycles: readonly BillingCycle[];
}): fc.Arbitrary<Invalid<Partial<UpdatePricingBody>>> {
  const currency = cyclesCurrency(opts.cycles);
  const breaks: Breaker<UpdatePricingBody>[] = [
    at(['pricing_schemes'], missing('billing.update-pricing.pricing_schemes.required', 'pricing_schemes')),
    at(
      ['pricing_schemes'],
      replaceWith('billing.update-pricing.pricing_schemes.items', 'pricing_schemes with 0 items (1..99)', []),
    ),
    at(['pricing_schemes'], () =>
      itemsFor(PRICING_ITEMS_MAX + 1, currency).map((value) => ({
        value,
        rule: 'billing.update-pricing.pricing_schemes.items',
        description: 'pricing_schemes with 100 items (1..99)',
        path: '',
      })),
    ),
  ];
  return invalidOf(updatePricingBody(opts), breaks) as fc.Arbitrary<Invalid<Partial<UpdatePricingBody>>>;
}
