// payment_source.card of a subscriber (card request shapes of billing.md) and the card as answered.

import type { JsonObject, Validator } from '../http/validator.js';
import { address } from './values.js';

const CARD_TYPES = ['CREDIT', 'DEBIT', 'PREPAID', 'STORE', 'UNKNOWN'];
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function readStoredCredential(v: Validator, field: string, value: unknown): void {
  const credential = v.object(field, value);
  if (!credential) return;
  v.require(`${field}/payment_initiator`, credential.payment_initiator);
  const initiator = v.string(`${field}/payment_initiator`, credential.payment_initiator, { values: ['CUSTOMER', 'MERCHANT'] });
  v.require(`${field}/payment_type`, credential.payment_type);
  const type = v.string(`${field}/payment_type`, credential.payment_type, { values: ['ONE_TIME', 'RECURRING', 'UNSCHEDULED'] });
  const usage = v.string(`${field}/usage`, credential.usage, { values: ['FIRST', 'SUBSEQUENT', 'DERIVED'] });
  if (type === 'ONE_TIME' && initiator === 'MERCHANT') v.fail(`${field}/payment_initiator`, 'INVALID_PARAMETER_VALUE', 'ONE_TIME requires payment_initiator CUSTOMER.');
  if (usage === 'FIRST' && initiator === 'MERCHANT') v.fail(`${field}/payment_initiator`, 'INVALID_PARAMETER_VALUE', 'usage FIRST requires payment_initiator CUSTOMER.');
  const previous = v.object(`${field}/previous_network_transaction_reference`, credential.previous_network_transaction_reference);
  if (previous && initiator === 'CUSTOMER') v.fail(`${field}/payment_initiator`, 'INVALID_PARAMETER_VALUE', 'A previous transaction reference requires payment_initiator MERCHANT.');
  if (previous && credential.previous_transaction_reference !== undefined) {
    v.fail(field, 'INVALID_PARAMETER_VALUE', 'Only one of previous_transaction_reference and previous_network_transaction_reference may be present.');
  }
  if (previous) v.string(`${field}/previous_network_transaction_reference/id`, previous.id, { min: 1 });
}

/** Returns the card as the service answers it (never the number or security code). */
export function readCard(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const card = v.object(field, value);
  if (!card) return undefined;
  const name = v.string(`${field}/name`, card.name, { min: 1, max: 300 });
  v.require(`${field}/number`, card.number);
  const number = v.string(`${field}/number`, card.number, { min: 13, max: 19, pattern: /^\d+$/, patternText: '13 to 19 digits' });
  v.string(`${field}/security_code`, card.security_code, { min: 3, max: 4, pattern: /^\d+$/, patternText: '3 or 4 digits' });
  v.require(`${field}/expiry`, card.expiry);
  const expiry = v.string(`${field}/expiry`, card.expiry, { min: 7, max: 7, pattern: YEAR_MONTH, patternText: 'YYYY-MM' });
  const type = v.string(`${field}/type`, card.type, { values: CARD_TYPES });
  const brand = v.string(`${field}/brand`, card.brand, { min: 1, max: 255, pattern: /^[A-Z_]+$/, patternText: 'upper case and underscores' });
  address(v, `${field}/billing_address`, card.billing_address);
  readStoredCredential(v, `${field}/stored_credential`, card.stored_credential);
  const credential = card.stored_credential;
  if (card.security_code !== undefined && credential && typeof credential === 'object' && !Array.isArray(credential) && credential.payment_initiator === 'MERCHANT') {
    v.fail(`${field}/security_code`, 'INVALID_PARAMETER_VALUE', 'security_code must be absent when payment_initiator is MERCHANT.');
  }
  const attributes = v.object(`${field}/attributes`, card.attributes);
  if (attributes) {
    const customer = v.object(`${field}/attributes/customer`, attributes.customer);
    if (customer) {
      v.string(`${field}/attributes/customer/id`, customer.id, { min: 1, max: 22, pattern: /^[A-Za-z0-9_-]+$/, patternText: 'letters, digits, underscore, hyphen' });
      v.string(`${field}/attributes/customer/email_address`, customer.email_address, { min: 3, max: 254 });
      v.string(`${field}/attributes/customer/merchant_customer_id`, customer.merchant_customer_id, { min: 1, max: 64 });
    }
    const verification = v.object(`${field}/attributes/verification`, attributes.verification);
    if (verification) v.string(`${field}/attributes/verification/method`, verification.method, { values: ['SCA_ALWAYS', 'SCA_WHEN_REQUIRED', '3D_SECURE', 'AVS_CVV'] });
  }
  if (number === undefined || expiry === undefined) return undefined;
  return {
    ...(name !== undefined && [...name].length >= 2 ? { name } : {}),
    last_digits: number.slice(-4),
    brand: brand ?? 'UNKNOWN',
    type: type ?? 'UNKNOWN',
    expiry,
  };
}

export function readPaymentSource(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const source = v.object(field, value);
  if (!source) return undefined;
  v.require(`${field}/card`, source.card);
  const card = readCard(v, `${field}/card`, source.card);
  return card ? { card } : undefined;
}
