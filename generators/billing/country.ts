// country_code (billing.md, "Shared value types"): exactly 2 characters, two capital letters
// or C2 (China worldwide); GB for Great Britain, never UK.
import fc from 'fast-check';
import type { Breaker } from '../invalid.js';

/** A sample of ISO 3166-1 alpha-2 codes, C2 included. */
export const COUNTRY_CODES = [
  'US',
  'GB',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'CA',
  'AU',
  'NZ',
  'JP',
  'BR',
  'MX',
  'IN',
  'SE',
  'NO',
  'DK',
  'FI',
  'IE',
  'PL',
  'CH',
  'AT',
  'PT',
  'SG',
  'HK',
  'C2',
  'CN',
  'ZA',
  'IL',
] as const;

export const countryCode: fc.Arbitrary<string> = fc.constantFrom(...COUNTRY_CODES);

/** The codes the spec names: C2, its pattern's other alternative, and GB (Great Britain, never UK). */
export const NAMED_COUNTRY_CODES = [
  { code: 'C2', what: "C2 (China worldwide, the pattern's other alternative)" },
  { code: 'GB', what: 'GB (Great Britain)' },
] as const;

/**
 * Single-rule breaks: lower case letters, three characters in each alternative of the pattern
 * (three letters; C2 and a letter). UK is not among them: a server may take it and store GB (the
 * spec says what a country_code is, not that UK is refused); the UK check judges that on its own.
 */
export const breakCountryCode: Breaker<unknown> = () =>
  fc.constantFrom(
    { value: 'gb', rule: 'billing.country_code.pattern', description: 'country_code in lower case', path: '' },
    { value: 'De', rule: 'billing.country_code.pattern', description: 'country_code in mixed case', path: '' },
    // three letters cannot match the two-letter pattern either
    {
      value: 'GBR',
      rule: 'billing.country_code.length',
      description: 'country_code of 3 letters (exactly 2)',
      path: '',
      alsoBreaks: ['billing.country_code.pattern'],
    },
    {
      value: 'C2C',
      rule: 'billing.country_code.length',
      description: 'country_code of 3 characters, C2 and a letter (exactly 2)',
      path: '',
      alsoBreaks: ['billing.country_code.pattern'],
    },
  );
