// Cards that break exactly one stated rule of a card (request) and its parts, labelled with the
// rule, grouped by the part they break. Each break is made from a valid card and keeps the rest
// of it valid: where two rules meet (a security_code and a MERCHANT stored credential), the break
// adjusts the other member so that its own rule is the only one broken.
//
// Not broken here, because the spec leaves the valid side open: brand values that fit the
// pattern (network names are not shown), phone_type values, the formats of a reference's date
// and network, customer ids with non-ASCII letters.
import fc from 'fast-check';
import { pointerOf } from '../../contracts/json-pointer.js';
import { setAt, type Breaker, type Invalid } from '../invalid.js';
import { digitChar, textOfLength } from '../text.js';
import { fullCardCustomer, customerIdOfLength, merchantCustomerIdOfLength, CUSTOMER_ID_MAX, MERCHANT_CUSTOMER_ID_MAX } from './card-customer.js';
import { cardNumberOfLength } from './card-number.js';
import { CARD_RULE as R } from './card-rules.js';
import { cardBillingAddress, cardExpiry, cardNameOfLength, securityCodeOfLength, withoutCodeForMerchant, CARD_BRAND_MAX, CARD_NAME_MAX, type CardRequest } from './cards.js';
import { emailOfLength } from './contact.js';
import { networkReferenceId, PAYMENT_TYPES } from './stored-credential.js';

/** One single-rule break of a card, known before anything is drawn. */
export interface CardBreak {
  rule: string;
  /** What is broken, e.g. "number of 20 digits (13..19)". */
  description: string;
  /** JSON Pointer of the broken member within the card. */
  path: string;
  /** Rules the break cannot help breaking as well. */
  alsoBreaks?: readonly string[];
  /** The broken card (or what stands in its place) made from a valid one. */
  make: (valid: CardRequest) => fc.Arbitrary<unknown>;
}

type Host = (card: CardRequest) => CardRequest;

const cardBreak = (rule: string, description: string, path: string, make: CardBreak['make'], alsoBreaks?: readonly string[]): CardBreak =>
  alsoBreaks ? { rule, description, path, make, alsoBreaks } : { rule, description, path, make };

/** A break that sets the member at `path` to values of `broken`, on the host `prepare` makes of the card. */
function setting(rule: string, description: string, path: readonly string[], broken: fc.Arbitrary<unknown>, prepare: Host = (c) => c, alsoBreaks?: readonly string[]): CardBreak {
  return cardBreak(rule, description, pointerOf(path), (card) => broken.map((value) => setAt(prepare(card), path, value)), alsoBreaks);
}

const year = fc.integer({ min: 2030, max: 2039 });
const withoutMerchant: Host = (card) => {
  if (card.stored_credential?.payment_initiator !== 'MERCHANT') return card;
  const { stored_credential: _credential, ...rest } = card;
  return rest;
};

export const CARD_MEMBER_BREAKS: readonly CardBreak[] = [
  cardBreak(R.card, 'the card is text (its number), not an object', '', (card) => fc.constant(card.number)),
  setting(R.nameLength, 'name of 0 characters (1..300)', ['name'], fc.constant('')),
  setting(R.nameLength, `name of ${CARD_NAME_MAX + 1} characters (1..300)`, ['name'], cardNameOfLength(CARD_NAME_MAX + 1)),
  setting(R.nameType, 'name is a number', ['name'], fc.constant(42)),
  setting(R.numberLength, 'number of 12 digits (13..19)', ['number'], cardNumberOfLength(12)),
  setting(R.numberLength, 'number of 20 digits (13..19)', ['number'], cardNumberOfLength(20)),
  setting(R.numberPattern, 'number of 16 digits written in groups of four with hyphens (19 characters)', ['number'], cardNumberOfLength(16).map((n) => n.match(/.{4}/g)!.join('-'))),
  setting(R.numberPattern, 'number of 16 characters with a letter in place of a digit', ['number'], cardNumberOfLength(16).map((n) => `${n.slice(0, 7)}X${n.slice(8)}`)),
  setting(R.numberType, 'number is a JSON number', ['number'], cardNumberOfLength(13).map(Number)),
  setting(R.securityCodeLength, 'security_code of 2 digits (3..4)', ['security_code'], securityCodeOfLength(2), withoutMerchant),
  setting(R.securityCodeLength, 'security_code of 5 digits (3..4)', ['security_code'], securityCodeOfLength(5), withoutMerchant),
  setting(R.securityCodePattern, 'security_code of 3 characters, the last a letter', ['security_code'], securityCodeOfLength(2).map((d) => `${d}A`), withoutMerchant),
  setting(R.securityCodeType, 'security_code is a JSON number', ['security_code'], fc.integer({ min: 100, max: 999 }), withoutMerchant),
  setting(R.securityCodeAbsentForMerchant, 'security_code present with stored_credential payment_initiator MERCHANT', ['security_code'], securityCodeOfLength(3), (card) => ({
    ...card,
    stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING' },
  })),
  setting(R.expiryPattern, 'expiry in month 13', ['expiry'], year.map((y) => `${y}-13`)),
  setting(R.expiryPattern, 'expiry in month 00', ['expiry'], year.map((y) => `${y}-00`)),
  setting(R.expiryPattern, 'expiry written YYYY/MM', ['expiry'], cardExpiry().map((e) => e.replace('-', '/'))),
  setting(R.expiryLength, 'expiry written YY-MM (5 characters)', ['expiry'], cardExpiry().map((e) => e.slice(2)), undefined, [R.expiryPattern]),
  setting(R.expiryType, 'expiry is a JSON number (YYYYMM)', ['expiry'], cardExpiry().map((e) => Number(e.replace('-', '')))),
  setting(R.typeEnum, 'type CHARGE (CREDIT, DEBIT, PREPAID, STORE, UNKNOWN)', ['type'], fc.constant('CHARGE')),
  setting(R.typeEnum, 'type in lower case (credit)', ['type'], fc.constant('credit')),
  setting(R.typeType, 'type is a number', ['type'], fc.constant(1), undefined, [R.typeEnum]),
  setting(R.brandLength, 'brand of 0 characters (1..255)', ['brand'], fc.constant(''), undefined, [R.brandPattern]),
  setting(R.brandLength, `brand of ${CARD_BRAND_MAX + 1} upper-case letters and underscores (1..255)`, ['brand'], textOfLength(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ_'), CARD_BRAND_MAX + 1)),
  setting(R.brandPattern, 'brand in lower case (visa)', ['brand'], fc.constant('visa')),
  setting(R.brandPattern, 'brand with a hyphen (MASTER-CARD)', ['brand'], fc.constant('MASTER-CARD')),
  setting(R.brandType, 'brand is a number', ['brand'], fc.constant(42)),
];

/** The host of a billing address break: a card with a full valid billing address. */
const withAddress = (card: CardRequest, address: Record<string, unknown>): CardRequest => ({ ...card, billing_address: address });

function addressBreak(rule: string, description: string, member: string | undefined, broken: fc.Arbitrary<unknown>, alsoBreaks?: readonly string[]): CardBreak {
  const path = member ? `/billing_address/${member}` : '/billing_address';
  return cardBreak(rule, description, path, (card) =>
    fc.tuple(cardBillingAddress, broken).map(([address, value]) => (member ? withAddress(card, { ...address, [member]: value }) : { ...card, billing_address: value })), alsoBreaks);
}

export const BILLING_ADDRESS_BREAKS: readonly CardBreak[] = [
  addressBreak(R.billingAddressType, 'billing_address is text, not an object', undefined, fc.constant('1 Main Street, San Jose, CA 95131')),
  addressBreak(R.addressLine1Type, 'billing_address address_line_1 is a number', 'address_line_1', fc.constant(12)),
  addressBreak(R.postalCodeType, 'billing_address postal_code is a number', 'postal_code', fc.constant(95131)),
  addressBreak(R.countryCodePattern, 'billing_address country_code in lower case', 'country_code', fc.constant('us')),
  addressBreak(R.countryCodeLength, 'billing_address country_code of 3 letters (exactly 2)', 'country_code', fc.constant('USA'), [R.countryCodePattern]),
];

export const CARD_ATTRIBUTE_BREAKS: readonly CardBreak[] = [
  setting(R.attributesType, 'attributes is an array, not an object', ['attributes'], fc.constant([])),
  setting(R.vaultType, 'attributes.vault is text (ON_SUCCESS), not an object', ['attributes', 'vault'], fc.constant('ON_SUCCESS')),
  setting(R.storeInVaultType, 'attributes.vault.store_in_vault is a boolean', ['attributes', 'vault', 'store_in_vault'], fc.constant(true)),
  setting(R.verificationType, 'attributes.verification is text (SCA_ALWAYS), not an object', ['attributes', 'verification'], fc.constant('SCA_ALWAYS')),
  setting(R.methodEnum, 'verification.method SCA_NEVER (SCA_ALWAYS, SCA_WHEN_REQUIRED, 3D_SECURE, AVS_CVV)', ['attributes', 'verification', 'method'], fc.constant('SCA_NEVER')),
  setting(R.methodEnum, 'verification.method in lower case (sca_always)', ['attributes', 'verification', 'method'], fc.constant('sca_always')),
  setting(R.methodType, 'verification.method is a number', ['attributes', 'verification', 'method'], fc.constant(3), undefined, [R.methodEnum]),
];

function customerBreak(rule: string, description: string, member: readonly string[], broken: fc.Arbitrary<unknown>, alsoBreaks?: readonly string[]): CardBreak {
  const path = ['attributes', 'customer', ...member];
  return cardBreak(rule, description, pointerOf(path), (card) =>
    fc.tuple(fullCardCustomer, broken).map(([customer, value]) => setAt({ ...card, attributes: { ...card.attributes, customer } }, path, value)), alsoBreaks);
}

export const CARD_CUSTOMER_BREAKS: readonly CardBreak[] = [
  customerBreak(R.customerType, 'attributes.customer is text, not an object', [], customerIdOfLength(8)),
  customerBreak(R.customerIdLength, 'card_customer id of 0 characters (1..22)', ['id'], fc.constant(''), [R.customerIdPattern]),
  customerBreak(R.customerIdLength, `card_customer id of ${CUSTOMER_ID_MAX + 1} characters (1..22)`, ['id'], customerIdOfLength(CUSTOMER_ID_MAX + 1)),
  customerBreak(R.customerIdPattern, 'card_customer id with a space', ['id'], fc.tuple(customerIdOfLength(5), customerIdOfLength(5)).map(([a, b]) => `${a} ${b}`)),
  customerBreak(R.customerIdPattern, 'card_customer id with a dot', ['id'], fc.tuple(customerIdOfLength(5), customerIdOfLength(5)).map(([a, b]) => `${a}.${b}`)),
  customerBreak(R.customerIdType, 'card_customer id is a number', ['id'], fc.constant(42)),
  customerBreak(R.customerEmailLength, 'card_customer email_address of 2 characters (3..254)', ['email_address'], fc.constant('a@')),
  customerBreak(R.customerEmailLength, 'card_customer email_address of 255 characters (3..254)', ['email_address'], emailOfLength(255)),
  customerBreak(R.customerEmailType, 'card_customer email_address is a number', ['email_address'], fc.constant(42)),
  customerBreak(R.merchantCustomerIdLength, 'card_customer merchant_customer_id of 0 characters (1..64)', ['merchant_customer_id'], fc.constant('')),
  customerBreak(R.merchantCustomerIdLength, `card_customer merchant_customer_id of ${MERCHANT_CUSTOMER_ID_MAX + 1} characters (1..64)`, ['merchant_customer_id'], merchantCustomerIdOfLength(MERCHANT_CUSTOMER_ID_MAX + 1)),
  customerBreak(R.merchantCustomerIdType, 'card_customer merchant_customer_id is a number', ['merchant_customer_id'], fc.constant(7)),
  customerBreak(R.phoneType, 'card_customer phone is text, not an object', ['phone'], textOfLength(digitChar, 10)),
  customerBreak(R.phoneTypeType, 'card_customer phone.phone_type is a number', ['phone', 'phone_type'], fc.constant(1)),
  customerBreak(R.phoneNumberType, 'card_customer phone.phone_number is text, not an object', ['phone', 'phone_number'], textOfLength(digitChar, 10)),
  customerBreak(R.nationalNumberType, 'card_customer phone.phone_number.national_number is a JSON number', ['phone', 'phone_number', 'national_number'], fc.integer({ min: 4_000_000_000, max: 4_999_999_999 })),
];

/**
 * A break that gives the card the stored credential `credential` draws; a card whose new
 * credential is initiated by the merchant loses its security_code, which would break a second rule.
 */
function credentialBreak(rule: string, description: string, path: string, credential: fc.Arbitrary<unknown>, alsoBreaks?: readonly string[]): CardBreak {
  return cardBreak(rule, description, `/stored_credential${path}`, (card) => credential.map((stored_credential) => withoutCodeForMerchant({ ...card, stored_credential })), alsoBreaks);
}

const merchantType = fc.constantFrom('RECURRING', 'UNSCHEDULED');
const anyUsage = fc.constantFrom(undefined, 'FIRST', 'SUBSEQUENT', 'DERIVED');
const merchantUsage = fc.constantFrom(undefined, 'SUBSEQUENT', 'DERIVED');
const optional = (key: string, value: unknown): Record<string, unknown> => (value === undefined ? {} : { [key]: value });
const reference = networkReferenceId.map((id) => ({ id }));
/** A merchant-initiated credential with a previous network transaction reference whose `member` is `value`. */
const merchantWithReference = (member: string, value: fc.Arbitrary<unknown>) =>
  fc.tuple(merchantType, networkReferenceId, value).map(([payment_type, id, v]) => ({ payment_initiator: 'MERCHANT', payment_type, previous_network_transaction_reference: { id, [member]: v } }));

export const STORED_CREDENTIAL_BREAKS: readonly CardBreak[] = [
  credentialBreak(R.credentialType, 'stored_credential is text (MERCHANT), not an object', '', fc.constant('MERCHANT')),
  credentialBreak(R.initiatorRequired, 'stored_credential without payment_initiator', '/payment_initiator', fc.tuple(merchantType, merchantUsage).map(([payment_type, usage]) => ({ payment_type, ...optional('usage', usage) }))),
  credentialBreak(R.paymentTypeRequired, 'stored_credential without payment_type', '/payment_type', anyUsage.map((usage) => ({ payment_initiator: 'CUSTOMER', ...optional('usage', usage) }))),
  credentialBreak(R.initiatorEnum, 'payment_initiator PLATFORM (CUSTOMER, MERCHANT)', '/payment_initiator', merchantType.map((payment_type) => ({ payment_initiator: 'PLATFORM', payment_type }))),
  credentialBreak(R.initiatorEnum, 'payment_initiator in lower case (customer)', '/payment_initiator', merchantType.map((payment_type) => ({ payment_initiator: 'customer', payment_type }))),
  credentialBreak(R.initiatorType, 'payment_initiator is a number', '/payment_initiator', merchantType.map((payment_type) => ({ payment_initiator: 1, payment_type })), [R.initiatorEnum]),
  credentialBreak(R.paymentTypeEnum, 'payment_type INSTALLMENT (ONE_TIME, RECURRING, UNSCHEDULED)', '/payment_type', fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'INSTALLMENT' })),
  credentialBreak(R.paymentTypeEnum, 'payment_type in lower case (recurring)', '/payment_type', fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'recurring' })),
  credentialBreak(R.paymentTypeType, 'payment_type is a number', '/payment_type', fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 2 }), [R.paymentTypeEnum]),
  credentialBreak(R.usageEnum, 'usage LAST (FIRST, SUBSEQUENT, DERIVED)', '/usage', fc.constantFrom(...PAYMENT_TYPES).map((payment_type) => ({ payment_initiator: 'CUSTOMER', payment_type, usage: 'LAST' }))),
  credentialBreak(R.usageEnum, 'usage in lower case (derived)', '/usage', fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'RECURRING', usage: 'derived' })),
  credentialBreak(R.usageType, 'usage is a number', '/usage', fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'RECURRING', usage: 3 }), [R.usageEnum]),
  credentialBreak(R.oneTimeRequiresCustomer, 'payment_type ONE_TIME with payment_initiator MERCHANT', '/payment_initiator', merchantUsage.map((usage) => ({ payment_initiator: 'MERCHANT', payment_type: 'ONE_TIME', ...optional('usage', usage) }))),
  credentialBreak(R.firstRequiresCustomer, 'usage FIRST with payment_initiator MERCHANT', '/payment_initiator', merchantType.map((payment_type) => ({ payment_initiator: 'MERCHANT', payment_type, usage: 'FIRST' }))),
  credentialBreak(R.referenceRequiresMerchant, 'previous_network_transaction_reference with payment_initiator CUSTOMER', '/payment_initiator', fc.tuple(fc.constantFrom(...PAYMENT_TYPES), anyUsage, reference).map(([payment_type, usage, previous_network_transaction_reference]) => ({
    payment_initiator: 'CUSTOMER', payment_type, ...optional('usage', usage), previous_network_transaction_reference,
  }))),
  credentialBreak(R.referenceRequiresMerchant, 'previous_transaction_reference with payment_initiator CUSTOMER', '/payment_initiator', fc.tuple(fc.constantFrom(...PAYMENT_TYPES), reference).map(([payment_type, previous_transaction_reference]) => ({
    payment_initiator: 'CUSTOMER', payment_type, previous_transaction_reference,
  }))),
  credentialBreak(R.oneReferenceOnly, 'both previous_transaction_reference and previous_network_transaction_reference', '', fc.tuple(merchantType, reference, reference).map(([payment_type, a, b]) => ({
    payment_initiator: 'MERCHANT', payment_type, previous_transaction_reference: a, previous_network_transaction_reference: b,
  }))),
  credentialBreak(R.referenceType, 'previous_network_transaction_reference is text, not an object', '/previous_network_transaction_reference', fc.tuple(merchantType, networkReferenceId).map(([payment_type, id]) => ({
    payment_initiator: 'MERCHANT', payment_type, previous_network_transaction_reference: id,
  }))),
  credentialBreak(R.referenceIdType, 'previous_network_transaction_reference id is a number', '/previous_network_transaction_reference/id', fc.tuple(merchantType, fc.integer({ min: 100_000, max: 999_999 })).map(([payment_type, id]) => ({
    payment_initiator: 'MERCHANT', payment_type, previous_network_transaction_reference: { id },
  }))),
  credentialBreak(R.referenceDateType, 'previous_network_transaction_reference date is a number', '/previous_network_transaction_reference/date', merchantWithReference('date', fc.constant(20300101))),
  credentialBreak(R.referenceArnType, 'previous_network_transaction_reference acquirer_reference_number is a number', '/previous_network_transaction_reference/acquirer_reference_number', merchantWithReference('acquirer_reference_number', fc.integer({ min: 1, max: 999_999 }))),
  credentialBreak(R.referenceNetworkType, 'previous_network_transaction_reference network is a number', '/previous_network_transaction_reference/network', merchantWithReference('network', fc.constant(1))),
];

/** Every break of a card, by the part it breaks. */
export const CARD_BREAKS = {
  card: CARD_MEMBER_BREAKS,
  billing_address: BILLING_ADDRESS_BREAKS,
  attributes: CARD_ATTRIBUTE_BREAKS,
  card_customer: CARD_CUSTOMER_BREAKS,
  stored_credential: STORED_CREDENTIAL_BREAKS,
} as const;

/** A break as the generators' shared machinery takes it: a valid card in, a labelled invalid value out. */
export function cardBreaker(b: CardBreak): Breaker<CardRequest> {
  return (valid) =>
    b.make(valid).map((value): Invalid => ({ value, rule: b.rule, description: b.description, path: b.path, ...(b.alsoBreaks ? { alsoBreaks: [...b.alsoBreaks] } : {}) }));
}

/** The rule ids a list of breaks is labelled with, each once. */
export function rulesOfBreaks(breaks: readonly CardBreak[]): string[] {
  return [...new Set(breaks.map((b) => b.rule))];
}
