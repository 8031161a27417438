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
  { method: 'POST', pattern: PLANS, auth: 'billing', body: 'required', handle: plans.createPlan },
  { method: 'GET', pattern: PLANS, auth: 'billing', body: 'ignored', handle: plans.listPlans },
  { method: 'GET', pattern: `${PLANS}/:id`, auth: 'billing', body: 'ignored', handle: plans.showPlan },
  { method: 'PATCH', pattern: `${PLANS}/:id`, auth: 'billing', body: 'required', handle: plans.updatePlan },
  { method: 'POST', pattern: `${PLANS}/:id/activate`, auth: 'billing', body: 'optional', handle: plans.activatePlan },
  { method: 'POST', pattern: `${PLANS}/:id/deactivate`, auth: 'billing', body: 'optional', handle: plans.deactivatePlan },
  { method: 'POST', pattern: `${PLANS}/:id/update-pricing-schemes`, auth: 'billing', body: 'required', handle: plans.updatePricingSchemes },

  { method: 'POST', pattern: SUBSCRIPTIONS, auth: 'billing', body: 'required', handle: subscriptions.createSubscription },
  { method: 'GET', pattern: SUBSCRIPTIONS, auth: 'billing', body: 'ignored', handle: subscriptions.listSubscriptions },
  { method: 'GET', pattern: `${SUBSCRIPTIONS}/:id`, auth: 'billing', body: 'ignored', handle: subscriptions.showSubscription },
  { method: 'PATCH', pattern: `${SUBSCRIPTIONS}/:id`, auth: 'billing', body: 'required', handle: updateSubscription },
  { method: 'POST', pattern: `${SUBSCRIPTIONS}/:id/revise`, auth: 'billing', body: 'optional', handle: subscriptions.reviseSubscription },
  { method: 'POST', pattern: `${SUBSCRIPTIONS}/:id/suspend`, auth: 'billing', body: 'required', handle: actions.suspendSubscription },
  { method: 'POST', pattern: `${SUBSCRIPTIONS}/:id/cancel`, auth: 'billing', body: 'required', handle: actions.cancelSubscription },
  { method: 'POST', pattern: `${SUBSCRIPTIONS}/:id/activate`, auth: 'billing', body: 'optional', handle: actions.activateSubscription },
  { method: 'POST', pattern: `${SUBSCRIPTIONS}/:id/capture`, auth: 'billing', body: 'required', handle: actions.captureSubscription },
  { method: 'GET', pattern: `${SUBSCRIPTIONS}/:id/transactions`, auth: 'billing', body: 'ignored', handle: actions.listTransactions },
  { method: 'GET', pattern: '/checkoutnow/approve', auth: 'open', body: 'ignored', handle: subscriptions.approve },

  { method: 'GET', pattern: `${REPO}/assignees`, auth: 'open', body: 'ignored', handle: assignees.listAssignees },
  { method: 'GET', pattern: `${REPO}/assignees/:assignee`, auth: 'open', body: 'ignored', handle: assignees.checkAssignable },
  { method: 'POST', pattern: `${REPO}/issues/:issue_number/assignees`, auth: 'open', body: 'optional', handle: assignees.addAssignees },
  { method: 'DELETE', pattern: `${REPO}/issues/:issue_number/assignees`, auth: 'open', body: 'optional', handle: assignees.removeAssignees },
  { method: 'GET', pattern: `${REPO}/issues/:issue_number/assignees/:assignee`, auth: 'open', body: 'ignored', handle: assignees.checkIssueAssignable },
];
