// billing.md: "Payment source card shapes" and "Capability (financial instrument capability)".

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

const str = (id: string, label: string): FieldSpec => ({ id, label, type: 'string' });
const obj = (id: string, label: string): FieldSpec => ({ id, label, type: 'object' });
const DIGITS = (says = 'is digits only') => ({ regex: '^[0-9]+$', says });
const BRAND_PATTERN = { regex: '^[A-Z_]+$', says: 'is upper case with underscores' };
export const CARD_TYPES = ['CREDIT', 'DEBIT', 'PREPAID', 'STORE', 'UNKNOWN'] as const;

const SHAPES = anchor('billing.md', 'Payment source card shapes');
/** The sentence (the card paragraph, or one list item) that states a shape's members. */
const CARDS = (line: number, contracts: readonly string[], words?: string) => onLine(SHAPES, line, words, contracts);

const NO_CARD_RESPONSE =
  "no operation of billing.md returns a card_response: the subscriber's payment_source.card in subscription " +
  'responses ' +
  'has its own member list (subscriber.json, which the checks validate)';
const CARD_ONLY =
  'only a card (request) or a card_response holds it, and no operation carries either (see the card and ' +
  'card_response contracts); ' +
  NO_CARD_RESPONSE;
const NOT_CARRIED =
  'no operation of billing.md takes or returns it (capture answers an empty object; ' +
  'transactions carry their own status)';

export const CARD_FIELDS = fields({
  card: obj('billing.card', 'A card (request)'),
  name: { id: 'billing.card.name', label: 'card name', type: 'string', length: [1, 300] },
  number: { id: 'billing.card.number', label: 'card number', type: 'string', length: [13, 19], pattern: DIGITS() },
  security_code: {
    id: 'billing.card.security_code',
    label: 'card security_code',
    type: 'string',
    length: [3, 4],
    pattern: DIGITS(),
  },
  type: { id: 'billing.card.type', label: 'card type', type: 'string', enum: CARD_TYPES },
  brand: { id: 'billing.card.brand', label: 'card brand', type: 'string', length: [1, 255], pattern: BRAND_PATTERN },
  billing_address: obj('billing.card.billing_address', 'card billing_address'),
  attributes: obj('billing.card.attributes', 'card attributes'),
  vault: obj('billing.card.attributes.vault', 'card attributes.vault (vault instruction)'),
  store_in_vault: {
    ...str('billing.card.attributes.vault.store_in_vault', 'vault instruction store_in_vault'),
    line: 144,
  },
  verification: obj('billing.card.attributes.verification', 'card attributes.verification'),
  method: {
    id: 'billing.card.attributes.verification.method',
    label: 'verification.method',
    type: 'string',
    enum: ['SCA_ALWAYS', 'SCA_WHEN_REQUIRED', '3D_SECURE', 'AVS_CVV'],
    line: 145,
  },
});

export const CARD_CUSTOMER_FIELDS = fields({
  card_customer: obj('billing.card_customer', 'A card_customer'),
  id: {
    id: 'billing.card_customer.id',
    label: 'card_customer id',
    type: 'string',
    length: [1, 22],
    pattern: { regex: '^[0-9a-zA-Z_-]+$', says: 'is letters, digits, underscore and hyphen' },
  },
  email_address: {
    id: 'billing.card_customer.email_address',
    label: 'card_customer email_address',
    type: 'string',
    length: [3, 254],
  },
  phone: obj('billing.card_customer.phone', 'card_customer phone'),
  phone_type: str('billing.card_customer.phone.phone_type', 'card_customer phone.phone_type'),
  phone_number: obj('billing.card_customer.phone.phone_number', 'card_customer phone.phone_number'),
  national_number: str(
    'billing.card_customer.phone.phone_number.national_number',
    'card_customer phone.phone_number.national_number',
  ),
  merchant_customer_id: {
    id: 'billing.card_customer.merchant_customer_id',
    label: 'card_customer merchant_customer_id',
    type: 'string',
    length: [1, 64],
  },
});

export const CARD_RESPONSE_FIELDS = fields({
  card_response: obj('billing.card_response', 'A card_response'),
  name: { id: 'billing.card_response.name', label: 'card_response name', type: 'string', length: [2, 300] },
  last_digits: {
    id: 'billing.card_response.last_digits',
    label: 'card_response last_digits',
    type: 'string',
    length: [2, 4],
    pattern: DIGITS(),
  },
  available_networks: {
    id: 'billing.card_response.available_networks',
    label: 'card_response available_networks',
    type: 'array',
    items: [1, 256],
  },
  from_request: obj('billing.card_response.from_request', 'card_response from_request'),
  from_request_last_digits: str(
    'billing.card_response.from_request.last_digits',
    'card_response from_request.last_digits',
  ),
  brand: {
    id: 'billing.card_response.brand',
    label: 'card_response brand',
    type: 'string',
    length: [1, 255],
    pattern: BRAND_PATTERN,
  },
  type: { id: 'billing.card_response.type', label: 'card_response type', type: 'string', enum: CARD_TYPES },
  attributes: obj('billing.card_response.attributes', 'card_response attributes'),
  currency_code: {
    id: 'billing.card_response.currency_code',
    label: 'card_response currency_code',
    type: 'string',
    length: [3, 3],
  },
});

export const STORED_CREDENTIAL_FIELDS = fields({
  stored_credential: obj('billing.stored_credential', 'A stored_credential'),
  payment_initiator: {
    id: 'billing.stored_credential.payment_initiator',
    label: 'stored_credential payment_initiator',
    type: 'string',
    enum: ['CUSTOMER', 'MERCHANT'],
    required: 'in every stored_credential',
  },
  payment_type: {
    id: 'billing.stored_credential.payment_type',
    label: 'stored_credential payment_type',
    type: 'string',
    enum: ['ONE_TIME', 'RECURRING', 'UNSCHEDULED'],
    required: 'in every stored_credential',
  },
  usage: {
    id: 'billing.stored_credential.usage',
    label: 'stored_credential usage',
    type: 'string',
    enum: ['FIRST', 'SUBSEQUENT', 'DERIVED'],
  },
  reference: obj(
    'billing.stored_credential.previous_network_transaction_reference',
    'previous_network_transaction_reference',
  ),
  reference_id: str(
    'billing.stored_credential.previous_network_transaction_reference.id',
    'previous_network_transaction_reference id',
  ),
  reference_date: str(
    'billing.stored_credential.previous_network_transaction_reference.date',
    'previous_network_transaction_reference date',
  ),
  reference_arn: str(
    'billing.stored_credential.previous_network_transaction_reference.acquirer_reference_number',
    'previous_network_transaction_reference acquirer_reference_number',
  ),
  reference_network: str(
    'billing.stored_credential.previous_network_transaction_reference.network',
    'previous_network_transaction_reference network',
  ),
});

export const CARD_VAULT_RESPONSE_FIELDS = fields({
  vault: obj('billing.card_vault_response', 'A card vault response'),
  id: { id: 'billing.card_vault_response.id', label: 'card vault response id', type: 'string', length: [1, 255] },
  status: {
    id: 'billing.card_vault_response.status',
    label: 'card vault response status',
    type: 'string',
    enum: ['VAULTED', 'CREATED', 'APPROVED'],
  },
  customer: obj('billing.card_vault_response.customer', 'card vault response customer'),
});

export const AUTHENTICATION_RESPONSE_FIELDS = fields({
  authentication_response: obj('billing.authentication_response', 'An authentication_response'),
  liability_shift: {
    id: 'billing.authentication_response.liability_shift',
    label: 'authentication_response liability_shift',
    type: 'string',
    enum: ['NO', 'POSSIBLE', 'UNKNOWN'],
  },
  three_d_secure: obj('billing.authentication_response.three_d_secure', 'authentication_response three_d_secure'),
  authentication_status: str(
    'billing.authentication_response.three_d_secure.authentication_status',
    'three_d_secure authentication_status',
  ),
  enrollment_status: str(
    'billing.authentication_response.three_d_secure.enrollment_status',
    'three_d_secure enrollment_status',
  ),
});

export const BIN_DETAILS_FIELDS = fields({
  bin_details: obj('billing.bin_details', 'A bin_details'),
  bin: { id: 'billing.bin_details.bin', label: 'bin_details bin', type: 'string', length: [1, 25], pattern: DIGITS() },
  issuing_bank: {
    id: 'billing.bin_details.issuing_bank',
    label: 'bin_details issuing_bank',
    type: 'string',
    length: [1, 64],
  },
  products: { id: 'billing.bin_details.products', label: 'bin_details products', type: 'array', itemType: 'string' },
  bin_country_code: {
    id: 'billing.bin_details.bin_country_code',
    label: 'bin_details bin_country_code',
    type: 'string',
    length: [2, 2],
  },
});

export const BALANCE_RESPONSE_FIELDS = fields({
  balance_response: obj('billing.balance_response', 'A balance_response'),
  id: { id: 'billing.balance_response.id', label: 'balance_response id', type: 'string', length: [1, 16] },
});

export const CAPTURE_STATUS_FIELDS = fields({
  capture_status: obj('billing.capture_status', 'A capture_status'),
  status: {
    id: 'billing.capture_status.status',
    label: 'capture_status status',
    type: 'string',
    enum: ['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED'],
  },
});

export const CAPTURE_STATUS_DETAILS_FIELDS = fields({
  capture_status_details: obj('billing.capture_status_details', 'A capture_status_details'),
  reason: {
    id: 'billing.capture_status_details.reason',
    label: 'capture_status_details reason',
    type: 'string',
    length: [1, 64],
    enum: [
      'BUYER_COMPLAINT',
      'CHARGEBACK',
      'ECHECK',
      'INTERNATIONAL_WITHDRAWAL',
      'OTHER',
      'PENDING_REVIEW',
      'RECEIVING_PREFERENCE_MANDATES_MANUAL_ACTION',
      'REFUNDED',
      'TRANSACTION_APPROVED_AWAITING_FUNDING',
      'UNILATERAL',
      'VERIFICATION_REQUIRED',
      'DECLINED_BY_RISK_FRAUD_FILTERS',
    ],
  },
});

export const CAPABILITY_NAMES = [
  'INSTALLMENT',
  'PINLESS_DEBIT',
  'CAPTURE',
  'TOKEN',
  'DEBIT',
  'CREDIT',
  'FAST_FUND_CROSSBORDER',
  'FAST_FUND_DOMESTIC',
  'CURRENCY_CHANGEABLE',
  'AUTO_DEBIT_CARD',
  'NO_VERIFICATION',
  'DESCRIPTOR',
  'ADDRESS_VERIFICATION',
  'ADD_FUNDS',
  'AUTH',
  'CHECK_DIGIT_VERIFICATION',
  'CONFIRM_INSTRUMENT_DETAILS',
  'GET_INSTRUMENT_DETAILS',
  'REFUND',
  'WIRE_WITHDRAWAL',
  'WITHDRAWAL',
  'EKYC',
  'EXTERNAL_LOGIN',
  'REAL_TIME_BALANCE',
  'CANCEL_NOT_SUPPORTED_ON_REFUND',
  'CAPTURE_NON_REAL_TIME',
  'CAPTURE_REAL_TIME',
  'CHARGE',
  'EXCESSIVE_CAPTURE',
  'INITIAL_BALANCE_INQUIRY',
  'INSTANT_VERIFICATION_CHECK',
  'INSTORE_REDEMPTION',
  'NEED_SETTLEMENT',
  'NO_SETTLEMENT',
  'ONE_DIMENSIONAL_CA128',
  'ONE_DIMENSIONAL_PDF417',
  'ONE_DIMENSIONAL_QRCODE',
  'TWO_DIMENSIONAL_CA128',
  'TWO_DIMENSIONAL_PDF417',
  'TWO_DIMENSIONAL_QRCODE',
  'ONLINE_REDEMPTION',
  'ORIGINAL_CREDIT_TRANSACTION',
  'REALTIME_BALANCE_INQUIRY',
  'REFUND_NON_REAL_TIME',
  'REFUND_REAL_TIME',
  'RELOADABLE',
  'SUPPORT_ALL_MERCHANTS',
  'SUPPORT_BARCODE_SCAN',
  'ASYNC_INSTANT_PAYMENT',
  'US_NON_RESIDENT_ACCOUNT',
] as const;

export const CAPABILITY_FIELDS = fields({
  capability: obj('billing.capability', 'A Capability'),
  name: {
    id: 'billing.capability.name',
    label: 'Capability name',
    type: 'string',
    length: [1, 255],
    enum: CAPABILITY_NAMES,
    line: 160,
    words: 'name values',
  },
  mode: {
    id: 'billing.capability.mode',
    label: 'Capability mode',
    type: 'string',
    enum: ['NON_REAL_TIME', 'REAL_TIME'],
  },
  networks: { id: 'billing.capability.networks', label: 'Capability networks', type: 'array', items: [1, 100] },
  capability_initiator: {
    id: 'billing.capability.capability_initiator',
    label: 'Capability capability_initiator',
    type: 'string',
    enum: ['PLATFORM', 'EXTERNAL'],
  },
  operation_type: {
    id: 'billing.capability.operation_type',
    label: 'Capability operation_type',
    type: 'string',
    enum: ['CAPABILITY_OP_SINK', 'CAPABILITY_OP_SOURCE', 'CAPABILITY_OP_READ', 'READ', 'SINK', 'SOURCE'],
  },
});

export const NETWORK_FIELDS = fields({
  network: obj('billing.network', 'A Network'),
  preferred: { id: 'billing.network.preferred', label: 'Network preferred', type: 'boolean' },
  cross_border: {
    id: 'billing.network.cross_border_transaction_supported',
    label: 'Network cross_border_transaction_supported',
    type: 'boolean',
  },
  supported_currencies: {
    id: 'billing.network.supported_currencies',
    label: 'Network supported_currencies',
    type: 'array',
    itemType: 'string',
  },
  transfer_type: str('billing.network.transfer_type', 'Network transfer_type'),
  mandate_enforcement: str('billing.network.mandate_enforcement', 'Network mandate_enforcement'),
  network_rules: {
    id: 'billing.network.network_rules',
    label: 'Network network_rules',
    type: 'array',
    itemType: 'string',
  },
  name: str('billing.network.name', 'Network name'),
});

const CAP_SECTION = anchor('billing.md', 'Capability (financial instrument capability)', [S.capability, S.network]);
const CAP = onLine(CAP_SECTION, 158);
const NO_CAPABILITY = 'no operation of billing.md takes or returns a Capability or its Networks';

export const CARD_RULES: readonly Rule[] = [
  ...fieldRules(CARDS(141, [S.card]), Object.values(CARD_FIELDS)),
  must(
    at(SHAPES, 141, 'must be absent when payment_initiator=MERCHANT', [S.card]),
    'billing.card.security_code.absent-for-merchant',
    'schema',
    'A card carries no security_code when stored_credential.payment_initiator is MERCHANT',
  ),
  withFacts(
    { allows: ['refusing a billing_address with another member', 'dropping the member, so that it is never shown'] },
    must(
      at(SHAPES, 141, 'country_code only', [S.card]),
      'billing.card.billing_address.members-only',
      'schema',
      'card billing_address has only address_line_1, address_line_2, admin_area_1, admin_area_2, postal_code and ' +
        'country_code',
    ),
  ),
  // Refusing another member, or dropping it so that it is never shown, both conform: a SHOULD.
  should(
    at(SHAPES, 141, 'country_code only', [S.card]),
    'billing.card.billing_address.extra-member-refused',
    'schema',
    'A card billing_address with a member outside its six is refused',
  ),
  notObservable(
    "the verification method decides only how the card is authenticated with its network; the subscription's " +
      'payment_source.card shows name, last_digits, brand, expiry and attributes.vault, never the method, so the ' +
      'default ' +
      'cannot be told from another',
    must(
      at(SHAPES, 145, 'default SCA_WHEN_REQUIRED', [S.card]),
      'billing.card.attributes.verification.method.default',
      'lifecycle',
      'Without verification.method, card verification behaves as SCA_WHEN_REQUIRED',
    ),
  ),
  ...fieldRules(CARDS(143, [S.cardCustomer, S.card, S.cardVaultResponse]), Object.values(CARD_CUSTOMER_FIELDS)),
  ...notObservable(NO_CARD_RESPONSE, [
    ...fieldRules(CARDS(146, [S.cardResponse]), Object.values(CARD_RESPONSE_FIELDS)),
    must(
      at(SHAPES, 146, 'array of brand identifiers', [S.cardResponse]),
      'billing.card_response.available_networks.brand',
      'schema',
      'Every item of card_response available_networks is a brand identifier (upper case with underscores, 1 to 255 ' +
        'characters)',
    ),
  ]),
  ...fieldRules(CARDS(147, [S.storedCredential, S.card, S.cardResponse]), Object.values(STORED_CREDENTIAL_FIELDS)),
  notObservable(
    "the subscription's payment_source.card shows no stored_credential, and no operation answers a card_response, so " +
      'the ' +
      'usage a card was taken with is never shown',
    must(
      at(SHAPES, 147, 'default DERIVED', [S.storedCredential]),
      'billing.stored_credential.usage.default',
      'lifecycle',
      'Without usage, a stored_credential behaves as DERIVED',
    ),
  ),
  must(
    at(SHAPES, 147, 'ONE_TIME requires CUSTOMER', [S.storedCredential]),
    'billing.stored_credential.one-time-requires-customer',
    'schema',
    'payment_type ONE_TIME requires payment_initiator CUSTOMER',
  ),
  must(
    at(SHAPES, 147, 'usage FIRST requires CUSTOMER', [S.storedCredential]),
    'billing.stored_credential.first-requires-customer',
    'schema',
    'usage FIRST requires payment_initiator CUSTOMER',
  ),
  must(
    at(SHAPES, 147, 'a previous transaction reference requires MERCHANT', [S.storedCredential]),
    'billing.stored_credential.reference-requires-merchant',
    'schema',
    'A previous transaction reference requires payment_initiator MERCHANT',
  ),
  must(
    at(SHAPES, 147, 'only one of previous_transaction_reference', [S.storedCredential]),
    'billing.stored_credential.one-reference-only',
    'schema',
    'previous_transaction_reference and previous_network_transaction_reference are never both present',
  ),
  ...notObservable(CARD_ONLY, [
    ...fieldRules(
      CARDS(148, [S.cardVaultResponse, S.cardResponse], 'card vault response'),
      Object.values(CARD_VAULT_RESPONSE_FIELDS),
    ),
    ...fieldRules(
      CARDS(149, [S.authenticationResponse, S.cardResponse]),
      Object.values(AUTHENTICATION_RESPONSE_FIELDS),
    ),
    ...fieldRules(CARDS(150, [S.binDetails, S.cardResponse]), Object.values(BIN_DETAILS_FIELDS)),
  ]),
  ...notObservable(NOT_CARRIED, [
    ...fieldRules(CARDS(151, [S.balanceResponse]), Object.values(BALANCE_RESPONSE_FIELDS)),
    ...fieldRules(CARDS(153, [S.captureStatus]), Object.values(CAPTURE_STATUS_FIELDS)),
    ...fieldRules(CARDS(154, [S.captureStatusDetails]), Object.values(CAPTURE_STATUS_DETAILS_FIELDS)),
  ]),
  ...notObservable(NO_CAPABILITY, [
    ...fieldRules(CAP, Object.values(CAPABILITY_FIELDS)),
    ...fieldRules(CAP, Object.values(NETWORK_FIELDS)),
    must(
      at(CAP_SECTION, 158, 'supported_currencies array of 3-character codes'),
      'billing.network.supported_currencies.items-length',
      'limit',
      'Every Network supported_currencies item is 3 characters',
    ),
  ]),
];
