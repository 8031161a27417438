// application_context (billing.md, "application_context").
import fc from 'fast-check';
import { at, type Breaker, missing, replaceWith } from '../invalid.js';
import { companyName } from '../faker.js';
import { anyCompanyName } from './human-text.js';
import { alphanumericChar, fitTo, lengthBetween, textOfLength } from '../text.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

export const SHIPPING_PREFERENCES = ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'] as const;
export const USER_ACTIONS = ['CONTINUE', 'SUBSCRIBE_NOW'] as const;
export const PAYEE_PREFERENCES = ['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED'] as const;
export const URL_MIN = 10;
export const URL_MAX = 4000;
export const BRAND_NAME_MAX = 127;

/** BCP 47 tags of 2..10 characters, both ends included ("en", "zh-Hant-TW"), most of them language-region codes. */
export const LOCALES = [
  'en',
  'fr',
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'ja-JP',
  'pt-BR',
  'zh-CN',
  'zh-Hant-TW',
] as const;

/**
 * Locales of 2..10 characters that are no BCP 47 tag: the usual mistakes (an underscore, a
 * hyphen too many, digits for a language, a region of one letter), each with what it is.
 */
export const NOT_LANGUAGE_TAGS = [
  { value: 'en_US', mistake: 'an underscore between its subtags' },
  { value: 'en-', mistake: 'a hyphen at its end' },
  { value: 'en--US', mistake: 'two hyphens in a row' },
  { value: '12-US', mistake: 'digits for a language' },
  { value: 'fr-F', mistake: 'a region of one letter' },
] as const;

export interface ApplicationContext {
  brand_name?: string;
  shipping_preference?: string;
  user_action?: string;
  return_url: string;
  cancel_url: string;
  locale?: string;
  payment_method?: { payer_selected?: string; payee_preferred?: string };
}

/**
 * An https URL of exactly `n` characters (10..4000 for valid ones): "https://ab" at 10, else
 * an example.com address whose path and query make up the length.
 */
export function httpsUrlOfLength(n: number, what = 'return'): fc.Arbitrary<string> {
  const base = `https://example.com/${what}?ref=`;
  if (n < base.length + 1)
    return textOfLength(alphanumericChar, Math.max(0, n - 8)).map((h) => `https://${h.toLowerCase()}`);
  return textOfLength(alphanumericChar, n - base.length).map((q) => base + q);
}

/** https URLs of 10..4000 characters, short and realistic mostly, at both limits now and then. */
export function httpsUrl(what = 'return'): fc.Arbitrary<string> {
  return fc
    .oneof(
      { arbitrary: fc.integer({ min: 30, max: 120 }), weight: 6 },
      { arbitrary: lengthBetween(URL_MIN, URL_MAX), weight: 1 },
    )
    .chain((n) => httpsUrlOfLength(n, what));
}

/** brand_name of 1..127 characters, a company name cut or padded to the drawn length. */
export const brandName: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: lengthBetween(1, BRAND_NAME_MAX), weight: 1 }),
    anyCompanyName,
  )
  .map(([n, name]) => (n === 0 ? name.slice(0, BRAND_NAME_MAX) : fitTo('', name, n)));

/** Valid application contexts; `withUserAction: false` leaves user_action out (revise). */
export function applicationContext(opts: { withUserAction?: boolean } = {}): fc.Arbitrary<ApplicationContext> {
  return fc
    .record(
      {
        brand_name: brandName,
        shipping_preference: fc.constantFrom(...SHIPPING_PREFERENCES),
        user_action: fc.constantFrom(...USER_ACTIONS),
        return_url: httpsUrl('return'),
        cancel_url: httpsUrl('cancel'),
        locale: fc.constantFrom(...LOCALES),
        payment_method: fc.record(
          { payer_selected: fc.constant('PLATFORM'), payee_preferred: fc.constantFrom(...PAYEE_PREFERENCES) },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['return_url', 'cancel_url'] },
    )
    .map((c) => {
      if (opts.withUserAction === false) delete c.user_action;
      return c;
    });
}

/** Pins one member of an application context onto a limit. */
export const applicationContextPins: ReadonlyArray<(c: ApplicationContext) => fc.Arbitrary<ApplicationContext>> = [
  (c) =>
    fc
      .constantFrom(URL_MIN, URL_MAX)
      .chain((n) => httpsUrlOfLength(n))
      .map((return_url) => ({ ...c, return_url })),
  (c) =>
    fc
      .constantFrom(URL_MIN, URL_MAX)
      .chain((n) => httpsUrlOfLength(n, 'cancel'))
      .map((cancel_url) => ({ ...c, cancel_url })),
  (c) =>
    fc
      .tuple(fc.constantFrom(1, BRAND_NAME_MAX), anyCompanyName)
      .map(([n, b]) => ({ ...c, brand_name: fitTo('', b, n) })),
  (c) => fc.constantFrom('en', 'en-US', 'zh-Hant-TW').map((locale) => ({ ...c, locale })),
];

/** The locales of each form the spec names at each end of 2..10: a language, a language-region code, the longest. */
export const LOCALES_AT_LIMITS = [
  { locale: 'en', what: 'a language (2 characters)' },
  { locale: 'en-US', what: 'a five-character language-region code' },
  { locale: 'zh-Hant-TW', what: 'a language, a script and a region (10 characters)' },
] as const;

const urlBreaks = (
  member: 'return_url' | 'cancel_url',
  required: RuleId,
  length: RuleId,
): Breaker<ApplicationContext>[] => [
  at([member], missing(required, member)),
  at([member], () =>
    fc.constantFrom(URL_MIN - 1, URL_MAX + 1).chain((n) =>
      httpsUrlOfLength(n, member === 'return_url' ? 'return' : 'cancel').map((value) => ({
        value,
        rule: length,
        description: `${member} of ${n} characters (${URL_MIN}..${URL_MAX})`,
        path: '',
      })),
    ),
  ),
];

/** Breaks of the locale: its length (2..10), and its form (a BCP 47 language tag). */
const LOCALE_BREAKS: Breaker<ApplicationContext>[] = [
  // no tag has one character: a language subtag has two at least
  at(
    ['locale'],
    replaceWith('billing.application_context.locale.length', 'locale of 1 character (2..10)', 'e', [
      'billing.application_context.locale.pattern',
    ]),
  ),
  at(
    ['locale'],
    replaceWith('billing.application_context.locale.length', 'locale of 11 characters (2..10)', 'en-US-x-abc'),
  ),
  // past 10 in the commonest long form too: a server that reads tags strictly (language, script,
  // region) refuses a private use for its form, and took 11 characters of this one unseen
  at(
    ['locale'],
    replaceWith(
      'billing.application_context.locale.length',
      'locale of 11 characters, a language, a script and a region (2..10)',
      'yue-Hant-HK',
    ),
  ),
  // one label each: a server that allows one of these mistakes is shown it on every run
  ...NOT_LANGUAGE_TAGS.map(({ value, mistake }) =>
    at<ApplicationContext>(
      ['locale'],
      replaceWith('billing.application_context.locale.pattern', `locale with ${mistake} (not a BCP 47 tag)`, value),
    ),
  ),
];

/** Single-rule breaks of an application context (user_action only where it is allowed). */
export function breakApplicationContext(opts: { withUserAction?: boolean } = {}): Breaker<ApplicationContext>[] {
  const breaks: Breaker<ApplicationContext>[] = [
    ...urlBreaks(
      'return_url',
      'billing.application_context.return_url.required',
      'billing.application_context.return_url.length',
    ),
    ...urlBreaks(
      'cancel_url',
      'billing.application_context.cancel_url.required',
      'billing.application_context.cancel_url.length',
    ),
    at(
      ['brand_name'],
      replaceWith('billing.application_context.brand_name.length', 'brand_name of 0 characters (min 1)', ''),
    ),
    at(['brand_name'], (b: string | undefined) =>
      companyName.map((name) => ({
        value: fitTo(b ?? name, name.repeat(8), BRAND_NAME_MAX + 1),
        rule: 'billing.application_context.brand_name.length',
        description: 'brand_name of 128 characters (max 127)',
        path: '',
      })),
    ),
    at(
      ['shipping_preference'],
      replaceWith(
        'billing.application_context.shipping_preference.enum',
        'shipping_preference PICKUP (not a listed value)',
        'PICKUP',
      ),
    ),
    ...LOCALE_BREAKS,
    at(
      ['payment_method', 'payer_selected'],
      replaceWith(
        'billing.application_context.payment_method.payer_selected.enum',
        'payer_selected CARD (only PLATFORM)',
        'CARD',
      ),
    ),
    at(
      ['payment_method', 'payee_preferred'],
      replaceWith(
        'billing.application_context.payment_method.payee_preferred.enum',
        'payee_preferred ANY (UNRESTRICTED, IMMEDIATE_PAYMENT_REQUIRED)',
        'ANY',
      ),
    ),
  ];
  if (opts.withUserAction !== false) {
    breaks.push(
      at(
        ['user_action'],
        replaceWith(
          'billing.application_context.user_action.enum',
          'user_action PAY_NOW (CONTINUE, SUBSCRIBE_NOW)',
          'PAY_NOW',
        ),
      ),
    );
  } else {
    breaks.push(
      at(
        ['user_action'],
        replaceWith(
          'billing.application_context.user_action.create-only',
          'user_action on revise (application_context without user_action)',
          'CONTINUE',
        ),
      ),
    );
  }
  return breaks;
}
