// billing.md, "States and transitions" (and the lifecycle facts of "What the service does").
// Transitions the spec marks "not shown" (suspend, cancel, activate, capture; plan activate and
// deactivate source states; the target of a revise) have no rule.

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { anchor, at, must, withFacts } from './define.js';

const STATES = anchor('billing.md', 'States and transitions');
const SUB_CREATE = [
  S.createSubscriptionResponse,
  S.createSubscriptionResponseMinimal,
  S.createSubscriptionResponseRepresentation,
];
const SOURCE_STATES_OPEN = {
  allows: ['refusing the transition from a state the spec does not list (its source states are not shown)'],
};

/** "returns a link with rel approve ({approval_url} host)": the host is the target's, named by its profile. */
const APPROVAL_HOST = at(anchor('billing.md', 'What the service does'), 12, '({approval_url} host)');

export const LIFECYCLE_RULES: readonly Rule[] = [
  must(
    APPROVAL_HOST,
    'billing.approve-link.host',
    'lifecycle',
    'Every approve link (of create subscription and of revise) points at the {approval_url} host: the target ' +
      "profile's billing.approval.host",
  ),
  must(
    at(STATES, 168, 'status input is CREATED or ACTIVE', [S.createPlanRequest, S.plan]),
    'billing.create-plan.requested-status',
    'lifecycle',
    'A plan created with status CREATED or ACTIVE has that status',
  ),
  must(
    at(STATES, 164, 'CREATED (subscriptions cannot be created)'),
    'billing.plan-state.created-refuses-subscriptions',
    'lifecycle',
    'Creating a subscription on a CREATED plan is refused and creates nothing',
  ),
  must(
    at(STATES, 164, 'the only state in which subscriptions can be created'),
    'billing.plan-state.inactive-refuses-subscriptions',
    'lifecycle',
    'Creating a subscription on an INACTIVE plan is refused and creates nothing',
  ),
  must(
    at(STATES, 164, 'ACTIVE (the only state'),
    'billing.plan-state.active-accepts-subscriptions',
    'lifecycle',
    'A subscription can be created on an ACTIVE plan',
  ),
  must(
    at(STATES, 169, 'only the patchable attributes'),
    'billing.update-plan.status-unchanged',
    'lifecycle',
    'Update plan on a CREATED or ACTIVE plan leaves its status unchanged',
  ),
  must(
    at(STATES, 170, 'only status updates allowed'),
    'billing.update-plan.inactive-status-only',
    'lifecycle',
    'On an INACTIVE plan, an update of anything but status is refused and changes nothing',
  ),
  withFacts(
    SOURCE_STATES_OPEN,
    must(
      at(STATES, 171, 'Activate plan'),
      'billing.activate-plan.to-active',
      'lifecycle',
      'After activate plan (204), the plan status is ACTIVE',
    ),
  ),
  withFacts(
    SOURCE_STATES_OPEN,
    must(
      at(STATES, 172, 'Deactivate plan'),
      'billing.deactivate-plan.to-inactive',
      'lifecycle',
      'After deactivate plan (204), the plan status is INACTIVE',
    ),
  ),
  must(
    at(STATES, 178, 'APPROVAL_PENDING', [S.subscription, ...SUB_CREATE]),
    'billing.create-subscription.approval-pending',
    'lifecycle',
    'A new subscription has status APPROVAL_PENDING',
  ),
  must(
    at(STATES, 178, 'approve link returned', SUB_CREATE),
    'billing.create-subscription.approve-link',
    'lifecycle',
    'The create subscription response carries a link with rel approve',
  ),
  must(
    at(STATES, 179, 'only the patchable fields listed below'),
    'billing.update-subscription.status-unchanged',
    'lifecycle',
    'Update subscription on an ACTIVE or SUSPENDED subscription leaves its status unchanged',
  ),
  must(
    at(STATES, 180, 'requires buyer consent', [S.reviseResponse]),
    'billing.revise.approve-link',
    'lifecycle',
    'The revise response carries a link with rel approve (buyer consent)',
  ),
  // "requires buyer consent": judged on show subscription before the revise, after it and before
  // the consent, and after the consent (the status it leads to is "target: not shown").
  must(
    at(STATES, 180, 'requires buyer consent'),
    'billing.revise.requires-consent',
    'lifecycle',
    'A revise does not take effect before the subscriber consents: until its approve link is followed, the ' +
      'subscription shows the plan it had',
  ),
  must(
    at(STATES, 180, 'requires buyer consent'),
    'billing.revise.applied-on-consent',
    'lifecycle',
    "Once the subscriber consents through the revise's approve link, the subscription shows the plan it was " +
      'revised to',
  ),
  withFacts(
    { allows: ['any status after the revise (its target is not shown)'] },
    must(
      at(STATES, 180, 'any | Revise plan or quantity', [S.reviseResponse]),
      'billing.revise.from-any-state',
      'lifecycle',
      'Revise plan or quantity is served from any state: a SUSPENDED subscription, like an APPROVAL_PENDING or ' +
        'ACTIVE one, ' +
        'answers 200 with an approve link',
    ),
  ),
];
