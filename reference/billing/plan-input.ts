// Create-plan body and the plan attributes shared with update plan.

import type { JsonObject } from '../http/json.js';
import type { Validator } from '../http/validator.js';
import { decimalText, money, PRODUCT_ID, UPPER_WORD } from './values.js';
import { readBillingCycles } from './cycles.js';
import type { BillingCycle, PlanStatus } from './model.js';

export function readPlanName(v: Validator, field: string, value: unknown): string | undefined {
  return v.string(field, value, { min: 1, max: v.behaviour.accepted('plan name max', 127) });
}

export function readDescription(v: Validator, field: string, value: unknown): string | undefined {
  return v.string(field, value, { min: 1, max: 127 });
}

/** auto_bill_outstanding, setup_fee, setup_fee_failure_action, payment_failure_threshold. */
export function readPaymentPreferences(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const prefs = v.object(field, value);
  if (!prefs) return undefined;
  v.boolean(`${field}/auto_bill_outstanding`, prefs.auto_bill_outstanding);
  money(v, `${field}/setup_fee`, prefs.setup_fee);
  v.string(`${field}/setup_fee_failure_action`, prefs.setup_fee_failure_action, {
    min: 1,
    max: 24,
    pattern: UPPER_WORD,
    patternText: 'capital letters and underscore',
  });
  v.integer(`${field}/payment_failure_threshold`, prefs.payment_failure_threshold, { min: 0, max: 999 });
  return prefs;
}

export function readTaxes(v: Validator, field: string, value: unknown): JsonObject | undefined {
  const taxes = v.object(field, value);
  if (!taxes) return undefined;
  decimalText(v, `${field}/percentage`, taxes.percentage);
  v.boolean(`${field}/inclusive`, taxes.inclusive);
  return taxes;
}

export interface CreatePlanInput {
  product_id: string;
  name: string;
  status: PlanStatus;
  description?: string;
  billing_cycles: BillingCycle[];
  quantity_supported: boolean;
  payment_preferences: JsonObject;
  merchant_preferences?: JsonObject;
  taxes?: JsonObject;
}

export function readCreatePlan(v: Validator, body: unknown, time: string): CreatePlanInput | undefined {
  const plan = v.object('body', body);
  if (!plan) {
    v.require('body', body);
    return undefined;
  }
  v.require('/product_id', plan.product_id);
  const productId = v.string('/product_id', plan.product_id, {
    min: 22,
    max: 22,
    pattern: PRODUCT_ID,
    patternText: 'PROD- followed by 17 capital letters and digits',
  });
  v.require('/name', plan.name);
  const name = readPlanName(v, '/name', plan.name);
  const status = v.string('/status', plan.status, {
    min: 1,
    max: 24,
    pattern: UPPER_WORD,
    values: ['CREATED', 'ACTIVE'],
  }) as PlanStatus | undefined;
  const description = readDescription(v, '/description', plan.description);
  v.require('/billing_cycles', plan.billing_cycles);
  const cycles = readBillingCycles(v, '/billing_cycles', plan.billing_cycles, time);
  const quantitySupported = v.boolean('/quantity_supported', plan.quantity_supported);
  v.require('/payment_preferences', plan.payment_preferences);
  const prefs = readPaymentPreferences(v, '/payment_preferences', plan.payment_preferences);
  const merchantPrefs = v.object('/merchant_preferences', plan.merchant_preferences);
  const taxes = readTaxes(v, '/taxes', plan.taxes);
  if (!v.ok || productId === undefined || name === undefined || !cycles || !prefs) return undefined;
  return {
    product_id: productId,
    name,
    status: v.behaviour.changed('new plan status', status ?? 'ACTIVE', { requested: status }),
    ...(description !== undefined ? { description } : {}),
    billing_cycles: cycles,
    quantity_supported: quantitySupported ?? v.behaviour.changed('new plan quantity_supported', false),
    payment_preferences: v.behaviour.changed('new plan payment_preferences', structuredClone(prefs)),
    ...(merchantPrefs ? { merchant_preferences: structuredClone(merchantPrefs) } : {}),
    ...(taxes ? { taxes: structuredClone(taxes) } : {}),
  };
}
