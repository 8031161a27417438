import { describe, expect, it } from 'vitest';
import * as sample from './test-support/samples.js';
import { VALID } from './test-support/samples.js';
import { ALL_SCHEMA_IDS, SCHEMA_IDS as S, validate } from './validate.js';

// Every contract accepts a valid sample, and a value that breaks exactly one rule is rejected
// at the right place, naming that rule, and nothing else.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schemas read from JSON, walked and broken freely
type Json = any;
interface Break {
  what: string;
  schema: string;
  value: () => Json;
  path: string;
  /** The rule broken; a few values necessarily break a second one too (a fixed-form pattern implies its length). */
  rule: string | string[];
}
const b = (what: string, schema: string, value: () => Json, path: string, rule: string | string[]): Break => ({
  what,
  schema,
  value,
  path,
  rule,
});
const edit = <T>(value: T, change: (v: Json) => void): T => {
  change(value);
  return value;
};
const plan = sample.plan;
const req = sample.createPlanRequest;

const BREAKS: Break[] = [
  // shared value types
  b(
    'currency_code of 4 characters',
    S.money,
    () => ({ currency_code: 'USDX', value: '1' }),
    '/currency_code',
    // no code of ISO 4217 has 4 letters
    ['billing.money.currency_code.length', 'billing.money.currency_code.iso-4217'],
  ),
  b(
    'currency_code of 3 capital letters that is no ISO 4217 code',
    S.money,
    () => ({ currency_code: 'ABC', value: '1' }),
    '/currency_code',
    'billing.money.currency_code.iso-4217',
  ),
  b(
    'currency_code in lower case (codes are written in capitals)',
    S.money,
    () => ({ currency_code: 'usd', value: '1' }),
    '/currency_code',
    'billing.money.currency_code.iso-4217',
  ),
  b('value missing', S.money, () => ({ currency_code: 'USD' }), '', 'billing.money.value.required'),
  b(
    'value not a decimal',
    S.money,
    () => ({ currency_code: 'USD', value: '1,00' }),
    '/value',
    'billing.money.value.pattern',
  ),
  b('value a number', S.money, () => ({ currency_code: 'USD', value: 1 }), '/value', 'billing.money.value.type'),
  b(
    'href not a URI',
    S.link,
    () => ({ href: 'not a uri', rel: 'self', method: 'GET' }),
    '/href',
    'billing.link.href.format',
  ),
  b('link without rel', S.link, () => ({ href: 'https://x.test/', method: 'GET' }), '', 'billing.link.rel.required'),
  b('11 links', S.links, () => Array.from({ length: 11 }, () => sample.link()), '', 'billing.link.array.items'),
  b('empty link array', S.links, () => [], '', 'billing.link.array.items'),
  b('date_time without seconds', S.dateTime, () => '2026-03-10T10:00+01:00', '', 'billing.date_time.pattern'),
  b(
    'date_time of 65 characters',
    S.dateTime,
    () => `2026-03-10T10:00:00.${'1'.repeat(39)}+01:00`,
    '',
    'billing.date_time.length',
  ),
  b('date_no_time with month 13', S.dateNoTime, () => '2026-13-10', '', 'billing.date_no_time.pattern'),
  b('date_year_month of 8 characters', S.dateYearMonth, () => '2026-013', '', [
    'billing.date_year_month.length',
    'billing.date_year_month.pattern',
  ]),
  b('date_year_month with month 00', S.dateYearMonth, () => '2026-00', '', 'billing.date_year_month.pattern'),
  b('lower-case country code', S.countryCode, () => 'gb', '', 'billing.country_code.pattern'),
  b('UK for Great Britain', S.countryCode, () => 'UK', '', 'billing.country_code.gb-not-uk'),
  b(
    'currency_decimal_precision 51',
    S.currencyDecimalPrecision,
    () => 51,
    '',
    'billing.currency_decimal_precision.range',
  ),
  b('description of 257 characters', S.description, () => 'd'.repeat(257), '', 'billing.description.length'),
  b('email of 2 characters', S.email, () => 'a@', '', 'billing.email.length'),
  b('unknown denomination type', S.denominationType, () => 'POINTS', '', 'billing.denomination_type.enum'),
  b(
    'unknown URL details type',
    S.urlDetails,
    () => ({ type: 'OTHER', url: 'https://x.test/' }),
    '/type',
    'billing.url_details.type.enum',
  ),

  // plan (request)
  b(
    '128-character name',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.name = 'n'.repeat(128))),
    '/name',
    'billing.plan.name.length',
  ),
  b('empty name', S.createPlanRequest, () => edit(req(), (v) => (v.name = '')), '/name', 'billing.plan.name.length'),
  b(
    'missing product_id',
    S.createPlanRequest,
    () => edit(req(), (v) => delete v.product_id),
    '',
    'billing.plan.product_id.required',
  ),
  b(
    'missing billing_cycles',
    S.createPlanRequest,
    () => edit(req(), (v) => delete v.billing_cycles),
    '',
    'billing.plan.billing_cycles.required',
  ),
  b(
    'missing payment_preferences',
    S.createPlanRequest,
    () => edit(req(), (v) => delete v.payment_preferences),
    '',
    'billing.plan.payment_preferences.required',
  ),
  b(
    'product_id without PROD-',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.product_id = 'PRXD-XXCD1234QWER65782')),
    '/product_id',
    'billing.plan.product_id.pattern',
  ),
  b(
    'product_id of 23 characters',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.product_id += 'A')),
    '/product_id',
    'billing.plan.product_id.length',
  ),
  b(
    'status INACTIVE on create',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.status = 'INACTIVE')),
    '/status',
    'billing.plan.status.create-values',
  ),
  // 13 cycles cannot keep to two TRIAL and one REGULAR, so the tenure rule breaks too.
  b(
    '13 billing cycles',
    S.createPlanRequest,
    () =>
      edit(
        req(),
        (v) => (v.billing_cycles = Array.from({ length: 13 }, (_, i) => sample.billingCycle('REGULAR', i + 1))),
      ),
    '/billing_cycles',
    ['billing.plan.billing_cycles.regular-max-1', 'billing.plan.billing_cycles.items'],
  ),
  b(
    'no billing cycles',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.billing_cycles = [])),
    '/billing_cycles',
    'billing.plan.billing_cycles.items',
  ),
  b(
    '3 TRIAL cycles',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.billing_cycles = [1, 2, 3].map((n) => sample.billingCycle('TRIAL', n)))),
    '/billing_cycles',
    'billing.plan.billing_cycles.trial-max-2',
  ),
  b(
    '2 REGULAR cycles',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.billing_cycles = [1, 2].map((n) => sample.billingCycle('REGULAR', n)))),
    '/billing_cycles',
    'billing.plan.billing_cycles.regular-max-1',
  ),
  b(
    'unknown tenure_type',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.billing_cycles[1].tenure_type = 'BONUS')),
    '/billing_cycles/1/tenure_type',
    'billing.billing_cycle.tenure_type.enum',
  ),
  b(
    'sequence 100',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.billing_cycles[1].sequence = 100)),
    '/billing_cycles/1/sequence',
    'billing.billing_cycle.sequence.range',
  ),
  b(
    'sequence 0',
    S.billingCycle,
    () => ({ ...sample.billingCycle(), sequence: 0 }),
    '/sequence',
    'billing.billing_cycle.sequence.range',
  ),
  b(
    'total_cycles 1000',
    S.billingCycle,
    () => ({ ...sample.billingCycle(), total_cycles: 1000 }),
    '/total_cycles',
    'billing.billing_cycle.total_cycles.range',
  ),
  b(
    'infinite TRIAL',
    S.billingCycle,
    () => ({ ...sample.billingCycle('TRIAL'), total_cycles: 0 }),
    '/total_cycles',
    'billing.billing_cycle.total_cycles.trial-finite',
  ),
  b(
    'cycle without frequency',
    S.billingCycle,
    () => edit(sample.billingCycle(), (v) => delete v.frequency),
    '',
    'billing.billing_cycle.frequency.required',
  ),
  b(
    'fractional sequence',
    S.billingCycle,
    () => ({ ...sample.billingCycle(), sequence: 1.5 }),
    '/sequence',
    'billing.billing_cycle.sequence.type',
  ),
  b(
    'taxes percentage not decimal',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.taxes.percentage = '10%')),
    '/taxes/percentage',
    'billing.taxes.percentage.pattern',
  ),
  b(
    'setup_fee currency of 2 characters',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.payment_preferences.setup_fee.currency_code = 'US')),
    '/payment_preferences/setup_fee/currency_code',
    ['billing.money.currency_code.length', 'billing.money.currency_code.iso-4217'],
  ),
  b(
    'description of 128 characters',
    S.createPlanRequest,
    () => edit(req(), (v) => (v.description = 'd'.repeat(128))),
    '/description',
    'billing.plan.description.length',
  ),
  b(
    'tier without amount',
    S.pricingTier,
    () => ({ starting_quantity: '1' }),
    '',
    'billing.pricing_tier.amount.required',
  ),
  b(
    'pricing version 1000',
    S.pricingScheme,
    () => ({ version: 1000 }),
    '/version',
    'billing.pricing_scheme.version.range',
  ),
  b(
    'override without sequence',
    S.billingCycleOverride,
    () => ({ total_cycles: 1 }),
    '',
    'billing.billing_cycle_override.sequence.required',
  ),

  // plan (responses)
  b('plan without id', S.plan, () => edit(plan(), (v) => delete v.id), '', 'billing.plan.id.required'),
  b(
    'plan id with lower case',
    S.plan,
    () => edit(plan(), (v) => (v.id = 'P-5ml4271244454362WXNWU5NQ')),
    '/id',
    'billing.plan.id.pattern',
  ),
  b(
    'plan id of 25 characters',
    S.plan,
    () => edit(plan(), (v) => (v.id = v.id.slice(0, 25))),
    '/id',
    'billing.plan.id.length',
  ),
  b(
    'unknown plan status',
    S.plan,
    () => edit(plan(), (v) => (v.status = 'ARCHIVED')),
    '/status',
    'billing.plan.status.enum',
  ),
  b('plan status with lower case', S.plan, () => edit(plan(), (v) => (v.status = 'active')), '/status', [
    'billing.plan.status.pattern',
    'billing.plan.status.enum',
  ]),
  b(
    'create_time without seconds',
    S.plan,
    () => edit(plan(), (v) => (v.create_time = '2026-03-10T10:00+00:00')),
    '/create_time',
    'billing.date_time.pattern',
  ),
  b(
    '11 plan links',
    S.plan,
    () => edit(plan(), (v) => (v.links = Array.from({ length: 11 }, () => sample.link()))),
    '/links',
    'billing.link.array.items',
  ),
  b(
    'create plan response without links',
    S.createPlanResponse,
    () => ({ id: sample.PLAN_ID }),
    '',
    'billing.create-plan.response-members',
  ),
  b(
    'minimal create plan response without links',
    S.createPlanResponseMinimal,
    () => ({ id: sample.PLAN_ID, status: 'ACTIVE' }),
    '',
    'billing.create-plan.prefer-minimal',
  ),
  b(
    'minimal create plan response without id',
    S.createPlanResponseMinimal,
    () => ({ status: 'ACTIVE', links: [sample.link()] }),
    '',
    'billing.plan.id.required',
  ),
  b(
    'minimal create plan response without status',
    S.createPlanResponseMinimal,
    () => ({ id: sample.PLAN_ID, links: [sample.link()] }),
    '',
    'billing.create-plan.prefer-minimal',
  ),
  b(
    'representation without payment_preferences',
    S.createPlanResponseRepresentation,
    () => edit(plan(), (v) => delete v.payment_preferences),
    '',
    'billing.create-plan.prefer-representation',
  ),
  b(
    'representation without billing_cycles',
    S.createPlanResponseRepresentation,
    () => edit(plan(), (v) => delete v.billing_cycles),
    '',
    'billing.create-plan.prefer-representation',
  ),
  b(
    'list plans without plans',
    S.listPlansResponse,
    () => ({ links: [sample.link()] }),
    '',
    'billing.list-plans.plans.required',
  ),
  b(
    'minimal plan summary without name',
    S.listPlansResponse,
    () => ({ plans: [{ id: sample.PLAN_ID, links: [sample.link()] }], links: [sample.link()] }),
    '/plans/0',
    'billing.list-plans.prefer-minimal',
  ),
  b(
    'minimal plan summary without links',
    S.listPlansResponse,
    () => ({ plans: [{ id: sample.PLAN_ID, name: 'Basic' }], links: [sample.link()] }),
    '/plans/0',
    'billing.list-plans.prefer-minimal',
  ),
  b(
    'listed plan summary without name (return=representation)',
    S.listPlansResponseRepresentation,
    () => ({ plans: [edit(plan(), (v) => delete v.name)], links: [sample.link()] }),
    '/plans/0',
    'billing.list-plans.prefer-representation',
  ),
  b('list plans without links', S.listPlansResponse, () => ({ plans: [] }), '', 'billing.list-plans.links.required'),
  b(
    'list subscriptions without links',
    S.listSubscriptionsResponse,
    () => ({ subscriptions: [] }),
    '',
    'billing.list-subscriptions.links.required',
  ),
  b(
    'list transactions without links',
    S.listTransactionsResponse,
    () => ({ transactions: [] }),
    '',
    'billing.list-transactions.links.required',
  ),
  b('page_size 21', S.listPlansQuery, () => ({ page_size: 21 }), '/page_size', 'billing.list-plans.page_size.range'),
  b('page 0', S.listPlansQuery, () => ({ page: 0 }), '/page', 'billing.list-plans.page.range'),
  b('page 100001', S.listPlansQuery, () => ({ page: 100001 }), '/page', 'billing.list-plans.page.range'),
  b(
    'product_id filter of 5 characters',
    S.listPlansQuery,
    () => ({ product_id: 'PROD-' }),
    '/product_id',
    'billing.list-plans.product_id.length',
  ),
  b(
    'update plan with add',
    S.updatePlanRequest,
    () => [{ op: 'add', path: '/name', value: 'x' }],
    '/0/op',
    'billing.update-plan.replace-only',
  ),
  b(
    'update plan of status',
    S.updatePlanRequest,
    () => [{ op: 'replace', path: '/status', value: 'ACTIVE' }],
    '/0/path',
    'billing.update-plan.other-paths-refused',
  ),
  b(
    '100 pricing items',
    S.updatePricingRequest,
    () => ({
      pricing_schemes: Array.from({ length: 100 }, (_, i) => ({ billing_cycle_sequence: i + 1, pricing_scheme: {} })),
    }),
    '/pricing_schemes',
    'billing.update-pricing.pricing_schemes.items',
  ),
  b(
    'pricing item without pricing_scheme',
    S.updatePricingRequest,
    () => ({ pricing_schemes: [{ billing_cycle_sequence: 1 }] }),
    '/pricing_schemes/0',
    'billing.update-pricing.pricing_scheme.required',
  ),

  // subscriptions
  b(
    'create subscription without plan_id',
    S.createSubscriptionRequest,
    () => edit(sample.createSubscriptionRequest(), (v) => delete v.plan_id),
    '',
    'billing.subscription.plan_id.required',
  ),
  b(
    'plan_id of 27 characters',
    S.createSubscriptionRequest,
    () => edit(sample.createSubscriptionRequest(), (v) => (v.plan_id += 'X')),
    '/plan_id',
    'billing.subscription.plan_id.length',
  ),
  b(
    'fractional quantity with two dots',
    S.createSubscriptionRequest,
    () => edit(sample.createSubscriptionRequest(), (v) => (v.quantity = '1.2.3')),
    '/quantity',
    'billing.subscription.quantity.pattern',
  ),
  b(
    'quantity of 33 characters',
    S.createSubscriptionRequest,
    () => edit(sample.createSubscriptionRequest(), (v) => (v.quantity = '1'.repeat(33))),
    '/quantity',
    'billing.subscription.quantity.length',
  ),
  b(
    'custom_id not printable ASCII',
    S.createSubscriptionRequest,
    () => edit(sample.createSubscriptionRequest(), (v) => (v.custom_id = 'inv\u00e9')),
    '/custom_id',
    'billing.subscription.custom_id.pattern',
  ),
  b(
    'return_url of 9 characters',
    S.applicationContext,
    () => ({ ...sample.applicationContext(), return_url: 'https://x' }),
    '/return_url',
    'billing.application_context.return_url.length',
  ),
  b(
    'missing cancel_url',
    S.applicationContext,
    () => edit(sample.applicationContext(), (v) => delete v.cancel_url),
    '',
    'billing.application_context.cancel_url.required',
  ),
  b(
    'unknown shipping_preference',
    S.applicationContext,
    () => ({ ...sample.applicationContext(), shipping_preference: 'PICKUP' }),
    '/shipping_preference',
    'billing.application_context.shipping_preference.enum',
  ),
  b(
    'payer_selected other than PLATFORM',
    S.applicationContext,
    () => edit(sample.applicationContext(), (v) => (v.payment_method.payer_selected = 'OTHER')),
    '/payment_method/payer_selected',
    'billing.application_context.payment_method.payer_selected.enum',
  ),
  b(
    'locale of 11 characters',
    S.applicationContext,
    () => ({ ...sample.applicationContext(), locale: 'en-US-x-abc' }),
    '/locale',
    'billing.application_context.locale.length',
  ),
  b(
    'locale with an underscore (not a BCP 47 tag)',
    S.applicationContext,
    () => ({ ...sample.applicationContext(), locale: 'en_US' }),
    '/locale',
    'billing.application_context.locale.pattern',
  ),
  b(
    'shipping name with given_name alone',
    S.shippingDetail,
    () => edit(sample.shippingDetail(), (v) => (v.name = { given_name: 'John' })),
    '/name',
    'billing.shipping_detail.name.shape',
  ),
  b(
    'shipping name with surname alone, in a subscription',
    S.subscription,
    () => edit(sample.subscription(), (v) => (v.subscriber.shipping_address.name = { surname: 'Doe' })),
    '/subscriber/shipping_address/name',
    'billing.shipping_detail.name.shape',
  ),
  b(
    'subscription id without I-',
    S.subscription,
    () => ({ ...sample.subscription(), id: 'S-123' }),
    '/id',
    'billing.subscription.id.pattern',
  ),
  b(
    'subscription without id',
    S.showSubscriptionResponse,
    () => edit(sample.subscription(), (v) => delete v.id),
    '',
    'billing.subscription.id.required',
  ),
  b(
    'shipping country lower case',
    S.subscription,
    () => edit(sample.subscription(), (v) => (v.subscriber.shipping_address.address.country_code = 'us')),
    '/subscriber/shipping_address/address/country_code',
    'billing.country_code.pattern',
  ),
  b(
    'card expiry with a day',
    S.subscription,
    () => edit(sample.subscription(), (v) => (v.subscriber.payment_source.card.expiry = '2030-12-01')),
    '/subscriber/payment_source/card/expiry',
    ['billing.date_year_month.length', 'billing.date_year_month.pattern'],
  ),
  b(
    'cycles_completed 10000',
    S.cycleExecution,
    () => ({ ...sample.cycleExecution(), cycles_completed: 10000 }),
    '/cycles_completed',
    'billing.cycle_execution.cycles_completed.range',
  ),
  b(
    'cycle execution without cycles_completed',
    S.subscription,
    () => edit(sample.subscription(), (v) => delete v.billing_info.cycle_executions[0].cycles_completed),
    '/billing_info/cycle_executions/0',
    'billing.cycle_execution.cycles_completed.required',
  ),
  b(
    'current_pricing_scheme_version 0',
    S.cycleExecution,
    () => ({ ...sample.cycleExecution(), current_pricing_scheme_version: 0 }),
    '/current_pricing_scheme_version',
    'billing.cycle_execution.current_pricing_scheme_version.range',
  ),
  b(
    'create subscription response without approve link',
    S.createSubscriptionResponse,
    () => ({ id: sample.SUBSCRIPTION_ID, status: 'APPROVAL_PENDING', links: [sample.link('self')] }),
    '/links',
    'billing.create-subscription.approve-link',
  ),
  b(
    'create subscription response without status',
    S.createSubscriptionResponse,
    () => ({ id: sample.SUBSCRIPTION_ID, links: [sample.link('approve')] }),
    '',
    'billing.create-subscription.response-members',
  ),
  b(
    'minimal create subscription response without links',
    S.createSubscriptionResponseMinimal,
    () => ({ id: sample.SUBSCRIPTION_ID, status: 'APPROVAL_PENDING' }),
    '',
    'billing.create-subscription.prefer-minimal',
  ),
  b(
    'full subscription without plan_id',
    S.createSubscriptionResponseRepresentation,
    () =>
      edit(sample.subscription(), (v) => {
        delete v.plan_id;
        v.links = [sample.link('approve')];
      }),
    '',
    'billing.create-subscription.prefer-representation',
  ),
  b(
    'Platform-Client-Metadata-Id of 37 characters',
    S.createSubscriptionHeaders,
    () => ({ 'Platform-Client-Metadata-Id': 'x'.repeat(37) }),
    '/Platform-Client-Metadata-Id',
    'billing.create-subscription.client_metadata_id.length',
  ),
  b(
    'statuses with lower case',
    S.listSubscriptionsQuery,
    () => ({ statuses: 'active' }),
    '/statuses',
    'billing.list-subscriptions.statuses.pattern',
  ),
  b(
    'filter of 101 characters',
    S.listSubscriptionsQuery,
    () => ({ filter: 'f'.repeat(101) }),
    '/filter',
    'billing.list-subscriptions.filter.length',
  ),
  b(
    'page 10000001',
    S.listSubscriptionsQuery,
    () => ({ page: 10000001 }),
    '/page',
    'billing.list-subscriptions.page.range',
  ),
  b(
    '11 customer ids',
    S.listSubscriptionsQuery,
    () => ({ customer_ids: Array.from({ length: 11 }, (_, i) => `C${i}`) }),
    '/customer_ids',
    'billing.list-subscriptions.customer_ids.items',
  ),
  b(
    '71 plan ids',
    S.listSubscriptionsQuery,
    () => ({ plan_ids: Array.from({ length: 71 }, () => 'P-1').join(',') }),
    '/plan_ids',
    'billing.list-subscriptions.plan_ids.max-70',
  ),
  b(
    'created_after not a date_time',
    S.listSubscriptionsQuery,
    () => ({ created_after: '2026-03-10 10:00:00Z' }),
    '/created_after',
    'billing.date_time.pattern',
  ),
  b(
    'fields value unknown',
    S.showSubscriptionQuery,
    () => ({ fields: 'plan,history' }),
    '/fields',
    'billing.show-subscription.fields.pattern',
  ),
  b(
    'patch of a path not listed',
    S.updateSubscriptionRequest,
    () => [{ op: 'replace', path: '/status', value: 'ACTIVE' }],
    '/0/path',
    'billing.update-subscription.other-paths-refused',
  ),
  b(
    'add on outstanding_balance',
    S.updateSubscriptionRequest,
    () => [{ op: 'add', path: '/billing_info/outstanding_balance', value: sample.money() }],
    '/0/op',
    'billing.update-subscription.ops-per-path',
  ),
  b(
    'add on cycle tiers',
    S.updateSubscriptionRequest,
    () => [{ op: 'add', path: '/plan/billing_cycles/@sequence==1/pricing_scheme/tiers', value: [] }],
    '/0/op',
    'billing.update-subscription.ops-per-path',
  ),
  b(
    'revise with user_action',
    S.reviseRequest,
    () =>
      edit(sample.createSubscriptionRequest(), (v) => {
        delete v.subscriber;
        delete v.start_time;
        delete v.custom_id;
      }),
    '/application_context',
    'billing.application_context.user_action.create-only',
  ),
  b(
    'revise response without approve link',
    S.reviseResponse,
    () => ({ plan_id: sample.PLAN_ID, plan_overridden: false, links: [sample.link('self')] }),
    '/links',
    'billing.revise.approve-link',
  ),
  b(
    'revise response without links',
    S.reviseResponse,
    () => ({ plan_id: sample.PLAN_ID, plan_overridden: false }),
    '',
    'billing.revise.approve-link',
  ),
  b(
    'revise response without plan_overridden',
    S.reviseResponse,
    () => ({ plan_id: sample.PLAN_ID, links: [sample.link('approve')] }),
    '',
    'billing.revise.response-members',
  ),
  b('suspend without reason', S.suspendRequest, () => ({}), '', 'billing.suspend.reason.required'),
  b(
    'cancel reason of 129 characters',
    S.cancelRequest,
    () => ({ reason: 'r'.repeat(129) }),
    '/reason',
    'billing.cancel.reason.length',
  ),
  b(
    'activate reason empty',
    S.activateSubscriptionRequest,
    () => ({ reason: '' }),
    '/reason',
    'billing.activate-subscription.reason.length',
  ),
  b(
    'capture without amount',
    S.captureRequest,
    () => ({ note: 'n', capture_type: 'OUTSTANDING_BALANCE' }),
    '',
    'billing.capture.amount.required',
  ),
  b(
    'capture type unknown',
    S.captureRequest,
    () => ({ note: 'n', capture_type: 'FULL', amount: sample.money() }),
    '/capture_type',
    'billing.capture.capture_type.enum',
  ),
  b(
    'capture note empty',
    S.captureRequest,
    () => ({ note: '', capture_type: 'OUTSTANDING_BALANCE', amount: sample.money() }),
    '/note',
    'billing.capture.note.length',
  ),
  b(
    'capture answered with members',
    S.captureResponse,
    () => ({ id: 'X' }),
    '',
    'billing.capture.response.empty-object',
  ),
  b(
    'transactions without end_time',
    S.listTransactionsQuery,
    () => ({ start_time: sample.TIME }),
    '',
    'billing.list-transactions.end_time.required',
  ),
  b(
    'transaction without gross_amount',
    S.transaction,
    () => edit(sample.transaction(), (v) => delete v.amount_with_breakdown.gross_amount),
    '/amount_with_breakdown',
    'billing.amount_with_breakdown.gross_amount.required',
  ),

  // cards and capability
  b(
    'card number of 12 digits',
    S.card,
    () => ({ ...sample.card(), number: '411111111111' }),
    '/number',
    'billing.card.number.length',
  ),
  b(
    'card number with a space',
    S.card,
    () => ({ ...sample.card(), number: '4111 1111111111' }),
    '/number',
    'billing.card.number.pattern',
  ),
  b(
    'security code with MERCHANT initiator',
    S.card,
    () => ({ ...sample.card(), stored_credential: sample.storedCredential() }),
    '',
    'billing.card.security_code.absent-for-merchant',
  ),
  b(
    'billing_address with another member',
    S.card,
    () => edit(sample.card(), (v) => (v.billing_address.admin_area_3 = 'X')),
    '/billing_address',
    'billing.card.billing_address.extra-member-refused',
  ),
  b(
    'card brand with lower case',
    S.card,
    () => ({ ...sample.card(), brand: 'visa' }),
    '/brand',
    'billing.card.brand.pattern',
  ),
  b(
    'unknown verification method',
    S.card,
    () => edit(sample.card(), (v) => (v.attributes.verification.method = 'SMS')),
    '/attributes/verification/method',
    'billing.card.attributes.verification.method.enum',
  ),
  b(
    'card customer id with a dot',
    S.cardCustomer,
    () => ({ ...sample.cardCustomer(), id: 'a.b' }),
    '/id',
    'billing.card_customer.id.pattern',
  ),
  b(
    'ONE_TIME by MERCHANT',
    S.storedCredential,
    () => ({ payment_initiator: 'MERCHANT', payment_type: 'ONE_TIME' }),
    '/payment_initiator',
    'billing.stored_credential.one-time-requires-customer',
  ),
  b(
    'usage FIRST by MERCHANT',
    S.storedCredential,
    () => ({ payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'FIRST' }),
    '/payment_initiator',
    'billing.stored_credential.first-requires-customer',
  ),
  b(
    'previous reference by CUSTOMER',
    S.storedCredential,
    () => ({ ...sample.storedCredential(), payment_initiator: 'CUSTOMER' }),
    '/payment_initiator',
    'billing.stored_credential.reference-requires-merchant',
  ),
  b(
    'both previous references',
    S.storedCredential,
    () => ({ ...sample.storedCredential(), previous_transaction_reference: {} }),
    '',
    'billing.stored_credential.one-reference-only',
  ),
  b(
    'stored_credential without payment_type',
    S.storedCredential,
    () => ({ payment_initiator: 'CUSTOMER' }),
    '',
    'billing.stored_credential.payment_type.required',
  ),
  b(
    'card response last_digits of 5',
    S.cardResponse,
    () => ({ ...sample.cardResponse(), last_digits: '12345' }),
    '/last_digits',
    'billing.card_response.last_digits.length',
  ),
  b(
    'available network lower case',
    S.cardResponse,
    () => ({ ...sample.cardResponse(), available_networks: ['visa'] }),
    '/available_networks/0',
    'billing.card_response.available_networks.brand',
  ),
  b(
    'vault status unknown',
    S.cardVaultResponse,
    () => ({ ...sample.cardVaultResponse(), status: 'DELETED' }),
    '/status',
    'billing.card_vault_response.status.enum',
  ),
  b(
    'bin with letters',
    S.binDetails,
    () => ({ ...sample.binDetails(), bin: '41A' }),
    '/bin',
    'billing.bin_details.bin.pattern',
  ),
  b(
    'balance id of 17 characters',
    S.balanceResponse,
    () => ({ id: 'b'.repeat(17) }),
    '/id',
    'billing.balance_response.id.length',
  ),
  b(
    'capture status unknown',
    S.captureStatus,
    () => ({ status: 'VOIDED' }),
    '/status',
    'billing.capture_status.status.enum',
  ),
  b(
    'capture reason unknown',
    S.captureStatusDetails,
    () => ({ reason: 'MISC' }),
    '/reason',
    'billing.capture_status_details.reason.enum',
  ),
  b(
    'liability_shift unknown',
    S.authenticationResponse,
    () => ({ liability_shift: 'YES' }),
    '/liability_shift',
    'billing.authentication_response.liability_shift.enum',
  ),
  b(
    'capability name unknown',
    S.capability,
    () => ({ ...sample.capability(), name: 'TELEPORT' }),
    '/name',
    'billing.capability.name.enum',
  ),
  b(
    '101 networks',
    S.capability,
    () => ({ ...sample.capability(), networks: Array.from({ length: 101 }, sample.network) }),
    '/networks',
    'billing.capability.networks.items',
  ),
  b(
    'supported currency of 4 characters',
    S.network,
    () => ({ ...sample.network(), supported_currencies: ['USDX'] }),
    '/supported_currencies/0',
    'billing.network.supported_currencies.items-length',
  ),

  // JSON Patch
  b('patch body not an array', S.patchDocument, () => ({ op: 'add' }), '', 'billing.patch.document.type'),
  b('unknown op', S.patchDocument, () => [{ op: 'merge', path: '/a' }], '/0/op', 'billing.patch.op.enum'),
  b('operation without op', S.patchDocument, () => [{ path: '/a' }], '/0', 'billing.patch.op.required'),
  b(
    'replace without value',
    S.patchDocument,
    () => [{ op: 'replace', path: '/a' }],
    '/0',
    'billing.patch.value.required',
  ),
  b('copy without from', S.patchDocument, () => [{ op: 'copy', path: '/a' }], '/0', 'billing.patch.from.required'),
  b(
    'path not a JSON Pointer',
    S.patchDocument,
    () => [{ op: 'remove', path: 'a/b' }],
    '/0/path',
    'billing.patch.path.pattern',
  ),
  b(
    'bad escape in from',
    S.patchDocument,
    () => [{ op: 'move', path: '/a', from: '/b~2' }],
    '/0/from',
    'billing.patch.from.pattern',
  ),

  // assignees
  b('user without login', S.user, () => edit(sample.user(), (v) => delete v.login), '', 'assignees.user.members'),
  b('user id as text', S.user, () => ({ ...sample.user(), id: '1' }), '/id', 'assignees.user.id.type'),
  b(
    'site_admin as text',
    S.user,
    () => ({ ...sample.user(), site_admin: 'false' }),
    '/site_admin',
    'assignees.user.site_admin.type',
  ),
  b(
    'issue node_id a number',
    S.issue,
    () => ({ ...sample.issue(), node_id: 5 }),
    '/node_id',
    'assignees.issue.node_id.type',
  ),
  b(
    'issue without assignees',
    S.issue,
    () => edit(sample.issue(), (v) => delete v.assignees),
    '',
    'assignees.issue.members',
  ),
  b(
    'assignee without id',
    S.issue,
    () => edit(sample.issue(), (v) => delete v.assignees[1].id),
    '/assignees/1',
    'assignees.user.members',
  ),
  b(
    'label color a number',
    S.issue,
    () => edit(sample.issue(), (v) => (v.labels[0].color = 0xf29513)),
    '/labels/0/color',
    'assignees.label.color.type',
  ),
  b(
    'milestone number as text',
    S.issue,
    () => edit(sample.issue(), (v) => (v.milestone.number = '1')),
    '/milestone/number',
    'assignees.milestone.number.type',
  ),
  b(
    'closed_by not a User',
    S.issue,
    () => ({ ...sample.issue(), closed_by: 'octocat' }),
    '/closed_by',
    'assignees.user.type',
  ),
  b('locked as text', S.issue, () => ({ ...sample.issue(), locked: 'no' }), '/locked', 'assignees.issue.locked.type'),
  b(
    'pull_request without diff_url',
    S.issue,
    () => edit(sample.issue(), (v) => delete v.pull_request.diff_url),
    '/pull_request',
    'assignees.issue.pull_request.members',
  ),
  b(
    'pull_request a string',
    S.issue,
    () => edit(sample.issue(), (v) => (v.pull_request = 'u')),
    '/pull_request',
    'assignees.issue.pull_request.type',
  ),
  b(
    'list of assignees not an array',
    S.listAssigneesResponse,
    () => ({ users: [] }),
    '',
    'assignees.list.response.type',
  ),
  b('per_page 101', S.listAssigneesQuery, () => ({ per_page: 101 }), '/per_page', 'assignees.list.per-page-max-100'),
  b(
    '11 assignees to add',
    S.addAssigneesRequest,
    () => ({ assignees: Array.from({ length: 11 }, (_, i) => `u${i}`) }),
    '/assignees',
    'assignees.add.max-10',
  ),
  b(
    'assignee name a number',
    S.removeAssigneesRequest,
    () => ({ assignees: [7] }),
    '/assignees/0',
    'assignees.remove.assignees.items-type',
  ),
  b(
    'add response not an Issue',
    S.addAssigneesResponse,
    () => edit(sample.issue(), (v) => (v.number = '1347')),
    '/number',
    'assignees.issue.number.type',
  ),
];

describe('every contract', () => {
  it('has a valid sample', () => {
    expect(ALL_SCHEMA_IDS.filter((id) => !VALID[id])).toEqual([]);
  });

  for (const id of ALL_SCHEMA_IDS) {
    it(`accepts a valid ${id.split('/').slice(-2).join('/')}`, () => {
      expect(validate(id, VALID[id]())).toEqual([]);
    });
  }
});

describe('a value that breaks one rule', () => {
  for (const x of BREAKS) {
    it(`is rejected: ${x.what} (${String(x.rule)})`, () => {
      const found = validate(x.schema, x.value()).map((v) => `${v.ruleId} at ${v.instancePath}`);
      const rules = typeof x.rule === 'string' ? [x.rule] : x.rule;
      expect(found.sort()).toEqual(rules.map((rule) => `${rule} at ${x.path}`).sort());
    });
  }
});

describe('responses stay open where the spec is', () => {
  it('accepts members the spec does not list and values it does not enumerate', () => {
    expect(validate(S.plan, { ...sample.plan(), usage_type: 'METERED', extra: { any: 1 } })).toEqual([]);
    expect(validate(S.subscription, { ...sample.subscription(), status: 'EXPIRED', surprise: true })).toEqual([]);
    expect(
      validate(S.billingCycle, { ...sample.billingCycle(), frequency: { interval_unit: 'WEEK', interval_count: 2 } }),
    ).toEqual([]);
    expect(
      validate(S.issue, {
        ...sample.issue(),
        state: 'closed',
        state_reason: 'not_planned',
        author_association: 'NONE',
        extra: 1,
      }),
    ).toEqual([]);
    expect(validate(S.transaction, { status: 'REFUNDED' })).toEqual([]);
  });

  it('accepts the create-plan answers the spec allows: the 201 row, and a minimal one (id, status, links)', () => {
    const row = { id: sample.PLAN_ID, create_time: sample.TIME, update_time: sample.TIME, links: [sample.link()] };
    const minimal = { id: sample.PLAN_ID, status: 'CREATED', links: [sample.link()] };
    expect(validate(S.createPlanResponse, row)).toEqual([]);
    for (const id of [S.createPlanResponse, S.createPlanResponseMinimal]) {
      expect(validate(id, minimal)).toEqual([]);
      expect(validate(id, { ...row, status: 'ACTIVE' })).toEqual([]);
    }
    // "Minimal returns id, status and links for create operations": the row's members alone lack status
    expect(validate(S.createPlanResponseMinimal, row).map((v) => v.ruleId)).toEqual([
      'billing.create-plan.prefer-minimal',
    ]);
  });

  it('takes a shipping name in either shape, and one that holds both', () => {
    const named = (name: object) => ({ ...sample.shippingDetail(), name });
    expect(validate(S.shippingDetail, named({ full_name: 'John Doe' }))).toEqual([]);
    expect(validate(S.shippingDetail, named({ given_name: 'John', surname: 'Doe' }))).toEqual([]);
    expect(validate(S.shippingDetail, named({ full_name: 'John Doe', given_name: 'John', surname: 'Doe' }))).toEqual(
      [],
    );
  });

  it('accepts C2, GB, up to two TRIAL cycles with one REGULAR, 127-character names and null absent members', () => {
    expect(validate(S.countryCode, 'GB')).toEqual([]);
    const cycles = [
      sample.billingCycle('TRIAL', 1),
      sample.billingCycle('TRIAL', 2),
      sample.billingCycle('REGULAR', 3),
    ];
    expect(
      validate(S.createPlanRequest, { ...sample.createPlanRequest(), name: 'n'.repeat(127), billing_cycles: cycles }),
    ).toEqual([]);
    expect(
      validate(S.createPlanRequest, {
        ...sample.createPlanRequest(),
        billing_cycles: [sample.billingCycle('TRIAL', 1)],
      }),
    ).toEqual([]);
    expect(
      validate(S.issue, { ...sample.issue(), milestone: null, closed_by: null, body: null, pull_request: undefined }),
    ).toEqual([]);
    expect(
      validate(S.issue, {
        ...sample.issue(),
        pull_request: { url: null, html_url: null, diff_url: null, patch_url: null },
      }),
    ).toEqual([]);
    expect(validate(S.dateTime, '2026-03-10T10:00:00Z')).toEqual([]);
  });

  it('accepts the spec fractional quantity and a free trial cycle without pricing', () => {
    expect(validate(S.createSubscriptionRequest, { ...sample.createSubscriptionRequest(), quantity: '1.5' })).toEqual(
      [],
    );
    const free = {
      tenure_type: 'TRIAL',
      sequence: 1,
      total_cycles: 1,
      frequency: { interval_unit: 'DAY', interval_count: 7 },
    };
    expect(validate(S.billingCycle, free)).toEqual([]);
  });
});
