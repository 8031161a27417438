import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { Plugs } from './points.js';

// Faults that answer one operation's success with another 2xx code than the spec names: one per
// success-code rule no hand fault breaks. The code differs and the rest of the answer stays, so
// only a check that compares the code itself can see it.

export interface StatusFault {
  name: string;
  rule: RuleId;
  description: string;
  /** The operation (contracts/operations.ts) whose success answer changes. */
  operation: string;
  /** The code answered instead. */
  status: number;
  at: Plugs;
}

const fault = (operation: string, rule: RuleId, spec: number, status: number): StatusFault => ({
  name: `${operation.replace(/ /g, '-')}-answers-${status}`,
  rule,
  description:
    `${operation[0].toUpperCase()}${operation.slice(1)} answers ${status} instead of ${spec} ` +
    `on success (the body unchanged).`,
  operation,
  status,
  at: { 'success answer': (reply, answered) => (answered.operation === operation ? { ...reply, status } : reply) },
});

export const STATUS_FAULTS: readonly StatusFault[] = [
  fault('list plans', 'billing.list-plans.status-200', 200, 203),
  fault('show plan', 'billing.show-plan.status-200', 200, 203),
  fault('activate plan', 'billing.activate-plan.status-204', 204, 200),
  fault('deactivate plan', 'billing.deactivate-plan.status-204', 204, 200),
  fault('update pricing', 'billing.update-pricing.status-204', 204, 200),
  fault('list subscriptions', 'billing.list-subscriptions.status-200', 200, 203),
  fault('show subscription', 'billing.show-subscription.status-200', 200, 203),
  fault('update subscription', 'billing.update-subscription.status-204', 204, 200),
  fault('revise subscription', 'billing.revise.status-200', 200, 201),
  fault('suspend subscription', 'billing.suspend.status-204', 204, 200),
  fault('cancel subscription', 'billing.cancel.status-204', 204, 200),
  fault('activate subscription', 'billing.activate-subscription.status-204', 204, 200),
  fault('list transactions', 'billing.list-transactions.status-200', 200, 203),
  fault('list assignees', 'assignees.list.status-200', 200, 203),
  fault('check issue assignee', 'assignees.check-issue.status-204', 204, 200),
];
