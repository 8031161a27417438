// The patchable plan attributes of billing.md "Endpoints / Plans" (operation replace only), each
// with values a replace may carry.

import fc from 'fast-check';
import { money } from '../../../../generators/billing/money.js';
import { planName, taxPercentage } from '../../../../generators/billing/plan.js';
import { unicodeText } from '../../../../generators/text.js';
import type { Json } from '../../support/api.js';
import { PLAN_CURRENCY } from './body.js';

export interface PlanAttribute {
  /** JSON Pointer of the attribute. */
  pointer: string;
  /** The same attribute as a dotted member path of the plan document. */
  member: string;
  /** Values a replace may carry; `tag` starts every name the run writes. */
  values: (tag: string) => fc.Arbitrary<Json>;
}

export const PATCHABLE_PLAN_ATTRIBUTES: readonly PlanAttribute[] = [
  { pointer: '/description', member: 'description', values: () => unicodeText(1, 127) },
  { pointer: '/name', member: 'name', values: (tag) => planName(tag) },
  { pointer: '/payment_preferences/auto_bill_outstanding', member: 'payment_preferences.auto_bill_outstanding', values: () => fc.boolean() },
  {
    pointer: '/payment_preferences/payment_failure_threshold',
    member: 'payment_preferences.payment_failure_threshold',
    values: () => fc.integer({ min: 0, max: 999 }),
  },
  {
    pointer: '/payment_preferences/setup_fee',
    member: 'payment_preferences.setup_fee',
    // the plan's own currency: a currency mismatch is a named error category
    values: () => money({ currency: PLAN_CURRENCY, min: 0, max: 500 }) as fc.Arbitrary<Json>,
  },
  // CONTINUE is the only value the spec shows
  { pointer: '/payment_preferences/setup_fee_failure_action', member: 'payment_preferences.setup_fee_failure_action', values: () => fc.constant('CONTINUE') },
  { pointer: '/taxes/percentage', member: 'taxes.percentage', values: () => taxPercentage },
];
