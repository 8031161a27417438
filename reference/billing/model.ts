// In-memory shapes of plans and subscriptions. Stored as JSON-compatible data so that
// JSON Patch can work on copies of them.

import type { JsonObject } from '../http/json.js';
import type { Reply } from '../http/answer.js';

/** An amount in a currency (billing.md, Shared value types). */
export interface Money {
  currency_code: string;
  value: string;
}

export type PlanStatus = 'CREATED' | 'ACTIVE' | 'INACTIVE';
export type TenureType = 'REGULAR' | 'TRIAL';

export interface PricingScheme {
  version: number;
  pricing_model?: string;
  tiers?: JsonObject[];
  fixed_price?: Money;
  status: 'ACTIVE';
  create_time: string;
  update_time: string;
}

export interface BillingCycle {
  tenure_type: TenureType;
  sequence: number;
  total_cycles: number;
  frequency: { interval_unit: string; interval_count: number };
  pricing_scheme?: PricingScheme;
}

export interface Plan {
  id: string;
  product_id: string;
  name: string;
  status: PlanStatus;
  description?: string;
  billing_cycles: BillingCycle[];
  quantity_supported: boolean;
  payment_preferences: JsonObject;
  merchant_preferences?: JsonObject;
  taxes?: JsonObject;
  create_time: string;
  update_time: string;
  /** Made ACTIVE by activate plan (for the fault activated-plan-refuses-subscriptions). */
  activated?: boolean;
}

/** The plan terms a subscription bills by: the plan's own, or its overridden copy. */
export interface PlanTerms {
  billing_cycles: BillingCycle[];
  payment_preferences: JsonObject;
  taxes?: JsonObject;
}

/**
 * APPROVED is the state after approval with user_action CONTINUE (the merchant activates);
 * CANCELLED is final. The spec shows APPROVAL_PENDING, ACTIVE and SUSPENDED.
 */
export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED';

export interface Transaction {
  id: string;
  status: 'COMPLETED';
  amount_with_breakdown: { gross_amount: Money; fee_amount: Money; net_amount: Money };
  payer_email?: string;
  payer_name?: JsonObject;
  time: string;
}

export interface Revision {
  plan_id: string;
  quantity?: string;
  shipping_amount?: Money;
  shipping_address?: JsonObject;
  override?: PlanTerms;
}

export interface Subscription {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  status_change_note?: string;
  status_update_time: string;
  start_time: string;
  quantity?: string;
  shipping_amount?: Money;
  custom_id?: string;
  auto_renewal: boolean;
  subscriber?: JsonObject;
  user_action: 'SUBSCRIBE_NOW' | 'CONTINUE';
  /** Set once the subscription has its own terms (override on create or revise, or a patch under /plan). */
  override?: PlanTerms;
  outstanding_balance: Money;
  /** Completed cycles per billing-cycle sequence. */
  cycles_completed: Record<number, number>;
  last_payment?: { amount: Money; time: string };
  transactions: Transaction[];
  pending_revision?: Revision;
  /** The subscriber consented; the status follows later (variant approval-async). */
  approved?: boolean;
  create_time: string;
  update_time: string;
}

export interface BillingState {
  plans: Map<string, Plan>;
  subscriptions: Map<string, Subscription>;
}

export function createBillingState(): BillingState {
  return { plans: new Map(), subscriptions: new Map() };
}

export type { Reply };
