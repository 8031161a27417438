// billing.md "States and transitions" for subscriptions, as data: what the spec states about a
// new subscription, an update and a reactivation. The lifecycle commands read it to know what to
// expect of the requests they send; the proxy reads it to judge a client's requests as they go
// by. Suspend, cancel, activate and capture have no stated source or resulting states, and
// revise no stated target: none of them is here.

import type { RuleId } from '../../../../contracts/rules/rule-ids.js';

/** "(none) | Create subscription | plan must be ACTIVE | APPROVAL_PENDING | 201; approve link returned". */
export const NEW_SUBSCRIPTION = {
  status: 'APPROVAL_PENDING',
  rule: 'billing.create-subscription.approval-pending',
  approveLinkRule: 'billing.create-subscription.approve-link',
} as const satisfies { status: string; rule: RuleId; approveLinkRule: RuleId };

/** "ACTIVE or SUSPENDED | Update subscription | only the patchable fields listed below | unchanged | 204". */
export const UPDATE_KEEPS_STATE: { states: readonly string[]; rule: RuleId } = {
  states: ['ACTIVE', 'SUSPENDED'],
  rule: 'billing.update-subscription.status-unchanged',
};

/**
 * Activate subscription: "{reason: string 1..128, required to reactivate}". The rule a missing
 * reason breaks for a subscription in `status` (SUSPENDED: a reactivation), or undefined when
 * the reason is not required there (the merchant's first activation of an APPROVED one).
 */
export function reasonRequiredToActivate(status: string): RuleId | undefined {
  return status === 'SUSPENDED' ? 'billing.activate-subscription.reason.required-to-reactivate' : undefined;
}
