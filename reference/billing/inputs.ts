// What a billing request carries once it is read: the shapes a reader returns and a handler acts
// on (and a fault point carries: faults/points.ts). The readers are plan-input.ts, pricing.ts,
// subscription-input.ts and list-paging.ts.

import type { JsonObject } from '../http/json.js';
import type { Money } from './model.js';

/** pricing_scheme input: what the caller may set (version, status and times are the service's). */
export interface PricingInput {
  pricing_model?: string;
  tiers?: JsonObject[];
  fixed_price?: Money;
}

/** One billing_cycles item of a plan_override. */
export interface CycleOverride {
  sequence: number;
  total_cycles?: number;
  pricing?: PricingInput;
  field: string;
}

export interface OverrideInput {
  cycles: CycleOverride[];
  payment_preferences?: JsonObject;
  taxes?: JsonObject;
}

export interface CreateSubscriptionInput {
  plan_id: string;
  quantity?: string;
  auto_renewal?: boolean;
  custom_id?: string;
  start_time?: string;
  shipping_amount?: Money;
  subscriber?: JsonObject;
  application_context?: JsonObject;
  plan?: OverrideInput;
}

/** The two billing lists that page. */
export type ListName = 'plans' | 'subscriptions';

/** The page of a list asked for. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** The range and default of page_size and page of one list. */
export interface PagingRule {
  pageSize: { min: number; max: number; fallback: number };
  page: { min: number; max: number; fallback: number };
}
