// Every operation of both APIs, and the approval link of billing.

import * as assignees from './assignees/handlers.js';
import * as plans from './billing/plans.js';
import * as actions from './billing/subscription-actions.js';
import * as subscriptions from './billing/subscriptions.js';
import { patchSubscription } from './billing/subscription-patch.js';
import type { RequestContext } from './http/context.js';
import type { Route } from './http/router.js';

function updateSubscription(ctx: RequestContext) {
  patchSubscription(subscriptions.findSubscription(ctx), ctx.body, ctx);
  return { status: 204 };
}

const PLANS = '/v1/billing/plans';
const SUBSCRIPTIONS = '/v1/billing/subscriptions';
const REPO = '/repos/:owner/:repo';

export const ROUTES: readonly Route[] = [
  {
    operation: 'create plan',
    method: 'POST',
    pattern: PLANS,
    auth: 'billing',
    body: 'required',
    handle: plans.createPlan,
  },
  { operation: 'list plans', method: 'GET', pattern: PLANS, auth: 'billing', body: 'ignored', handle: plans.listPlans },
  {
    operation: 'show plan',
    method: 'GET',
    pattern: `${PLANS}/:id`,
    auth: 'billing',
    body: 'ignored',
    handle: plans.showPlan,
  },
  {
    operation: 'update plan',
    method: 'PATCH',
    pattern: `${PLANS}/:id`,
    auth: 'billing',
    body: 'required',
    handle: plans.updatePlan,
  },
  {
    operation: 'activate plan',
    method: 'POST',
    pattern: `${PLANS}/:id/activate`,
    auth: 'billing',
    body: 'optional',
    handle: plans.activatePlan,
  },
  {
    operation: 'deactivate plan',
    method: 'POST',
    pattern: `${PLANS}/:id/deactivate`,
    auth: 'billing',
    body: 'optional',
    handle: plans.deactivatePlan,
  },
  {
    operation: 'update pricing',
    method: 'POST',
    pattern: `${PLANS}/:id/update-pricing-schemes`,
    auth: 'billing',
    body: 'required',
    handle: plans.updatePricingSchemes,
  },

  {
    operation: 'create subscription',
    method: 'POST',
    pattern: SUBSCRIPTIONS,
    auth: 'billing',
    body: 'required',
    handle: subscriptions.createSubscription,
  },
  {
    operation: 'list subscriptions',
    method: 'GET',
    pattern: SUBSCRIPTIONS,
    auth: 'billing',
    body: 'ignored',
    handle: subscriptions.listSubscriptions,
  },
  {
    operation: 'show subscription',
    method: 'GET',
    pattern: `${SUBSCRIPTIONS}/:id`,
    auth: 'billing',
    body: 'ignored',
    handle: subscriptions.showSubscription,
  },
  {
    operation: 'update subscription',
    method: 'PATCH',
    pattern: `${SUBSCRIPTIONS}/:id`,
    auth: 'billing',
    body: 'required',
    handle: updateSubscription,
  },
  {
    operation: 'revise subscription',
    method: 'POST',
    pattern: `${SUBSCRIPTIONS}/:id/revise`,
    auth: 'billing',
    body: 'optional',
    handle: subscriptions.reviseSubscription,
  },
  {
    operation: 'suspend subscription',
    method: 'POST',
    pattern: `${SUBSCRIPTIONS}/:id/suspend`,
    auth: 'billing',
    body: 'required',
    handle: actions.suspendSubscription,
  },
  {
    operation: 'cancel subscription',
    method: 'POST',
    pattern: `${SUBSCRIPTIONS}/:id/cancel`,
    auth: 'billing',
    body: 'required',
    handle: actions.cancelSubscription,
  },
  {
    operation: 'activate subscription',
    method: 'POST',
    pattern: `${SUBSCRIPTIONS}/:id/activate`,
    auth: 'billing',
    body: 'optional',
    handle: actions.activateSubscription,
  },
  {
    operation: 'capture payment',
    method: 'POST',
    pattern: `${SUBSCRIPTIONS}/:id/capture`,
    auth: 'billing',
    body: 'required',
    handle: actions.captureSubscription,
  },
  {
    operation: 'list transactions',
    method: 'GET',
    pattern: `${SUBSCRIPTIONS}/:id/transactions`,
    auth: 'billing',
    body: 'ignored',
    handle: actions.listTransactions,
  },
  { method: 'GET', pattern: '/checkoutnow/approve', auth: 'open', body: 'ignored', handle: subscriptions.approve },

  {
    operation: 'list assignees',
    method: 'GET',
    pattern: `${REPO}/assignees`,
    auth: 'open',
    body: 'ignored',
    handle: assignees.listAssignees,
  },
  {
    operation: 'check assignee',
    method: 'GET',
    pattern: `${REPO}/assignees/:assignee`,
    auth: 'open',
    body: 'ignored',
    handle: assignees.checkAssignable,
  },
  {
    operation: 'add assignees',
    method: 'POST',
    pattern: `${REPO}/issues/:issue_number/assignees`,
    auth: 'open',
    body: 'optional',
    handle: assignees.addAssignees,
  },
  {
    operation: 'remove assignees',
    method: 'DELETE',
    pattern: `${REPO}/issues/:issue_number/assignees`,
    auth: 'open',
    body: 'optional',
    handle: assignees.removeAssignees,
  },
  {
    operation: 'check issue assignee',
    method: 'GET',
    pattern: `${REPO}/issues/:issue_number/assignees/:assignee`,
    auth: 'open',
    body: 'ignored',
    handle: assignees.checkIssueAssignable,
  },
];
