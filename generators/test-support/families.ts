// Every family of the generators, beside the contract (schema $id) its values are checked
// against. The schema tests iterate over this table, so a family added here is tested at once.
import fc from 'fast-check';
import { SCHEMA_IDS as S } from '../../contracts/schema-ids.js';
import * as g from '../index.js';
import { breakBillingCycle, breakTrialCycle, billingCycle, type BillingCycle } from '../billing/cycles.js';
import { breakApplicationContext } from '../billing/app-context.js';
import { breakBillingCycleOverride } from '../billing/override.js';
import { breakShippingDetail } from '../billing/contact.js';
import { breakCycleExecution } from '../billing/resources.js';

export interface Family {
  name: string;
  schema: string;
  valid?: fc.Arbitrary<unknown>;
  boundary?: fc.Arbitrary<unknown>;
  invalid?: fc.Arbitrary<g.Invalid>;
}

export const PRODUCT_ID = 'PROD-4CWK2S8EBB4FG3ZT1';
export const PLAN_ID = 'P-0ABCDEFGHIJKLMNOPQRSTUVW';
const TAG = 'gen-t1 ';

/** A fixed plan shape (two trials, tiered regular) so cycle-dependent families have cycles. */
export const SAMPLE_CYCLES: BillingCycle[] = [
  { tenure_type: 'TRIAL', sequence: 1, total_cycles: 1, frequency: { interval_unit: 'MONTH', interval_count: 1 } },
  {
    tenure_type: 'TRIAL',
    sequence: 2,
    total_cycles: 3,
    frequency: { interval_unit: 'MONTH', interval_count: 1 },
    pricing_scheme: { fixed_price: { currency_code: 'EUR', value: '5.00' } },
  },
  {
    tenure_type: 'REGULAR',
    sequence: 3,
    total_cycles: 0,
    frequency: { interval_unit: 'MONTH', interval_count: 1 },
    pricing_scheme: {
      pricing_model: 'VOLUME',
      tiers: [
        { starting_quantity: '1', ending_quantity: '10', amount: { currency_code: 'EUR', value: '20' } },
        { starting_quantity: '11', amount: { currency_code: 'EUR', value: '15' } },
      ],
    },
  },
];

const pick =
  <T>(xs: ReadonlyArray<g.Breaker<T>>): g.Breaker<T> =>
  (v) =>
    fc.constantFrom(...xs).chain((b) => b(v));

const subOpts = { planId: PLAN_ID, tag: TAG, quantitySupported: true, planCycles: SAMPLE_CYCLES, currency: 'EUR' };

export const FAMILIES: Family[] = [
  // shared value types
  { name: 'Money', schema: S.money, valid: g.money(), invalid: g.invalidOf(g.money(), g.breakMoney) },
  {
    name: 'date_time',
    schema: S.dateTime,
    valid: g.dateTime(),
    boundary: g.dateTimeBoundary(),
    invalid: g.invalidOf(g.dateTime(), [g.breakDateTime]),
  },
  {
    name: 'country_code',
    schema: S.countryCode,
    valid: g.countryCode,
    invalid: g.invalidOf(g.countryCode, [g.breakCountryCode]),
  },
  {
    name: 'email',
    schema: S.email,
    valid: g.email,
    boundary: fc.constantFrom(3, 254).chain(g.emailOfLength),
    invalid: g.invalidOf(g.email, [g.breakEmail]),
  },
  {
    name: 'Link array',
    schema: S.links,
    valid: g.links('https://api.example.test/v1/billing/plans/P-1', ['self', 'edit', 'deactivate']),
    invalid: g.invalidOf(g.links('https://api.example.test/x', ['self', 'edit']), g.breakLinks),
  },
  {
    name: 'shipping_detail',
    schema: S.shippingDetail,
    valid: g.shippingDetail,
    invalid: g.invalidOf(g.shippingDetail, [breakShippingDetail]),
  },
  { name: 'subscriber', schema: S.subscriber, valid: g.subscriber },

  // plan parts
  {
    name: 'billing_cycle',
    schema: S.billingCycle,
    valid: fc
      .constantFrom<'TRIAL' | 'REGULAR'>('TRIAL', 'REGULAR')
      .chain((t) => billingCycle(t, 1, { currency: 'USD', tiered: false })),
    invalid: fc.oneof(
      g.invalidOf(billingCycle('REGULAR', 5, { currency: 'USD', tiered: true }), breakBillingCycle),
      g.invalidOf(billingCycle('TRIAL', 1, { currency: 'USD', tiered: false }), [breakTrialCycle]),
    ),
  },
  { name: 'pricing_scheme', schema: S.pricingScheme, valid: fc.oneof(g.fixedPricing('USD'), g.tieredPricing('USD')) },
  {
    name: 'billing_cycle_override',
    schema: S.billingCycleOverride,
    valid: fc.constantFrom(...SAMPLE_CYCLES).chain((c) => g.billingCycleOverride(c, 'EUR')),
    invalid: g.invalidOf(
      fc.constantFrom(...SAMPLE_CYCLES).chain((c) => g.billingCycleOverride(c, 'EUR')),
      breakBillingCycleOverride,
    ),
  },
  { name: 'plan_override', schema: S.planOverride, valid: g.planOverride(SAMPLE_CYCLES) },
  {
    name: 'application_context',
    schema: S.applicationContext,
    valid: g.applicationContext(),
    invalid: g.invalidOf(g.applicationContext(), [pick(breakApplicationContext())]),
  },

  // plan requests
  {
    name: 'create plan',
    schema: S.createPlanRequest,
    valid: g.createPlanBody({ productId: PRODUCT_ID, tag: TAG }),
    boundary: g.createPlanBodyBoundary({ productId: PRODUCT_ID }),
    invalid: g.createPlanBodyInvalid({ productId: PRODUCT_ID, tag: TAG }),
  },
  {
    name: 'list plans query',
    schema: S.listPlansQuery,
    valid: g.listPlansQuery({ productId: PRODUCT_ID }),
    boundary: g.listPlansQueryBoundary(),
    invalid: g.listPlansQueryInvalid(),
  },
  {
    name: 'update plan',
    schema: S.updatePlanRequest,
    valid: g.planPatch({ tag: TAG, currency: 'EUR' }),
    boundary: g.planPatchBoundary({ tag: TAG }),
    invalid: g.planPatchRefused({ tag: TAG }),
  },
  {
    name: 'update pricing',
    schema: S.updatePricingRequest,
    valid: g.updatePricingBody({ cycles: SAMPLE_CYCLES }),
    boundary: g.updatePricingBodyBoundary({ currency: 'EUR' }),
    invalid: g.updatePricingBodyInvalid({ cycles: SAMPLE_CYCLES }),
  },

  // subscription requests
  {
    name: 'create subscription',
    schema: S.createSubscriptionRequest,
    valid: g.createSubscriptionBody(subOpts),
    boundary: g.createSubscriptionBodyBoundary(subOpts),
    invalid: g.createSubscriptionBodyInvalid(subOpts),
  },
  {
    name: 'create subscription headers',
    schema: S.createSubscriptionHeaders,
    valid: g.createSubscriptionHeaders,
    boundary: g.createSubscriptionHeadersBoundary,
    invalid: g.createSubscriptionHeadersInvalid,
  },
  {
    name: 'list subscriptions query',
    schema: S.listSubscriptionsQuery,
    valid: g.listSubscriptionsQuery({ planIds: [PLAN_ID] }),
    boundary: g.listSubscriptionsQueryBoundary({ planIds: [PLAN_ID] }),
    invalid: g.listSubscriptionsQueryInvalid(),
  },
  {
    name: 'show subscription query',
    schema: S.showSubscriptionQuery,
    valid: g.showSubscriptionQuery,
    invalid: g.showSubscriptionQueryInvalid,
  },
  {
    name: 'update subscription',
    schema: S.updateSubscriptionRequest,
    valid: g.subscriptionPatch({ cycles: SAMPLE_CYCLES, tag: TAG, cardFunded: true }),
    boundary: g.subscriptionPatchBoundary({ cycles: SAMPLE_CYCLES, tag: TAG }),
    invalid: g.subscriptionPatchRefused({ cycles: SAMPLE_CYCLES, tag: TAG }),
  },
  {
    name: 'revise',
    schema: S.reviseRequest,
    valid: g.reviseBody({ planId: PLAN_ID, quantitySupported: true, planCycles: SAMPLE_CYCLES, currency: 'EUR' }),
    invalid: g.reviseBodyInvalid({ planId: PLAN_ID, quantitySupported: true, currency: 'EUR' }),
  },
  {
    name: 'suspend',
    schema: S.suspendRequest,
    valid: g.reasonBody,
    boundary: g.reasonBodyBoundary,
    invalid: g.reasonBodyInvalid('suspend'),
  },
  {
    name: 'cancel',
    schema: S.cancelRequest,
    valid: g.reasonBody,
    boundary: g.reasonBodyBoundary,
    invalid: g.reasonBodyInvalid('cancel'),
  },
  {
    name: 'activate',
    schema: S.activateSubscriptionRequest,
    valid: g.reasonBody,
    boundary: g.reasonBodyBoundary,
    invalid: g.reasonBodyInvalid('activate'),
  },
  {
    name: 'capture',
    schema: S.captureRequest,
    valid: g.captureBody({ currency: 'EUR' }),
    boundary: g.captureBodyBoundary(),
    invalid: g.captureBodyInvalid(),
  },
  {
    name: 'transactions query',
    schema: S.listTransactionsQuery,
    valid: g.transactionsQuery,
    boundary: g.transactionsQueryBoundary,
    invalid: g.transactionsQueryInvalid,
  },

  // billing resources
  { name: 'Plan', schema: S.plan, valid: g.planResource, invalid: g.planResourceInvalid },
  {
    name: 'Subscription',
    schema: S.subscription,
    valid: g.subscriptionResource,
    invalid: g.subscriptionResourceInvalid,
  },
  { name: 'Transaction', schema: S.transaction, valid: g.transactionResource, invalid: g.transactionResourceInvalid },
  {
    name: 'cycle_execution',
    schema: S.cycleExecution,
    valid: g.cycleExecution,
    invalid: g.invalidOf(g.cycleExecution, breakCycleExecution),
  },

  // assignees
  {
    name: 'list assignees query',
    schema: S.listAssigneesQuery,
    valid: g.listAssigneesQuery,
    boundary: g.listAssigneesQueryBoundary,
    invalid: g.listAssigneesQueryInvalid,
  },
  {
    name: 'add assignees',
    schema: S.addAssigneesRequest,
    valid: g.addAssigneesBody({ logins: ['alice', 'bob'] }),
    boundary: g.addAssigneesBodyBoundary(),
    invalid: g.addAssigneesBodyInvalid(),
  },
  {
    name: 'remove assignees',
    schema: S.removeAssigneesRequest,
    valid: g.removeAssigneesBody(),
    invalid: g.removeAssigneesBodyInvalid(),
  },
  { name: 'User', schema: S.user, valid: g.user, invalid: g.userInvalid },
  { name: 'Label', schema: S.label, valid: g.label, invalid: g.labelInvalid },
  { name: 'Milestone', schema: S.milestone, valid: g.milestone, invalid: g.milestoneInvalid },
  { name: 'Issue', schema: S.issue, valid: g.issue, invalid: g.issueInvalid },
];
