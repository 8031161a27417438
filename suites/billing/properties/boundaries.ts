// Valid requests exactly at one stated limit each, labelled with the rule that sets the limit:
// when one is refused, the check names that rule. The generators' boundary arbitraries pin
// several limits at once; these pin one, so that a refusal has one cause. Every family is
// exercised on every run (a random pick among them would miss some at the default runs).

import fc from 'fast-check';
import type { CheckContext } from '../../../harness/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import {
  customIdOfLength,
  DECIMAL_FORMS,
  decimalOfForm,
  money,
  productName,
  dateTimeBoundary,
  dateTimeOfLength,
  dateTimeWithOffset,
  LOCALES_AT_LIMITS,
  NAMED_COUNTRY_CODES,
  PAYEE_PREFERENCES,
  SHIPPING_PREFERENCES,
  tiers,
  USER_ACTIONS,
  shippingDetail,
  emailOfLength,
  httpsUrlOfLength,
  listPlansQuery,
  planId,
  planNameOfLength,
  quantityOfLength,
  reasonOfLength,
  textOfLength,
  alphanumericChar,
  unicodeText,
  upperAlnumChar,
  type BillingCycle,
  type CreatePlanBody,
  type CreateSubscriptionBody,
  type ListPlansQuery,
  type Money,
} from '../../../generators/index.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';
import type { Reply } from '../../../harness/exchange.js';
import { is4xx, noteOnce } from '../support/api.js';

/** Requests of one kind, all exactly at one limit. */
export interface Family<T> {
  /** What sits at the limit, e.g. "name of 127 characters". */
  description: string;
  /** The rule that states the limit. */
  rule: RuleId;
  arbitrary: fc.Arbitrary<T>;
  /**
   * The same request with the member inside the limit, in the same form (a quantity with a
   * fraction, shorter): a refusal at the limit is the limit's only when this one is taken.
   */
  within?: (value: T) => T;
}

/**
 * The limits at which a server refused a valid value (eachFamily's cases, each failing its limit's
 * rule). A value drawn later from the whole allowed space reaches the same limits: a refusal of it
 * is most likely that same bug, and failing the success-status rule for it too would make one bug
 * two failures. It is said once instead (refusedAtLimit); with no limit refused, it fails as usual.
 */
export class RefusedLimits {
  private readonly rules = new Set<RuleId>();

  /** Notes `reply` to a value at `family`'s limit. */
  note(reply: Reply, family: { rule: RuleId }): void {
    if (is4xx(reply)) this.rules.add(family.rule);
  }

  /** Whether `reply` is a refusal to leave unjudged (a limit was refused before), noted once when it is. */
  explain(ctx: CheckContext, reply: Reply, what: string): boolean {
    if (!is4xx(reply) || this.rules.size === 0) return false;
    noteOnce(
      ctx,
      `${what}: a valid request drawn from the whole allowed space was refused (${reply.status}) after ` +
        `${[...this.rules].join(', ')} failed at a stated limit: taken for the same refusal, not failed again`,
    );
    return true;
  }
}

/** Runs `predicate` over every family; each gets a share of the run's runs, at least one. */
export async function eachFamily<T>(
  ctx: CheckContext,
  families: ReadonlyArray<Family<T>>,
  predicate: (value: T, family: Family<T>) => Promise<void>,
  share = 10,
): Promise<void> {
  const numRuns = shareOfRuns(ctx.settings.runs, share);
  for (const family of families) {
    await ctx.property(family.arbitrary, (value) => predicate(value, family), { numRuns });
  }
}

/**
 * A plan body with nothing at a limit: a mid-length name, one REGULAR monthly cycle at sequence
 * 10 with 12 cycles and a generated fixed price. A family changes one member of it, so that a
 * refusal has one cause.
 */
function plainPlan(productId: string): fc.Arbitrary<CreatePlanBody> {
  return fc.tuple(productName, money({ currency: 'USD', min: 1, max: 500 })).map(([name, fixed_price]) => ({
    product_id: productId,
    name: name.slice(0, 60),
    billing_cycles: [regular(10, 12, fixed_price)],
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
  }));
}

function regular(sequence: number, total_cycles: number, fixed_price: Money): BillingCycle {
  return {
    tenure_type: 'REGULAR',
    sequence,
    total_cycles,
    frequency: { interval_unit: 'MONTH', interval_count: 1 },
    pricing_scheme: { fixed_price },
  };
}

function trial(sequence: number, total_cycles: number, fixed_price?: Money): BillingCycle {
  return {
    tenure_type: 'TRIAL',
    sequence,
    total_cycles,
    frequency: { interval_unit: 'DAY', interval_count: 7 },
    ...(fixed_price ? { pricing_scheme: { fixed_price } } : {}),
  };
}

const priceOf = (p: CreatePlanBody): Money =>
  p.billing_cycles[0].pricing_scheme?.fixed_price ?? { currency_code: 'USD', value: '10.00' };

function onPlan(
  productId: string,
  description: string,
  rule: RuleId,
  pin: (p: CreatePlanBody) => fc.Arbitrary<CreatePlanBody>,
): Family<CreatePlanBody> {
  return { description, rule, arbitrary: plainPlan(productId).chain(pin) };
}

/** Create-plan bodies, each at one limit of billing.md "Plan" and "billing_cycle". */
export function planBodiesAtLimits(productId: string): Family<CreatePlanBody>[] {
  const cycles = (p: CreatePlanBody, billing_cycles: BillingCycle[]) => fc.constant({ ...p, billing_cycles });
  return [
    ...[1, 127].map((n) =>
      onPlan(productId, `name of ${n} characters`, 'billing.plan.name.length', (p) =>
        planNameOfLength(undefined, n).map((name) => ({ ...p, name })),
      ),
    ),
    ...[1, 127].map((n) =>
      onPlan(productId, `description of ${n} characters`, 'billing.plan.description.length', (p) =>
        unicodeText(n, n).map((description) => ({ ...p, description })),
      ),
    ),
    onPlan(productId, 'two TRIAL cycles and one REGULAR cycle', 'billing.plan.billing_cycles.trial-max-2', (p) =>
      // both trials priced: a free trial is a premise of its own family below
      cycles(p, [trial(10, 3, priceOf(p)), trial(20, 2, priceOf(p)), regular(30, 12, priceOf(p))]),
    ),
    ...[1, 99].map((s) =>
      onPlan(productId, `one REGULAR cycle at sequence ${s}`, 'billing.billing_cycle.sequence.range', (p) =>
        cycles(p, [regular(s, 12, priceOf(p))]),
      ),
    ),
    onPlan(
      productId,
      'a REGULAR cycle with total_cycles 0 (infinite)',
      'billing.billing_cycle.total_cycles.regular-zero-infinite',
      (p) => cycles(p, [regular(10, 0, priceOf(p))]),
    ),
    onPlan(productId, 'a REGULAR cycle with total_cycles 999', 'billing.billing_cycle.total_cycles.range', (p) =>
      cycles(p, [regular(10, 999, priceOf(p))]),
    ),
    ...[1, 999].map((n) =>
      onPlan(
        productId,
        `a TRIAL cycle with total_cycles ${n}`,
        'billing.billing_cycle.total_cycles.trial-finite',
        (p) => cycles(p, [trial(10, n, priceOf(p)), regular(20, 12, priceOf(p))]),
      ),
    ),
    onPlan(
      productId,
      'a free TRIAL cycle without pricing_scheme',
      'billing.billing_cycle.pricing_scheme.free-trial-optional',
      (p) => cycles(p, [trial(10, 2), regular(20, 12, priceOf(p))]),
    ),
    ...(['CREATED', 'ACTIVE'] as const).map((status) =>
      onPlan(productId, `status ${status} on create`, 'billing.plan.status.create-values', (p) =>
        fc.constant({ ...p, status }),
      ),
    ),
    ...specialValuesOfPlans(productId),
  ];
}

/**
 * Create-plan bodies, each with one value in a form its sentence names: a price (a Money value,
 * "a decimal amount") and taxes.percentage ("decimal text") as a whole number and with a fraction.
 */
function specialValuesOfPlans(productId: string): Family<CreatePlanBody>[] {
  return [
    ...DECIMAL_FORMS.map(({ what, digits }) =>
      onPlan(productId, `a price of ${what}`, 'billing.money.value.pattern', (p) =>
        decimalOfForm(digits, { min: 1, max: 500 }).map((value) => ({
          ...p,
          billing_cycles: [regular(10, 12, { currency_code: 'USD', value })],
        })),
      ),
    ),
    onPlan(
      productId,
      'tiered pricing whose last tier omits ending_quantity',
      'billing.pricing_tier.ending_quantity.last-omitted',
      (p) =>
        tiers('USD', { minTiers: 2, maxTiers: 3 }).map((t) => ({
          ...p,
          quantity_supported: true,
          billing_cycles: [{ ...regular(10, 12, priceOf(p)), pricing_scheme: { pricing_model: 'VOLUME', tiers: t } }],
        })),
    ),
    ...DECIMAL_FORMS.filter(({ digits }) => digits !== 1).map(({ what, digits }) =>
      onPlan(productId, `taxes.percentage of ${what}`, 'billing.taxes.percentage.pattern', (p) =>
        decimalOfForm(digits, { min: 0, max: 30 }).map((percentage) => ({
          ...p,
          taxes: { percentage, inclusive: false },
        })),
      ),
    ),
  ];
}

export interface SubscriptionRequest {
  body: CreateSubscriptionBody;
  headers: Record<string, string>;
}

/**
 * Create-subscription requests, each at one limit, on a plain body (plan_id, custom_id of the
 * run, return and cancel URLs of ordinary length); `planId` must support quantities.
 */
export function subscriptionRequestsAtLimits(opts: { planId: string; tag: string }): Family<SubscriptionRequest>[] {
  const context = {
    return_url: 'https://merchant.example.com/return',
    cancel_url: 'https://merchant.example.com/cancel',
  };
  const plain: CreateSubscriptionBody = { plan_id: opts.planId, custom_id: opts.tag, application_context: context };
  const on = (
    description: string,
    rule: RuleId,
    pin: fc.Arbitrary<SubscriptionRequest>,
  ): Family<SubscriptionRequest> => ({ description, rule, arbitrary: pin });
  const body = (extra: Partial<CreateSubscriptionBody>): SubscriptionRequest => ({
    body: { ...plain, ...extra },
    headers: {},
  });
  return [
    ...[1, 127].map((n) =>
      on(
        `custom_id of ${n} characters`,
        'billing.subscription.custom_id.length',
        customIdOfLength(undefined, n).map((custom_id) => body({ custom_id })),
      ),
    ),
    // the fraction first: the longest quantities carry one too
    on(
      'quantity with a fraction',
      'billing.subscription.quantity.pattern',
      fc
        .tuple(fc.integer({ min: 2, max: 50 }), fc.integer({ min: 1, max: 99 }))
        .map(([w, f]) => body({ quantity: `${w}.${f}` })),
    ),
    ...[1, 32].map((n) => ({
      ...on(
        `quantity of ${n} characters`,
        'billing.subscription.quantity.length',
        quantityOfLength(n).map((quantity) => body({ quantity })),
      ),
      within: (request: SubscriptionRequest) =>
        body({ quantity: String(request.body.quantity).includes('.') ? '2.5' : '2' }),
    })),
    ...[1, 36].map((n) =>
      on(
        `Platform-Client-Metadata-Id of ${n} characters`,
        'billing.create-subscription.client_metadata_id.length',
        textOfLength(alphanumericChar, n).map((id) => ({
          body: plain,
          headers: { 'Platform-Client-Metadata-Id': id },
        })),
      ),
    ),
    on(
      'start_time of 20 or 64 characters',
      'billing.date_time.length',
      dateTimeBoundary({ minYear: 2030, maxYear: 2039 }).map((start_time) => body({ start_time })),
    ),
    on(
      'subscriber e-mail of 254 characters',
      'billing.email.length',
      emailOfLength(254).map((email_address) => body({ subscriber: { email_address } })),
    ),
    ...[10, 4000].map((n) =>
      on(
        `return_url and cancel_url of ${n} characters`,
        'billing.application_context.return_url.length',
        fc
          .tuple(httpsUrlOfLength(n, 'return'), httpsUrlOfLength(n, 'cancel'))
          .map(([return_url, cancel_url]) => body({ application_context: { return_url, cancel_url } })),
      ),
    ),
    ...specialValuesOfSubscriptions(body, context),
  ];
}

/**
 * Create-subscription requests, each with one value in a form its sentence names: a shipping
 * country_code C2 and GB, a start_time with a numeric offset (at 64 characters too), a locale of
 * each form at 2, 5 and 10 characters. `body` makes the request of a plain body and `extra`.
 */
function specialValuesOfSubscriptions(
  body: (extra: Partial<CreateSubscriptionBody>) => SubscriptionRequest,
  context: { return_url: string; cancel_url: string },
): Family<SubscriptionRequest>[] {
  const on = (description: string, rule: RuleId, arbitrary: fc.Arbitrary<SubscriptionRequest>) => ({
    description,
    rule,
    arbitrary,
  });
  return [
    ...NAMED_COUNTRY_CODES.map(({ code, what }) =>
      on(
        `a shipping address of country_code ${what}`,
        'billing.country_code.pattern',
        shippingDetail.map((d) =>
          body({ subscriber: { shipping_address: { ...d, address: { ...d.address, country_code: code } } } }),
        ),
      ),
    ),
    on(
      'start_time with a numeric offset (+hh:mm)',
      'billing.date_time.pattern',
      dateTimeWithOffset({ minYear: 2030, maxYear: 2039 }).map((start_time) => body({ start_time })),
    ),
    {
      ...on(
        'start_time of 64 characters with a numeric offset',
        'billing.date_time.length',
        dateTimeOfLength(64, 'offset', { minYear: 2030, maxYear: 2039 }).map((start_time) => body({ start_time })),
      ),
      // the same form inside the limit: the offset and a fraction of one digit
      within: (request: SubscriptionRequest) =>
        body({ start_time: String(request.body.start_time).replace(/\.(\d)\d*/, '.$1') }),
    },
    // every value each enumerated member lists
    ...(
      [
        ['shipping_preference', SHIPPING_PREFERENCES],
        ['user_action', USER_ACTIONS],
      ] as const
    ).flatMap(([member, values]) =>
      values.map((value) =>
        on(
          `application_context ${member} ${value}`,
          `billing.application_context.${member}.enum`,
          fc.constant(body({ application_context: { ...context, [member]: value } })),
        ),
      ),
    ),
    ...PAYEE_PREFERENCES.map((payee_preferred) =>
      on(
        `application_context payment_method.payee_preferred ${payee_preferred}`,
        'billing.application_context.payment_method.payee_preferred.enum',
        fc.constant(body({ application_context: { ...context, payment_method: { payee_preferred } } })),
      ),
    ),
    // each a form of a BCP 47 tag, at 2, 5 and 10 characters: no shorter or longer tag is of its form
    ...LOCALES_AT_LIMITS.map(({ locale, what }) =>
      on(
        `locale ${locale}, ${what}`,
        'billing.application_context.locale.pattern',
        fc.constant(body({ application_context: { ...context, locale } })),
      ),
    ),
  ];
}

/**
 * Create-subscription requests that override one cycle of the plan (its `cycles`) at each end of
 * the total_cycles its tenure type allows: "same rules as above", REGULAR 0 (infinite) and 999,
 * TRIAL 1 and 999.
 */
export function overridesAtLimits(opts: {
  planId: string;
  tag: string;
  cycles: readonly BillingCycle[];
}): Family<SubscriptionRequest>[] {
  const context = {
    return_url: 'https://merchant.example.com/return',
    cancel_url: 'https://merchant.example.com/cancel',
  };
  return opts.cycles.flatMap(({ tenure_type, sequence }) =>
    (tenure_type === 'REGULAR' ? [0, 999] : [1, 999]).map((total_cycles) => ({
      description:
        `an override of the ${tenure_type} cycle ${sequence} with total_cycles ${total_cycles}` +
        (total_cycles === 0 ? ' (infinite)' : ''),
      rule: 'billing.billing_cycle_override.total_cycles.range' as const,
      arbitrary: fc.constant({
        body: {
          plan_id: opts.planId,
          custom_id: opts.tag,
          application_context: context,
          plan: { billing_cycles: [{ sequence, total_cycles }] },
        },
        headers: {},
      }),
    })),
  );
}

/** List-plans queries, each at one limit of billing.md "Endpoints" and "Limits". */
export function listPlansQueriesAtLimits(productId: string): Family<ListPlansQuery>[] {
  const base = listPlansQuery({ productId });
  const on = (
    description: string,
    rule: RuleId,
    extra: fc.Arbitrary<Partial<ListPlansQuery>>,
  ): Family<ListPlansQuery> => ({
    description,
    rule,
    arbitrary: fc.tuple(base, extra).map(([q, e]) => ({ ...q, ...e })),
  });
  return [
    ...[1, 20].map((n) => on(`page_size ${n}`, 'billing.list-plans.page_size.range', fc.constant({ page_size: n }))),
    ...[1, 100000].map((n) => on(`page ${n}`, 'billing.list-plans.page.range', fc.constant({ page: n }))),
    ...[6, 50].map((n) =>
      on(
        `product_id of ${n} characters`,
        'billing.list-plans.product_id.length',
        textOfLength(upperAlnumChar, n - 5).map((s) => ({ product_id: `PROD-${s}` })),
      ),
    ),
  ];
}

/**
 * List-subscriptions queries, each at one limit; `planIdOfCheck` is the check's own plan. The
 * statuses limits (1 and 70 characters) are left out: the status set is not shown, and with the
 * three statuses shown only repeats reach 70 characters, which a server may fairly refuse.
 */
export function listSubscriptionsQueriesAtLimits(planIdOfCheck: string): Family<Record<string, string | number>>[] {
  const on = (
    description: string,
    rule: RuleId,
    query: fc.Arbitrary<Record<string, string | number>>,
  ): Family<Record<string, string | number>> => ({
    description,
    rule,
    arbitrary: query.map((q) => ({ plan_ids: planIdOfCheck, ...q })),
  });
  return [
    on(
      'plan_ids with 70 plan ids',
      'billing.list-subscriptions.plan_ids.max-70',
      fc
        .array(planId, { minLength: 69, maxLength: 69 })
        .map((ids) => ({ plan_ids: [planIdOfCheck, ...ids].join(',') })),
    ),
    ...[1, 20].map((n) =>
      on(`page_size ${n}`, 'billing.list-subscriptions.page_size.range', fc.constant({ page_size: n })),
    ),
    ...[1, 10000000].map((n) => on(`page ${n}`, 'billing.list-subscriptions.page.range', fc.constant({ page: n }))),
  ];
}

/** A reason (or note) of exactly 1 or 128 characters. */
export function reasonsAtLimits(rule: RuleId, member = 'reason'): Family<string>[] {
  return [1, 128].map((n) => ({ description: `${member} of ${n} characters`, rule, arbitrary: reasonOfLength(n) }));
}

/** Transaction windows whose start_time or end_time is 20 or 64 characters. */
export const transactionWindowsAtLimits: Family<{ start_time: string; end_time: string }>[] = [
  {
    description: 'start_time and end_time of 20 and 64 characters',
    rule: 'billing.date_time.length',
    arbitrary: fc
      .tuple(dateTimeBoundary({ minYear: 2000, maxYear: 2009 }), dateTimeBoundary({ minYear: 2090, maxYear: 2099 }))
      .map(([start_time, end_time]) => ({ start_time, end_time })),
  },
];
