// The shared value types of billing.md: Money, date_time, country_code, quantity, custom_id, links.
// One entry a fault: its name, the rule it breaks (its kind is the rule's), what it does, and
// where it plugs in (faults/points.ts).

import { skipsCheckOf, type FaultPlugin } from './plugin.js';

/** A date_time whose seconds may be left out. */
const DATE_TIME_OPTIONAL_SECONDS = new RegExp(
  String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])` +
    String.raw`[Tt]([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$`,
);

/** A refusal of the validator skipped where `field` and `issue` match: the value is taken as sent. */
const takesRefused = (matches: (field: string) => boolean, issue: string): FaultPlugin['at'] => ({
  'refusal enforced': (enforced, facts) => enforced && !(matches(facts.field) && facts.issue === issue),
});

/** A date_time with Z as its only zone. */
const DATE_TIME_Z_ONLY = new RegExp(
  String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?[Zz]$`,
);

/** A date_time of up to 43 fraction digits, whatever its zone. */
const DATE_TIME_43_DIGITS = new RegExp(
  String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])` +
    String.raw`[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,43})?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$`,
);

/** A BCP 47 tag of a language, a script and a region (two letters or three digits), each optional but the first. */
const BCP_47_STRICT = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

export const VALUE_FAULTS = [
  {
    name: 'currency-code-not-iso-taken',
    rule: 'billing.money.currency_code.iso-4217',
    description: 'A Money currency_code of three capital letters is taken whether or not ISO 4217 lists it (ABC).',
    at: { 'currency_code rule': ({ values: _values, ...rule }) => rule },
  },
  {
    name: 'created-before-malformed-taken',
    rule: 'billing.date_time.pattern',
    description:
      'List subscriptions takes a created_before that is no date_time (no seconds) and filters by it: nothing is ' +
      'listed.',
    at: takesRefused((field) => field === 'created_before', 'INVALID_PARAMETER_SYNTAX'),
  },
  {
    name: 'status-updated-after-malformed-taken',
    rule: 'billing.date_time.pattern',
    description:
      'List subscriptions takes a status_updated_after that is no date_time (no seconds) and filters by it: ' +
      'nothing is listed.',
    at: takesRefused((field) => field === 'status_updated_after', 'INVALID_PARAMETER_SYNTAX'),
  },
  {
    name: 'locale-not-bcp47-taken',
    rule: 'billing.application_context.locale.pattern',
    description: 'Create subscription and revise take an application_context locale that is no BCP 47 tag (en_US).',
    at: takesRefused((field) => field.endsWith('/application_context/locale'), 'INVALID_PARAMETER_SYNTAX'),
  },
  {
    name: 'plan-links-empty',
    rule: 'billing.link.array.items',
    description: 'Plans are returned with an empty links array.',
    // Plan links only (self, edit, deactivate name the plan): a subscription keeps its approve link.
    at: { links: (links) => (links.some((link) => /\/v1\/billing\/plans\/P-/.test(link.href)) ? [] : links) },
  },
  {
    name: 'link-missing-method',
    rule: 'billing.link.method.required',
    description: 'Links of plans lack the method member.',
    at: { link: ({ method: _method, ...rest }) => rest },
  },
  {
    name: 'money-value-number',
    rule: 'billing.money.value.type',
    description: 'Money values in responses are JSON numbers instead of decimal strings.',
    consequences: {
      'billing.show-subscription.returns-subscription':
        "the prices of a subscription's plan override (whose other fields are not shown, so no contract judges " +
        'them) read back as numbers, not as the text sent',
    },
    at: { 'money value': (_, { value }) => Number(value) },
  },
  {
    name: 'country-code-uk-accepted',
    rule: 'billing.country_code.gb-not-uk',
    description:
      'A country_code UK (well-formed, but Great Britain is GB) is accepted in shipping addresses and ' +
      'shown back as UK.',
    at: skipsCheckOf('billing.country_code.gb-not-uk'),
  },
  {
    name: 'quantity-fractional-refused',
    rule: 'billing.subscription.quantity.pattern',
    description: 'A quantity with a fraction (for example 1.5) is refused.',
    at: { 'quantity rule': (rule) => ({ ...rule, pattern: /^\d+$/ }) },
  },
  {
    name: 'currency-code-4-accepted',
    rule: 'billing.money.currency_code.length',
    description: 'A Money currency_code of four characters is accepted.',
    at: { 'currency_code rule': () => ({ min: 3, max: 4, pattern: /^[A-Z]{3,4}$/ }) },
  },
  {
    name: 'date-time-no-seconds-accepted',
    rule: 'billing.date_time.pattern',
    description: 'A date_time without seconds (start_time 2030-01-01T10:00Z) is accepted.',
    at: { 'date_time rule': (rule) => ({ ...rule, min: 17, pattern: DATE_TIME_OPTIONAL_SECONDS }) },
  },
  {
    name: 'country-code-lowercase-accepted',
    rule: 'billing.country_code.pattern',
    description: 'A country_code of two lower-case letters is accepted.',
    at: { 'country_code rule': (rule) => ({ ...rule, pattern: /^(?:[A-Za-z]{2}|C2)$/ }) },
  },
  {
    name: 'custom-id-non-ascii-accepted',
    rule: 'billing.subscription.custom_id.pattern',
    description: 'A custom_id with non-ASCII characters is accepted.',
    at: { 'custom_id rule': (rule) => ({ ...rule, pattern: /^[^\p{Cc}]+$/u }) },
  },
  {
    name: 'country-code-c2-refused',
    rule: 'billing.country_code.pattern',
    description: 'A country_code C2 (China worldwide) is refused: the pattern reads two capital letters only.',
    at: { 'country_code rule': (rule) => ({ ...rule, pattern: /^[A-Z]{2}$/ }) },
  },
  {
    name: 'country-code-gb-refused',
    rule: 'billing.country_code.pattern',
    description: 'A country_code GB is refused, as by a country list that has UK where GB belongs.',
    at: { 'country_code rule': (rule) => ({ ...rule, pattern: /^(?!GB$)(?:[A-Z]{2}|C2)$/ }) },
  },
  {
    name: 'country-code-c2-prefix-taken',
    rule: 'billing.country_code.length',
    besideGenerated: true,
    description:
      'A country_code is held to its length by its pattern alone, whose C2 alternative lacks its end anchor ' +
      '(^[A-Z]{2}$|^C2): C2 and a letter (C2C) is taken, three letters are refused.',
    at: { 'country_code rule': (rule) => ({ ...rule, max: undefined, pattern: /^[A-Z]{2}$|^C2/ }) },
  },
  {
    name: 'date-time-offset-refused',
    rule: 'billing.date_time.pattern',
    description: 'A date_time with a numeric offset (+01:00) is refused: only Z is read.',
    at: { 'date_time rule': (rule) => ({ ...rule, pattern: DATE_TIME_Z_ONLY }) },
  },
  {
    name: 'date-time-offset-65-taken',
    rule: 'billing.date_time.length',
    description:
      'A date_time is held to 64 characters by its pattern alone, at most 43 fraction digits (right with Z, ' +
      'five too many with an offset): one of 65 characters with an offset is taken.',
    at: { 'date_time rule': (rule) => ({ ...rule, max: undefined, pattern: DATE_TIME_43_DIGITS }) },
  },
  {
    name: 'quantity-33-digits-taken',
    rule: 'billing.subscription.quantity.length',
    besideGenerated: true,
    description:
      'A quantity is held to 32 characters by its pattern alone, and its whole-number form allows 33 digits: ' +
      'a quantity of 33 digits without a fraction is taken (revise reads its quantity alike).',
    at: {
      'quantity rule': (rule) => ({ ...rule, max: undefined, pattern: /^(?:\d{1,33}|(?=[\d.]{1,32}$)\d+\.\d+)$/ }),
    },
  },
  {
    name: 'quantity-exponent-taken',
    rule: 'billing.subscription.quantity.pattern',
    description:
      'A quantity is read by a number grammar that allows an exponent: 1e2 is taken (revise reads its ' +
      'quantity alike).',
    at: { 'quantity rule': (rule) => ({ ...rule, pattern: /^\d+(\.\d+)?(e\d+)?$/i }) },
  },
  {
    name: 'money-value-trailing-point-taken',
    rule: 'billing.money.value.pattern',
    besideGenerated: true,
    description: 'A Money value ending in a point (1.) is taken: its pattern makes the fraction digits optional.',
    at: { 'money value rule': (rule) => ({ ...rule, pattern: /^-?(\d+(\.\d*)?|\.\d+)$/ }) },
  },
  {
    name: 'money-value-one-decimal-refused',
    rule: 'billing.money.value.pattern',
    besideGenerated: true,
    description: 'A Money value with one fraction digit (19.5) is refused: two digits or none are read.',
    at: { 'money value rule': (rule) => ({ ...rule, pattern: /^-?\d+(?:\.\d{2})?$/ }) },
  },
  {
    name: 'taxes-percentage-fraction-refused',
    rule: 'billing.taxes.percentage.pattern',
    besideGenerated: true,
    description: 'A taxes.percentage with a fraction (7.25) is refused: a whole number is read.',
    at: {
      'decimal text rule': (rule, { field }) => (field.endsWith('/percentage') ? { ...rule, pattern: /^\d+$/ } : rule),
    },
  },
  {
    name: 'taxes-percentage-whole-refused',
    rule: 'billing.taxes.percentage.pattern',
    besideGenerated: true,
    description: 'A taxes.percentage without a fraction (7) is refused: digits, a point and digits are read.',
    at: {
      'decimal text rule': (rule, { field }) =>
        field.endsWith('/percentage') ? { ...rule, pattern: /^\d+\.\d+$/ } : rule,
    },
  },
  {
    name: 'locale-language-region-refused',
    rule: 'billing.application_context.locale.pattern',
    description: 'A locale of a language and a region (en-US, five characters) is refused: only en_US is read.',
    at: { 'locale rule': (rule) => ({ ...rule, pattern: /^[a-z]{2,3}(?:_[A-Z]{2})?$/ }) },
  },
  {
    name: 'locale-underscore-taken',
    rule: 'billing.application_context.locale.pattern',
    description: 'A locale written with an underscore (en_US), which is no BCP 47 tag, is taken.',
    at: { 'locale rule': (rule) => ({ ...rule, pattern: /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/ }) },
  },
  {
    name: 'shipping-preference-set-provided-refused',
    rule: 'billing.application_context.shipping_preference.enum',
    besideGenerated: true,
    description: 'A shipping_preference SET_PROVIDED_ADDRESS is refused: only GET_FROM_FILE and NO_SHIPPING are read.',
    at: { 'shipping_preference values': (values) => values.filter((value) => value !== 'SET_PROVIDED_ADDRESS') },
  },
  {
    name: 'locale-11-taken',
    rule: 'billing.application_context.locale.length',
    besideGenerated: true,
    description:
      'A locale of 11 characters is taken (its limit is set one too high). It reads BCP 47 strictly ' +
      '(language, script, region of two letters or three digits), as it may.',
    at: { 'locale rule': (rule) => ({ ...rule, max: 11, pattern: BCP_47_STRICT }) },
  },
] as const satisfies readonly FaultPlugin[];
