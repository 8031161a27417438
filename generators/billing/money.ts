// Money (billing.md, "Shared value types"): currency_code of exactly 3 characters (ISO-4217) and
// value, a string holding a decimal amount.
import fc from 'fast-check';
import { at, type Breaker, replaceFrom } from '../invalid.js';
import { digitChar, textOfLength } from '../text.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import { NEVER_ASSIGNED } from '../../contracts/iso-4217.js';

// a type alias, not an interface, so that Money is assignable to index-signature JSON types
export type Money = {
  currency_code: string;
  value: string;
};

/** ISO-4217 codes with two minor digits, so that every generated amount is plausible in each. */
export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'NZD',
  'SGD',
  'HKD',
  'MXN',
  'CZK',
] as const;

export const currencyCode: fc.Arbitrary<string> = fc.constantFrom(...CURRENCY_CODES);

/**
 * Decimal amount text: an integer part without superfluous leading zeros and an optional
 * fraction of two digits ("0", "7", "19.99", "1250.00").
 */
export function decimalAmount(opts: { min?: number; max?: number } = {}): fc.Arbitrary<string> {
  const min = opts.min ?? 0;
  const max = opts.max ?? 99999;
  return fc
    .tuple(fc.integer({ min, max }), fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }))
    .map(([whole, cents]) =>
      cents === undefined || (whole === max && cents > 0)
        ? String(whole)
        : `${whole}.${String(cents).padStart(2, '0')}`,
    );
}

/** The forms a decimal amount takes: a whole number, and a fraction of one digit or of two. */
export const DECIMAL_FORMS = [
  { what: 'a whole number', digits: 0 },
  { what: 'one fraction digit', digits: 1 },
  { what: 'two fraction digits', digits: 2 },
] as const;

/** Decimal text in `min..max` with exactly `digits` fraction digits (none: a whole number). */
export function decimalOfForm(digits: 0 | 1 | 2, opts: { min: number; max: number }): fc.Arbitrary<string> {
  const whole = fc.integer({ min: opts.min, max: digits === 0 ? opts.max : opts.max - 1 });
  if (digits === 0) return whole.map(String);
  return fc
    .tuple(whole, fc.integer({ min: 1, max: 10 ** digits - 1 }))
    .map(([w, f]) => `${w}.${String(f).padStart(digits, '0')}`);
}

/** Money in `currency` (any of CURRENCY_CODES when absent), amount 1..99999 unless told. */
export function money(opts: { currency?: string; min?: number; max?: number } = {}): fc.Arbitrary<Money> {
  const currency = opts.currency !== undefined ? fc.constant(opts.currency) : currencyCode;
  return fc.record({ currency_code: currency, value: decimalAmount({ min: opts.min ?? 1, max: opts.max }) });
}

/**
 * Single-rule breaks of a Money member: a currency code of 2 or 4 letters (no ISO 4217 code has
 * either), three capital letters that are no ISO 4217 code, a non-decimal value.
 */
export const breakMoney: ReadonlyArray<Breaker<Money>> = [
  at<Money>(['currency_code'], (code) =>
    fc.constantFrom(2, 4).map((n) => {
      const c = String(code ?? 'USD');
      const broken = n === 2 ? c.slice(0, 2) : c + 'X';
      return {
        value: broken,
        rule: 'billing.money.currency_code.length',
        description: `currency_code "${broken}" has ${n} characters (exactly 3)`,
        path: '',
        alsoBreaks: ['billing.money.currency_code.iso-4217'],
      };
    }),
  ),
  at<Money>(['currency_code'], () =>
    fc.constantFrom(...NEVER_ASSIGNED).map((code) => ({
      value: code,
      rule: 'billing.money.currency_code.iso-4217',
      description: `currency_code "${code}" is three capital letters but no ISO 4217 code`,
      path: '',
    })),
  ),
  at<Money>(
    ['value'],
    replaceFrom(
      'billing.money.value.pattern',
      (v) => `value ${JSON.stringify(v)} is not a decimal amount`,
      fc.constantFrom('ten', '1,00', '12.3.4', '$5', '1e3', ''),
    ),
  ),
  // its own label: a pattern whose fraction digits are optional after the point takes it
  at<Money>(
    ['value'],
    replaceFrom(
      'billing.money.value.pattern',
      () => 'value 1. ends in a point without fraction digits (a decimal amount)',
      fc.constant('1.'),
    ),
  ),
];

/** A Money member broken in exactly one rule. */
export function moneyBreak(
  m: Money,
): fc.Arbitrary<{ value: unknown; rule: RuleId; description: string; path: string }> {
  return fc.constantFrom(...breakMoney).chain((b) => b(m));
}

/** Money with exactly `digits` digits in the value: a decimal string at an unusual length. */
export function moneyWithDigits(currency: string, digits: number): fc.Arbitrary<Money> {
  return textOfLength(digitChar, digits - 1).map((rest) => ({ currency_code: currency, value: '1' + rest }));
}
