// The create-plan request body (billing.md, "Plan", "Endpoints / Plans").
import fc from 'fast-check';
import { at, atSomeItem, type Breaker, invalidOf, type Invalid, missing, replaceWith } from '../invalid.js';
import { productName } from '../faker.js';
import { fitTo, lengthBetween, textOfLength, unicodeChar, unicodeText, upperAlnumChar, withinUtf16 } from '../text.js';
import { breakMoney, currencyCode, decimalAmount, money, type Money } from './money.js';
import {
  billingCycle,
  billingCycles,
  breakBillingCycle,
  breakTrialCycle,
  type BillingCycle,
  cyclesCurrency,
} from './cycles.js';

export const PLAN_NAME_MAX = 127;
export const PLAN_DESCRIPTION_MAX = 127;
/** Status values a create request may carry. */
export const PLAN_CREATE_STATUSES = ['CREATED', 'ACTIVE'] as const;
export type PlanCreateStatus = (typeof PLAN_CREATE_STATUSES)[number];

export interface PaymentPreferences {
  auto_bill_outstanding?: boolean;
  setup_fee?: Money;
  /** CONTINUE is the only value the spec shows. */
  setup_fee_failure_action?: string;
  payment_failure_threshold?: number;
}

export interface Taxes {
  percentage?: string;
  inclusive?: boolean;
}

export interface CreatePlanBody {
  product_id: string;
  name: string;
  status?: PlanCreateStatus;
  description?: string;
  billing_cycles: BillingCycle[];
  quantity_supported?: boolean;
  payment_preferences: PaymentPreferences;
  taxes?: Taxes;
}

export interface PlanOptions {
  /** The product the plan belongs to (the target profile's billing.productId). */
  productId: string;
  /** A run prefix that every generated name starts with, so scenarios can find their plans. */
  tag?: string;
  /** Fix the requested status; by default CREATED, ACTIVE or absent (the service's default ACTIVE). */
  status?: PlanCreateStatus | 'absent';
  /** Fix the number of TRIAL cycles (0..2). */
  trials?: number;
}

function checkTag(tag: string | undefined): string {
  const t = tag ?? '';
  if ([...t].length > PLAN_NAME_MAX) throw new Error(`tag "${t}" is longer than a plan name may be`);
  return t;
}

/**
 * The shortest value that still starts with the whole tag: one character more when the tag ends
 * in a space, so that no value ends in a space a server might trim.
 */
export function shortestTagged(tag: string | undefined): number {
  const t = tag ?? '';
  return Math.max(1, [...t].length + (/\s$/u.test(t) ? 1 : 0));
}

/** A plan name that starts with `tag`, `length` characters long, readable then unicode. */
export function planNameOfLength(tag: string | undefined, length: number): fc.Arbitrary<string> {
  const t = checkTag(tag);
  return fc
    .tuple(productName, textOfLength(unicodeChar, PLAN_NAME_MAX))
    .map(([readable, filler]) =>
      withinUtf16(
        fitTo(t, `${t && !/\s$/u.test(t) ? ' ' : ''}${readable} ${filler}`, length),
        PLAN_NAME_MAX,
        [...t].length,
      ),
    );
}

/** Plan names of 1..127 characters (tag length..127 with a tag), landing on both ends often. */
export function planName(tag?: string): fc.Arbitrary<string> {
  const min = shortestTagged(tag);
  return lengthBetween(min, PLAN_NAME_MAX).chain((n) => planNameOfLength(tag, n));
}

/** Payment preferences, every member present or absent independently. */
export function paymentPreferences(currency: string): fc.Arbitrary<PaymentPreferences> {
  return fc.record(
    {
      auto_bill_outstanding: fc.boolean(),
      setup_fee: money({ currency, min: 0, max: 500 }),
      setup_fee_failure_action: fc.constant('CONTINUE'),
      payment_failure_threshold: fc.integer({ min: 0, max: 999 }),
    },
    { requiredKeys: [] },
  );
}

/** Tax percentage text, 0..100 with up to two decimals. */
export const taxPercentage: fc.Arbitrary<string> = decimalAmount({ min: 0, max: 100 });

export const taxes: fc.Arbitrary<Taxes> = fc.record(
  { percentage: taxPercentage, inclusive: fc.boolean() },
  { requiredKeys: [] },
);

/** Valid create-plan bodies over the whole allowed space. */
export function createPlanBody(opts: PlanOptions): fc.Arbitrary<CreatePlanBody> {
  checkTag(opts.tag);
  return fc.tuple(currencyCode, fc.boolean()).chain(([currency, tiered]) =>
    fc
      .record({
        name: planName(opts.tag),
        status: opts.status
          ? fc.constant(opts.status === 'absent' ? undefined : opts.status)
          : fc.option(fc.constantFrom(...PLAN_CREATE_STATUSES), { nil: undefined }),
        description: fc.option(unicodeText(1, PLAN_DESCRIPTION_MAX), { nil: undefined }),
        billing_cycles: billingCycles({ currency, tiered, trials: opts.trials }),
        quantity_supported: tiered ? fc.constant(true) : fc.option(fc.boolean(), { nil: undefined }),
        payment_preferences: paymentPreferences(currency),
        taxes: fc.option(taxes, { nil: undefined }),
      })
      .map((r) => {
        const body: CreatePlanBody = {
          product_id: opts.productId,
          name: r.name,
          billing_cycles: r.billing_cycles,
          payment_preferences: r.payment_preferences,
        };
        if (r.status !== undefined) body.status = r.status;
        if (r.description !== undefined) body.description = r.description;
        if (r.quantity_supported !== undefined) body.quantity_supported = r.quantity_supported;
        if (r.taxes !== undefined) body.taxes = r.taxes;
        return body;
      }),
  );
}

type Pin = (p: CreatePlanBody, opts: PlanOptions) => fc.Arbitrary<CreatePlanBody>;

const withCycles = (p: CreatePlanBody, cycles: BillingCycle[]): CreatePlanBody => ({ ...p, billing_cycles: cycles });

/** Each pin moves one member of a valid plan exactly onto one of its limits. */
const PLAN_PINS: Pin[] = [
  // name of 1 character (or of the tag alone, which is as short as a tagged name can be)
  (p, o) => planNameOfLength(o.tag, shortestTagged(o.tag)).map((name) => ({ ...p, name })),
  (p, o) => planNameOfLength(o.tag, PLAN_NAME_MAX).map((name) => ({ ...p, name })),
  (p) => unicodeText(1, 1).map((description) => ({ ...p, description })),
  (p) =>
    textOfLength(unicodeChar, PLAN_DESCRIPTION_MAX).map((d) => ({
      ...p,
      description: withinUtf16(fitTo('', d, PLAN_DESCRIPTION_MAX), PLAN_DESCRIPTION_MAX),
    })),
  // the most cycles a plan may hold: two TRIAL and one REGULAR, at sequences 1 and 99 at the ends
  (p) => {
    const currency = cyclesCurrency(p.billing_cycles);
    const tiered = p.quantity_supported === true;
    return fc
      .tuple(
        billingCycle('TRIAL', 1, { currency, tiered }),
        billingCycle('TRIAL', 2, { currency, tiered }),
        billingCycle('REGULAR', 99, { currency, tiered }),
      )
      .map((cs) => withCycles(p, cs));
  },
  // total_cycles at 0 (infinite REGULAR), 1 and 999; TRIAL at 1 and 999
  (p) =>
    fc.constantFrom(0, 1, 999).map((n) =>
      withCycles(
        p,
        p.billing_cycles.map((c) =>
          c.tenure_type === 'REGULAR' ? { ...c, total_cycles: n } : { ...c, total_cycles: n === 0 ? 1 : n },
        ),
      ),
    ),
  (p) =>
    fc.constantFrom(1, 99).map((s) => {
      // a single REGULAR cycle, at sequence 1 or 99
      const regular = p.billing_cycles[p.billing_cycles.length - 1];
      return withCycles(p, [{ ...regular, sequence: s }]);
    }),
  (p) => fc.constant({ ...p, payment_preferences: {} }),
];

/**
 * Valid create-plan bodies with one or more members exactly at a limit: name of 1 and 127
 * characters, description of 1 and 127, two TRIAL cycles plus one REGULAR (the most a plan may
 * hold), sequences 1 and 99, total_cycles 0, 1 and 999, empty payment_preferences.
 */
export function createPlanBodyBoundary(opts: PlanOptions): fc.Arbitrary<CreatePlanBody> {
  return createPlanBody(opts).chain((p) =>
    fc
      .subarray(PLAN_PINS, { minLength: 1 })
      .chain((pins) =>
        pins.reduce<fc.Arbitrary<CreatePlanBody>>((acc, pin) => acc.chain((q) => pin(q, opts)), fc.constant(p)),
      ),
  );
}

function addCycles(p: CreatePlanBody, extra: BillingCycle[]): BillingCycle[] {
  // new cycles take the lowest free sequences so every sequence stays valid and distinct
  const used = new Set(p.billing_cycles.map((c) => c.sequence));
  const added = extra.map((c) => {
    let s = 1;
    while (used.has(s)) s++;
    used.add(s);
    return { ...c, sequence: s };
  });
  return [...added, ...p.billing_cycles].sort((a, b) => a.sequence - b.sequence);
}

function cycleLike(p: CreatePlanBody, tenure: 'TRIAL' | 'REGULAR'): fc.Arbitrary<BillingCycle> {
  return billingCycle(tenure, 1, { currency: cyclesCurrency(p.billing_cycles), tiered: p.quantity_supported === true });
}

/** `breaker` applied to a TRIAL cycle of the plan, one added first when it has none. */
function onTrialCycle(breaker: Breaker<BillingCycle>): Breaker<CreatePlanBody> {
  return (p) => {
    const i = p.billing_cycles.findIndex((c) => c.tenure_type === 'TRIAL');
    if (i >= 0) return at<CreatePlanBody>(['billing_cycles', i], breaker)(p);
    return cycleLike(p, 'TRIAL').chain((t) => {
      const q = withCycles(p, addCycles(p, [t]));
      const j = q.billing_cycles.findIndex((c) => c.tenure_type === 'TRIAL');
      return at<CreatePlanBody>(['billing_cycles', j], breaker)(q);
    });
  };
}

/** Single-rule breaks of a create-plan body. */
export const breakCreatePlan: ReadonlyArray<Breaker<CreatePlanBody>> = [
  at(['product_id'], missing('billing.plan.product_id.required', 'product_id')),
  at(['product_id'], () =>
    fc.tuple(fc.constantFrom(21, 23), textOfLength(upperAlnumChar, 18)).map(([n, s]) => ({
      value: ('PROD-' + s).slice(0, n),
      rule: 'billing.plan.product_id.length',
      description: `product_id of ${n} characters (exactly 22)`,
      path: '',
    })),
  ),
  at(['product_id'], () =>
    fc.tuple(fc.constantFrom('PRDX-', 'prod-', 'P-OD-'), textOfLength(upperAlnumChar, 17)).map(([prefix, s]) => ({
      value: prefix + s,
      rule: 'billing.plan.product_id.pattern',
      description: `product_id with prefix "${prefix}" (PROD- then capital letters and digits)`,
      path: '',
    })),
  ),
  at(['name'], missing('billing.plan.name.required', 'name')),
  at(['name'], replaceWith('billing.plan.name.length', 'name of 0 characters (min 1)', '')),
  (p) =>
    textOfLength(unicodeChar, PLAN_NAME_MAX + 1).map((filler) => ({
      // the valid name (tag included) padded to one character past the limit
      value: { ...p, name: fitTo(p.name, filler, PLAN_NAME_MAX + 1) },
      rule: 'billing.plan.name.length',
      description: 'name of 128 characters (max 127)',
      path: '/name',
    })),
  at(['name'], (n: string) =>
    fc.constant({
      value: [...n].length,
      rule: 'billing.plan.name.type',
      description: 'name as a number (string)',
      path: '',
    }),
  ),
  at(['description'], replaceWith('billing.plan.description.type', 'description as an array (string)', ['a plan'])),
  at(
    ['quantity_supported'],
    replaceWith('billing.plan.quantity_supported.type', 'quantity_supported "yes" (boolean)', 'yes'),
  ),
  at(['taxes', 'inclusive'], replaceWith('billing.taxes.inclusive.type', 'taxes.inclusive "true" (boolean)', 'true')),
  at(
    ['taxes', 'percentage'],
    replaceWith('billing.taxes.percentage.pattern', 'taxes.percentage "7%" (decimal text)', '7%'),
  ),
  at(
    ['status'],
    replaceWith('billing.plan.status.create-values', 'status INACTIVE on create (CREATED or ACTIVE)', 'INACTIVE'),
  ),
  // an unknown status is also outside the create values; the closed enum itself is broken on the Plan resource
  at(
    ['status'],
    replaceWith('billing.plan.status.create-values', 'status PAUSED on create (CREATED or ACTIVE)', 'PAUSED'),
  ),
  at(['description'], replaceWith('billing.plan.description.length', 'description of 0 characters (min 1)', '')),
  at(['description'], () =>
    textOfLength(unicodeChar, PLAN_DESCRIPTION_MAX + 1).map((d) => ({
      value: fitTo('', d, PLAN_DESCRIPTION_MAX + 1),
      rule: 'billing.plan.description.length',
      description: 'description of 128 characters (max 127)',
      path: '',
    })),
  ),
  at(['billing_cycles'], missing('billing.plan.billing_cycles.required', 'billing_cycles')),
  at(['billing_cycles'], replaceWith('billing.plan.billing_cycles.items', 'billing_cycles with 0 items (1..12)', [])),
  (p) =>
    fc.array(cycleLike(p, 'TRIAL'), { minLength: 12, maxLength: 12 }).map((trials) => ({
      value: withCycles(
        p,
        addCycles(
          withCycles(
            p,
            p.billing_cycles.filter((c) => c.tenure_type === 'REGULAR'),
          ),
          trials,
        ),
      ),
      rule: 'billing.plan.billing_cycles.items',
      description: 'billing_cycles with 13 items (1..12)',
      path: '/billing_cycles',
      // 13 cycles of two tenure types cannot keep to two TRIAL and one REGULAR
      alsoBreaks: ['billing.plan.billing_cycles.trial-max-2'],
    })),
  (p) => {
    const have = p.billing_cycles.filter((c) => c.tenure_type === 'TRIAL').length;
    return fc.array(cycleLike(p, 'TRIAL'), { minLength: 3 - have, maxLength: 3 - have }).map((extra) => ({
      value: withCycles(p, addCycles(p, extra)),
      rule: 'billing.plan.billing_cycles.trial-max-2',
      description: 'three TRIAL cycles (at most two)',
      path: '/billing_cycles',
    }));
  },
  (p) =>
    cycleLike(p, 'REGULAR').map((extra) => {
      const cycles = addCycles(p, [extra]);
      return {
        value: withCycles(p, cycles),
        rule: 'billing.plan.billing_cycles.regular-max-1',
        description: 'two REGULAR cycles (at most one)',
        path: '/billing_cycles',
      };
    }),
  atSomeItem(['billing_cycles'], (c: BillingCycle) => fc.constantFrom(...breakBillingCycle).chain((b) => b(c))),
  onTrialCycle(breakTrialCycle),
  // past 999 on a TRIAL cycle for certain (a limit a server may check on one tenure type only)
  onTrialCycle(
    at(
      ['total_cycles'],
      replaceWith('billing.billing_cycle.total_cycles.range', 'TRIAL cycle with total_cycles 1000 (max 999)', 1000),
    ),
  ),
  at(['payment_preferences'], missing('billing.plan.payment_preferences.required', 'payment_preferences')),
  (p) => {
    // a tier without its amount where the plan is tiered, else a frequency with a text interval_count
    const i = p.billing_cycles.findIndex((c) => c.pricing_scheme?.tiers?.length);
    if (i >= 0) {
      return atSomeItem<CreatePlanBody>(
        ['billing_cycles', i, 'pricing_scheme', 'tiers'],
        at(['amount'], missing('billing.pricing_tier.amount.required', 'tier amount')),
      )(p);
    }
    return atSomeItem<CreatePlanBody>(
      ['billing_cycles'],
      at(['frequency', 'interval_count'], (n: number) =>
        fc.constant({
          value: String(n),
          rule: 'billing.billing_cycle.frequency.interval_count.type',
          description: 'interval_count as text (integer)',
          path: '',
        }),
      ),
    )(p);
  },
  at(
    ['payment_preferences', 'auto_bill_outstanding'],
    replaceWith(
      'billing.payment_preferences.auto_bill_outstanding.type',
      'auto_bill_outstanding "yes" (boolean)',
      'yes',
    ),
  ),
  (p) =>
    money({ currency: cyclesCurrency(p.billing_cycles) }).chain((fee) =>
      at<CreatePlanBody>(['payment_preferences', 'setup_fee'], (m: Money) =>
        fc.constantFrom(...breakMoney).chain((b) => b(m)),
      )({ ...p, payment_preferences: { ...p.payment_preferences, setup_fee: p.payment_preferences.setup_fee ?? fee } }),
    ),
  (p) => {
    const i = p.billing_cycles.findIndex((c) => c.pricing_scheme?.fixed_price);
    if (i < 0) {
      return at<CreatePlanBody>(
        ['payment_preferences', 'payment_failure_threshold'],
        replaceWith(
          'billing.payment_preferences.payment_failure_threshold.type',
          'payment_failure_threshold "3" (integer)',
          '3',
        ),
      )(p);
    }
    return at<CreatePlanBody>(['billing_cycles', i, 'pricing_scheme', 'fixed_price'], (m: Money) =>
      fc.constantFrom(...breakMoney).chain((b) => b(m)),
    )(p);
  },
];

/** Create-plan bodies that each break exactly one rule, labelled with it. */
export function createPlanBodyInvalid(opts: PlanOptions): fc.Arbitrary<Invalid<Partial<CreatePlanBody>>> {
  return invalidOf(createPlanBody(opts), breakCreatePlan) as fc.Arbitrary<Invalid<Partial<CreatePlanBody>>>;
}
