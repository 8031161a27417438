// billing.md "States and transitions", plans: random sequences of every plan operation (create
// CREATED/ACTIVE/default, activate, deactivate, update, update pricing, create subscription)
// against a model that holds only the stated states. A failure shrinks to the shortest
// sequence of named commands that shows it.

import { check } from '../../../harness/check.js';
import { LIFECYCLE_RULE as R } from '../../../generators/model/rules.js';
import { runPlanProperty } from './model-runs.js';

check(
  {
    name: 'plan lifecycle: random sequences of plan operations follow the stated transitions',
    rules: [
      R.createPlanStatus201,
      R.createPlanRequestedStatus,
      R.createPlanDefaultStatus,
      R.activatePlanStatus204,
      R.activatePlanActive,
      R.deactivatePlanStatus204,
      R.deactivatePlanInactive,
      R.updatePlanStatus204,
      R.updatePlanKeepsStatus,
      R.updatePlanInactiveStatusOnly,
      R.updatePricingStatus204,
      R.updatePricingApplies,
      R.pricingVersionSetByService,
      R.createdPlanRefusesSubscriptions,
      R.inactivePlanRefusesSubscriptions,
      R.activePlanAcceptsSubscriptions,
      R.createSubscriptionStatus201,
      R.createSubscriptionApprovalPending,
      R.createSubscriptionApproveLink,
    ],
    needs: ['billing'],
  },
  runPlanProperty,
);
