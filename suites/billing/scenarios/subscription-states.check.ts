// billing.md "States and transitions" and "application_context": a new subscription is
// APPROVAL_PENDING with an approve link; after approval, SUBSCRIBE_NOW (the default) means the
// service activates it. With CONTINUE the merchant activates: what the server shows is recorded.

import { check } from '../support/check.js';
import { ApproveCommand } from '../model/subscription/approve.js';
import { CreateSubscriptionCommand } from '../model/subscription/create-subscription.js';
import { UpdateCustomIdCommand } from '../model/subscription/update-custom-id.js';
import { walkSubscriptionScenario } from './model-runs.js';

check(
  {
    name: 'subscription states: a new subscription is APPROVAL_PENDING with an approve link, whatever its user_action',
    rules: [
      'billing.create-subscription.approval-pending',
      'billing.create-subscription.approve-link',
      'billing.create-subscription.status-201',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [
      new CreateSubscriptionCommand(undefined),
      new CreateSubscriptionCommand('CONTINUE'),
    ]);
  },
);

check(
  {
    name: 'subscription states: approval without user_action (SUBSCRIBE_NOW) makes the subscription ACTIVE',
    rules: ['billing.application_context.user_action.default'],
    needs: ['approval'],
  },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [new CreateSubscriptionCommand(undefined), new ApproveCommand(0)]);
  },
);

check(
  {
    name: 'subscription states: approval with user_action SUBSCRIBE_NOW makes the subscription ACTIVE',
    rules: ['billing.application_context.user_action.default'],
    needs: ['approval'],
  },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [new CreateSubscriptionCommand('SUBSCRIBE_NOW'), new ApproveCommand(0)]);
  },
);

check(
  {
    name: 'subscription states: an update of an ACTIVE subscription answers 204 and leaves it ACTIVE',
    rules: [
      'billing.update-subscription.status-204',
      'billing.update-subscription.status-unchanged',
      'billing.update-subscription.patch.custom_id',
    ],
    needs: ['approval'],
  },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [
      new CreateSubscriptionCommand(undefined),
      new ApproveCommand(0),
      { subscription: 0, mustBe: 'ACTIVE', because: 'approval with SUBSCRIBE_NOW activates' },
      new UpdateCustomIdCommand(0, 'replace', `${ctx.settings.runId}-updated`),
      new UpdateCustomIdCommand(0, 'add', `${ctx.settings.runId}-added`),
    ]);
  },
);
