// billing.md "Endpoints / Subscriptions": capture authorized payment answers "202, empty
// object". In which states a capture is possible is not shown: when the ACTIVE subscription's
// capture is refused the check is skipped; an acceptance must be 202 with {}.

import { check } from '../support/check.js';
import { outcomeOf, subscriptionPath } from '../support/api.js';
import { ApproveCommand } from '../model/subscription/approve.js';
import { expectCaptureAccepted } from '../model/subscription/capture.js';
import { CreateSubscriptionCommand } from '../model/subscription/create-subscription.js';
import { walkSubscriptionScenario } from './model-runs.js';

check(
  {
    name: 'capture: an accepted capture of an ACTIVE subscription answers 202 with an empty object',
    rules: ['billing.capture.status-202', 'billing.capture.response.empty-object'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { real } = await walkSubscriptionScenario(ctx, [
      new CreateSubscriptionCommand(undefined),
      new ApproveCommand(0),
      { subscription: 0, mustBe: 'ACTIVE', because: 'approval with SUBSCRIBE_NOW activates' },
    ]);
    const reply = await ctx.billingSend('POST', subscriptionPath(real.ids[0], 'capture'), {
      json: {
        note: `${ctx.settings.runId} capture check`,
        capture_type: 'OUTSTANDING_BALANCE',
        amount: { currency_code: 'USD', value: '1.00' },
      },
    });
    if (outcomeOf(reply, 'capture') === 'refused')
      ctx.skip(
        `the capture of an ACTIVE subscription was refused (${reply.status}); in which states ` +
          `capture is possible is not shown`,
      );
    expectCaptureAccepted(real, reply);
  },
);
