// billing.md, "Shared value types": Money, Link, the date and code strings.

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

const SHARED = anchor('billing.md', 'Shared value types');
/** The row of the shared value types table that states a type (words: its name, when the ids do not give it). */
const A = (line: number, contracts: readonly string[], words?: string) => onLine(SHARED, line, words, contracts);
const UNUSED = 'a shared value type that no member of any billing operation is stated to have';

export const DECIMAL_REGEX = '^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$';
export const DATE_TIME_REGEX =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])' +
  '[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$';

export const MONEY = fields({
  money: { id: 'billing.money', label: 'A Money', type: 'object' },
  currency_code: {
    id: 'billing.money.currency_code',
    label: 'Money currency_code',
    type: 'string',
    length: [3, 3],
    required: 'in every Money',
  },
  value: {
    id: 'billing.money.value',
    label: 'Money value',
    type: 'string',
    required: 'in every Money',
    pattern: { regex: DECIMAL_REGEX, says: 'is a decimal amount' },
  },
});

export const LINK = fields({
  link: { id: 'billing.link', label: 'A Link', type: 'object' },
  href: { id: 'billing.link.href', label: 'Link href', type: 'string', format: 'uri', required: 'in every Link' },
  rel: { id: 'billing.link.rel', label: 'Link rel', type: 'string', required: 'in every Link' },
  method: { id: 'billing.link.method', label: 'Link method', type: 'string', required: 'in every Link' },
  array: { id: 'billing.link.array', label: 'A Link array', type: 'array', items: [1, 10] },
});

export const DATE_TIME: FieldSpec = {
  id: 'billing.date_time',
  label: 'A date_time',
  type: 'string',
  length: [20, 64],
  pattern: { regex: DATE_TIME_REGEX, says: 'is an Internet date-time with seconds (fractional seconds optional)' },
};
export const DATE_NO_TIME: FieldSpec = {
  id: 'billing.date_no_time',
  label: 'A date_no_time',
  type: 'string',
  length: [10, 10],
  pattern: { regex: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', says: 'is YYYY-MM-DD' },
};
export const DATE_YEAR_MONTH: FieldSpec = {
  id: 'billing.date_year_month',
  label: 'A date_year_month',
  type: 'string',
  length: [7, 7],
  pattern: { regex: '^[0-9]{4}-(0[1-9]|1[0-2])$', says: 'is YYYY-MM with month 01 to 12' },
};
export const COUNTRY_CODE: FieldSpec = {
  id: 'billing.country_code',
  label: 'A country_code',
  type: 'string',
  length: [2, 2],
  pattern: { regex: '^([A-Z]{2}|C2)$', says: 'is two capital letters (or C2)' },
};
export const CURRENCY_DECIMAL_PRECISION: FieldSpec = {
  id: 'billing.currency_decimal_precision',
  label: 'A currency_decimal_precision',
  type: 'integer',
  range: [0, 50],
};
export const DESCRIPTION: FieldSpec = {
  id: 'billing.description',
  label: 'A description',
  type: 'string',
  length: [1, 256],
};
export const EMAIL: FieldSpec = { id: 'billing.email', label: 'An email', type: 'string', length: [3, 254] };
export const DENOMINATION_TYPE: FieldSpec = {
  id: 'billing.denomination_type',
  label: 'A Denomination Type',
  type: 'string',
  length: [1, 128],
  enum: ['CURRENCY', 'REWARDS_CURRENCY'],
};
export const URL_DETAILS = fields({
  url_details: { id: 'billing.url_details', label: 'URL details', type: 'object' },
  type: {
    id: 'billing.url_details.type',
    label: 'URL details type',
    type: 'string',
    length: [1, 100],
    enum: ['SETTINGS', 'TERMS_AND_CONDITIONS'],
  },
  url: { id: 'billing.url_details.url', label: 'URL details url', type: 'string', format: 'uri' },
});

export const SHARED_TYPE_RULES: readonly Rule[] = [
  ...fieldRules(A(23, [S.money]), Object.values(MONEY)),
  // "ISO-4217": a code of the standard's list (contracts/iso-4217.ts), in answers and requests alike
  must(
    at(SHARED, 23, 'ISO-4217', [S.money]),
    'billing.money.currency_code.iso-4217',
    'schema',
    'Money currency_code is an ISO 4217 currency code',
  ),
  ...fieldRules(A(24, [S.link, S.links]), Object.values(LINK)),
  ...fieldRules(A(25, [S.dateTime]), [DATE_TIME]),
  ...notObservable(UNUSED, fieldRules(A(26, [S.dateNoTime]), [DATE_NO_TIME])),
  ...fieldRules(A(27, [S.dateYearMonth]), [DATE_YEAR_MONTH]),
  ...fieldRules(A(28, [S.countryCode]), [COUNTRY_CODE]),
  withFacts(
    { allows: ['refusing a request with UK', 'taking it and showing GB', 'taking it and not showing the member'] },
    must(
      at(SHARED, 28, 'GB is used for Great Britain', [S.countryCode]),
      'billing.country_code.gb-not-uk',
      'schema',
      'Great Britain is GB: no answer shows a country_code UK',
    ),
  ),
  // The spec says what a country_code is, not what a server does with UK in a request: taking it
  // and storing GB conforms too, so refusing it is a SHOULD.
  withFacts(
    {
      noSchemaConstraint:
        'a refusal (a SHOULD): the contracts say what a country_code is, and their `not UK` constraint enforces what ' +
        'an ' +
        'answer shows (billing.country_code.gb-not-uk); the refusal is a request check',
    },
    should(
      at(SHARED, 28, 'GB is used for Great Britain', [S.countryCode]),
      'billing.country_code.uk-refused',
      'schema',
      'A request with country_code UK is refused (Great Britain is GB)',
    ),
  ),
  ...notObservable(UNUSED, fieldRules(A(29, [S.currencyDecimalPrecision]), [CURRENCY_DECIMAL_PRECISION])),
  ...notObservable(UNUSED, fieldRules(A(30, [S.description]), [DESCRIPTION])),
  ...fieldRules(A(31, [S.email]), [EMAIL]),
  ...notObservable(UNUSED, fieldRules(A(32, [S.denominationType], 'Denomination Type'), [DENOMINATION_TYPE])),
  ...notObservable(UNUSED, fieldRules(A(33, [S.urlDetails], 'URL details'), Object.values(URL_DETAILS))),
];
