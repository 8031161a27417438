import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { Plugs } from './points.js';

// Faults that answer one 204 operation's success with a body: 200 and {"id": <the path id>},
// as a server that echoes what it acted on would. A 204 cannot carry a body, so this is how the
// "empty success" of billing.md's Errors breaks; the status changes too (its own rule, which the
// check of the body does not judge).

export interface NoContentFault {
  name: string;
  rule: RuleId;
  description: string;
  at: Plugs;
}

const fault = (operation: string, rule: RuleId): NoContentFault => ({
  name: `${operation.replace(/ /g, '-')}-answers-with-body`,
  rule,
  description:
    `${operation[0].toUpperCase()}${operation.slice(1)} answers its success with 200 and {"id": ...} ` +
    `instead of 204 with no body.`,
  at: {
    'success answer': (reply, answered) =>
      answered.operation === operation ? { status: 200, body: { id: answered.ctx.params.id ?? null } } : reply,
  },
});

export const NO_CONTENT_FAULTS: readonly NoContentFault[] = [
  fault('activate plan', 'billing.activate-plan.empty-body'),
  fault('deactivate plan', 'billing.deactivate-plan.empty-body'),
  fault('update pricing', 'billing.update-pricing.empty-body'),
  fault('update subscription', 'billing.update-subscription.empty-body'),
  fault('suspend subscription', 'billing.suspend.empty-body'),
  fault('cancel subscription', 'billing.cancel.empty-body'),
  fault('activate subscription', 'billing.activate-subscription.empty-body'),
];
