import type { Operation } from '../contracts/operations.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import type { RequestBreak } from '../judging/request-breaks.js';
import { PLAN_STATUSES, type PlanStatus } from '../suites/billing/model/plan/model.js';
import { planPatchOutcome, subscriptionsOnPlan } from '../suites/billing/model/plan/state-table.js';
import { reasonRequiredToActivate } from '../suites/billing/model/subscription/state-table.js';
import { isObject } from '../contracts/json-value.js';

// What a request breaks given the state of the plan or subscription it names, read from the
// lifecycle model's state tables (the ones `run`'s lifecycle commands follow). A status update of
// an INACTIVE plan is no break, a replace of its patchable attributes is; a status update of a
// CREATED or ACTIVE plan breaks other-paths-refused; a subscription on a plan that is not ACTIVE
// must be refused; an activate without a reason only when it reactivates a SUSPENDED one. Where
// the proxy does not know the state, a rule that depends on it is not judged ("not observed"):
// the break is dropped, never charged to the client or the server.

/** What the proxy learned of the resources it saw from the traffic. */
export interface StateKnowledge {
  planStatus(id: string): PlanStatus | undefined;
  subscriptionStatus(id: string): string | undefined;
}

export const NOTHING_KNOWN: StateKnowledge = { planStatus: () => undefined, subscriptionStatus: () => undefined };

/** Rules the state decides for one patch operation (the contract alone reads them state-free). */
const STATE_DECIDED: ReadonlySet<RuleId> = new Set<RuleId>([
  'billing.update-plan.replace-only',
  'billing.update-plan.other-paths-refused',
]);

/** The breaks of an update plan, each operation read by the state of the plan (by every state when unknown). */
function planPatchBreaks(
  breaks: readonly RequestBreak[],
  body: unknown,
  state: PlanStatus | undefined,
): RequestBreak[] {
  if (!Array.isArray(body)) return [...breaks];
  let out = [...breaks];
  body.forEach((operation, index) => {
    if (!isObject(operation) || typeof operation.op !== 'string' || typeof operation.path !== 'string') return;
    const { op, path } = operation;
    const contractBreaks = out.some((item) => item.patchOp?.index === index && STATE_DECIDED.has(item.rule));
    // whether a plan in `each` state must refuse the operation: by the state table, or by the contract
    const refuses = (each: PlanStatus): boolean => {
      const outcome = planPatchOutcome(each, op, path);
      return typeof outcome === 'object' || (outcome === undefined && contractBreaks);
    };
    const known = state ? planPatchOutcome(state, op, path) : undefined;
    if (
      state &&
      typeof known === 'object' &&
      !out.some((item) => item.rule === known.refuse && item.patchOp?.index === index)
    ) {
      out.push({
        rule: known.refuse,
        message: `update plan of a ${state} plan: ${op} ${path}`,
        patchOp: { index, op, path },
      });
    }
    // refused in the plan's state (or in every state, when it is unknown): the contract's breaks stand
    if (state ? refuses(state) : PLAN_STATUSES.every(refuses)) return;
    // allowed in the plan's state, or the state that decides it is unknown: not the contract's to say
    out = out.filter((item) => !(item.patchOp?.index === index && STATE_DECIDED.has(item.rule)));
  });
  return out;
}

/** The breaks of a request as the state it names decides them. */
export function stateBreaks(
  operation: Operation,
  breaks: readonly RequestBreak[],
  body: unknown,
  params: Partial<Record<string, string>>,
  knowledge: StateKnowledge,
): RequestBreak[] {
  const id = params.id;
  switch (operation.name) {
    case 'update plan':
      return planPatchBreaks(breaks, body, id ? knowledge.planStatus(id) : undefined);
    case 'create subscription': {
      const planId = isObject(body) && typeof body.plan_id === 'string' ? body.plan_id : undefined;
      const state = planId ? knowledge.planStatus(planId) : undefined;
      const onPlan = state ? subscriptionsOnPlan(state) : undefined;
      return onPlan && !onPlan.taken
        ? [...breaks, { rule: onPlan.rule, message: `create subscription on a ${state} plan (${planId})` }]
        : [...breaks];
    }
    case 'activate subscription': {
      const status = id ? knowledge.subscriptionStatus(id) : undefined;
      const rule =
        status !== undefined && !(isObject(body) && body.reason !== undefined)
          ? reasonRequiredToActivate(status)
          : undefined;
      return rule
        ? [...breaks, { rule, message: `activate subscription of a ${status} subscription without a reason` }]
        : [...breaks];
    }
    default:
      return [...breaks];
  }
}
