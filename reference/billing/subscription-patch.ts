// Update subscription: the listed paths with their listed operations, the @sequence==n selector,
// no change to completed cycles; applied to a copy and written back only when all of it holds.

import type { RequestContext } from '../http/context.js';
import { invalidRequest, unprocessable } from '../http/errors.js';
import { isObject, type Json, type JsonObject } from '../http/json.js';
import { Validator } from '../http/validator.js';
import { timestamp } from '../time.js';
import { readPaymentSource } from './card.js';
import { readTotalCycles } from './cycles.js';
import {
  applyPatch,
  jsonEqual,
  NOTHING_SKIPPED,
  PatchConflict,
  withoutMissing,
  type PatchOperation,
} from './json-patch.js';
import { readPatch } from './patch-input.js';
import type { BillingCycle, Money, PlanTerms, PricingScheme, Subscription } from './model.js';
import { readPaymentPreferences, readTaxes } from './plan-input.js';
import { readPricingScheme } from './pricing.js';
import { readCustomId } from './subscription-input.js';
import { isCompleted, termsOf } from './terms.js';
import { dateTime, money, shippingDetail } from './values.js';

const CYCLE = '@sequence==n';
const PATCHABLE: Record<string, readonly string[]> = {
  '/billing_info/outstanding_balance': ['replace'],
  '/custom_id': ['add', 'replace'],
  [`/plan/billing_cycles/${CYCLE}/pricing_scheme/fixed_price`]: ['add', 'replace'],
  [`/plan/billing_cycles/${CYCLE}/pricing_scheme/tiers`]: ['replace'],
  [`/plan/billing_cycles/${CYCLE}/total_cycles`]: ['replace'],
  '/plan/payment_preferences/auto_bill_outstanding': ['replace'],
  '/plan/payment_preferences/payment_failure_threshold': ['replace'],
  '/plan/taxes/inclusive': ['add', 'replace'],
  '/plan/taxes/percentage': ['add', 'replace'],
  '/shipping_amount': ['add', 'replace'],
  '/start_time': ['replace'],
  '/subscriber/shipping_address': ['add', 'replace'],
  '/subscriber/payment_source': ['replace'],
};

const SELECTOR = /^@sequence==([1-9]\d?)$/;

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The path with its cycle selector written as @sequence==n, and the sequence it selects. */
function template(operation: PatchOperation): { path: string; sequence?: number } {
  const segments = operation.segments;
  if (segments[0] === 'plan' && segments[1] === 'billing_cycles' && segments.length > 2) {
    const match = SELECTOR.exec(segments[2]);
    if (match)
      return {
        path: `/${['plan', 'billing_cycles', CYCLE, ...segments.slice(3)].map(escape).join('/')}`,
        sequence: Number(match[1]),
      };
  }
  return { path: `/${segments.map(escape).join('/')}` };
}

/** The index of the cycle @sequence==n selects among `cycles` (-1: none). */
function selectedIndex(cycles: readonly Json[], sequence: number, ctx: RequestContext): number {
  const index = cycles.findIndex((cycle) => isObject(cycle) && cycle.sequence === sequence);
  return ctx.behaviour.accepted('patch cycle selected', index, { count: cycles.length });
}

function selectedCycle(terms: PlanTerms, sequence: number, ctx: RequestContext): BillingCycle | undefined {
  return terms.billing_cycles[selectedIndex(terms.billing_cycles as unknown as Json[], sequence, ctx)];
}

function checkPolicy(
  subscription: Subscription,
  terms: PlanTerms,
  operations: PatchOperation[],
  ctx: RequestContext,
): void {
  operations.forEach((operation, index) => {
    if (operation.op === 'test') return;
    const { path, sequence } = template(operation);
    const ops = ctx.behaviour.accepted('subscription patch operations', PATCHABLE[path], { path });
    if (!ops)
      throw invalidRequest(
        `/${index}/path`,
        'PATCH_PATH_NOT_SUPPORTED',
        `${operation.path} cannot be patched on a subscription.`,
      );
    if (!ops.includes(operation.op)) {
      throw invalidRequest(
        `/${index}/op`,
        'PATCH_OPERATION_NOT_SUPPORTED',
        `${operation.op} is not supported on ${path}; allowed: ${ops.join(', ')}.`,
      );
    }
    if (sequence !== undefined) {
      const cycle = selectedCycle(terms, sequence, ctx);
      if (
        cycle &&
        isCompleted(cycle, subscription) &&
        ctx.behaviour.checks('billing.update-subscription.completed-cycles-refused')
      ) {
        throw unprocessable(
          `/${index}/path`,
          'BILLING_CYCLE_COMPLETED',
          `Billing cycle ${sequence} is completed; its attributes cannot be updated.`,
        );
      }
    }
  });
}

function subscriptionDocument(subscription: Subscription, terms: PlanTerms): JsonObject {
  return structuredClone({
    billing_info: { outstanding_balance: subscription.outstanding_balance },
    ...(subscription.custom_id !== undefined ? { custom_id: subscription.custom_id } : {}),
    plan: terms,
    ...(subscription.shipping_amount ? { shipping_amount: subscription.shipping_amount } : {}),
    start_time: subscription.start_time,
    subscriber: subscription.subscriber ?? {},
  }) as unknown as JsonObject;
}

interface Checked {
  outstanding: Money;
  customId?: string;
  terms: PlanTerms;
  shipping?: Money;
  startTime: string;
  subscriber: JsonObject;
}

/** Checks the patched document member by member; the untouched members were valid already. */
function checkResult(patched: JsonObject, before: PlanTerms, v: Validator): Checked | undefined {
  const billingInfo = v.object('/billing_info', patched.billing_info);
  v.require('/billing_info/outstanding_balance', billingInfo?.outstanding_balance);
  const outstanding = money(v, '/billing_info/outstanding_balance', billingInfo?.outstanding_balance);
  const readPatchedCustomId = () =>
    readCustomId(v, '/custom_id', patched.custom_id, v.behaviour.accepted('patched custom_id max', 127));
  const customId = v.behaviour.accepted('patched custom_id', readPatchedCustomId, { value: patched.custom_id })();
  const plan = v.object('/plan', patched.plan);
  const cycles = v.array('/plan/billing_cycles', plan?.billing_cycles) ?? [];
  cycles.forEach((item, index) => {
    const at = `/plan/billing_cycles/${index}`;
    const cycle = v.object(at, item);
    const original = before.billing_cycles[index];
    if (!cycle || !original) return;
    readTotalCycles(v, `${at}/total_cycles`, cycle.total_cycles, original.tenure_type);
    v.require(`${at}/total_cycles`, cycle.total_cycles);
    readPricingScheme(v, `${at}/pricing_scheme`, cycle.pricing_scheme);
  });
  v.require('/plan/payment_preferences', plan?.payment_preferences);
  readPaymentPreferences(v, '/plan/payment_preferences', plan?.payment_preferences);
  readTaxes(v, '/plan/taxes', plan?.taxes);
  const shipping = money(v, '/shipping_amount', patched.shipping_amount);
  v.require('/start_time', patched.start_time);
  const startTime = dateTime(v, '/start_time', patched.start_time, v.behaviour.accepted('patched start_time max', 64));
  const subscriber = v.object('/subscriber', patched.subscriber);
  shippingDetail(v, '/subscriber/shipping_address', subscriber?.shipping_address);
  if (!v.ok || !outstanding || !plan || startTime === undefined || !subscriber) return undefined;
  return {
    outstanding,
    ...(customId !== undefined ? { customId } : {}),
    terms: plan as unknown as PlanTerms,
    ...(shipping ? { shipping } : {}),
    startTime,
    subscriber,
  };
}

/** A pricing scheme created by an add (a free cycle given a fixed_price) gets the service's members. */
function withSchemeMetadata(terms: PlanTerms, time: string): PlanTerms {
  for (const cycle of terms.billing_cycles) {
    const scheme = cycle.pricing_scheme as Partial<PricingScheme> | undefined;
    if (scheme && scheme.version === undefined)
      cycle.pricing_scheme = { ...scheme, version: 1, status: 'ACTIVE', create_time: time, update_time: time };
  }
  return terms;
}

/* eslint-disable max-lines-per-function -- over 80 lines once Prettier wraps it; to split in a change of its own */
export function patchSubscription(subscription: Subscription, body: Json | undefined, ctx: RequestContext): void {
  const v = new Validator(ctx.behaviour);
  const patch = readPatch(v, body);
  v.done();
  const terms = termsOf(subscription, ctx.state.billing.plans);
  // what a plug-in takes out of the patch here, it may apply once the result is checked
  const afterChecks: Array<() => void> = [];
  const read = ctx.behaviour.accepted('subscription patch read', patch, {
    subscription,
    after: (step) => afterChecks.push(step),
  });
  const operations = withoutMissing(
    subscriptionDocument(subscription, terms),
    read,
    ctx.behaviour.accepted('patch targets missing skipped', NOTHING_SKIPPED),
  );
  checkPolicy(subscription, terms, operations, ctx);
  const updatable =
    subscription.status === 'ACTIVE' ||
    subscription.status === 'SUSPENDED' ||
    (subscription.status === 'APPROVAL_PENDING' && ctx.behaviour.variant('subscription-update-pending'));
  if (!updatable)
    throw unprocessable(
      'status',
      'SUBSCRIPTION_STATUS_INVALID',
      `A subscription in state ${subscription.status} cannot be updated.`,
    );
  const before = subscriptionDocument(subscription, terms);
  const applied = operations.filter(
    (operation) =>
      operation.op === 'test' ||
      ctx.behaviour.changed('patch operation applied', true, {
        resource: 'subscription',
        path: template(operation).path,
      }),
  );
  let patched: Json;
  try {
    patched = applyPatch(before, applied, {
      ...ctx.behaviour.accepted('patch semantics', { equal: jsonEqual }),
      addCreatesParents: true,
      selectIndex: (array, segment) => {
        const match = SELECTOR.exec(segment);
        if (!match) return undefined;
        const index = selectedIndex(array, Number(match[1]), ctx);
        return index < 0 ? undefined : index;
      },
    });
  } catch (error) {
    if (error instanceof PatchConflict) throw unprocessable(error.pointer, error.issue, error.message);
    throw error;
  }
  if (!isObject(patched))
    throw invalidRequest('body', 'PATCH_RESULT_INVALID', 'The patch must leave the subscription an object.');
  const check = new Validator(ctx.behaviour);
  const result = checkResult(patched, terms, check);
  let paymentSource: JsonObject | undefined;
  const sourceBefore = isObject(before.subscriber) ? before.subscriber.payment_source : undefined;
  if (
    result &&
    result.subscriber.payment_source !== undefined &&
    !jsonEqual(result.subscriber.payment_source, sourceBefore)
  ) {
    paymentSource = readPaymentSource(check, '/subscriber/payment_source', result.subscriber.payment_source);
  }
  if (!check.ok) ctx.behaviour.changed('subscription patch refused', undefined, { subscription, patched });
  check.done();
  for (const step of afterChecks) step();
  if (!result || jsonEqual(before, patched)) return;
  subscription.outstanding_balance = result.outstanding;
  if (result.customId !== undefined) subscription.custom_id = result.customId;
  else delete subscription.custom_id;
  if (!jsonEqual(before.plan, patched.plan))
    subscription.override = withSchemeMetadata(structuredClone(result.terms), timestamp(ctx.now()));
  if (result.shipping) subscription.shipping_amount = result.shipping;
  subscription.start_time = result.startTime;
  const subscriber = structuredClone(result.subscriber);
  if (paymentSource) subscriber.payment_source = paymentSource;
  if (Object.keys(subscriber).length > 0) subscription.subscriber = subscriber;
  subscription.update_time = timestamp(ctx.now());
  subscription.status = ctx.behaviour.changed('patched subscription status', subscription.status);
}
/* eslint-enable max-lines-per-function */
