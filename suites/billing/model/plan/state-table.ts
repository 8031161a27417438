// billing.md "States and transitions" for plans, as data: what the state table states about each
// trigger in each state. The lifecycle commands read it to know what to expect of the requests
// they send; the proxy reads it to judge a client's requests as they go by. Nothing here sends a
// request or asserts: each entry says what the spec allows, and which rule says so.

import { PLAN_PATCH_PATHS, planPatchPointer } from '../../../../contracts/rules/billing-patch.js';
import type { RuleId } from '../../../../contracts/rules/rule-ids.js';
import type { PlanStatus } from './model.js';

/** "(none) | Create plan | status input is CREATED or ACTIVE; default ACTIVE | the requested status". */
export function createdPlanStatus(requested: 'CREATED' | 'ACTIVE' | undefined): { status: PlanStatus; rule: RuleId } {
  return requested
    ? { status: requested, rule: 'billing.create-plan.requested-status' }
    : { status: 'ACTIVE', rule: 'billing.plan.status.default-active' };
}

/** Activate and deactivate plan: "source states: not shown | Activate plan | | ACTIVE | 204". */
export interface PlanAction {
  action: 'activate' | 'deactivate';
  next: PlanStatus;
  status204Rule: RuleId;
  nextStateRule: RuleId;
}

export const ACTIVATE_PLAN: PlanAction = {
  action: 'activate',
  next: 'ACTIVE',
  status204Rule: 'billing.activate-plan.status-204',
  nextStateRule: 'billing.activate-plan.to-active',
};
export const DEACTIVATE_PLAN: PlanAction = {
  action: 'deactivate',
  next: 'INACTIVE',
  status204Rule: 'billing.deactivate-plan.status-204',
  nextStateRule: 'billing.deactivate-plan.to-inactive',
};

/** Create subscription on a plan in `state`: "ACTIVE (the only state in which subscriptions can be created)". */
export function subscriptionsOnPlan(state: PlanStatus): { taken: boolean; rule: RuleId } {
  if (state === 'ACTIVE') return { taken: true, rule: 'billing.plan-state.active-accepts-subscriptions' };
  return {
    taken: false,
    rule:
      state === 'CREATED'
        ? 'billing.plan-state.created-refuses-subscriptions'
        : 'billing.plan-state.inactive-refuses-subscriptions',
  };
}

/** "CREATED or ACTIVE | Update plan | only the patchable attributes listed under Endpoints | unchanged | 204". */
export const UPDATE_KEEPS_STATE: { states: readonly PlanStatus[]; rule: RuleId } = {
  states: ['CREATED', 'ACTIVE'],
  rule: 'billing.update-plan.status-unchanged',
};

const PATCHABLE: readonly string[] = PLAN_PATCH_PATHS.map(planPatchPointer);

/**
 * What a plan in `state` does with one operation of an update plan, as far as the state decides:
 * - `either`: taking it and refusing it both conform (a `test` reads only; an INACTIVE plan
 *   "only status updates allowed": how a status update is taken is not shown);
 * - `take`: a replace of a patchable attribute of a CREATED or ACTIVE plan, which then shows it;
 * - a rule: the operation must be refused, and that rule says so;
 * - undefined: the state adds nothing (the request contract judges the operation).
 */
export type PlanPatchOutcome = 'either' | 'take' | { refuse: RuleId };

export function planPatchOutcome(state: PlanStatus, op: string, path: string): PlanPatchOutcome | undefined {
  if (op === 'test') return 'either';
  if (state === 'INACTIVE') {
    if (op === 'replace' && path === '/status') return 'either';
    return PATCHABLE.includes(path) ? { refuse: 'billing.update-plan.inactive-status-only' } : undefined;
  }
  if (op === 'replace' && PATCHABLE.includes(path)) return 'take';
  return path === '/status' ? { refuse: 'billing.update-plan.other-paths-refused' } : undefined;
}
