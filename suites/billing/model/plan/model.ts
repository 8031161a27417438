// The plan lifecycle as billing.md "States and transitions" states it, and no more: a plan is
// CREATED, ACTIVE or INACTIVE; subscriptions can be created on an ACTIVE plan only; an INACTIVE
// plan accepts status updates only. Where the spec leaves a transition open ("source states:
// not shown"), the model learns the state from the server instead of predicting it.

import type fc from 'fast-check';
import type { CheckContext } from '../../../../harness/check.js';

export type PlanStatus = 'CREATED' | 'ACTIVE' | 'INACTIVE';
export const PLAN_STATUSES: readonly PlanStatus[] = ['CREATED', 'ACTIVE', 'INACTIVE'];

export interface PlanEntry {
  status: PlanStatus;
}

export interface PlanModel {
  plans: PlanEntry[];
}

/** The system side: the check's context and the ids behind the model's plan numbers. */
export interface PlanReal {
  ctx: CheckContext;
  planIds: string[];
  /** Subscriptions the run created, per plan number: "nothing else was created" is checked against these. */
  subscriptionIds: string[][];
}

export type PlanCommand = fc.AsyncCommand<PlanModel, PlanReal>;

/** At most this many plans per run: enough for two plans in different states. */
export const MAX_PLANS = 2;

export function isPlanStatus(value: unknown): value is PlanStatus {
  return typeof value === 'string' && (PLAN_STATUSES as readonly string[]).includes(value);
}

/** How a command names a plan of the run in a counterexample. */
export function planLabel(index: number): string {
  return `plan#${index}`;
}
