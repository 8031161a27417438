// Update subscription: the listed paths with their listed operations, the @sequence==n selector,
// no change to completed cycles; applied to a copy and written back only when all of it holds.

import type { RequestContext } from '../http/context.js';
import { invalidRequest, unprocessable } from '../http/errors.js';
import { isObject, Validator, type Json, type JsonObject } from '../http/validator.js';
import { timestamp } from '../time.js';
import { patchIgnored } from '../faults/patch-ignored.js';
import { readPaymentSource } from './card.js';
import { readTotalCycles } from './cycles.js';
import { applyPatch, jsonEqual, looseEqual, PatchConflict, readPatch, withoutMissing, type PatchOperation } from './json-patch.js';
import type { BillingCycle, PlanTerms, PricingScheme, Subscription } from './model.js';
import { readPaymentPreferences, readTaxes } from './plan-input.js';
import { readPricingScheme } from './pricing.js';
import { readCustomId } from './subscription-input.js';
import { isCompleted, termsOf } from './terms.js';
import { dateTime, money, shippingDetail, type Money } from './values.js';

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
    if (match) return { path: `/${['plan', 'billing_cycles', CYCLE, ...segments.slice(3)].map(escape).join('/')}`, sequence: Number(match[1]) };
  }
  return { path: `/${segments.map(escape).join('/')}` };
}

function selectedCycle(terms: PlanTerms, sequence: number, ctx: RequestContext): BillingCycle | undefined {
  if (ctx.behaviour.fault('patch-sequence-selector-ignored')) return terms.billing_cycles[0];
  return terms.billing_cycles.find((cycle) => cycle.sequence === sequence);
}

function checkPolicy(subscription: Subscription, terms: PlanTerms, operations: PatchOperation[], ctx: RequestContext): void {
  operations.forEach((operation, index) => {
    if (operation.op === 'test') return;
    const { path, sequence } = template(operation);
    let ops = PATCHABLE[path];
    if (path === '/custom_id' && ctx.behaviour.fault('subscription-patch-remove-accepted')) ops = [...ops, 'remove'];
    if (path === '/subscriber/payment_source' && ctx.behaviour.fault('payment-source-replace-refused')) ops = [];
    if (!ops) throw invalidRequest(`/${index}/path`, 'PATCH_PATH_NOT_SUPPORTED', `${operation.path} cannot be patched on a subscription.`);
    if (!ops.includes(operation.op)) {
      throw invalidRequest(`/${index}/op`, 'PATCH_OPERATION_NOT_SUPPORTED', `${operation.op} is not supported on ${path}; allowed: ${ops.join(', ')}.`);
    }
    if (sequence !== undefined) {
      const cycle = selectedCycle(terms, sequence, ctx);
      if (cycle && isCompleted(cycle, subscription) && !ctx.behaviour.fault('patch-completed-cycle-accepted')) {
        throw unprocessable(`/${index}/path`, 'BILLING_CYCLE_COMPLETED', `Billing cycle ${sequence} is completed; its attributes cannot be updated.`);
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
  const unchecked = v.behaviour.fault('update-subscription-custom-id-unchecked') && typeof patched.custom_id === 'string';
  const billingInfo = v.object('/billing_info', patched.billing_info);
  v.require('/billing_info/outstanding_balance', billingInfo?.outstanding_balance);
  const outstanding = money(v, '/billing_info/outstanding_balance', billingInfo?.outstanding_balance);
  // faults patch-custom-id-127-refused and patch-start-time-65-accepted: update applies other limits than create
  const customId = unchecked ? String(patched.custom_id) : readCustomId(v, '/custom_id', patched.custom_id, v.behaviour.fault('patch-custom-id-127-refused') ? 126 : 127);
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
  const startTime = dateTime(v, '/start_time', patched.start_time, v.behaviour.fault('patch-start-time-65-accepted') ? 65 : 64);
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
    if (scheme && scheme.version === undefined) cycle.pricing_scheme = { ...scheme, version: 1, status: 'ACTIVE', create_time: time, update_time: time };
  }
  return terms;
}

export function patchSubscription(subscription: Subscription, body: Json | undefined, ctx: RequestContext): void {
  const v = new Validator(ctx.behaviour);
  const read = readPatch(v, body);
  v.done();
  const terms = termsOf(subscription, ctx.state.billing.plans);
  // fault subscription-patch-quantity-accepted: a replace of /quantity passes the policy and is applied
  const quantityReplaced = ctx.behaviour.fault('subscription-patch-quantity-accepted') ? read.find((o) => o.op === 'replace' && o.path === '/quantity' && typeof o.value === 'string') : undefined;
  if (quantityReplaced) read.splice(read.indexOf(quantityReplaced), 1);
  const operations = withoutMissing(subscriptionDocument(subscription, terms), read, { remove: ctx.behaviour.fault('patch-remove-missing-ignored'), move: ctx.behaviour.fault('patch-move-missing-ignored'), copy: ctx.behaviour.fault('patch-copy-missing-ignored') });
  checkPolicy(subscription, terms, operations, ctx);
  const updatable = subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED' ||
    (subscription.status === 'APPROVAL_PENDING' && ctx.behaviour.variant('subscription-update-pending'));
  if (!updatable) throw unprocessable('status', 'SUBSCRIPTION_STATUS_INVALID', `A subscription in state ${subscription.status} cannot be updated.`);
  const before = subscriptionDocument(subscription, terms);
  // A patch-ignored fault answers as usual but leaves its attribute as it was.
  const applied = operations.filter((operation) => operation.op === 'test' || !patchIgnored('subscription', template(operation).path, (name) => ctx.behaviour.has(name)));
  let patched: Json;
  try {
    patched = applyPatch(before, applied, {
      equal: ctx.behaviour.fault('patch-test-loose') ? looseEqual : jsonEqual,
      replaceMissingAdds: ctx.behaviour.fault('patch-replace-missing-accepted'),
      addCreatesParents: true,
      addKeepsExisting: ctx.behaviour.fault('patch-add-existing-kept'),
      selectIndex: (array, segment) => {
        const match = SELECTOR.exec(segment);
        if (!match) return undefined;
        if (ctx.behaviour.fault('patch-sequence-selector-ignored')) return array.length > 0 ? 0 : undefined;
        const index = array.findIndex((item) => isObject(item) && item.sequence === Number(match[1]));
        return index < 0 ? undefined : index;
      },
    });
  } catch (error) {
    if (error instanceof PatchConflict) throw unprocessable(error.pointer, error.issue, error.message);
    throw error;
  }
  if (!isObject(patched)) throw invalidRequest('body', 'PATCH_RESULT_INVALID', 'The patch must leave the subscription an object.');
  const check = new Validator(ctx.behaviour);
  const result = checkResult(patched, terms, check);
  let paymentSource: JsonObject | undefined;
  const sourceBefore = isObject(before.subscriber) ? before.subscriber.payment_source : undefined;
  if (result && result.subscriber.payment_source !== undefined && !jsonEqual(result.subscriber.payment_source, sourceBefore)) {
    paymentSource = readPaymentSource(check, '/subscriber/payment_source', result.subscriber.payment_source);
  }
  if (!check.ok && ctx.behaviour.fault('card-refused-replace-kept')) keepRefusedCard(subscription, patched);
  check.done();
  if (quantityReplaced) subscription.quantity = String(quantityReplaced.value);
  if (!result || jsonEqual(before, patched)) return;
  subscription.outstanding_balance = result.outstanding;
  if (result.customId !== undefined) subscription.custom_id = result.customId;
  else delete subscription.custom_id;
  if (!jsonEqual(before.plan, patched.plan)) subscription.override = withSchemeMetadata(structuredClone(result.terms), timestamp(ctx.now()));
  if (result.shipping) subscription.shipping_amount = result.shipping;
  subscription.start_time = result.startTime;
  const subscriber = structuredClone(result.subscriber);
  if (paymentSource) subscriber.payment_source = paymentSource;
  if (Object.keys(subscriber).length > 0) subscription.subscriber = subscriber;
  subscription.update_time = timestamp(ctx.now());
  if (subscription.status === 'ACTIVE' && ctx.behaviour.fault('subscription-patch-suspends')) subscription.status = 'SUSPENDED';
}

/** The fault card-refused-replace-kept: a card of 20 digits is refused, yet put on file. */
function keepRefusedCard(subscription: Subscription, patched: Json): void {
  const card = isObject(patched) && isObject(patched.subscriber) && isObject(patched.subscriber.payment_source) ? patched.subscriber.payment_source.card : undefined;
  if (!isObject(card) || typeof card.number !== 'string' || card.number.length !== 20 || typeof card.expiry !== 'string') return;
  const subscriber = isObject(subscription.subscriber) ? subscription.subscriber : {};
  subscription.subscriber = { ...subscriber, payment_source: { card: { last_digits: card.number.slice(-4), expiry: card.expiry } } };
}
