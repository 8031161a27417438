// billing.md "States and transitions": "any | Revise plan or quantity | requires buyer consent |
// target: not shown | 200; approve link returned". Checked while the subscription awaits
// approval and once it is ACTIVE; the status that follows is recorded, not judged.

import { check } from '../../../harness/check.js';
import { LIFECYCLE_RULE as R } from '../../../generators/model/rules.js';
import { ApproveCommand } from '../../../generators/model/subscription/approve.js';
import { CreateSubscriptionCommand } from '../../../generators/model/subscription/create-subscription.js';
import { ReviseCommand } from '../../../generators/model/subscription/revise.js';
import { walkSubscriptionScenario } from './model-runs.js';

check(
  { name: 'revise: a subscription awaiting approval answers 200 with an approve link', rules: [R.reviseStatus200, R.reviseApproveLink], needs: ['billing'] },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [new CreateSubscriptionCommand(undefined), new ReviseCommand(0)]);
  },
);

check(
  { name: 'revise: an ACTIVE subscription answers 200 with an approve link', rules: [R.reviseStatus200, R.reviseApproveLink], needs: ['approval'] },
  async (ctx) => {
    await walkSubscriptionScenario(ctx, [
      new CreateSubscriptionCommand(undefined),
      new ApproveCommand(0),
      { subscription: 0, mustBe: 'ACTIVE', because: 'approval with SUBSCRIBE_NOW activates' },
      new ReviseCommand(0),
    ]);
  },
);
