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
] as const satisfies readonly FaultPlugin[];
