// billing.md "States and transitions", plans: random sequences of every plan operation (create
// CREATED/ACTIVE/default, activate, deactivate, update, update pricing, create subscription)
// against a model that holds only the stated states. A failure shrinks to the shortest
// sequence of named commands that shows it.

import { check } from '../support/check.js';
import { runPlanProperty } from './model-runs.js';

check(
  {
    name: 'plan lifecycle: random sequences of plan operations follow the stated transitions',
    rules: [
      'billing.create-plan.status-201',
      'billing.create-plan.requested-status',
      'billing.plan.status.default-active',
      'billing.activate-plan.status-204',
      'billing.activate-plan.to-active',
      'billing.deactivate-plan.status-204',
      'billing.deactivate-plan.to-inactive',
      'billing.update-plan.status-204',
      'billing.update-plan.status-unchanged',
      'billing.update-plan.inactive-status-only',
      'billing.update-pricing.status-204',
      'billing.update-pricing.applies',
      'billing.pricing_scheme.version.set-by-service',
      'billing.plan-state.created-refuses-subscriptions',
      'billing.plan-state.inactive-refuses-subscriptions',
      'billing.plan-state.active-accepts-subscriptions',
      'billing.create-subscription.status-201',
      'billing.create-subscription.approval-pending',
      'billing.create-subscription.approve-link',
    ],
    needs: ['billing'],
  },
  runPlanProperty,
);
