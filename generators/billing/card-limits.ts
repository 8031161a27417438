// Valid cards exactly at one stated limit or enum value each, labelled with the rule that states
// it: a plain card (cards.ts) changed in one member, so that when a server refuses one, the
// refusal has one cause and the check names that rule.
import fc from 'fast-check';
import {
  customerIdOfLength,
  merchantCustomerIdOfLength,
  nationalNumber,
  CUSTOMER_ID_MAX,
  MERCHANT_CUSTOMER_ID_MAX,
  fullCardCustomer,
} from './card-customer.js';
import { cardNumberOfLength, CARD_NUMBER_MAX, CARD_NUMBER_MIN } from './card-number.js';
import {
  cardBillingAddress,
  cardExpiry,
  cardNameOfLength,
  plainCard,
  securityCodeOfLength,
  CARD_NAME_MAX,
  CARD_TYPES,
  KNOWN_BRAND,
  STORE_IN_VAULT,
  VERIFICATION_METHODS,
  type CardAttributes,
  type CardRequest,
} from './cards.js';
import { emailOfLength } from './contact.js';
import { allowedCredentials, networkReferenceId, type StoredCredential } from './stored-credential.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

/** Valid cards of one kind, all at one limit. */
export interface CardFamily {
  /** What sits at the limit, e.g. "name of 300 characters". */
  description: string;
  /** The rule that states the limit. */
  rule: RuleId;
  arbitrary: fc.Arbitrary<CardRequest>;
}

type Change = (card: CardRequest) => fc.Arbitrary<CardRequest>;

const family = (description: string, rule: RuleId, change: Change): CardFamily => ({
  description,
  rule,
  arbitrary: plainCard.chain(change),
});
const member =
  <K extends keyof CardRequest>(key: K, value: fc.Arbitrary<CardRequest[K]>): Change =>
  (card) =>
    value.map((v) => ({ ...card, [key]: v }));
const attributes = (value: fc.Arbitrary<CardAttributes>): Change => member('attributes', value);
const customer = (key: 'id' | 'email_address' | 'merchant_customer_id', value: fc.Arbitrary<string>) =>
  attributes(value.map((v) => ({ customer: { [key]: v } })));

/** The rule an allowed stored credential sits at: the most specific one it exercises. */
function credentialRule(c: StoredCredential): RuleId {
  if (c.previous_network_transaction_reference) return 'billing.stored_credential.reference-requires-merchant';
  if (c.payment_type === 'ONE_TIME') return 'billing.stored_credential.one-time-requires-customer';
  if (c.usage === 'FIRST') return 'billing.stored_credential.first-requires-customer';
  if (c.usage) return 'billing.stored_credential.usage.enum';
  return c.payment_initiator === 'MERCHANT'
    ? 'billing.stored_credential.payment_initiator.enum'
    : 'billing.stored_credential.payment_type.enum';
}

function describeCredential(c: StoredCredential): string {
  const usage = c.usage ? ` usage ${c.usage}` : '';
  const reference = c.previous_network_transaction_reference ? ' with a previous_network_transaction_reference' : '';
  return `stored_credential ${c.payment_initiator} ${c.payment_type}${usage}${reference}`;
}

const credentialFamilies: CardFamily[] = allowedCredentials('0').map((shape) =>
  family(describeCredential(shape), credentialRule(shape), (card) =>
    networkReferenceId.map((id) => ({
      ...card,
      stored_credential: shape.previous_network_transaction_reference
        ? { ...shape, previous_network_transaction_reference: { id } }
        : shape,
    })),
  ),
);

export const CARDS_AT_LIMITS: readonly CardFamily[] = [
  family('name of 1 character', 'billing.card.name.length', member('name', cardNameOfLength(1))),
  family(
    `name of ${CARD_NAME_MAX} characters`,
    'billing.card.name.length',
    member('name', cardNameOfLength(CARD_NAME_MAX)),
  ),
  family(
    `number of ${CARD_NUMBER_MIN} digits`,
    'billing.card.number.length',
    member('number', cardNumberOfLength(CARD_NUMBER_MIN)),
  ),
  family(
    `number of ${CARD_NUMBER_MAX} digits`,
    'billing.card.number.length',
    member('number', cardNumberOfLength(CARD_NUMBER_MAX)),
  ),
  family(
    'security_code of 3 digits',
    'billing.card.security_code.length',
    member('security_code', securityCodeOfLength(3)),
  ),
  family(
    'security_code of 4 digits',
    'billing.card.security_code.length',
    member('security_code', securityCodeOfLength(4)),
  ),
  family(
    'security_code with stored_credential payment_initiator CUSTOMER',
    'billing.card.security_code.absent-for-merchant',
    (card) =>
      securityCodeOfLength(3).map((security_code) => ({
        ...card,
        security_code,
        stored_credential: { payment_initiator: 'CUSTOMER', payment_type: 'RECURRING' },
      })),
  ),
  family('expiry in January', 'billing.date_year_month.pattern', member('expiry', cardExpiry(1))),
  family('expiry in December', 'billing.date_year_month.pattern', member('expiry', cardExpiry(12))),
  ...CARD_TYPES.map((type) => family(`type ${type}`, 'billing.card.type.enum', member('type', fc.constant(type)))),
  family(`brand ${KNOWN_BRAND}`, 'billing.card.brand.pattern', member('brand', fc.constant(KNOWN_BRAND))),
  family(
    'billing_address with all six members',
    'billing.card.billing_address.members-only',
    member(
      'billing_address',
      cardBillingAddress.map((a) => ({ ...a, address_line_2: a.address_line_2 ?? 'Suite 100' })),
    ),
  ),
  family(
    'billing_address without address_line_2',
    'billing.card.billing_address.members-only',
    member(
      'billing_address',
      cardBillingAddress.map(({ address_line_2: _line2, ...rest }) => rest),
    ),
  ),
  family(
    `attributes.vault.store_in_vault ${STORE_IN_VAULT}`,
    'billing.card.attributes.vault.store_in_vault.type',
    attributes(fc.constant({ vault: { store_in_vault: STORE_IN_VAULT } })),
  ),
  ...VERIFICATION_METHODS.map((method) =>
    family(
      `attributes.verification.method ${method}`,
      'billing.card.attributes.verification.method.enum',
      attributes(fc.constant({ verification: { method } })),
    ),
  ),
  family(
    'attributes.verification without method (default SCA_WHEN_REQUIRED)',
    'billing.card.attributes.verification.type',
    attributes(fc.constant({ verification: {} })),
  ),
  family(
    'attributes with customer, vault and verification',
    'billing.card.attributes.type',
    attributes(
      fullCardCustomer.map((c) => ({
        customer: c,
        vault: { store_in_vault: STORE_IN_VAULT },
        verification: { method: 'SCA_WHEN_REQUIRED' },
      })),
    ),
  ),
  family('card_customer id of 1 character', 'billing.card_customer.id.length', customer('id', customerIdOfLength(1))),
  family(
    `card_customer id of ${CUSTOMER_ID_MAX} characters`,
    'billing.card_customer.id.length',
    customer('id', customerIdOfLength(CUSTOMER_ID_MAX)),
  ),
  // every class the id allows, each for certain: a lower-case and a capital letter, a digit,
  // an underscore and a hyphen
  family(
    'card_customer id of letters of both cases, digits, underscore and hyphen',
    'billing.card_customer.id.pattern',
    customer(
      'id',
      fc.tuple(customerIdOfLength(4), customerIdOfLength(4)).map(([a, b]) => `x${a}_Q${b}-9`),
    ),
  ),
  family(
    'card_customer email_address of 3 characters',
    'billing.card_customer.email_address.length',
    customer('email_address', emailOfLength(3)),
  ),
  family(
    'card_customer email_address of 254 characters',
    'billing.card_customer.email_address.length',
    customer('email_address', emailOfLength(254)),
  ),
  family(
    'card_customer merchant_customer_id of 1 character',
    'billing.card_customer.merchant_customer_id.length',
    customer('merchant_customer_id', merchantCustomerIdOfLength(1)),
  ),
  family(
    `card_customer merchant_customer_id of ${MERCHANT_CUSTOMER_ID_MAX} characters`,
    'billing.card_customer.merchant_customer_id.length',
    customer('merchant_customer_id', merchantCustomerIdOfLength(MERCHANT_CUSTOMER_ID_MAX)),
  ),
  family(
    'card_customer phone with a national_number',
    'billing.card_customer.phone.type',
    attributes(
      nationalNumber.map((national_number) => ({ customer: { phone: { phone_number: { national_number } } } })),
    ),
  ),
  ...credentialFamilies,
];
