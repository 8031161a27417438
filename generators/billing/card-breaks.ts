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
import {
  fullCardCustomer,
  customerIdOfLength,
  merchantCustomerIdOfLength,
  CUSTOMER_ID_MAX,
  MERCHANT_CUSTOMER_ID_MAX,
} from './card-customer.js';
import { cardNumberOfLength } from './card-number.js';
import {
  cardBillingAddress,
  cardExpiry,
  cardNameOfLength,
  securityCodeOfLength,
  withoutCodeForMerchant,
  CARD_BRAND_MAX,
  CARD_NAME_MAX,
  type CardRequest,
} from './cards.js';
import { emailOfLength } from './contact.js';
import { networkReferenceId, PAYMENT_TYPES } from './stored-credential.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

/** One single-rule break of a card, known before anything is drawn. */
export interface CardBreak {
  rule: RuleId;
  /** What is broken, e.g. "number of 20 digits (13..19)". */
  description: string;
  /** JSON Pointer of the broken member within the card. */
  path: string;
  /** Rules the break cannot help breaking as well. */
  alsoBreaks?: readonly RuleId[];
  /** The broken card (or what stands in its place) made from a valid one. */
  make: (valid: CardRequest) => fc.Arbitrary<unknown>;
}

type Host = (card: CardRequest) => CardRequest;

const cardBreak = (
  rule: RuleId,
  description: string,
  path: string,
  make: CardBreak['make'],
  alsoBreaks?: readonly RuleId[],
): CardBreak => (alsoBreaks ? { rule, description, path, make, alsoBreaks } : { rule, description, path, make });

/** A break that sets the member at `path` to values of `broken`, on the host `prepare` makes of the card. */
function setting(
  rule: RuleId,
  description: string,
  path: readonly string[],
  broken: fc.Arbitrary<unknown>,
  prepare: Host = (c) => c,
  alsoBreaks?: readonly RuleId[],
): CardBreak {
  return cardBreak(
    rule,
    description,
    pointerOf(path),
    (card) => broken.map((value) => setAt(prepare(card), path, value)),
    alsoBreaks,
  );
}

const year = fc.integer({ min: 2030, max: 2039 });
const withoutMerchant: Host = (card) => {
  if (card.stored_credential?.payment_initiator !== 'MERCHANT') return card;
  const { stored_credential: _credential, ...rest } = card;
  return rest;
};

export const CARD_MEMBER_BREAKS: readonly CardBreak[] = [
  cardBreak('billing.card.type', 'the card is text (its number), not an object', '', (card) =>
    fc.constant(card.number),
  ),
  setting('billing.card.name.length', 'name of 0 characters (1..300)', ['name'], fc.constant('')),
  setting(
    'billing.card.name.length',
    `name of ${CARD_NAME_MAX + 1} characters (1..300)`,
    ['name'],
    cardNameOfLength(CARD_NAME_MAX + 1),
  ),
  setting('billing.card.name.type', 'name is a number', ['name'], fc.constant(42)),
  setting('billing.card.number.length', 'number of 12 digits (13..19)', ['number'], cardNumberOfLength(12)),
  setting('billing.card.number.length', 'number of 20 digits (13..19)', ['number'], cardNumberOfLength(20)),
  setting(
    'billing.card.number.pattern',
    'number of 16 digits written in groups of four with hyphens (19 characters)',
    ['number'],
    cardNumberOfLength(16).map((n) => n.match(/.{4}/g)!.join('-')),
  ),
  setting(
    'billing.card.number.pattern',
    'number of 16 characters with a letter in place of a digit',
    ['number'],
    cardNumberOfLength(16).map((n) => `${n.slice(0, 7)}X${n.slice(8)}`),
  ),
  setting('billing.card.number.type', 'number is a JSON number', ['number'], cardNumberOfLength(13).map(Number)),
  setting(
    'billing.card.security_code.length',
    'security_code of 2 digits (3..4)',
    ['security_code'],
    securityCodeOfLength(2),
    withoutMerchant,
  ),
  setting(
    'billing.card.security_code.length',
    'security_code of 5 digits (3..4)',
    ['security_code'],
    securityCodeOfLength(5),
    withoutMerchant,
  ),
  setting(
    'billing.card.security_code.pattern',
    'security_code of 3 characters, the last a letter',
    ['security_code'],
    securityCodeOfLength(2).map((d) => `${d}A`),
    withoutMerchant,
  ),
  setting(
    'billing.card.security_code.type',
    'security_code is a JSON number',
    ['security_code'],
    fc.integer({ min: 100, max: 999 }),
    withoutMerchant,
  ),
  setting(
    'billing.card.security_code.absent-for-merchant',
    'security_code present with stored_credential payment_initiator MERCHANT',
    ['security_code'],
    securityCodeOfLength(3),
    (card) => ({
      ...card,
      stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING' },
    }),
  ),
  setting(
    'billing.date_year_month.pattern',
    'expiry in month 13',
    ['expiry'],
    year.map((y) => `${y}-13`),
  ),
  setting(
    'billing.date_year_month.pattern',
    'expiry in month 00',
    ['expiry'],
    year.map((y) => `${y}-00`),
  ),
  setting(
    'billing.date_year_month.pattern',
    'expiry written YYYY/MM',
    ['expiry'],
    cardExpiry().map((e) => e.replace('-', '/')),
  ),
  setting(
    'billing.date_year_month.length',
    'expiry written YY-MM (5 characters)',
    ['expiry'],
    cardExpiry().map((e) => e.slice(2)),
    undefined,
    ['billing.date_year_month.pattern'],
  ),
  setting(
    'billing.date_year_month.type',
    'expiry is a JSON number (YYYYMM)',
    ['expiry'],
    cardExpiry().map((e) => Number(e.replace('-', ''))),
  ),
  setting(
    'billing.card.type.enum',
    'type CHARGE (CREDIT, DEBIT, PREPAID, STORE, UNKNOWN)',
    ['type'],
    fc.constant('CHARGE'),
  ),
  setting('billing.card.type.enum', 'type in lower case (credit)', ['type'], fc.constant('credit')),
  setting('billing.card.type.type', 'type is a number', ['type'], fc.constant(1), undefined, [
    'billing.card.type.enum',
  ]),
  setting('billing.card.brand.length', 'brand of 0 characters (1..255)', ['brand'], fc.constant(''), undefined, [
    'billing.card.brand.pattern',
  ]),
  setting(
    'billing.card.brand.length',
    `brand of ${CARD_BRAND_MAX + 1} upper-case letters and underscores (1..255)`,
    ['brand'],
    textOfLength(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ_'), CARD_BRAND_MAX + 1),
  ),
  setting('billing.card.brand.pattern', 'brand in lower case (visa)', ['brand'], fc.constant('visa')),
  setting('billing.card.brand.pattern', 'brand with a hyphen (MASTER-CARD)', ['brand'], fc.constant('MASTER-CARD')),
  setting('billing.card.brand.type', 'brand is a number', ['brand'], fc.constant(42)),
];

/** The host of a billing address break: a card with a full valid billing address. */
const withAddress = (card: CardRequest, address: Record<string, unknown>): CardRequest => ({
  ...card,
  billing_address: address,
});

function addressBreak(
  rule: RuleId,
  description: string,
  member: string | undefined,
  broken: fc.Arbitrary<unknown>,
  alsoBreaks?: readonly RuleId[],
): CardBreak {
  const path = member ? `/billing_address/${member}` : '/billing_address';
  return cardBreak(
    rule,
    description,
    path,
    (card) =>
      fc
        .tuple(cardBillingAddress, broken)
        .map(([address, value]) =>
          member ? withAddress(card, { ...address, [member]: value }) : { ...card, billing_address: value },
        ),
    alsoBreaks,
  );
}

export const BILLING_ADDRESS_BREAKS: readonly CardBreak[] = [
  addressBreak(
    'billing.card.billing_address.type',
    'billing_address is text, not an object',
    undefined,
    fc.constant('1 Main Street, San Jose, CA 95131'),
  ),
  addressBreak(
    'billing.address.address_line_1.type',
    'billing_address address_line_1 is a number',
    'address_line_1',
    fc.constant(12),
  ),
  addressBreak(
    'billing.address.postal_code.type',
    'billing_address postal_code is a number',
    'postal_code',
    fc.constant(95131),
  ),
  addressBreak(
    'billing.country_code.pattern',
    'billing_address country_code in lower case',
    'country_code',
    fc.constant('us'),
  ),
  addressBreak(
    'billing.country_code.length',
    'billing_address country_code of 3 letters (exactly 2)',
    'country_code',
    fc.constant('USA'),
    ['billing.country_code.pattern'],
  ),
];

export const CARD_ATTRIBUTE_BREAKS: readonly CardBreak[] = [
  setting('billing.card.attributes.type', 'attributes is an array, not an object', ['attributes'], fc.constant([])),
  setting(
    'billing.card.attributes.vault.type',
    'attributes.vault is text (ON_SUCCESS), not an object',
    ['attributes', 'vault'],
    fc.constant('ON_SUCCESS'),
  ),
  setting(
    'billing.card.attributes.vault.store_in_vault.type',
    'attributes.vault.store_in_vault is a boolean',
    ['attributes', 'vault', 'store_in_vault'],
    fc.constant(true),
  ),
  setting(
    'billing.card.attributes.verification.type',
    'attributes.verification is text (SCA_ALWAYS), not an object',
    ['attributes', 'verification'],
    fc.constant('SCA_ALWAYS'),
  ),
  setting(
    'billing.card.attributes.verification.method.enum',
    'verification.method SCA_NEVER (SCA_ALWAYS, SCA_WHEN_REQUIRED, 3D_SECURE, AVS_CVV)',
    ['attributes', 'verification', 'method'],
    fc.constant('SCA_NEVER'),
  ),
  setting(
    'billing.card.attributes.verification.method.enum',
    'verification.method in lower case (sca_always)',
    ['attributes', 'verification', 'method'],
    fc.constant('sca_always'),
  ),
  setting(
    'billing.card.attributes.verification.method.type',
    'verification.method is a number',
    ['attributes', 'verification', 'method'],
    fc.constant(3),
    undefined,
    ['billing.card.attributes.verification.method.enum'],
  ),
];

function customerBreak(
  rule: RuleId,
  description: string,
  member: readonly string[],
  broken: fc.Arbitrary<unknown>,
  alsoBreaks?: readonly RuleId[],
): CardBreak {
  const path = ['attributes', 'customer', ...member];
  return cardBreak(
    rule,
    description,
    pointerOf(path),
    (card) =>
      fc
        .tuple(fullCardCustomer, broken)
        .map(([customer, value]) => setAt({ ...card, attributes: { ...card.attributes, customer } }, path, value)),
    alsoBreaks,
  );
}

export const CARD_CUSTOMER_BREAKS: readonly CardBreak[] = [
  customerBreak('billing.card_customer.type', 'attributes.customer is text, not an object', [], customerIdOfLength(8)),
  customerBreak(
    'billing.card_customer.id.length',
    'card_customer id of 0 characters (1..22)',
    ['id'],
    fc.constant(''),
    ['billing.card_customer.id.pattern'],
  ),
  customerBreak(
    'billing.card_customer.id.length',
    `card_customer id of ${CUSTOMER_ID_MAX + 1} characters (1..22)`,
    ['id'],
    customerIdOfLength(CUSTOMER_ID_MAX + 1),
  ),
  customerBreak(
    'billing.card_customer.id.pattern',
    'card_customer id with a space',
    ['id'],
    fc.tuple(customerIdOfLength(5), customerIdOfLength(5)).map(([a, b]) => `${a} ${b}`),
  ),
  customerBreak(
    'billing.card_customer.id.pattern',
    'card_customer id with a dot',
    ['id'],
    fc.tuple(customerIdOfLength(5), customerIdOfLength(5)).map(([a, b]) => `${a}.${b}`),
  ),
  customerBreak('billing.card_customer.id.type', 'card_customer id is a number', ['id'], fc.constant(42)),
  customerBreak(
    'billing.card_customer.email_address.length',
    'card_customer email_address of 2 characters (3..254)',
    ['email_address'],
    fc.constant('a@'),
  ),
  customerBreak(
    'billing.card_customer.email_address.length',
    'card_customer email_address of 255 characters (3..254)',
    ['email_address'],
    emailOfLength(255),
  ),
  customerBreak(
    'billing.card_customer.email_address.type',
    'card_customer email_address is a number',
    ['email_address'],
    fc.constant(42),
  ),
  customerBreak(
    'billing.card_customer.merchant_customer_id.length',
    'card_customer merchant_customer_id of 0 characters (1..64)',
    ['merchant_customer_id'],
    fc.constant(''),
  ),
  customerBreak(
    'billing.card_customer.merchant_customer_id.length',
    `card_customer merchant_customer_id of ${MERCHANT_CUSTOMER_ID_MAX + 1} characters (1..64)`,
    ['merchant_customer_id'],
    merchantCustomerIdOfLength(MERCHANT_CUSTOMER_ID_MAX + 1),
  ),
  customerBreak(
    'billing.card_customer.merchant_customer_id.type',
    'card_customer merchant_customer_id is a number',
    ['merchant_customer_id'],
    fc.constant(7),
  ),
  customerBreak(
    'billing.card_customer.phone.type',
    'card_customer phone is text, not an object',
    ['phone'],
    textOfLength(digitChar, 10),
  ),
  customerBreak(
    'billing.card_customer.phone.phone_type.type',
    'card_customer phone.phone_type is a number',
    ['phone', 'phone_type'],
    fc.constant(1),
  ),
  customerBreak(
    'billing.card_customer.phone.phone_number.type',
    'card_customer phone.phone_number is text, not an object',
    ['phone', 'phone_number'],
    textOfLength(digitChar, 10),
  ),
  customerBreak(
    'billing.card_customer.phone.phone_number.national_number.type',
    'card_customer phone.phone_number.national_number is a JSON number',
    ['phone', 'phone_number', 'national_number'],
    fc.integer({ min: 4_000_000_000, max: 4_999_999_999 }),
  ),
];

/**
 * A break that gives the card the stored credential `credential` draws; a card whose new
 * credential is initiated by the merchant loses its security_code, which would break a second rule.
 */
function credentialBreak(
  rule: RuleId,
  description: string,
  path: string,
  credential: fc.Arbitrary<unknown>,
  alsoBreaks?: readonly RuleId[],
): CardBreak {
  return cardBreak(
    rule,
    description,
    `/stored_credential${path}`,
    (card) => credential.map((stored_credential) => withoutCodeForMerchant({ ...card, stored_credential })),
    alsoBreaks,
  );
}

const merchantType = fc.constantFrom('RECURRING', 'UNSCHEDULED');
const anyUsage = fc.constantFrom(undefined, 'FIRST', 'SUBSEQUENT', 'DERIVED');
const merchantUsage = fc.constantFrom(undefined, 'SUBSEQUENT', 'DERIVED');
const optional = (key: string, value: unknown): Record<string, unknown> =>
  value === undefined ? {} : { [key]: value };
const reference = networkReferenceId.map((id) => ({ id }));
/** A merchant-initiated credential with a previous network transaction reference whose `member` is `value`. */
const merchantWithReference = (member: string, value: fc.Arbitrary<unknown>) =>
  fc.tuple(merchantType, networkReferenceId, value).map(([payment_type, id, v]) => ({
    payment_initiator: 'MERCHANT',
    payment_type,
    previous_network_transaction_reference: { id, [member]: v },
  }));

export const STORED_CREDENTIAL_BREAKS: readonly CardBreak[] = [
  credentialBreak(
    'billing.stored_credential.type',
    'stored_credential is text (MERCHANT), not an object',
    '',
    fc.constant('MERCHANT'),
  ),
  credentialBreak(
    'billing.stored_credential.payment_initiator.required',
    'stored_credential without payment_initiator',
    '/payment_initiator',
    fc
      .tuple(merchantType, merchantUsage)
      .map(([payment_type, usage]) => ({ payment_type, ...optional('usage', usage) })),
  ),
  credentialBreak(
    'billing.stored_credential.payment_type.required',
    'stored_credential without payment_type',
    '/payment_type',
    anyUsage.map((usage) => ({ payment_initiator: 'CUSTOMER', ...optional('usage', usage) })),
  ),
  credentialBreak(
    'billing.stored_credential.payment_initiator.enum',
    'payment_initiator PLATFORM (CUSTOMER, MERCHANT)',
    '/payment_initiator',
    merchantType.map((payment_type) => ({ payment_initiator: 'PLATFORM', payment_type })),
  ),
  credentialBreak(
    'billing.stored_credential.payment_initiator.enum',
    'payment_initiator in lower case (customer)',
    '/payment_initiator',
    merchantType.map((payment_type) => ({ payment_initiator: 'customer', payment_type })),
  ),
  credentialBreak(
    'billing.stored_credential.payment_initiator.type',
    'payment_initiator is a number',
    '/payment_initiator',
    merchantType.map((payment_type) => ({ payment_initiator: 1, payment_type })),
    ['billing.stored_credential.payment_initiator.enum'],
  ),
  credentialBreak(
    'billing.stored_credential.payment_type.enum',
    'payment_type INSTALLMENT (ONE_TIME, RECURRING, UNSCHEDULED)',
    '/payment_type',
    fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'INSTALLMENT' }),
  ),
  credentialBreak(
    'billing.stored_credential.payment_type.enum',
    'payment_type in lower case (recurring)',
    '/payment_type',
    fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'recurring' }),
  ),
  credentialBreak(
    'billing.stored_credential.payment_type.type',
    'payment_type is a number',
    '/payment_type',
    fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 2 }),
    ['billing.stored_credential.payment_type.enum'],
  ),
  credentialBreak(
    'billing.stored_credential.usage.enum',
    'usage LAST (FIRST, SUBSEQUENT, DERIVED)',
    '/usage',
    fc
      .constantFrom(...PAYMENT_TYPES)
      .map((payment_type) => ({ payment_initiator: 'CUSTOMER', payment_type, usage: 'LAST' })),
  ),
  credentialBreak(
    'billing.stored_credential.usage.enum',
    'usage in lower case (derived)',
    '/usage',
    fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'RECURRING', usage: 'derived' }),
  ),
  credentialBreak(
    'billing.stored_credential.usage.type',
    'usage is a number',
    '/usage',
    fc.constant({ payment_initiator: 'CUSTOMER', payment_type: 'RECURRING', usage: 3 }),
    ['billing.stored_credential.usage.enum'],
  ),
  credentialBreak(
    'billing.stored_credential.one-time-requires-customer',
    'payment_type ONE_TIME with payment_initiator MERCHANT',
    '/payment_initiator',
    merchantUsage.map((usage) => ({
      payment_initiator: 'MERCHANT',
      payment_type: 'ONE_TIME',
      ...optional('usage', usage),
    })),
  ),
  credentialBreak(
    'billing.stored_credential.first-requires-customer',
    'usage FIRST with payment_initiator MERCHANT',
    '/payment_initiator',
    merchantType.map((payment_type) => ({ payment_initiator: 'MERCHANT', payment_type, usage: 'FIRST' })),
  ),
  credentialBreak(
    'billing.stored_credential.reference-requires-merchant',
    'previous_network_transaction_reference with payment_initiator CUSTOMER',
    '/payment_initiator',
    fc
      .tuple(fc.constantFrom(...PAYMENT_TYPES), anyUsage, reference)
      .map(([payment_type, usage, previous_network_transaction_reference]) => ({
        payment_initiator: 'CUSTOMER',
        payment_type,
        ...optional('usage', usage),
        previous_network_transaction_reference,
      })),
  ),
  credentialBreak(
    'billing.stored_credential.reference-requires-merchant',
    'previous_transaction_reference with payment_initiator CUSTOMER',
    '/payment_initiator',
    fc.tuple(fc.constantFrom(...PAYMENT_TYPES), reference).map(([payment_type, previous_transaction_reference]) => ({
      payment_initiator: 'CUSTOMER',
      payment_type,
      previous_transaction_reference,
    })),
  ),
  credentialBreak(
    'billing.stored_credential.one-reference-only',
    'both previous_transaction_reference and previous_network_transaction_reference',
    '',
    fc.tuple(merchantType, reference, reference).map(([payment_type, a, b]) => ({
      payment_initiator: 'MERCHANT',
      payment_type,
      previous_transaction_reference: a,
      previous_network_transaction_reference: b,
    })),
  ),
  credentialBreak(
    'billing.stored_credential.previous_network_transaction_reference.type',
    'previous_network_transaction_reference is text, not an object',
    '/previous_network_transaction_reference',
    fc.tuple(merchantType, networkReferenceId).map(([payment_type, id]) => ({
      payment_initiator: 'MERCHANT',
      payment_type,
      previous_network_transaction_reference: id,
    })),
  ),
  credentialBreak(
    'billing.stored_credential.previous_network_transaction_reference.id.type',
    'previous_network_transaction_reference id is a number',
    '/previous_network_transaction_reference/id',
    fc.tuple(merchantType, fc.integer({ min: 100_000, max: 999_999 })).map(([payment_type, id]) => ({
      payment_initiator: 'MERCHANT',
      payment_type,
      previous_network_transaction_reference: { id },
    })),
  ),
  credentialBreak(
    'billing.stored_credential.previous_network_transaction_reference.date.type',
    'previous_network_transaction_reference date is a number',
    '/previous_network_transaction_reference/date',
    merchantWithReference('date', fc.constant(20300101)),
  ),
  credentialBreak(
    'billing.stored_credential.previous_network_transaction_reference.acquirer_reference_number.type',
    'previous_network_transaction_reference acquirer_reference_number is a number',
    '/previous_network_transaction_reference/acquirer_reference_number',
    merchantWithReference('acquirer_reference_number', fc.integer({ min: 1, max: 999_999 })),
  ),
  credentialBreak(
    'billing.stored_credential.previous_network_transaction_reference.network.type',
    'previous_network_transaction_reference network is a number',
    '/previous_network_transaction_reference/network',
    merchantWithReference('network', fc.constant(1)),
  ),
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
    b.make(valid).map((value): Invalid => ({
      value,
      rule: b.rule,
      description: b.description,
      path: b.path,
      ...(b.alsoBreaks ? { alsoBreaks: [...b.alsoBreaks] } : {}),
    }));
}

/** The rule ids a list of breaks is labelled with, each once. */
export function rulesOfBreaks(breaks: readonly CardBreak[]): RuleId[] {
  return [...new Set(breaks.map((b) => b.rule))];
}
