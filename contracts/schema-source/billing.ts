// The billing contracts (spec/billing.md), built from the catalog's FieldSpecs.
// Response schemas stay open: no additionalProperties:false, no enum where the spec says
// "not shown", and only what the spec says is returned is required.

import { SCHEMA_IDS as S } from '../schema-ids.js';
import {
  ADDRESS_FIELDS,
  APPLICATION_CONTEXT_FIELDS as AC,
  BILLING_INFO_FIELDS as BI,
  CYCLE_EXECUTION_FIELDS as CE,
  SHIPPING_DETAIL_FIELDS as SD,
  SUBSCRIBER_FIELDS as SB,
  SUBSCRIPTION_FIELDS as SUB,
  TRANSACTION_FIELDS as TX,
} from '../rules/billing-subscription-fields.js';
import {
  AUTHENTICATION_RESPONSE_FIELDS as AR,
  BALANCE_RESPONSE_FIELDS as BAL,
  BIN_DETAILS_FIELDS as BIN,
  CAPABILITY_FIELDS as CAP,
  CAPTURE_STATUS_DETAILS_FIELDS as CSD,
  CAPTURE_STATUS_FIELDS as CS,
  CARD_CUSTOMER_FIELDS as CC,
  CARD_FIELDS as CARD,
  CARD_RESPONSE_FIELDS as CR,
  CARD_VAULT_RESPONSE_FIELDS as CVR,
  NETWORK_FIELDS as NET,
  STORED_CREDENTIAL_FIELDS as SC,
} from '../rules/billing-cards.js';
import {
  ACTIVATE_SUBSCRIPTION_FIELDS,
  CANCEL_FIELDS,
  CAPTURE_FIELDS as CAPT,
  CREATE_SUBSCRIPTION_HEADER_FIELDS,
  LIST_PLANS_QUERY_FIELDS as LPQ,
  LIST_PLANS_RESPONSE_FIELDS as LPR,
  LIST_SUBSCRIPTIONS_QUERY_FIELDS as LSQ,
  LIST_SUBSCRIPTIONS_RESPONSE_FIELDS as LSR,
  LIST_TRANSACTIONS_RESPONSE_FIELDS as LTR,
  PARAMETER_SET_FIELDS as PSET,
  LIST_LINKS_REQUIRED,
  PLAN_IDS_MAX_70_REGEX,
  REVISE_REQUEST_FIELDS as RVQ,
  REVISE_RESPONSE_FIELDS as RVR,
  SHOW_SUBSCRIPTION_QUERY_FIELDS as SSQ,
  SUSPEND_FIELDS,
  UPDATE_PRICING_FIELDS as UP,
} from '../rules/billing-operations.js';
import {
  PATCH_FIELDS as PF,
  PLAN_PATCH_PATHS,
  planPatchPointer,
  SUBSCRIPTION_PATCH_PATHS,
} from '../rules/billing-patch.js';
import {
  BILLING_CYCLE_FIELDS as BC,
  BILLING_CYCLE_OVERRIDE_FIELDS as BCO,
  PAYMENT_PREFERENCES_FIELDS as PP,
  PLAN_FIELDS as PLAN,
  PLAN_OVERRIDE_FIELDS as PO,
  PLAN_STATUS_CREATE_VALUES,
  PRICING_SCHEME_FIELDS as PS,
  PRICING_TIER_FIELDS as PT,
  TAXES_FIELDS as TAX,
} from '../rules/billing-plan-fields.js';
import {
  COUNTRY_CODE,
  CURRENCY_DECIMAL_PRECISION,
  DATE_NO_TIME,
  DATE_TIME,
  DATE_YEAR_MONTH,
  DENOMINATION_TYPE,
  DESCRIPTION,
  EMAIL,
  LINK,
  MONEY,
  URL_DETAILS,
} from '../rules/billing-shared-types.js';
import type { FieldSpec } from '../rules/define.js';
import { ISO_4217_CODES } from '../iso-4217.js';
import {
  constrain,
  field,
  linksWithRel,
  memberIs,
  memberPresent,
  object,
  ref,
  requiredOf,
  requireMembers,
  resourceWith,
  when,
  type Schema,
} from './build.js';

const money = ref(S.money);
const dateTime = ref(S.dateTime);
const links = ref(S.links);

// --- shared value types ---------------------------------------------------------------

const currencyCode = (): Schema =>
  constrain(field(MONEY.currency_code), 'enum', [...ISO_4217_CODES], 'billing.money.currency_code.iso-4217');

const countryCode = (): Schema =>
  constrain(field(COUNTRY_CODE), 'not', { const: 'UK' }, 'billing.country_code.gb-not-uk');

// --- plans ----------------------------------------------------------------------------

const paymentPreferences = (self: FieldSpec): Schema =>
  object(self, {
    auto_bill_outstanding: field(PP.auto_bill_outstanding),
    setup_fee: money,
    setup_fee_failure_action: field(PP.setup_fee_failure_action),
    payment_failure_threshold: field(PP.payment_failure_threshold),
  });

const taxes = (self: FieldSpec): Schema =>
  object(self, { percentage: field(TAX.percentage), inclusive: field(TAX.inclusive) });

/** At most `max` cycles of one tenure type, as `contains` + `maxContains`. */
const tenureAtMost = (tenure: string, max: number, rule: string): Schema => {
  // ajv reports a broken maxContains under the keyword "contains".
  return {
    contains: { type: 'object', properties: { tenure_type: { const: tenure } }, required: ['tenure_type'] },
    minContains: 0,
    maxContains: max,
    'x-rules': { contains: rule, maxContains: rule },
  };
};

const billingCycles = (): Schema => ({
  ...field(PLAN.billing_cycles),
  items: ref(S.billingCycle),
  allOf: [
    tenureAtMost('TRIAL', 2, 'billing.plan.billing_cycles.trial-max-2'),
    tenureAtMost('REGULAR', 1, 'billing.plan.billing_cycles.regular-max-1'),
  ],
});

const planStatus = (values: readonly string[], enumRule: string): Schema => {
  const s = field(PLAN.status);
  return constrain(s, 'enum', [...values], enumRule);
};

/** The members a plan may have, in requests and responses alike. */
const planMembers = (status: Schema): Record<string, Schema> => ({
  product_id: field(PLAN.product_id),
  name: field(PLAN.name),
  status,
  description: field(PLAN.description),
  billing_cycles: billingCycles(),
  quantity_supported: field(PLAN.quantity_supported),
  payment_preferences: paymentPreferences(PLAN.payment_preferences),
  merchant_preferences: field(PLAN.merchant_preferences),
  taxes: taxes(PLAN.taxes),
});

const plan = object(
  PLAN.plan,
  {
    id: field(PLAN.id),
    ...planMembers(planStatus(PLAN.status.enum ?? [], 'billing.plan.status.enum')),
    usage_type: field(PLAN.usage_type),
    create_time: dateTime,
    update_time: dateTime,
    links,
  },
  requiredOf(['id', PLAN.id]),
);

const createPlanRequest = object(
  PLAN.plan,
  planMembers(planStatus(PLAN_STATUS_CREATE_VALUES, 'billing.plan.status.create-values')),
  requiredOf(
    ['product_id', PLAN.product_id],
    ['name', PLAN.name],
    ['billing_cycles', PLAN.billing_cycles],
    ['payment_preferences', PLAN.payment_preferences],
  ),
);

const totalCyclesAtLeastOne: Schema = constrain(
  constrain({}, 'type', 'integer', 'billing.billing_cycle.total_cycles.type'),
  'minimum',
  1,
  'billing.billing_cycle.total_cycles.trial-finite',
);
const billingCycle: Schema = {
  ...object(
    BC.billing_cycle,
    {
      tenure_type: field(BC.tenure_type),
      sequence: field(BC.sequence),
      total_cycles: field(BC.total_cycles),
      pricing_scheme: ref(S.pricingScheme),
      frequency: object(BC.frequency, {
        interval_unit: field(BC.interval_unit),
        interval_count: field(BC.interval_count),
      }),
    },
    requiredOf(['tenure_type', BC.tenure_type], ['sequence', BC.sequence], ['frequency', BC.frequency]),
  ),
  allOf: [
    when(memberIs('tenure_type', 'TRIAL'), { type: 'object', properties: { total_cycles: totalCyclesAtLeastOne } }),
  ],
};

const pricingScheme = object(PS.pricing_scheme, {
  version: field(PS.version),
  pricing_model: field(PS.pricing_model),
  tiers: { ...field(PS.tiers), items: ref(S.pricingTier) },
  fixed_price: money,
  status: field(PS.status),
  create_time: dateTime,
  update_time: dateTime,
});

const pricingTier = object(
  PT.tier,
  { starting_quantity: field(PT.starting_quantity), ending_quantity: field(PT.ending_quantity), amount: money },
  { ...requiredOf(['starting_quantity', PT.starting_quantity]), amount: 'billing.pricing_tier.amount.required' },
);

const billingCycleOverride = object(
  BCO.override,
  { sequence: field(BCO.sequence), total_cycles: field(BCO.total_cycles), pricing_scheme: ref(S.pricingScheme) },
  requiredOf(['sequence', BCO.sequence]),
);

const planOverride = object(PO.plan_override, {
  billing_cycles: { ...field(PO.billing_cycles), items: ref(S.billingCycleOverride) },
  payment_preferences: paymentPreferences(PO.payment_preferences),
  taxes: taxes(PO.taxes),
});

const PLAN_TYPE = `${PLAN.plan.id}.type`;
const createPlanResponse = resourceWith(S.plan, PLAN_TYPE, ['links'], 'billing.create-plan.response-members');
const createPlanResponseMinimal = resourceWith(
  S.plan,
  PLAN_TYPE,
  ['status', 'links'],
  'billing.create-plan.prefer-minimal',
);
const createPlanResponseRepresentation = resourceWith(
  S.plan,
  PLAN_TYPE,
  ['product_id', 'name', 'status', 'billing_cycles', 'payment_preferences', 'create_time', 'update_time', 'links'],
  'billing.create-plan.prefer-representation',
);

const listPlansQuery = object(PSET.listPlans, {
  product_id: field(LPQ.product_id),
  page_size: field(LPQ.page_size),
  page: field(LPQ.page),
  total_required: field(LPQ.total_required),
});

const listPlansResponse = (items: Schema): Schema =>
  object(
    LPR.body,
    { plans: { ...field(LPR.plans), items }, links },
    { ...requiredOf(['plans', LPR.plans]), links: LIST_LINKS_REQUIRED.plans },
  );

const updatePlanRequest: Schema = {
  $ref: S.patchDocument,
  ...constrain({}, 'type', 'array', `${PF.document.id}.type`),
  items: object(PF.operation, {
    op: constrain(
      constrain({}, 'type', 'string', `${PF.op.id}.type`),
      'const',
      'replace',
      'billing.update-plan.replace-only',
    ),
    path: constrain(
      constrain({}, 'type', 'string', `${PF.path.id}.type`),
      'enum',
      PLAN_PATCH_PATHS.map(planPatchPointer),
      'billing.update-plan.other-paths-refused',
    ),
  }),
};

const updatePricingRequest = object(
  UP.body,
  {
    pricing_schemes: {
      ...field(UP.pricing_schemes),
      items: object(
        UP.item,
        { billing_cycle_sequence: field(UP.billing_cycle_sequence), pricing_scheme: ref(S.pricingScheme) },
        {
          ...requiredOf(['billing_cycle_sequence', UP.billing_cycle_sequence]),
          pricing_scheme: 'billing.update-pricing.pricing_scheme.required',
        },
      ),
    },
  },
  requiredOf(['pricing_schemes', UP.pricing_schemes]),
);

// --- subscriptions ---------------------------------------------------------------------

const subscriptionMembers = (): Record<string, Schema> => ({
  plan_id: field(SUB.plan_id),
  quantity: field(SUB.quantity),
  auto_renewal: field(SUB.auto_renewal),
  custom_id: field(SUB.custom_id),
  start_time: dateTime,
  shipping_amount: money,
  subscriber: ref(S.subscriber),
  application_context: ref(S.applicationContext),
});

const subscription = object(
  SUB.subscription,
  {
    id: field(SUB.id),
    status: field(SUB.status),
    status_change_note: field(SUB.status_change_note),
    status_update_time: dateTime,
    plan_overridden: field(SUB.plan_overridden),
    plan: field(SUB.plan),
    ...subscriptionMembers(),
    billing_info: ref(S.billingInfo),
    create_time: dateTime,
    update_time: dateTime,
    links,
  },
  requiredOf(['id', SUB.id]),
);

const createSubscriptionRequest = object(
  SUB.subscription,
  { ...subscriptionMembers(), plan: ref(S.planOverride) },
  requiredOf(['plan_id', SUB.plan_id]),
);

const SUB_TYPE = `${SUB.subscription.id}.type`;
const approveLinks = () =>
  linksWithRel(S.links, `${LINK.array.id}.type`, 'approve', 'billing.create-subscription.approve-link');
const createSubscriptionResponse = (members: readonly string[], rule: string): Schema =>
  resourceWith(S.subscription, SUB_TYPE, members, rule, { links: approveLinks() });

const subscriber = object(SB.subscriber, {
  name: object(SB.name, { given_name: field(SB.given_name), surname: field(SB.surname) }),
  email_address: field(SB.email_address),
  payer_id: field(SB.payer_id),
  tenant: field(SB.tenant),
  shipping_address: ref(S.shippingDetail),
  payment_source: object(SB.payment_source, {
    card: object(SB.card, {
      name: field(SB.card_name),
      last_digits: field(SB.card_last_digits),
      brand: field(SB.card_brand),
      expiry: ref(S.dateYearMonth),
      attributes: object(SB.card_attributes, {
        vault: object(SB.card_vault, {
          id: field(SB.card_vault_id),
          customer: object(SB.card_vault_customer, { id: field(SB.card_vault_customer_id) }),
        }),
      }),
    }),
  }),
});

const SHIPPING_NAME_SHAPE = 'billing.shipping_detail.name.shape';
/** "name {full_name, or given_name and surname}": full_name, or else both of the others. */
const shippingName: Schema = {
  ...object(SD.name, { full_name: field(SD.full_name), given_name: field(SD.given_name), surname: field(SD.surname) }),
  if: memberPresent('full_name'),
  else: requireMembers({}, { given_name: SHIPPING_NAME_SHAPE, surname: SHIPPING_NAME_SHAPE }),
};

const shippingDetail = object(SD.shipping_detail, { name: shippingName, address: ref(S.address) });

const addressMembers = (): Record<string, Schema> => ({
  address_line_1: field(ADDRESS_FIELDS.address_line_1),
  address_line_2: field(ADDRESS_FIELDS.address_line_2),
  admin_area_2: field(ADDRESS_FIELDS.admin_area_2),
  admin_area_1: field(ADDRESS_FIELDS.admin_area_1),
  postal_code: field(ADDRESS_FIELDS.postal_code),
  country_code: ref(S.countryCode),
});
const address = object(ADDRESS_FIELDS.address, addressMembers());

const billingInfo = object(BI.billing_info, {
  outstanding_balance: money,
  cycle_executions: { ...field(BI.cycle_executions), items: ref(S.cycleExecution) },
  last_payment: object(BI.last_payment, { amount: money, time: dateTime }),
  next_billing_time: dateTime,
  final_payment_time: dateTime,
  failed_payments_count: field(BI.failed_payments_count),
});

const cycleExecution = object(
  CE.cycle_execution,
  {
    tenure_type: field(CE.tenure_type),
    sequence: field(CE.sequence),
    cycles_completed: field(CE.cycles_completed),
    cycles_remaining: field(CE.cycles_remaining),
    current_pricing_scheme_version: field(CE.current_pricing_scheme_version),
    total_cycles: field(CE.total_cycles),
  },
  requiredOf(['tenure_type', CE.tenure_type], ['sequence', CE.sequence], ['cycles_completed', CE.cycles_completed]),
);

const applicationContext = object(
  AC.application_context,
  {
    brand_name: field(AC.brand_name),
    shipping_preference: field(AC.shipping_preference),
    user_action: field(AC.user_action),
    return_url: field(AC.return_url),
    cancel_url: field(AC.cancel_url),
    locale: field(AC.locale),
    payment_method: object(AC.payment_method, {
      payer_selected: field(AC.payer_selected),
      payee_preferred: field(AC.payee_preferred),
    }),
  },
  requiredOf(['return_url', AC.return_url], ['cancel_url', AC.cancel_url]),
);

const transaction = object(TX.transaction, {
  id: field(TX.id),
  status: field(TX.status),
  payer_email: field(TX.payer_email),
  payer_name: object(TX.payer_name, { given_name: field(TX.given_name), surname: field(TX.surname) }),
  amount_with_breakdown: ref(S.amountWithBreakdown),
  time: dateTime,
});

const amountWithBreakdown = object(
  TX.amount_with_breakdown,
  {
    gross_amount: money,
    total_item_amount: money,
    fee_amount: money,
    shipping_amount: money,
    tax_amount: money,
    net_amount: money,
  },
  { gross_amount: 'billing.amount_with_breakdown.gross_amount.required' },
);

const createSubscriptionHeaders = object(PSET.createSubscriptionHeaders, {
  'Platform-Client-Metadata-Id': field(CREATE_SUBSCRIPTION_HEADER_FIELDS.client_metadata_id),
});

const listSubscriptionsQuery = object(PSET.listSubscriptions, {
  plan_ids: constrain(
    field(LSQ.plan_ids),
    'pattern',
    PLAN_IDS_MAX_70_REGEX,
    'billing.list-subscriptions.plan_ids.max-70',
  ),
  statuses: field(LSQ.statuses),
  created_after: dateTime,
  created_before: dateTime,
  status_updated_before: dateTime,
  status_updated_after: dateTime,
  filter: field(LSQ.filter),
  page_size: field(LSQ.page_size),
  page: field(LSQ.page),
  customer_ids: field(LSQ.customer_ids),
});

const listSubscriptionsResponse = object(
  LSR.body,
  { subscriptions: { ...field(LSR.subscriptions), items: ref(S.subscription) }, links },
  { ...requiredOf(['subscriptions', LSR.subscriptions]), links: LIST_LINKS_REQUIRED.subscriptions },
);

const showSubscriptionQuery = object(PSET.showSubscription, { fields: field(SSQ.fields) });

const subscriptionPatchOps: Schema[] = SUBSCRIPTION_PATCH_PATHS.map((p) =>
  when(
    { type: 'object', properties: { path: { type: 'string', pattern: `^${p.pointer}$` } }, required: ['path'] },
    {
      type: 'object',
      properties: {
        op: constrain(
          constrain({}, 'type', 'string', `${PF.op.id}.type`),
          'enum',
          [...p.ops],
          'billing.update-subscription.ops-per-path',
        ),
      },
    },
  ),
);
const updateSubscriptionRequest: Schema = {
  $ref: S.patchDocument,
  ...constrain({}, 'type', 'array', `${PF.document.id}.type`),
  items: {
    ...object(PF.operation, {
      path: constrain(
        constrain({}, 'type', 'string', `${PF.path.id}.type`),
        'pattern',
        `^(${SUBSCRIPTION_PATCH_PATHS.map((p) => p.pointer).join('|')})$`,
        'billing.update-subscription.other-paths-refused',
      ),
    }),
    allOf: subscriptionPatchOps,
  },
};

const reviseRequest = object(RVQ.body, {
  plan_id: field(RVQ.plan_id),
  quantity: field(RVQ.quantity),
  shipping_amount: money,
  shipping_address: ref(S.shippingDetail),
  application_context: constrain(
    { $ref: S.applicationContext, ...constrain({}, 'type', 'object', `${AC.application_context.id}.type`) },
    'not',
    memberPresent('user_action'),
    'billing.application_context.user_action.create-only',
  ),
  plan: ref(S.planOverride),
});

const reviseResponse = object(
  RVR.body,
  {
    plan_id: field(RVR.plan_id),
    plan_overridden: field(RVR.plan_overridden),
    shipping_amount: money,
    shipping_address: ref(S.shippingDetail),
    links: linksWithRel(S.links, `${LINK.array.id}.type`, 'approve', 'billing.revise.approve-link'),
  },
  // shipping_amount and shipping_address are there when the revise sent them: the check judges those
  {
    links: 'billing.revise.approve-link',
    plan_id: 'billing.revise.response-members',
    plan_overridden: 'billing.revise.response-members',
  },
);

const reasonRequest = (f: { body: FieldSpec; reason: FieldSpec }): Schema =>
  object(f.body, { reason: field(f.reason) }, f.reason.required ? requiredOf(['reason', f.reason]) : {});

const captureRequest = object(
  CAPT.body,
  { note: field(CAPT.note), capture_type: field(CAPT.capture_type), amount: money },
  {
    ...requiredOf(['note', CAPT.note], ['capture_type', CAPT.capture_type]),
    amount: 'billing.capture.amount.required',
  },
);
const captureResponse = constrain(field(CAPT.response), 'maxProperties', 0, 'billing.capture.response.empty-object');

const listTransactionsQuery = object(
  PSET.listTransactions,
  { start_time: dateTime, end_time: dateTime },
  {
    start_time: 'billing.list-transactions.start_time.required',
    end_time: 'billing.list-transactions.end_time.required',
  },
);
const listTransactionsResponse = object(
  LTR.body,
  { transactions: { ...field(LTR.transactions), items: ref(S.transaction) }, links },
  { ...requiredOf(['transactions', LTR.transactions]), links: LIST_LINKS_REQUIRED.transactions },
);

// --- cards and capability ----------------------------------------------------------------

/**
 * In a request another member is refused at most as a SHOULD (dropping it conforms too); in an
 * answer (a card_response) no other member is shown: the MUST.
 */
const cardBillingAddress = (side: 'request' | 'answer'): Schema => {
  const s = object(CARD.billing_address, addressMembers());
  return constrain(
    s,
    'additionalProperties',
    false,
    side === 'request'
      ? 'billing.card.billing_address.extra-member-refused'
      : 'billing.card.billing_address.members-only',
  );
};

const cardCustomerMembers = (): Record<string, Schema> => ({
  id: field(CC.id),
  email_address: field(CC.email_address),
  phone: object(CC.phone, {
    phone_type: field(CC.phone_type),
    phone_number: object(CC.phone_number, { national_number: field(CC.national_number) }),
  }),
  merchant_customer_id: field(CC.merchant_customer_id),
});

const card: Schema = {
  ...object(CARD.card, {
    name: field(CARD.name),
    number: field(CARD.number),
    security_code: field(CARD.security_code),
    expiry: ref(S.dateYearMonth),
    type: field(CARD.type),
    brand: field(CARD.brand),
    billing_address: cardBillingAddress('request'),
    attributes: object(CARD.attributes, {
      customer: ref(S.cardCustomer),
      vault: object(CARD.vault, { store_in_vault: field(CARD.store_in_vault) }),
      verification: object(CARD.verification, { method: field(CARD.method) }),
    }),
    stored_credential: ref(S.storedCredential),
  }),
  allOf: [
    when(
      {
        type: 'object',
        properties: { stored_credential: memberIs('payment_initiator', 'MERCHANT') },
        required: ['stored_credential'],
      },
      constrain({}, 'not', memberPresent('security_code'), 'billing.card.security_code.absent-for-merchant'),
    ),
  ],
};

const cardCustomer = object(CC.card_customer, cardCustomerMembers());

const brandItem = (): Schema => {
  const rule = 'billing.card_response.available_networks.brand';
  return constrain(
    constrain(constrain(constrain({}, 'type', 'string', rule), 'minLength', 1, rule), 'maxLength', 255, rule),
    'pattern',
    '^[A-Z_]+$',
    rule,
  );
};

const cardResponse = object(CR.card_response, {
  name: field(CR.name),
  last_digits: field(CR.last_digits),
  available_networks: { ...field(CR.available_networks), items: brandItem() },
  from_request: object(CR.from_request, {
    last_digits: field(CR.from_request_last_digits),
    expiry: ref(S.dateYearMonth),
  }),
  stored_credential: ref(S.storedCredential),
  brand: field(CR.brand),
  type: field(CR.type),
  authentication_result: ref(S.authenticationResponse),
  attributes: object(CR.attributes, { vault: ref(S.cardVaultResponse) }),
  expiry: ref(S.dateYearMonth),
  bin_details: ref(S.binDetails),
  billing_address: cardBillingAddress('answer'),
  currency_code: field(CR.currency_code),
});

const initiatorMustBe = (value: string, rule: string): Schema => ({
  type: 'object',
  properties: { payment_initiator: constrain({}, 'const', value, rule) },
});
const storedCredential: Schema = {
  ...object(
    SC.stored_credential,
    {
      payment_initiator: field(SC.payment_initiator),
      payment_type: field(SC.payment_type),
      usage: field(SC.usage),
      previous_network_transaction_reference: object(SC.reference, {
        id: field(SC.reference_id),
        date: field(SC.reference_date),
        acquirer_reference_number: field(SC.reference_arn),
        network: field(SC.reference_network),
      }),
    },
    requiredOf(['payment_initiator', SC.payment_initiator], ['payment_type', SC.payment_type]),
  ),
  allOf: [
    when(
      memberIs('payment_type', 'ONE_TIME'),
      initiatorMustBe('CUSTOMER', 'billing.stored_credential.one-time-requires-customer'),
    ),
    when(memberIs('usage', 'FIRST'), initiatorMustBe('CUSTOMER', 'billing.stored_credential.first-requires-customer')),
    when(
      memberPresent('previous_network_transaction_reference'),
      initiatorMustBe('MERCHANT', 'billing.stored_credential.reference-requires-merchant'),
    ),
    when(
      memberPresent('previous_transaction_reference'),
      initiatorMustBe('MERCHANT', 'billing.stored_credential.reference-requires-merchant'),
    ),
    constrain(
      {},
      'not',
      {
        type: 'object',
        properties: { previous_transaction_reference: true, previous_network_transaction_reference: true },
        required: ['previous_transaction_reference', 'previous_network_transaction_reference'],
      },
      'billing.stored_credential.one-reference-only',
    ),
  ],
};

const cardVaultResponse = object(CVR.vault, {
  id: field(CVR.id),
  status: field(CVR.status),
  links,
  customer: object(CVR.customer, cardCustomerMembers()),
});

const authenticationResponse = object(AR.authentication_response, {
  liability_shift: field(AR.liability_shift),
  three_d_secure: object(AR.three_d_secure, {
    authentication_status: field(AR.authentication_status),
    enrollment_status: field(AR.enrollment_status),
  }),
});

const binDetails = object(BIN.bin_details, {
  bin: field(BIN.bin),
  issuing_bank: field(BIN.issuing_bank),
  products: field(BIN.products),
  bin_country_code: field(BIN.bin_country_code),
});

const network = object(NET.network, {
  preferred: field(NET.preferred),
  cross_border_transaction_supported: field(NET.cross_border),
  supported_currencies: {
    ...field(NET.supported_currencies),
    items: constrain(
      constrain(
        constrain({}, 'type', 'string', `${NET.supported_currencies.id}.items-type`),
        'minLength',
        3,
        'billing.network.supported_currencies.items-length',
      ),
      'maxLength',
      3,
      'billing.network.supported_currencies.items-length',
    ),
  },
  transfer_type: field(NET.transfer_type),
  mandate_enforcement: field(NET.mandate_enforcement),
  network_rules: field(NET.network_rules),
  name: field(NET.name),
});

const capability = object(CAP.capability, {
  name: field(CAP.name),
  mode: field(CAP.mode),
  networks: { ...field(CAP.networks), items: ref(S.network) },
  capability_initiator: field(CAP.capability_initiator),
  operation_type: field(CAP.operation_type),
});

// --- JSON Patch ------------------------------------------------------------------------------

const valueRequired: Schema = {
  type: 'object',
  properties: { value: true },
  required: ['value'],
  'x-rules': { 'required:value': 'billing.patch.value.required' },
};
const fromRequired: Schema = {
  type: 'object',
  properties: { from: true },
  required: ['from'],
  'x-rules': { 'required:from': 'billing.patch.from.required' },
};
const patchOperation: Schema = {
  ...object(
    PF.operation,
    { op: field(PF.op), path: field(PF.path), value: true, from: field(PF.from) },
    requiredOf(['op', PF.op]),
  ),
  allOf: [
    when({ type: 'object', properties: { op: { enum: ['add', 'replace', 'test'] } }, required: ['op'] }, valueRequired),
    when({ type: 'object', properties: { op: { enum: ['move', 'copy'] } }, required: ['op'] }, fromRequired),
  ],
};
const patchDocument: Schema = { ...field(PF.document), items: patchOperation };

// --- the table ---------------------------------------------------------------------------------

export const BILLING_SCHEMAS: Record<string, Schema> = {
  [S.money]: object(
    MONEY.money,
    { currency_code: currencyCode(), value: field(MONEY.value) },
    requiredOf(['currency_code', MONEY.currency_code], ['value', MONEY.value]),
  ),
  [S.link]: object(
    LINK.link,
    { href: field(LINK.href), rel: field(LINK.rel), method: field(LINK.method) },
    requiredOf(['href', LINK.href], ['rel', LINK.rel], ['method', LINK.method]),
  ),
  [S.links]: { ...field(LINK.array), items: ref(S.link) },
  [S.dateTime]: field(DATE_TIME),
  [S.dateNoTime]: field(DATE_NO_TIME),
  [S.dateYearMonth]: field(DATE_YEAR_MONTH),
  [S.countryCode]: countryCode(),
  [S.currencyDecimalPrecision]: field(CURRENCY_DECIMAL_PRECISION),
  [S.description]: field(DESCRIPTION),
  [S.email]: field(EMAIL),
  [S.denominationType]: field(DENOMINATION_TYPE),
  [S.urlDetails]: object(URL_DETAILS.url_details, { type: field(URL_DETAILS.type), url: field(URL_DETAILS.url) }),
  [S.plan]: plan,
  [S.billingCycle]: billingCycle,
  [S.pricingScheme]: pricingScheme,
  [S.pricingTier]: pricingTier,
  [S.billingCycleOverride]: billingCycleOverride,
  [S.planOverride]: planOverride,
  [S.subscription]: subscription,
  [S.subscriber]: subscriber,
  [S.shippingDetail]: shippingDetail,
  [S.address]: address,
  [S.billingInfo]: billingInfo,
  [S.cycleExecution]: cycleExecution,
  [S.applicationContext]: applicationContext,
  [S.transaction]: transaction,
  [S.amountWithBreakdown]: amountWithBreakdown,
  [S.card]: card,
  [S.cardCustomer]: cardCustomer,
  [S.cardResponse]: cardResponse,
  [S.storedCredential]: storedCredential,
  [S.cardVaultResponse]: cardVaultResponse,
  [S.authenticationResponse]: authenticationResponse,
  [S.binDetails]: binDetails,
  [S.balanceResponse]: object(BAL.balance_response, { id: field(BAL.id) }),
  [S.captureStatus]: object(CS.capture_status, { status: field(CS.status) }),
  [S.captureStatusDetails]: object(CSD.capture_status_details, { reason: field(CSD.reason) }),
  [S.capability]: capability,
  [S.network]: network,
  [S.patchDocument]: patchDocument,
  [S.createPlanRequest]: createPlanRequest,
  [S.createPlanResponse]: createPlanResponse,
  [S.createPlanResponseMinimal]: createPlanResponseMinimal,
  [S.createPlanResponseRepresentation]: createPlanResponseRepresentation,
  [S.listPlansQuery]: listPlansQuery,
  [S.listPlansResponse]: listPlansResponse(
    resourceWith(S.plan, PLAN_TYPE, ['name', 'links'], 'billing.list-plans.prefer-minimal'),
  ),
  // list items are "plan summaries" under either Prefer: only what the minimal summary lists is required
  [S.listPlansResponseRepresentation]: listPlansResponse(
    resourceWith(S.plan, PLAN_TYPE, ['name'], 'billing.list-plans.prefer-representation'),
  ),
  [S.showPlanResponse]: ref(S.plan),
  [S.updatePlanRequest]: updatePlanRequest,
  [S.updatePricingRequest]: updatePricingRequest,
  [S.createSubscriptionHeaders]: createSubscriptionHeaders,
  [S.createSubscriptionRequest]: createSubscriptionRequest,
  [S.createSubscriptionResponse]: createSubscriptionResponse(
    ['status', 'links'],
    'billing.create-subscription.response-members',
  ),
  [S.createSubscriptionResponseMinimal]: createSubscriptionResponse(
    ['status', 'links'],
    'billing.create-subscription.prefer-minimal',
  ),
  [S.createSubscriptionResponseRepresentation]: createSubscriptionResponse(
    ['status', 'plan_id', 'links'],
    'billing.create-subscription.prefer-representation',
  ),
  [S.listSubscriptionsQuery]: listSubscriptionsQuery,
  [S.listSubscriptionsResponse]: listSubscriptionsResponse,
  [S.showSubscriptionQuery]: showSubscriptionQuery,
  [S.showSubscriptionResponse]: ref(S.subscription),
  [S.updateSubscriptionRequest]: updateSubscriptionRequest,
  [S.reviseRequest]: reviseRequest,
  [S.reviseResponse]: reviseResponse,
  [S.suspendRequest]: reasonRequest(SUSPEND_FIELDS),
  [S.cancelRequest]: reasonRequest(CANCEL_FIELDS),
  [S.activateSubscriptionRequest]: reasonRequest(ACTIVATE_SUBSCRIPTION_FIELDS),
  [S.captureRequest]: captureRequest,
  [S.captureResponse]: captureResponse,
  [S.listTransactionsQuery]: listTransactionsQuery,
  [S.listTransactionsResponse]: listTransactionsResponse,
};
