// billing.md "States and transitions": "any | Revise plan or quantity | requires buyer consent |
// target: not shown | 200; approve link returned". Checked while the subscription awaits
// approval and once it is ACTIVE; the status that follows is recorded, not judged.

import { check } from '../support/check.js';
import { ApproveCommand } from '../model/subscription/approve.js';
import { CreateSubscriptionCommand } from '../model/subscription/create-subscription.js';
import { ReviseCommand } from '../model/subscription/revise.js';
import { walkSubscriptionScenario } from './model-runs.js';

check(
  {
    name: 'revise: a subscription awaiting approval answers 200 with an approve link',
    rules: ['billing.revise.status-200', 'billing.revise.approve-link'],
    needs: ['billing'],
  },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [new CreateSubscriptionCommand(undefined), new ReviseCommand(0)]);
  },
);

check(
  {
    name: 'revise: an ACTIVE subscription answers 200 with an approve link',
    rules: ['billing.revise.status-200', 'billing.revise.approve-link'],
    needs: ['approval'],
  },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [
      new CreateSubscriptionCommand(undefined),
      new ApproveCommand(0),
      { subscription: 0, mustBe: 'ACTIVE', because: 'approval with SUBSCRIBE_NOW activates' },
      new ReviseCommand(0),
    ]);
  },
);
