// Valid cards exactly at one stated limit or enum value each, labelled with the rule that states
// it: a plain card (cards.ts) changed in one member, so that when a server refuses one, the
// refusal has one cause and the check names that rule.
import fc from 'fast-check';
import { CARD_RULE as R } from './card-rules.js';
import { customerIdOfLength, merchantCustomerIdOfLength, nationalNumber, CUSTOMER_ID_MAX, MERCHANT_CUSTOMER_ID_MAX, fullCardCustomer } from './card-customer.js';
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

/** Valid cards of one kind, all at one limit. */
export interface CardFamily {
  /** What sits at the limit, e.g. "name of 300 characters". */
  description: string;
  /** The rule that states the limit. */
  rule: string;
  arbitrary: fc.Arbitrary<CardRequest>;
}

type Change = (card: CardRequest) => fc.Arbitrary<CardRequest>;

const family = (description: string, rule: string, change: Change): CardFamily => ({ description, rule, arbitrary: plainCard.chain(change) });
const member = <K extends keyof CardRequest>(key: K, value: fc.Arbitrary<CardRequest[K]>): Change => (card) => value.map((v) => ({ ...card, [key]: v }));
const attributes = (value: fc.Arbitrary<CardAttributes>): Change => member('attributes', value);
const customer = (key: 'id' | 'email_address' | 'merchant_customer_id', value: fc.Arbitrary<string>) => attributes(value.map((v) => ({ customer: { [key]: v } })));

/** The rule an allowed stored credential sits at: the most specific one it exercises. */
function credentialRule(c: StoredCredential): string {
  if (c.previous_network_transaction_reference) return R.referenceRequiresMerchant;
  if (c.payment_type === 'ONE_TIME') return R.oneTimeRequiresCustomer;
  if (c.usage === 'FIRST') return R.firstRequiresCustomer;
  if (c.usage) return R.usageEnum;
  return c.payment_initiator === 'MERCHANT' ? R.initiatorEnum : R.paymentTypeEnum;
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
      stored_credential: shape.previous_network_transaction_reference ? { ...shape, previous_network_transaction_reference: { id } } : shape,
    })),
  ),
);

export const CARDS_AT_LIMITS: readonly CardFamily[] = [
  family('name of 1 character', R.nameLength, member('name', cardNameOfLength(1))),
  family(`name of ${CARD_NAME_MAX} characters`, R.nameLength, member('name', cardNameOfLength(CARD_NAME_MAX))),
  family(`number of ${CARD_NUMBER_MIN} digits`, R.numberLength, member('number', cardNumberOfLength(CARD_NUMBER_MIN))),
  family(`number of ${CARD_NUMBER_MAX} digits`, R.numberLength, member('number', cardNumberOfLength(CARD_NUMBER_MAX))),
  family('security_code of 3 digits', R.securityCodeLength, member('security_code', securityCodeOfLength(3))),
  family('security_code of 4 digits', R.securityCodeLength, member('security_code', securityCodeOfLength(4))),
  family('security_code with stored_credential payment_initiator CUSTOMER', R.securityCodeAbsentForMerchant, (card) =>
    securityCodeOfLength(3).map((security_code) => ({ ...card, security_code, stored_credential: { payment_initiator: 'CUSTOMER', payment_type: 'RECURRING' } })),
  ),
  family('expiry in January', R.expiryPattern, member('expiry', cardExpiry(1))),
  family('expiry in December', R.expiryPattern, member('expiry', cardExpiry(12))),
  ...CARD_TYPES.map((type) => family(`type ${type}`, R.typeEnum, member('type', fc.constant(type)))),
  family(`brand ${KNOWN_BRAND}`, R.brandPattern, member('brand', fc.constant(KNOWN_BRAND))),
  family('billing_address with all six members', R.billingAddressMembersOnly, member('billing_address', cardBillingAddress.map((a) => ({ ...a, address_line_2: a.address_line_2 ?? 'Suite 100' })))),
  family('billing_address without address_line_2', R.billingAddressMembersOnly, member('billing_address', cardBillingAddress.map(({ address_line_2: _line2, ...rest }) => rest))),
  family(`attributes.vault.store_in_vault ${STORE_IN_VAULT}`, R.storeInVaultType, attributes(fc.constant({ vault: { store_in_vault: STORE_IN_VAULT } }))),
  ...VERIFICATION_METHODS.map((method) => family(`attributes.verification.method ${method}`, R.methodEnum, attributes(fc.constant({ verification: { method } })))),
  family('attributes.verification without method (default SCA_WHEN_REQUIRED)', R.verificationType, attributes(fc.constant({ verification: {} }))),
  family('attributes with customer, vault and verification', R.attributesType, attributes(fullCardCustomer.map((c) => ({ customer: c, vault: { store_in_vault: STORE_IN_VAULT }, verification: { method: 'SCA_WHEN_REQUIRED' } })))),
  family('card_customer id of 1 character', R.customerIdLength, customer('id', customerIdOfLength(1))),
  family(`card_customer id of ${CUSTOMER_ID_MAX} characters`, R.customerIdLength, customer('id', customerIdOfLength(CUSTOMER_ID_MAX))),
  family('card_customer id with underscore and hyphen', R.customerIdPattern, customer('id', fc.tuple(customerIdOfLength(4), customerIdOfLength(4)).map(([a, b]) => `${a}_${b}-9`))),
  family('card_customer email_address of 3 characters', R.customerEmailLength, customer('email_address', emailOfLength(3))),
  family('card_customer email_address of 254 characters', R.customerEmailLength, customer('email_address', emailOfLength(254))),
  family('card_customer merchant_customer_id of 1 character', R.merchantCustomerIdLength, customer('merchant_customer_id', merchantCustomerIdOfLength(1))),
  family(`card_customer merchant_customer_id of ${MERCHANT_CUSTOMER_ID_MAX} characters`, R.merchantCustomerIdLength, customer('merchant_customer_id', merchantCustomerIdOfLength(MERCHANT_CUSTOMER_ID_MAX))),
  family('card_customer phone with a national_number', R.phoneType, attributes(nationalNumber.map((national_number) => ({ customer: { phone: { phone_number: { national_number } } } })))),
  ...credentialFamilies,
];
