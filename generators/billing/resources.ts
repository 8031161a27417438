// Resources as a service returns them (billing.md, "Resources and their fields"): Link arrays,
// Plan, cycle_execution, billing_info, Subscription, Transaction. Used to test the response
// contracts, and as fixtures for the suites' own tests.
import fc from 'fast-check';
import { at, atSomeItem, type Breaker, invalidOf, type Invalid, missing, replaceWith } from '../invalid.js';
import { emailAddress, personName } from '../faker.js';
import { textOfLength, upperAlnumChar } from '../text.js';
import { shippingDetail } from './contact.js';
import type { BillingCycle } from './cycles.js';
import { breakDateTime, dateTime } from './datetime.js';
import { planId, subscriptionId } from './ids.js';
import { breakMoney, money, type Money } from './money.js';
import { createPlanBody } from './plan.js';
import { createSubscriptionBody, customId, quantity } from './subscription.js';

export interface Link {
  href: string;
  rel: string;
  method: string;
}

/** Links of 1..10 items pointing under `base` (a resource URL), with the given rel values. */
export function links(base: string, rels: readonly string[]): fc.Arbitrary<Link[]> {
  const method = (rel: string) => (rel === 'edit' ? 'PATCH' : rel === 'self' || rel === 'approve' ? 'GET' : 'POST');
  return fc.subarray([...rels], { minLength: 1, maxLength: Math.min(10, rels.length) }).map((rs) =>
    rs.map((rel) => ({
      href:
        rel === 'approve'
          ? `https://approval.example.test/checkout?token=${base.split('/').pop()}`
          : rel === 'self' || rel === 'edit'
            ? base
            : `${base}/${rel}`,
      rel,
      method: method(rel),
    })),
  );
}

/** Breaks of a Link array: 0 or 11 items, a link without href. */
export const breakLinks: ReadonlyArray<Breaker<Link[]>> = [
  replaceWith('billing.link.array.items', 'links with 0 items (1..10)', []),
  (ls) =>
    fc.constant({
      value: Array.from({ length: 11 }, (_, i) => ls[i % ls.length]),
      rule: 'billing.link.array.items',
      description: 'links with 11 items (1..10)',
      path: '',
    }),
  atSomeItem<Link[]>([], at<Link>(['href'], missing('billing.link.href.required', 'href'))),
];

const API = 'https://api.example.test/v1/billing';

function versioned(cycles: BillingCycle[], created: string): unknown[] {
  return cycles.map((c) =>
    c.pricing_scheme
      ? {
          ...c,
          pricing_scheme: {
            ...c.pricing_scheme,
            version: 1,
            status: 'ACTIVE',
            create_time: created,
            update_time: created,
          },
        }
      : c,
  );
}

/** Plans as show plan returns them, built from a valid create request. */
export const planResource: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    textOfLength(upperAlnumChar, 17).map((s) => 'PROD-' + s),
    planId,
    fc.constantFrom('CREATED', 'ACTIVE', 'INACTIVE'),
    dateTime(),
  )
  .chain(([productId, id, status, created]) =>
    fc
      .tuple(createPlanBody({ productId }), links(`${API}/plans/${id}`, ['self', 'edit', 'deactivate']))
      .map(([body, ls]) => ({
        ...body,
        id,
        status,
        billing_cycles: versioned(body.billing_cycles, created),
        quantity_supported: body.quantity_supported ?? false,
        usage_type: 'LICENSED',
        create_time: created,
        update_time: created,
        links: ls,
      })),
  );

/** Breaks of a plan resource: id of 25 characters or without the P- prefix, links, create_time. */
export const breakPlanResource: ReadonlyArray<Breaker<Record<string, unknown>>> = [
  at(['id'], (id: string) =>
    fc.constant({
      value: id.slice(0, 25),
      rule: 'billing.plan.id.length',
      description: 'plan id of 25 characters (exactly 26)',
      path: '',
    }),
  ),
  at(['id'], (id: string) =>
    fc.constant({
      value: 'Q-' + id.slice(2),
      rule: 'billing.plan.id.pattern',
      description: 'plan id without the P- prefix',
      path: '',
    }),
  ),
  at(['id'], missing('billing.plan.id.required', 'id')),
  at(['status'], replaceWith('billing.plan.status.enum', 'plan status PAUSED (CREATED, INACTIVE, ACTIVE)', 'PAUSED')),
  (p) => fc.constantFrom(...breakLinks).chain((b) => at(['links'], b)(p)),
  at(['create_time'], breakDateTime),
];

export interface CycleExecution {
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  cycles_completed: number;
  cycles_remaining?: number;
  current_pricing_scheme_version?: number;
  total_cycles?: number;
}

export const cycleExecution: fc.Arbitrary<CycleExecution> = fc.record(
  {
    tenure_type: fc.constantFrom('TRIAL' as const, 'REGULAR' as const),
    sequence: fc.integer({ min: 0, max: 99 }),
    cycles_completed: fc.integer({ min: 0, max: 9999 }),
    cycles_remaining: fc.integer({ min: 0, max: 9999 }),
    current_pricing_scheme_version: fc.integer({ min: 1, max: 99 }),
    total_cycles: fc.integer({ min: 0, max: 999 }),
  },
  { requiredKeys: ['tenure_type', 'sequence', 'cycles_completed'] },
);

export const breakCycleExecution: ReadonlyArray<Breaker<CycleExecution>> = [
  at(['sequence'], replaceWith('billing.cycle_execution.sequence.range', 'cycle_execution sequence 100 (0..99)', 100)),
  at(
    ['cycles_completed'],
    replaceWith('billing.cycle_execution.cycles_completed.range', 'cycles_completed 10000 (0..9999)', 10000),
  ),
];

function billingInfo(currency: string): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      outstanding_balance: money({ currency, min: 0, max: 100 }),
      cycle_executions: fc.array(cycleExecution, { minLength: 1, maxLength: 3 }),
      last_payment: fc.record({ amount: money({ currency }), time: dateTime() }),
      next_billing_time: dateTime(),
      failed_payments_count: fc.integer({ min: 0, max: 10 }),
    },
    { requiredKeys: ['outstanding_balance', 'cycle_executions'] },
  );
}

/** Subscriptions as show subscription returns them. */
export const subscriptionResource: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    planId,
    subscriptionId,
    fc.constantFrom('APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED'),
    dateTime(),
    fc.constantFrom('USD', 'EUR', 'GBP'),
  )
  .chain(([pid, id, status, created, currency]) =>
    fc
      .tuple(
        createSubscriptionBody({ planId: pid, quantitySupported: true, currency }),
        links(
          `${API}/subscriptions/${id}`,
          status === 'APPROVAL_PENDING'
            ? ['approve', 'edit', 'self']
            : ['edit', 'self', 'cancel', 'suspend', 'capture'],
        ),
        billingInfo(currency),
        personName,
        emailAddress,
        shippingDetail,
        textOfLength(upperAlnumChar, 13),
      )
      .map(([body, ls, info, name, email, ship, payer]) => {
        const { application_context: _ctx, plan: _plan, ...rest } = body;
        return {
          ...rest,
          id,
          status,
          status_update_time: created,
          plan_overridden: false,
          start_time: body.start_time ?? created,
          subscriber: { name, email_address: email, payer_id: payer, shipping_address: ship },
          billing_info: info,
          create_time: created,
          update_time: created,
          links: ls,
        };
      }),
  );

/** Breaks of a subscription resource. */
export const breakSubscriptionResource: ReadonlyArray<Breaker<Record<string, unknown>>> = [
  at(['id'], (id: string) =>
    fc.constant({
      value: 'S-' + id.slice(2),
      rule: 'billing.subscription.id.pattern',
      description: 'subscription id without the I- prefix',
      path: '',
    }),
  ),
  at(['plan_id'], (id: string) =>
    fc.constant({
      value: id + 'X',
      rule: 'billing.subscription.plan_id.length',
      description: 'plan_id of 27 characters (exactly 26)',
      path: '',
    }),
  ),
  at(['custom_id'], (c: string | undefined) =>
    customId().map((d) => ({
      value: [...(c ?? d)].slice(0, 126).join('') + 'é',
      rule: 'billing.subscription.custom_id.pattern',
      description: 'custom_id with a non-ASCII character',
      path: '',
    })),
  ),
  at(['quantity'], () =>
    quantity.map((q) => ({
      value: `-${q}`,
      rule: 'billing.subscription.quantity.pattern',
      description: 'negative quantity (digits, optional fraction)',
      path: '',
    })),
  ),
  (s) =>
    atSomeItem(['billing_info', 'cycle_executions'], (c: CycleExecution) =>
      fc.constantFrom(...breakCycleExecution).chain((b) => b(c)),
    )(s),
  at(['billing_info', 'outstanding_balance'], (m: Money) => fc.constantFrom(...breakMoney).chain((b) => b(m))),
  (s) => fc.constantFrom(...breakLinks).chain((b) => at(['links'], b)(s)),
  at(['create_time'], breakDateTime),
];

/** Subscription transactions as the transaction list returns them. */
export const transactionResource: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    textOfLength(upperAlnumChar, 17),
    fc.constantFrom('USD', 'EUR', 'GBP'),
    fc.integer({ min: 100, max: 100000 }),
    fc.integer({ min: 0, max: 99 }),
    personName,
    emailAddress,
    dateTime(),
  )
  .map(([id, currency, grossCents, feeCents, name, email, time]) => {
    const fee = Math.min(feeCents, grossCents);
    const m = (cents: number): Money => ({ currency_code: currency, value: (cents / 100).toFixed(2) });
    return {
      id,
      status: 'COMPLETED',
      payer_email: email,
      payer_name: name,
      amount_with_breakdown: { gross_amount: m(grossCents), fee_amount: m(fee), net_amount: m(grossCents - fee) },
      time,
    };
  });

export const breakTransactionResource: ReadonlyArray<Breaker<Record<string, unknown>>> = [
  at(
    ['amount_with_breakdown', 'gross_amount'],
    missing('billing.amount_with_breakdown.gross_amount.required', 'gross_amount'),
  ),
  at(['time'], breakDateTime),
];

/** Single-rule breaks of resources, by resource. */
export const planResourceInvalid: fc.Arbitrary<Invalid> = invalidOf(planResource, breakPlanResource);
export const subscriptionResourceInvalid: fc.Arbitrary<Invalid> = invalidOf(
  subscriptionResource,
  breakSubscriptionResource,
);
export const transactionResourceInvalid: fc.Arbitrary<Invalid> = invalidOf(
  transactionResource,
  breakTransactionResource,
);
export const cycleExecutionInvalid: fc.Arbitrary<Invalid> = invalidOf(cycleExecution, breakCycleExecution);
