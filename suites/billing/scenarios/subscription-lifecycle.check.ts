// billing.md "States and transitions", subscriptions: random sequences of every subscription
// operation (create with each user_action, approval, suspend, activate, cancel, capture,
// revise, update) against a model that holds only the stated states. Transitions the spec
// leaves "not shown" are recorded as observations; a failure shrinks to a short list of
// named commands.

import { check } from '../support/check.js';
import { runSubscriptionProperty } from './model-runs.js';

check(
  {
    name: 'subscription lifecycle: random sequences of subscription operations follow the stated transitions',
    rules: [
      'billing.create-subscription.status-201',
      'billing.create-subscription.approval-pending',
      'billing.create-subscription.approve-link',
      'billing.application_context.user_action.default',
      'billing.suspend.status-204',
      'billing.activate-subscription.status-204',
      'billing.cancel.status-204',
      'billing.capture.status-202',
      'billing.capture.response.empty-object',
      'billing.revise.status-200',
      'billing.revise.approve-link',
      'billing.update-subscription.status-204',
      'billing.update-subscription.status-unchanged',
      'billing.update-subscription.patch.custom_id',
    ],
    // most of the lifecycle lies past the subscriber's approval
    needs: ['approval'],
  },
  runSubscriptionProperty,
);
