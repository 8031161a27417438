// billing.md "States and transitions", subscriptions: random sequences of every subscription
// operation (create with each user_action, approval, suspend, activate, cancel, capture,
// revise, update) against a model that holds only the stated states. Transitions the spec
// leaves "not shown" are recorded as observations; a failure shrinks to a short list of
// named commands.

import { check } from '../../../harness/check.js';
import { LIFECYCLE_RULE as R } from '../../../generators/model/rules.js';
import { runSubscriptionProperty } from './model-runs.js';

check(
  {
    name: 'subscription lifecycle: random sequences of subscription operations follow the stated transitions',
    rules: [
      R.createSubscriptionStatus201,
      R.createSubscriptionApprovalPending,
      R.createSubscriptionApproveLink,
      R.approveSubscribeNowActivates,
      R.suspendStatus204,
      R.activateSubscriptionStatus204,
      R.cancelStatus204,
      R.captureStatus202,
      R.captureBodyEmpty,
      R.reviseStatus200,
      R.reviseApproveLink,
      R.updateSubscriptionStatus204,
      R.updateSubscriptionKeepsStatus,
      'billing.update-subscription.patch.custom_id',
    ],
    // most of the lifecycle lies past the subscriber's approval
    needs: ['approval'],
  },
  runSubscriptionProperty,
);
