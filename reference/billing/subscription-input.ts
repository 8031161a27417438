// Create-subscription and revise bodies: subscriber, application_context, plan override.

import { BCP47_REGEX } from '../../contracts/bcp47.js';
import { unprocessable } from '../http/errors.js';
import type { JsonObject } from '../http/json.js';
import type { Validator } from '../http/validator.js';
import { readPaymentSource } from './card.js';
import type { CreateSubscriptionInput, CycleOverride, OverrideInput } from './inputs.js';
import { readSequence, readTotalCycles } from './cycles.js';
import type { Plan, PlanTerms } from './model.js';
import { readPaymentPreferences, readTaxes } from './plan-input.js';
import { newPricingScheme, readPricingScheme } from './pricing.js';
import { planTerms } from './terms.js';
import { dateTime, email, money, PLAN_ID, PRINTABLE_ASCII, quantity, shippingDetail } from './values.js';

/** A well-formed BCP 47 language tag (RFC 5646). */
const LANGUAGE_TAG = new RegExp(BCP47_REGEX, 'u');

export function readPlanId(v: Validator, field: string, value: unknown): string | undefined {
  return v.string(field, value, {
    min: 26,
    max: 26,
    pattern: PLAN_ID,
    patternText: 'P- followed by 24 capital letters and digits',
  });
}

export function readCustomId(v: Validator, field: string, value: unknown, max = 127): string | undefined {
  return v.string(
    field,
    value,
    v.behaviour.accepted('custom_id rule', { min: 1, max, pattern: PRINTABLE_ASCII, patternText: 'printable ASCII' }),
  );
}

export function readSubscriber(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const subscriber = v.behaviour.accepted(
    'subscriber',
    v.object(field, v.behaviour.accepted('subscriber sent', value)),
  );
  if (!subscriber) return undefined;
  const name = v.object(`${field}/name`, subscriber.name);
  if (name) {
    v.string(`${field}/name/given_name`, name.given_name, { min: 1, max: 140 });
    v.string(`${field}/name/surname`, name.surname, { min: 1, max: 140 });
  }
  email(
    v,
    `${field}/email_address`,
    subscriber.email_address,
    v.behaviour.accepted('subscriber email_address max', 254),
  );
  shippingDetail(v, `${field}/shipping_address`, subscriber.shipping_address);
  v.behaviour.accepted('subscriber checked', undefined, { v, field, subscriber });
  const source = readPaymentSource(v, `${field}/payment_source`, subscriber.payment_source);
  const kept: JsonObject = {};
  for (const member of ['name', 'email_address', 'shipping_address'] as const) {
    if (subscriber[member] !== undefined) kept[member] = structuredClone(subscriber[member]);
  }
  if (source) kept.payment_source = source;
  return v.behaviour.changed('new subscriber', kept);
}

export function readApplicationContext(
  v: Validator,
  field: string,
  value: unknown,
  userActionAllowed: boolean,
): JsonObject | undefined {
  const context = v.object(field, value);
  if (!context) return undefined;
  v.string(`${field}/brand_name`, context.brand_name, { min: 1, max: 127 });
  v.string(`${field}/shipping_preference`, context.shipping_preference, {
    min: 1,
    max: 24,
    values: v.behaviour.accepted('shipping_preference values', [
      'GET_FROM_FILE',
      'NO_SHIPPING',
      'SET_PROVIDED_ADDRESS',
    ]),
  });
  if (userActionAllowed)
    v.string(`${field}/user_action`, context.user_action, { min: 1, max: 24, values: ['CONTINUE', 'SUBSCRIBE_NOW'] });
  else if (context.user_action !== undefined)
    v.fail(`${field}/user_action`, 'INVALID_PARAMETER_VALUE', 'user_action is accepted on create only.');
  const uri = { min: 10, max: 4000, pattern: /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/, patternText: 'an absolute URI' };
  v.require(`${field}/return_url`, context.return_url);
  v.string(`${field}/return_url`, context.return_url, uri);
  v.require(`${field}/cancel_url`, context.cancel_url);
  v.string(`${field}/cancel_url`, context.cancel_url, uri);
  v.string(
    `${field}/locale`,
    context.locale,
    v.behaviour.accepted('locale rule', {
      min: 2,
      max: 10,
      pattern: LANGUAGE_TAG,
      patternText: 'a BCP 47 language tag',
    }),
  );
  const method = v.object(`${field}/payment_method`, context.payment_method);
  if (method) {
    v.string(`${field}/payment_method/payer_selected`, method.payer_selected, { values: ['PLATFORM'] });
    v.string(`${field}/payment_method/payee_preferred`, method.payee_preferred, {
      values: ['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED'],
    });
  }
  return context;
}

/** The plan_override shape; whether it fits the plan is checked by applyOverride. */
export function readPlanOverride(v: Validator, field: string, value: unknown): OverrideInput | undefined {
  const override = v.object(field, value);
  if (!override) return undefined;
  const cycles: CycleOverride[] = [];
  const items = v.array(`${field}/billing_cycles`, override.billing_cycles, { max: 12 });
  items?.forEach((item, index) => {
    const at = `${field}/billing_cycles/${index}`;
    const cycle = v.object(at, item);
    if (!cycle) return;
    if (!v.behaviour.accepted('override cycle taken', true, { cycle })) return;
    v.require(`${at}/sequence`, cycle.sequence);
    const sequence = readSequence(v, `${at}/sequence`, cycle.sequence);
    const total = v.integer(`${at}/total_cycles`, cycle.total_cycles, { min: 0, max: 999 });
    const pricing = readPricingScheme(v, `${at}/pricing_scheme`, cycle.pricing_scheme);
    if (sequence !== undefined)
      cycles.push({
        sequence,
        ...(total !== undefined ? { total_cycles: total } : {}),
        ...(pricing ? { pricing } : {}),
        field: at,
      });
  });
  const prefs = readPaymentPreferences(v, `${field}/payment_preferences`, override.payment_preferences);
  const taxes = readTaxes(v, `${field}/taxes`, override.taxes);
  return {
    cycles,
    ...(prefs ? { payment_preferences: structuredClone(prefs) } : {}),
    ...(taxes ? { taxes: structuredClone(taxes) } : {}),
  };
}

/** The override must adhere to the plan's billing cycle definition: known sequences, total_cycles per tenure. */
export function applyOverride(v: Validator, plan: Plan, override: OverrideInput, time: string): PlanTerms {
  const terms = planTerms(plan);
  for (const item of override.cycles) {
    const cycle = terms.billing_cycles.find((candidate) => candidate.sequence === item.sequence);
    if (!cycle && !v.behaviour.checks('billing.billing_cycle_override.adheres-to-plan')) continue;
    if (!cycle)
      throw unprocessable(
        `${item.field}/sequence`,
        'BILLING_CYCLE_NOT_FOUND',
        `The plan has no billing cycle with sequence ${item.sequence}.`,
      );
    if (item.total_cycles !== undefined) {
      const tenure = v.behaviour.accepted('override total_cycles tenure', cycle.tenure_type);
      const total = readTotalCycles(v, `${item.field}/total_cycles`, item.total_cycles, tenure);
      if (total !== undefined) cycle.total_cycles = total;
    }
    if (item.pricing) cycle.pricing_scheme = newPricingScheme(item.pricing, cycle.pricing_scheme?.version ?? 1, time);
  }
  v.done();
  if (override.payment_preferences)
    terms.payment_preferences = { ...terms.payment_preferences, ...override.payment_preferences };
  if (override.taxes) terms.taxes = { ...(terms.taxes ?? {}), ...override.taxes };
  return terms;
}

export function readCreateSubscription(v: Validator, body: unknown): CreateSubscriptionInput | undefined {
  v.require('body', body);
  const input = v.object('body', body);
  if (!input) return undefined;
  v.require('/plan_id', input.plan_id);
  const planId = readPlanId(v, '/plan_id', input.plan_id);
  const count = quantity(v, '/quantity', input.quantity);
  const autoRenewal = v.boolean('/auto_renewal', input.auto_renewal);
  const customId = readCustomId(v, '/custom_id', input.custom_id);
  const startTime = dateTime(v, '/start_time', input.start_time);
  const shipping = money(v, '/shipping_amount', input.shipping_amount);
  const subscriber = readSubscriber(v, '/subscriber', input.subscriber);
  const context = readApplicationContext(v, '/application_context', input.application_context, true);
  const override = readPlanOverride(v, '/plan', input.plan);
  if (!v.ok || planId === undefined) return undefined;
  return {
    plan_id: planId,
    ...(count !== undefined ? { quantity: count } : {}),
    ...(autoRenewal !== undefined ? { auto_renewal: autoRenewal } : {}),
    ...(customId !== undefined ? { custom_id: customId } : {}),
    ...(startTime !== undefined ? { start_time: startTime } : {}),
    ...(shipping ? { shipping_amount: shipping } : {}),
    ...(subscriber ? { subscriber } : {}),
    ...(context ? { application_context: structuredClone(context) } : {}),
    ...(override ? { plan: override } : {}),
  };
}
