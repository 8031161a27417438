// billing.md: "Subscription" (with subscriber, billing_info, cycle_execution),
// "application_context", "Transaction (subscription transaction list item)".

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import {
  anchor,
  at,
  fieldRules,
  fields,
  must,
  notObservable,
  onLine,
  should,
  withFacts,
  type FieldSpec,
} from './define.js';

const SUB_CONTRACTS = [
  S.subscription,
  S.createSubscriptionRequest,
  S.createSubscriptionResponse,
  S.createSubscriptionResponseMinimal,
  S.createSubscriptionResponseRepresentation,
  S.showSubscriptionResponse,
  S.listSubscriptionsResponse,
];
const SUB = anchor('billing.md', 'Subscription', SUB_CONTRACTS);
/** A subscription is what show subscription details answers (its members, the rows of the Subscription table). */
const SUB_BODY = at(anchor('billing.md', 'Subscriptions', SUB_CONTRACTS), 208, '200, subscription');
/** The first sentence of the subscriber paragraph, which lists its members. */
const SUBSCRIBER_LINE = onLine(SUB, 106, 'subscriber: name {given_name, surname}');

export const SUBSCRIPTION_FIELDS = fields({
  subscription: { id: 'billing.subscription', label: 'A subscription', type: 'object' },
  id: {
    id: 'billing.subscription.id',
    label: 'Subscription id',
    type: 'string',
    pattern: { regex: '^I-', says: 'starts with I-' },
    required: 'in every subscription the service returns',
    line: 88,
  },
  status: { id: 'billing.subscription.status', label: 'Subscription status', type: 'string', line: 89 },
  status_change_note: {
    id: 'billing.subscription.status_change_note',
    label: 'Subscription status_change_note',
    type: 'string',
    line: 90,
  },
  plan_id: {
    id: 'billing.subscription.plan_id',
    label: 'Subscription plan_id',
    type: 'string',
    length: [26, 26],
    pattern: { regex: '^P-', says: 'starts with P-' },
    required: 'on create',
    line: 92,
  },
  plan_overridden: {
    id: 'billing.subscription.plan_overridden',
    label: 'Subscription plan_overridden',
    type: 'boolean',
    line: 93,
  },
  plan: { id: 'billing.subscription.plan', label: 'Subscription plan', type: 'object', line: 94 },
  quantity: {
    id: 'billing.subscription.quantity',
    label: 'Subscription quantity',
    type: 'string',
    length: [1, 32],
    pattern: { regex: '^[0-9]+([.][0-9]+)?$', says: 'is decimal text (digits, optional fraction)' },
    line: 96,
  },
  custom_id: {
    id: 'billing.subscription.custom_id',
    label: 'Subscription custom_id',
    type: 'string',
    length: [1, 127],
    pattern: { regex: '^[\\x20-\\x7E]+$', says: 'is printable ASCII' },
    line: 98,
  },
  auto_renewal: {
    id: 'billing.subscription.auto_renewal',
    label: 'Subscription auto_renewal',
    type: 'boolean',
    line: 99,
  },
  subscriber: { id: 'billing.subscription.subscriber', label: 'Subscription subscriber', type: 'object', line: 100 },
});

const str = (id: string, label: string): FieldSpec => ({ id, label, type: 'string' });
const obj = (id: string, label: string): FieldSpec => ({ id, label, type: 'object' });

const SUBSCRIBER_CONTRACTS = [S.subscriber, S.shippingDetail, S.address, ...SUB_CONTRACTS];
export const SUBSCRIBER_FIELDS = fields({
  subscriber: obj('billing.subscriber', 'A subscriber'),
  name: obj('billing.subscriber.name', 'subscriber name'),
  given_name: str('billing.subscriber.name.given_name', 'subscriber name.given_name'),
  surname: str('billing.subscriber.name.surname', 'subscriber name.surname'),
  email_address: str('billing.subscriber.email_address', 'subscriber email_address'),
  payer_id: str('billing.subscriber.payer_id', 'subscriber payer_id'),
  tenant: str('billing.subscriber.tenant', 'subscriber tenant'),
  payment_source: obj('billing.subscriber.payment_source', 'subscriber payment_source'),
  card: obj('billing.subscriber.payment_source.card', 'payment_source.card'),
  card_name: str('billing.subscriber.payment_source.card.name', 'payment_source.card.name'),
  card_last_digits: str('billing.subscriber.payment_source.card.last_digits', 'payment_source.card.last_digits'),
  card_brand: str('billing.subscriber.payment_source.card.brand', 'payment_source.card.brand'),
  card_attributes: obj('billing.subscriber.payment_source.card.attributes', 'payment_source.card.attributes'),
  card_vault: obj('billing.subscriber.payment_source.card.attributes.vault', 'payment_source.card.attributes.vault'),
  card_vault_id: str(
    'billing.subscriber.payment_source.card.attributes.vault.id',
    'payment_source.card.attributes.vault.id',
  ),
  card_vault_customer: obj(
    'billing.subscriber.payment_source.card.attributes.vault.customer',
    'payment_source.card.attributes.vault.customer',
  ),
  card_vault_customer_id: str(
    'billing.subscriber.payment_source.card.attributes.vault.customer.id',
    'payment_source.card.attributes.vault.customer.id',
  ),
});

export const SHIPPING_DETAIL_FIELDS = fields({
  shipping_detail: obj('billing.shipping_detail', 'A shipping address (shipping_detail)'),
  name: obj('billing.shipping_detail.name', 'shipping_address name'),
  full_name: str('billing.shipping_detail.name.full_name', 'shipping_address name.full_name'),
  given_name: str('billing.shipping_detail.name.given_name', 'shipping_address name.given_name'),
  surname: str('billing.shipping_detail.name.surname', 'shipping_address name.surname'),
});

export const ADDRESS_FIELDS = fields({
  address: obj('billing.address', 'An address'),
  address_line_1: str('billing.address.address_line_1', 'address address_line_1'),
  address_line_2: str('billing.address.address_line_2', 'address address_line_2'),
  admin_area_2: str('billing.address.admin_area_2', 'address admin_area_2 (city)'),
  admin_area_1: str('billing.address.admin_area_1', 'address admin_area_1 (state or province)'),
  postal_code: str('billing.address.postal_code', 'address postal_code'),
});

export const BILLING_INFO_FIELDS = fields({
  billing_info: obj('billing.billing_info', 'A billing_info'),
  cycle_executions: {
    id: 'billing.billing_info.cycle_executions',
    label: 'billing_info cycle_executions',
    type: 'array',
  },
  last_payment: obj('billing.billing_info.last_payment', 'billing_info last_payment'),
  failed_payments_count: {
    id: 'billing.billing_info.failed_payments_count',
    label: 'billing_info failed_payments_count',
    type: 'integer',
  },
});

export const CYCLE_EXECUTION_FIELDS = fields({
  cycle_execution: {
    ...obj('billing.cycle_execution', 'A cycle_execution'),
    line: 108,
    words: 'array of cycle_execution',
  },
  tenure_type: {
    id: 'billing.cycle_execution.tenure_type',
    label: 'cycle_execution tenure_type',
    type: 'string',
    length: [1, 24],
    enum: ['REGULAR', 'TRIAL'],
    required: 'in every cycle execution',
    line: 114,
  },
  sequence: {
    id: 'billing.cycle_execution.sequence',
    label: 'cycle_execution sequence',
    type: 'integer',
    range: [0, 99],
    required: 'in every cycle execution',
    line: 115,
  },
  cycles_completed: {
    id: 'billing.cycle_execution.cycles_completed',
    label: 'cycle_execution cycles_completed',
    type: 'integer',
    range: [0, 9999],
    required: 'in every cycle execution',
    line: 116,
  },
  cycles_remaining: {
    id: 'billing.cycle_execution.cycles_remaining',
    label: 'cycle_execution cycles_remaining',
    type: 'integer',
    range: [0, 9999],
    line: 117,
  },
  current_pricing_scheme_version: {
    id: 'billing.cycle_execution.current_pricing_scheme_version',
    label: 'cycle_execution current_pricing_scheme_version',
    type: 'integer',
    range: [1, 99],
    line: 118,
  },
  total_cycles: {
    id: 'billing.cycle_execution.total_cycles',
    label: 'cycle_execution total_cycles',
    type: 'integer',
    range: [0, 999],
    line: 119,
  },
});

const CTX = anchor('billing.md', 'application_context', [
  S.applicationContext,
  S.createSubscriptionRequest,
  S.reviseRequest,
]);
/** "application_context | object": the Subscription row that makes it a member of a subscription. */
const CTX_MEMBER = at(SUB, 101, 'application_context | object', CTX.contracts);

export const APPLICATION_CONTEXT_FIELDS = fields({
  application_context: obj('billing.application_context', 'An application_context'),
  brand_name: {
    id: 'billing.application_context.brand_name',
    label: 'application_context brand_name',
    type: 'string',
    length: [1, 127],
    line: 125,
  },
  shipping_preference: {
    id: 'billing.application_context.shipping_preference',
    label: 'application_context shipping_preference',
    type: 'string',
    length: [1, 24],
    enum: ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'],
    line: 126,
  },
  user_action: {
    id: 'billing.application_context.user_action',
    label: 'application_context user_action',
    type: 'string',
    length: [1, 24],
    enum: ['CONTINUE', 'SUBSCRIBE_NOW'],
    line: 127,
  },
  return_url: {
    id: 'billing.application_context.return_url',
    label: 'application_context return_url',
    type: 'string',
    format: 'uri',
    length: [10, 4000],
    required: 'in every application_context',
    line: 128,
  },
  cancel_url: {
    id: 'billing.application_context.cancel_url',
    label: 'application_context cancel_url',
    type: 'string',
    format: 'uri',
    length: [10, 4000],
    required: 'in every application_context',
    line: 129,
  },
  locale: {
    id: 'billing.application_context.locale',
    label: 'application_context locale',
    type: 'string',
    length: [2, 10],
    // a BCP 47 tag read as loosely as its well-formed forms allow (RFC 4647's language range):
    // subtags of letters and digits joined by hyphens, the first of letters (en, en-US, zh-Hant-TW)
    pattern: {
      regex: '^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$',
      says: 'is a BCP 47 tag (for example a five-character language-region code, en-US)',
    },
    line: 130,
  },
  payment_method: {
    ...obj('billing.application_context.payment_method', 'application_context payment_method'),
    line: 131,
  },
  payer_selected: {
    id: 'billing.application_context.payment_method.payer_selected',
    label: 'payment_method payer_selected',
    type: 'string',
    enum: ['PLATFORM'],
    line: 131,
  },
  payee_preferred: {
    id: 'billing.application_context.payment_method.payee_preferred',
    label: 'payment_method payee_preferred',
    type: 'string',
    enum: ['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED'],
    line: 131,
  },
});

const TX = anchor('billing.md', 'Transaction (subscription transaction list item)', [
  S.transaction,
  S.amountWithBreakdown,
  S.listTransactionsResponse,
]);

export const TRANSACTION_FIELDS = fields({
  transaction: { ...obj('billing.transaction', 'A transaction'), words: 'id (string), status' },
  id: str('billing.transaction.id', 'transaction id'),
  status: str('billing.transaction.status', 'transaction status'),
  payer_email: str('billing.transaction.payer_email', 'transaction payer_email'),
  payer_name: obj('billing.transaction.payer_name', 'transaction payer_name'),
  given_name: str('billing.transaction.payer_name.given_name', 'transaction payer_name.given_name'),
  surname: str('billing.transaction.payer_name.surname', 'transaction payer_name.surname'),
  amount_with_breakdown: { ...obj('billing.amount_with_breakdown', 'An amount_with_breakdown'), line: 137 },
});

const {
  subscription: SUBSCRIPTION_OBJECT,
  subscriber: SUBSCRIBER_MEMBER,
  ...SUBSCRIPTION_MEMBERS
} = SUBSCRIPTION_FIELDS;
const { application_context: CTX_OBJECT, ...CTX_MEMBERS } = APPLICATION_CONTEXT_FIELDS;

export const SUBSCRIPTION_FIELD_RULES: readonly Rule[] = [
  ...fieldRules(SUB_BODY, [SUBSCRIPTION_OBJECT]),
  ...fieldRules(SUB, Object.values(SUBSCRIPTION_MEMBERS)),
  ...withFacts(
    {
      noSchemaConstraint:
        'subscriber is a $ref to the subscriber contract, whose own type rule (billing.subscriber.type) reports it',
    },
    fieldRules(SUB, [SUBSCRIBER_MEMBER]),
  ),
  must(
    at(SUB, 95, 'default: current time', [S.createSubscriptionRequest, S.subscription]),
    'billing.subscription.start_time.default-now',
    'lifecycle',
    'A subscription created without start_time starts at the current time',
  ),
  must(
    at(SUB, 99, 'Default false', [S.createSubscriptionRequest, S.subscription]),
    'billing.subscription.auto_renewal.default-false',
    'lifecycle',
    'A subscription created without auto_renewal has auto_renewal false when it is returned',
  ),
  must(
    at(SUB, 94, 'returned when query fields includes plan', [S.showSubscriptionQuery, S.showSubscriptionResponse]),
    'billing.subscription.plan.returned-with-fields',
    'http',
    'Show subscription with fields including plan returns the plan member',
  ),
  withFacts(
    { noSchemaConstraint: 'an acceptance rule: a create request with these subscriber members must succeed' },
    must(
      at(SUB, 106, 'The create request accepts', [S.createSubscriptionRequest, S.subscriber]),
      'billing.subscriber.create-members',
      'limit',
      'Create subscription accepts a subscriber with name, email_address and shipping_address',
    ),
  ),
  ...fieldRules(SUBSCRIBER_LINE, Object.values(SUBSCRIBER_FIELDS), SUBSCRIBER_CONTRACTS),
  ...fieldRules(SUBSCRIBER_LINE, Object.values(SHIPPING_DETAIL_FIELDS), [
    S.shippingDetail,
    S.subscriber,
    S.reviseRequest,
    S.reviseResponse,
  ]),
  ...fieldRules(SUBSCRIBER_LINE, Object.values(ADDRESS_FIELDS), [S.address, S.shippingDetail]),
  ...fieldRules(onLine(SUB, 108), Object.values(BILLING_INFO_FIELDS), [S.billingInfo, S.subscription]),
  ...fieldRules(SUB, Object.values(CYCLE_EXECUTION_FIELDS), [S.cycleExecution, S.billingInfo, S.subscription]),
  must(
    at(SUB, 117, '0 for an infinite cycle', [S.cycleExecution]),
    'billing.cycle_execution.cycles_remaining.infinite-zero',
    'lifecycle',
    'cycles_remaining is 0 for an infinite cycle',
  ),
  ...fieldRules(CTX_MEMBER, [CTX_OBJECT]),
  ...fieldRules(CTX, Object.values(CTX_MEMBERS)),
  notObservable(
    'the shipping preference changes only what the approval pages offer the subscriber; no response member shows it, ' +
      'so GET_FROM_FILE cannot be told from another preference',
    must(
      at(CTX, 126, 'default GET_FROM_FILE'),
      'billing.application_context.shipping_preference.default',
      'lifecycle',
      'Without shipping_preference, the subscription behaves as GET_FROM_FILE',
    ),
  ),
  must(
    at(CTX, 127, 'default SUBSCRIBE_NOW'),
    'billing.application_context.user_action.default',
    'lifecycle',
    'Without user_action, the subscription behaves as SUBSCRIBE_NOW (the service activates it on approval)',
  ),
  // "CONTINUE (customer sees Continue; the merchant controls activation)": what state approval
  // leads to is not shown, only that it is not the service's activation
  withFacts(
    { allows: ['after approval, any status but ACTIVE (which one is not shown)'] },
    must(
      at(CTX, 127, 'the merchant controls activation'),
      'billing.application_context.user_action.continue-merchant-activates',
      'lifecycle',
      "With user_action CONTINUE, the subscriber's approval alone does not make the subscription ACTIVE (the " +
        'merchant controls activation)',
    ),
  ),
  // "Present on create only", and the revise body lists "application_context (without
  // user_action)": what a revise is, not what a server does with one that carries it. Taking it
  // and ignoring it conforms too (the status a revise leads to is not shown), so refusing is a SHOULD.
  should(
    at(CTX, 127, 'Present on create only', [S.reviseRequest]),
    'billing.application_context.user_action.create-only',
    'schema',
    'A revise request whose application_context carries user_action (present on create only) is refused',
  ),
  ...fieldRules(onLine(TX, 135), Object.values(TRANSACTION_FIELDS)),
  must(
    at(TX, 137, 'gross_amount (Money, required)'),
    'billing.amount_with_breakdown.gross_amount.required',
    'schema',
    'amount_with_breakdown gross_amount (Money) is present',
  ),
  withFacts(
    { noSchemaConstraint: 'arithmetic across members (decimal strings), which JSON Schema cannot express' },
    must(
      at(TX, 137, 'gross_amount minus the platform fee'),
      'billing.amount_with_breakdown.net_amount.gross-minus-fee',
      'schema',
      'net_amount is gross_amount minus fee_amount (when both are given in one currency)',
    ),
  ),
];
