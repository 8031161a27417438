// The shared value types of billing.md (Money, date_time, country_code, decimal text, addresses).

import { isObject, type JsonObject } from '../http/json.js';
import type { Validator } from '../http/validator.js';
import type { Money } from './model.js';
import { ISO_4217_CODES } from '../../contracts/iso-4217.js';

/** Seconds required, fractional seconds optional, Z or an offset. */
export const DATE_TIME = new RegExp(
  String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])` +
    String.raw`[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$`,
);
const DATE_TIME_MIN_LENGTH = 20;
export const MONEY_VALUE = /^-?(\d+(\.\d+)?|\.\d+)$/;
/** Digits with an optional fraction (quantity, percentages, tier quantities). */
export const DECIMAL_TEXT = /^\d+(\.\d+)?$/;
const COUNTRY_CODE = /^(?:[A-Z]{2}|C2)$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;
export const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
export const PLAN_ID = /^P-[A-Z0-9]{24}$/;
export const PRODUCT_ID = /^PROD-[A-Z0-9]{17}$/;
export const UPPER_WORD = /^[A-Z_]+$/;

export function money(v: Validator, field: string, value: unknown): Money | undefined {
  const object = v.object(field, value);
  if (!object) return undefined;
  v.require(`${field}/currency_code`, object.currency_code);
  const currencyRule = v.behaviour.accepted('currency_code rule', {
    min: 3,
    max: 3,
    pattern: CURRENCY_CODE,
    patternText: 'three capital letters (ISO-4217)',
    values: ISO_4217_CODES,
  });
  const currency = v.string(`${field}/currency_code`, object.currency_code, currencyRule);
  v.require(`${field}/value`, object.value);
  const amount = v.string(
    `${field}/value`,
    object.value,
    v.behaviour.accepted('money value rule', {
      min: 1,
      max: 32,
      pattern: MONEY_VALUE,
      patternText: 'a decimal amount',
    }),
  );
  return currency !== undefined && amount !== undefined ? { currency_code: currency, value: amount } : undefined;
}

/** date_time: 20..64 characters (`max` differs only under a fault). */
export function dateTime(v: Validator, field: string, value: unknown, max = 64): string | undefined {
  return v.string(
    field,
    value,
    v.behaviour.accepted('date_time rule', {
      min: DATE_TIME_MIN_LENGTH,
      max,
      pattern: DATE_TIME,
      patternText: 'an Internet date-time with seconds, for example 2030-01-01T00:00:00Z',
    }),
  );
}

export function countryCode(v: Validator, field: string, value: unknown): string | undefined {
  const code = v.string(
    field,
    value,
    v.behaviour.accepted('country_code rule', {
      min: 2,
      max: 2,
      pattern: COUNTRY_CODE,
      patternText: 'two capital letters or C2',
    }),
  );
  // billing.md, country_code: "GB is used for Great Britain, not UK."
  // variant country-code-uk-stored-gb: UK is taken for Great Britain and stored (and shown) as GB
  if (code === 'UK' && v.behaviour.variant('country-code-uk-stored-gb')) return 'GB';
  if (code === 'UK' && v.behaviour.checks('billing.country_code.gb-not-uk')) {
    return v.fail(field, 'INVALID_PARAMETER_VALUE', `${field} must be GB for Great Britain, not UK.`);
  }
  return code;
}

export function decimalText(v: Validator, field: string, value: unknown, max = 32): string | undefined {
  const rule = { min: 1, max, pattern: DECIMAL_TEXT, patternText: 'digits with an optional fraction' };
  return v.string(field, value, v.behaviour.accepted('decimal text rule', rule, { field }));
}

/** quantity: decimal text of 1..32 characters (`max` differs only under a fault). */
export function quantity(v: Validator, field: string, value: unknown, max = 32): string | undefined {
  return v.string(
    field,
    value,
    v.behaviour.accepted('quantity rule', {
      min: 1,
      max,
      pattern: DECIMAL_TEXT,
      patternText: 'digits with an optional fraction',
    }),
  );
}

/** email: 3..254 characters (`max` differs only under a fault). */
export function email(v: Validator, field: string, value: unknown, max = 254): string | undefined {
  return v.string(field, value, { min: 3, max });
}

/** address_line_1, address_line_2, admin_area_2, admin_area_1, postal_code, country_code (lengths: not shown). */
export function address(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const object = v.object(field, value);
  if (!object) return undefined;
  for (const member of ['address_line_1', 'address_line_2', 'admin_area_1', 'admin_area_2', 'postal_code']) {
    v.string(`${field}/${member}`, object[member], { min: 1 });
  }
  const code = countryCode(v, `${field}/country_code`, object.country_code);
  // A code taken in another form (UK under a variant) is stored as the code it stands for.
  if (code !== undefined && code !== object.country_code) object.country_code = code;
  return object;
}

/** shipping_detail: name {full_name, or given_name and surname} and address. */
export function shippingDetail(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const object = v.object(field, value);
  if (!object) return undefined;
  const name = v.object(`${field}/name`, object.name);
  if (name) {
    v.string(`${field}/name/full_name`, name.full_name, { min: 1, max: 300 });
    v.string(`${field}/name/given_name`, name.given_name, { min: 1, max: 140 });
    v.string(`${field}/name/surname`, name.surname, { min: 1, max: 140 });
    // without full_name, the name is given_name and surname: both
    if (name.full_name === undefined && v.behaviour.checks('billing.shipping_detail.name.shape')) {
      v.require(`${field}/name/given_name`, name.given_name);
      v.require(`${field}/name/surname`, name.surname);
    }
  }
  address(v, `${field}/address`, object.address);
  return object;
}

export function isMoney(value: unknown): value is Money {
  return isObject(value) && typeof value.currency_code === 'string' && typeof value.value === 'string';
}
