// payment_source.card of a subscriber (card request shapes of billing.md) and the card as answered.

import { isObject, type JsonObject } from '../http/json.js';
import type { Validator } from '../http/validator.js';
import { address } from './values.js';
import { randomCode } from '../ids.js';

const CARD_TYPES = ['CREDIT', 'DEBIT', 'PREPAID', 'STORE', 'UNKNOWN'];
const VERIFICATION_METHODS = ['SCA_ALWAYS', 'SCA_WHEN_REQUIRED', '3D_SECURE', 'AVS_CVV'];
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/**
 * billing.md: "billing_address (address_line_1, address_line_2, admin_area_1, admin_area_2,
 * postal_code, country_code only)".
 */
const BILLING_ADDRESS_MEMBERS = [
  'address_line_1',
  'address_line_2',
  'admin_area_1',
  'admin_area_2',
  'postal_code',
  'country_code',
];
const REFERENCE_MEMBERS = ['id', 'date', 'acquirer_reference_number', 'network'];

function readStoredCredential(v: Validator, field: string, value: unknown): void {
  const credential = v.object(field, value);
  if (!credential) return;
  v.require(`${field}/payment_initiator`, credential.payment_initiator);
  const initiator = v.string(`${field}/payment_initiator`, credential.payment_initiator, {
    values: ['CUSTOMER', 'MERCHANT'],
  });
  v.require(`${field}/payment_type`, credential.payment_type);
  const type = v.string(`${field}/payment_type`, credential.payment_type, {
    values: ['ONE_TIME', 'RECURRING', 'UNSCHEDULED'],
  });
  const usage = v.string(`${field}/usage`, credential.usage, { values: ['FIRST', 'SUBSEQUENT', 'DERIVED'] });
  if (
    type === 'ONE_TIME' &&
    initiator === 'MERCHANT' &&
    v.behaviour.checks('billing.stored_credential.one-time-requires-customer')
  ) {
    v.fail(`${field}/payment_initiator`, 'INVALID_PARAMETER_VALUE', 'ONE_TIME requires payment_initiator CUSTOMER.');
  }
  if (
    usage === 'FIRST' &&
    initiator === 'MERCHANT' &&
    v.behaviour.checks('billing.stored_credential.first-requires-customer')
  )
    v.fail(`${field}/payment_initiator`, 'INVALID_PARAMETER_VALUE', 'usage FIRST requires payment_initiator CUSTOMER.');
  const previous = v.object(
    `${field}/previous_network_transaction_reference`,
    credential.previous_network_transaction_reference,
  );
  // "a previous transaction reference requires MERCHANT": either kind of reference
  const referenced = previous !== undefined || credential.previous_transaction_reference !== undefined;
  if (
    referenced &&
    initiator === 'CUSTOMER' &&
    v.behaviour.checks('billing.stored_credential.reference-requires-merchant')
  )
    v.fail(
      `${field}/payment_initiator`,
      'INVALID_PARAMETER_VALUE',
      'A previous transaction reference requires payment_initiator MERCHANT.',
    );
  const both =
    credential.previous_network_transaction_reference !== undefined &&
    credential.previous_transaction_reference !== undefined;
  if (both && v.behaviour.checks('billing.stored_credential.one-reference-only')) {
    v.fail(
      field,
      'INVALID_PARAMETER_VALUE',
      'Only one of previous_transaction_reference and previous_network_transaction_reference may be present.',
    );
  }
  if (previous) {
    v.string(`${field}/previous_network_transaction_reference/id`, previous.id, { min: 1 });
    for (const member of REFERENCE_MEMBERS.slice(1))
      v.string(`${field}/previous_network_transaction_reference/${member}`, previous[member]);
  }
}

function readBillingAddress(v: Validator, field: string, value: unknown): void {
  address(v, field, value);
  // variant billing-address-extra-member-dropped: another member is taken and dropped, never shown
  if (!isObject(value) || v.behaviour.variant('billing-address-extra-member-dropped')) return;
  const allowed = v.behaviour.accepted('card billing_address members', BILLING_ADDRESS_MEMBERS);
  for (const member of Object.keys(value)) {
    if (!allowed.includes(member))
      v.fail(
        `${field}/${member}`,
        'UNKNOWN_PARAMETER',
        `${member} is not a billing_address member; allowed: ${BILLING_ADDRESS_MEMBERS.join(', ')}.`,
      );
  }
}

/**
 * card_customer: id 1..22 (letters, digits, underscore, hyphen), email_address 3..254, phone,
 * merchant_customer_id 1..64.
 */
function readCardCustomer(v: Validator, field: string, value: unknown): void {
  const customer = v.object(field, value);
  if (!customer) return;
  const idMax = v.behaviour.accepted('card_customer id max', 22);
  v.string(`${field}/id`, customer.id, {
    min: 1,
    max: idMax,
    pattern: /^[A-Za-z0-9_-]+$/,
    patternText: 'letters, digits, underscore, hyphen',
  });
  v.string(`${field}/email_address`, customer.email_address, { min: 3, max: 254 });
  const phone = v.object(`${field}/phone`, customer.phone);
  if (phone) {
    v.string(`${field}/phone/phone_type`, phone.phone_type);
    const number = v.object(`${field}/phone/phone_number`, phone.phone_number);
    if (number) v.string(`${field}/phone/phone_number/national_number`, number.national_number);
  }
  v.string(`${field}/merchant_customer_id`, customer.merchant_customer_id, { min: 1, max: 64 });
}

function readAttributes(v: Validator, field: string, value: unknown): void {
  const attributes = v.object(field, value);
  if (!attributes) return;
  readCardCustomer(v, `${field}/customer`, attributes.customer);
  const vault = v.object(`${field}/vault`, attributes.vault);
  if (vault) v.string(`${field}/vault/store_in_vault`, vault.store_in_vault);
  const verification = v.object(`${field}/verification`, attributes.verification);
  if (verification) {
    v.string(
      `${field}/verification/method`,
      verification.method,
      v.behaviour.accepted('card verification method rule', { values: VERIFICATION_METHODS }),
    );
  }
}

/** Returns the card as the service answers it (never the number or security code). */
export function readCard(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const card = v.object(field, value);
  if (!card) return undefined;
  const name = v.string(`${field}/name`, card.name, { min: 1, max: 300 });
  v.require(`${field}/number`, card.number);
  const numberMax = v.behaviour.accepted('card number max', 19);
  const number = v.string(`${field}/number`, card.number, {
    min: 13,
    max: numberMax,
    pattern: /^\d+$/,
    patternText: '13 to 19 digits',
  });
  const codeMax = v.behaviour.accepted('card security_code max', 4);
  v.string(`${field}/security_code`, card.security_code, {
    min: 3,
    max: codeMax,
    pattern: /^\d+$/,
    patternText: '3 or 4 digits',
  });
  v.require(`${field}/expiry`, card.expiry);
  const expiry = v.string(`${field}/expiry`, card.expiry, {
    min: 7,
    max: 7,
    pattern: YEAR_MONTH,
    patternText: 'YYYY-MM',
  });
  const type = v.string(`${field}/type`, card.type, { values: CARD_TYPES });
  const brand = v.string(`${field}/brand`, card.brand, {
    min: 1,
    max: 255,
    pattern: /^[A-Z_]+$/,
    patternText: 'upper case and underscores',
  });
  readBillingAddress(v, `${field}/billing_address`, card.billing_address);
  readStoredCredential(v, `${field}/stored_credential`, card.stored_credential);
  const credential = card.stored_credential;
  const codeForMerchant =
    card.security_code !== undefined && isObject(credential) && credential.payment_initiator === 'MERCHANT';
  if (codeForMerchant && v.behaviour.checks('billing.card.security_code.absent-for-merchant')) {
    v.fail(
      `${field}/security_code`,
      'INVALID_PARAMETER_VALUE',
      'security_code must be absent when payment_initiator is MERCHANT.',
    );
  }
  readAttributes(v, `${field}/attributes`, card.attributes);
  if (number === undefined || expiry === undefined) return undefined;
  return {
    ...(name !== undefined && [...name].length >= 2 ? { name } : {}),
    last_digits: number.slice(-4),
    brand: brand ?? 'UNKNOWN',
    type: type ?? 'UNKNOWN',
    expiry,
    ...vaultedAs(card.attributes),
  };
}

/** A card sent with a vault instruction is answered vaulted: attributes.vault {id, customer {id}}. */
function vaultedAs(attributes: unknown): JsonObject {
  if (!isObject(attributes) || !isObject(attributes.vault)) return {};
  const customerId =
    isObject(attributes.customer) && typeof attributes.customer.id === 'string'
      ? attributes.customer.id
      : `C${randomCode(12)}`;
  return { attributes: { vault: { id: randomCode(22), customer: { id: customerId } } } };
}

export function readPaymentSource(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const source = v.object(field, value);
  if (!source) return undefined;
  v.require(`${field}/card`, source.card);
  const card = readCard(v, `${field}/card`, source.card);
  return card ? { card } : undefined;
}
