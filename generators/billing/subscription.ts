// The create-subscription request (billing.md, "Subscription", "Endpoints / Subscriptions").
import fc from 'fast-check';
import { at, atSomeItem, type Breaker, invalidOf, type Invalid, missing, replaceWith } from '../invalid.js';
import { fitTo, lengthBetween, printableAsciiChar, textOfLength, upperAlnumChar } from '../text.js';
import {
  applicationContext,
  applicationContextPins,
  breakApplicationContext,
  type ApplicationContext,
} from './app-context.js';
import { breakShippingDetail, emailOfLength, shippingDetail, subscriber, type Subscriber } from './contact.js';
import type { BillingCycle } from './cycles.js';
import { breakDateTime, dateTime, dateTimeBoundary } from './datetime.js';
import { breakMoney, money, type Money } from './money.js';
import { shortestTagged } from './plan.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import { breakBillingCycleOverride, planOverride, type BillingCycleOverride, type PlanOverride } from './override.js';

export const CUSTOM_ID_MAX = 127;
export const QUANTITY_MAX = 32;

export interface CreateSubscriptionBody {
  plan_id: string;
  quantity?: string;
  auto_renewal?: boolean;
  custom_id?: string;
  start_time?: string;
  shipping_amount?: Money;
  subscriber?: Subscriber;
  application_context?: ApplicationContext;
  plan?: PlanOverride;
}

export interface SubscriptionOptions {
  /** An ACTIVE plan of the target. */
  planId: string;
  /** A run prefix that custom_id starts with (custom_id is then always present). */
  tag?: string;
  /** The plan supports quantities: quantity may be sent. Without it quantity is left out. */
  quantitySupported?: boolean;
  /** The plan's cycles: plan overrides are drawn from them. Without them no override is sent. */
  planCycles?: readonly BillingCycle[];
  /** Currency of the plan, for shipping_amount (any when absent). */
  currency?: string;
}

function checkTag(tag: string | undefined): string {
  const t = tag ?? '';
  if (!/^[\x20-\x7e]*$/.test(t) || t.length > CUSTOM_ID_MAX)
    throw new Error(`tag "${t}" cannot start a custom_id (printable ASCII, max 127)`);
  return t;
}

/** custom_id of exactly `n` printable ASCII characters starting with `tag`, invoice-like. */
export function customIdOfLength(tag: string | undefined, n: number): fc.Arbitrary<string> {
  const t = checkTag(tag);
  return fc
    .tuple(fc.integer({ min: 1, max: 999999 }), textOfLength(printableAsciiChar, CUSTOM_ID_MAX))
    .map(([inv, filler]) => fitTo(t, `INV-${String(inv).padStart(6, '0')}-${filler}`, n));
}

/** custom_id of 1..127 printable ASCII characters (tag length..127 with a tag). */
export function customId(tag?: string): fc.Arbitrary<string> {
  checkTag(tag);
  return lengthBetween(shortestTagged(tag), CUSTOM_ID_MAX).chain((n) => customIdOfLength(tag, n));
}

/** Quantity text of exactly `n` characters (digits, optional fraction), a sensible number. */
export function quantityOfLength(n: number): fc.Arbitrary<string> {
  if (n <= 3) return fc.integer({ min: 10 ** (n - 1), max: 10 ** n - 1 }).map(String);
  // "<1..99>.<zeros>" keeps the quantity small whatever its length
  return fc.integer({ min: 1, max: 9 }).map((q) => `${q}.${'0'.repeat(n - 2)}`);
}

/**
 * Quantities of 33 characters, one a form the pattern allows: digits with a fraction, and digits
 * alone (a length limit kept in one form and not the other shows only when both are sent).
 */
export function quantityBreaksPastMax(rule: RuleId): Breaker<{ quantity?: string }>[] {
  const n = QUANTITY_MAX + 1;
  const whole = fc.integer({ min: 1, max: 9 }).map((q) => `${q}${'0'.repeat(n - 1)}`);
  return [
    { form: 'characters with a fraction', value: quantityOfLength(n) },
    { form: 'digits without a fraction', value: whole },
  ].map(({ form, value }) =>
    at(['quantity'], () =>
      value.map((quantity) => ({ value: quantity, rule, description: `quantity of ${n} ${form} (max 32)`, path: '' })),
    ),
  );
}

/** Quantities that are no decimal text, each in its own form. */
const QUANTITY_NOT_DECIMAL = [
  { value: 'two', form: 'in words' },
  { value: '-1', form: 'with a sign' },
  { value: '1,5', form: 'with a decimal comma' },
  { value: '1e2', form: 'with an exponent' },
  { value: '1.', form: 'ending in a point' },
] as const;

/** Quantities of 1..32 characters: mostly small integers, sometimes with a fraction or long. */
export const quantity: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 100 }).map(String), weight: 4 },
  {
    arbitrary: fc.tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 99 })).map(([a, b]) => `${a}.${b}`),
    weight: 1,
  },
  { arbitrary: lengthBetween(1, QUANTITY_MAX).chain(quantityOfLength), weight: 1 },
);

/** start_time values (years 2030..2039, so that a server never sees a start in the past). */
export const startTime: fc.Arbitrary<string> = dateTime({ minYear: 2030, maxYear: 2039 });

/** Valid create-subscription bodies over the whole allowed space. */
export function createSubscriptionBody(opts: SubscriptionOptions): fc.Arbitrary<CreateSubscriptionBody> {
  checkTag(opts.tag);
  const custom = opts.tag !== undefined ? customId(opts.tag) : fc.option(customId(), { nil: undefined });
  return fc
    .record({
      quantity: opts.quantitySupported ? fc.option(quantity, { nil: undefined }) : fc.constant(undefined),
      auto_renewal: fc.option(fc.boolean(), { nil: undefined }),
      custom_id: custom,
      start_time: fc.option(startTime, { nil: undefined }),
      shipping_amount: fc.option(money({ currency: opts.currency, max: 100 }), { nil: undefined }),
      subscriber: fc.option(subscriber, { nil: undefined }),
      application_context: fc.option(applicationContext(), { nil: undefined, freq: 2 }),
      plan: opts.planCycles?.length
        ? fc.option(planOverride(opts.planCycles), { nil: undefined })
        : fc.constant(undefined),
    })
    .map((r) => {
      const body: CreateSubscriptionBody = { plan_id: opts.planId };
      for (const [k, v] of Object.entries(r)) if (v !== undefined) (body as unknown as Record<string, unknown>)[k] = v;
      return body;
    });
}

type Pin = (b: CreateSubscriptionBody, o: SubscriptionOptions) => fc.Arbitrary<CreateSubscriptionBody>;

const SUBSCRIPTION_PINS: Pin[] = [
  (b, o) => customIdOfLength(o.tag, shortestTagged(o.tag)).map((custom_id) => ({ ...b, custom_id })),
  (b, o) => customIdOfLength(o.tag, CUSTOM_ID_MAX).map((custom_id) => ({ ...b, custom_id })),
  (b, o) =>
    o.quantitySupported
      ? fc
          .constantFrom(1, QUANTITY_MAX)
          .chain(quantityOfLength)
          .map((quantity) => ({ ...b, quantity }))
      : fc.constant(b),
  (b) => dateTimeBoundary({ minYear: 2030, maxYear: 2039 }).map((start_time) => ({ ...b, start_time })),
  (b) =>
    fc
      .tuple(emailOfLength(254), subscriber)
      .map(([email_address, s]) => ({ ...b, subscriber: { ...(b.subscriber ?? s), email_address } })),
  (b) =>
    applicationContext()
      .chain((c0) => fc.constantFrom(...applicationContextPins).chain((pin) => pin(b.application_context ?? c0)))
      .map((application_context) => ({ ...b, application_context })),
];

/**
 * Valid create-subscription bodies with members exactly at their limits: custom_id of 1 and 127
 * characters, quantity of 1 and 32, start_time of 20 and 64, e-mail of 254, return/cancel URLs
 * of 10 and 4000, brand_name of 1 and 127, locale of 2 and 10.
 */
export function createSubscriptionBodyBoundary(opts: SubscriptionOptions): fc.Arbitrary<CreateSubscriptionBody> {
  return createSubscriptionBody(opts).chain((b) =>
    fc
      .subarray(SUBSCRIPTION_PINS, { minLength: 1 })
      .chain((pins) =>
        pins.reduce<fc.Arbitrary<CreateSubscriptionBody>>((acc, pin) => acc.chain((q) => pin(q, opts)), fc.constant(b)),
      ),
  );
}

/** Gives the body a member it lacks, so that a break of that member has something to break. */
function ensure<K extends keyof CreateSubscriptionBody>(
  key: K,
  fallback: fc.Arbitrary<NonNullable<CreateSubscriptionBody[K]>>,
  inner: Breaker<CreateSubscriptionBody>,
): Breaker<CreateSubscriptionBody> {
  return (b) => (b[key] !== undefined ? inner(b) : fallback.chain((v) => inner({ ...b, [key]: v })));
}

/* eslint-disable max-lines-per-function -- a list of breakers, one per member of the body: a table, not steps */
function breakCreateSubscription(opts: SubscriptionOptions): Breaker<CreateSubscriptionBody>[] {
  const breaks: Breaker<CreateSubscriptionBody>[] = [
    at(['plan_id'], missing('billing.subscription.plan_id.required', 'plan_id')),
    at(['plan_id'], (id: string) =>
      fc.constantFrom(25, 27).map((n) => ({
        value: n < id.length ? id.slice(0, n) : id + 'Z'.repeat(n - id.length),
        rule: 'billing.subscription.plan_id.length',
        description: `plan_id of ${n} characters (exactly 26)`,
        path: '',
      })),
    ),
    at(['plan_id'], () =>
      textOfLength(upperAlnumChar, 24).map((s) => ({
        value: 'Q-' + s,
        rule: 'billing.subscription.plan_id.pattern',
        description: 'plan_id without the P- prefix',
        path: '',
      })),
    ),
    // an empty custom_id cannot match the printable-ASCII pattern (one or more characters) either
    at(
      ['custom_id'],
      replaceWith('billing.subscription.custom_id.length', 'custom_id of 0 characters (min 1)', '', [
        'billing.subscription.custom_id.pattern',
      ]),
    ),
    ensure(
      'custom_id',
      customId(opts.tag),
      at(['custom_id'], (c: string) =>
        textOfLength(printableAsciiChar, CUSTOM_ID_MAX + 1).map((f) => ({
          value: fitTo(c, f, CUSTOM_ID_MAX + 1),
          rule: 'billing.subscription.custom_id.length',
          description: 'custom_id of 128 characters (max 127)',
          path: '',
        })),
      ),
    ),
    ensure(
      'custom_id',
      customId(opts.tag),
      at(['custom_id'], (c: string) =>
        fc.constantFrom('é', '€', '\u0007', '😀').map((ch) => ({
          value: [...c].slice(0, CUSTOM_ID_MAX - 1).join('') + ch,
          rule: 'billing.subscription.custom_id.pattern',
          description: `custom_id with ${JSON.stringify(ch)} (printable ASCII only)`,
          path: '',
        })),
      ),
    ),
    at(['auto_renewal'], replaceWith('billing.subscription.auto_renewal.type', 'auto_renewal "yes" (boolean)', 'yes')),
    at(['custom_id'], replaceWith('billing.subscription.custom_id.type', 'custom_id as a number (string)', 12345)),
    at(['start_time'], breakDateTime),
    ...breakMoney.map((br) =>
      ensure('shipping_amount', money({ currency: opts.currency }), at(['shipping_amount'], br)),
    ),
    // subscriber.email_address is not tied to the email type (3..254) by the spec: only its
    // shipping address carries a stated rule here
    ensure('subscriber', subscriber, (b) =>
      shippingDetail.chain((d) =>
        at<CreateSubscriptionBody>(
          ['subscriber', 'shipping_address'],
          breakShippingDetail,
        )({
          ...b,
          subscriber: { ...b.subscriber, shipping_address: b.subscriber?.shipping_address ?? d },
        }),
      ),
    ),
    // one breaker each, not one that picks among them: every label is then as likely as any other
    ...breakApplicationContext().map((br) =>
      ensure('application_context', applicationContext(), at<CreateSubscriptionBody>(['application_context'], br)),
    ),
  ];
  if (opts.quantitySupported) {
    breaks.push(
      at(
        ['quantity'],
        replaceWith('billing.subscription.quantity.length', 'quantity of 0 characters (min 1)', '', [
          'billing.subscription.quantity.pattern',
        ]),
      ),
      ...quantityBreaksPastMax('billing.subscription.quantity.length'),
      // one label each: a form a server reading a number leniently takes (a sign, an exponent, a
      // point without digits after it) is sent on every run, not one of them now and then
      ...QUANTITY_NOT_DECIMAL.map(({ value, form }) =>
        at(
          ['quantity'],
          replaceWith('billing.subscription.quantity.pattern', `quantity ${form} (digits, optional fraction)`, value),
        ),
      ),
    );
  }
  if (opts.planCycles?.length) {
    breaks.push(
      ensure('plan', planOverride(opts.planCycles), (b) =>
        b.plan?.billing_cycles?.length
          ? atSomeItem<CreateSubscriptionBody, BillingCycleOverride>(['plan', 'billing_cycles'], (o) =>
              fc.constantFrom(...breakBillingCycleOverride).chain((br) => br(o)),
            )(b)
          : at<CreateSubscriptionBody>(['plan_id'], missing('billing.subscription.plan_id.required', 'plan_id'))(b),
      ),
    );
  }
  return breaks;
}
/* eslint-enable max-lines-per-function */

/** Create-subscription bodies that each break exactly one rule, labelled with it. */
export function createSubscriptionBodyInvalid(
  opts: SubscriptionOptions,
): fc.Arbitrary<Invalid<Partial<CreateSubscriptionBody>>> {
  return invalidOf(createSubscriptionBody(opts), breakCreateSubscription(opts)) as fc.Arbitrary<
    Invalid<Partial<CreateSubscriptionBody>>
  >;
}
