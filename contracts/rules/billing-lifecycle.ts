// billing.md, "States and transitions" (and the lifecycle facts of "What the service does").
// Transitions the spec marks "not shown" (suspend, cancel, activate, capture; plan activate and
// deactivate source states; the target of a revise) have no rule.

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { anchor, must } from './define.js';

const STATES = anchor('billing.md', 'States and transitions');
const SUB_CREATE = [S.createSubscriptionResponse, S.createSubscriptionResponseMinimal, S.createSubscriptionResponseRepresentation];

export const LIFECYCLE_RULES: readonly Rule[] = [
  must(STATES, 'billing.create-plan.requested-status', 'lifecycle', 'A plan created with status CREATED or ACTIVE has that status', [S.createPlanRequest, S.plan]),
  must(STATES, 'billing.plan-state.created-refuses-subscriptions', 'lifecycle', 'Creating a subscription on a CREATED plan is refused and creates nothing'),
  must(STATES, 'billing.plan-state.inactive-refuses-subscriptions', 'lifecycle', 'Creating a subscription on an INACTIVE plan is refused and creates nothing'),
  must(STATES, 'billing.plan-state.active-accepts-subscriptions', 'lifecycle', 'A subscription can be created on an ACTIVE plan'),
  must(STATES, 'billing.update-plan.status-unchanged', 'lifecycle', 'Update plan on a CREATED or ACTIVE plan leaves its status unchanged'),
  must(STATES, 'billing.update-plan.inactive-status-only', 'lifecycle', 'On an INACTIVE plan, an update of anything but status is refused and changes nothing'),
  must(STATES, 'billing.activate-plan.to-active', 'lifecycle', 'After activate plan (204), the plan status is ACTIVE'),
  must(STATES, 'billing.deactivate-plan.to-inactive', 'lifecycle', 'After deactivate plan (204), the plan status is INACTIVE'),
  must(STATES, 'billing.create-subscription.approval-pending', 'lifecycle', 'A new subscription has status APPROVAL_PENDING', [S.subscription, ...SUB_CREATE]),
  must(STATES, 'billing.create-subscription.approve-link', 'lifecycle', 'The create subscription response carries a link with rel approve', SUB_CREATE),
  must(STATES, 'billing.update-subscription.status-unchanged', 'lifecycle', 'Update subscription on an ACTIVE or SUSPENDED subscription leaves its status unchanged'),
  must(STATES, 'billing.revise.approve-link', 'lifecycle', 'The revise response carries a link with rel approve (buyer consent)', [S.reviseResponse]),
  // "requires buyer consent": judged on show subscription before the revise, after it and before
  // the consent, and after the consent (the status it leads to is "target: not shown").
  must(
    STATES,
    'billing.revise.requires-consent',
    'lifecycle',
    'A revise does not take effect before the subscriber consents: until its approve link is followed, the ' +
      'subscription shows the plan it had',
  ),
  must(
    STATES,
    'billing.revise.applied-on-consent',
    'lifecycle',
    'Once the subscriber consents through the revise\'s approve link, the subscription shows the plan it was ' +
      'revised to',
  ),
  must(STATES, 'billing.revise.from-any-state', 'lifecycle', 'Revise plan or quantity is served from any state: a SUSPENDED subscription, like an APPROVAL_PENDING or ACTIVE one, answers 200 with an approve link', [S.reviseResponse]),
];
