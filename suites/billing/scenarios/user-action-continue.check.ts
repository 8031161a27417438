// billing.md "application_context": user_action "CONTINUE (customer sees Continue; the merchant
// controls activation), SUBSCRIBE_NOW (customer sees Subscribe Now; the service activates)".
// So with CONTINUE the subscriber's approval alone does not make the subscription ACTIVE. Which
// state it reaches instead (APPROVED on the reference) is not shown and not asserted.

import { check } from '../support/check.js';
import { approve } from '../../../harness/approval.js';
import { CheckSetupError } from '../../../harness/failure.js';
import type { Reply } from '../../../harness/exchange.js';
import { readSubscription } from '../support/api.js';
import { createActivePlan, newSubscription } from '../support/fixtures.js';
import { lifecycleSubscriptionBody } from '../support/setup-bodies.js';

const RULE = 'billing.application_context.user_action.continue-merchant-activates';
/** A server may finish an approval a moment later: look again after this long. */
const SETTLE_MS = 1_000;

check(
  {
    name: 'user_action CONTINUE: approval alone does not make the subscription ACTIVE',
    rules: [RULE],
    needs: ['approval'],
  },
  async (ctx) => {
    const plan = await createActivePlan(ctx);
    const { plan_id: _planId, ...body } = lifecycleSubscriptionBody(ctx, plan.id, 'CONTINUE');
    const sub = await newSubscription(ctx, plan.id, body);
    if (!sub.approveHref) throw new CheckSetupError('the new subscription has no approve link to follow');
    await approve(ctx, sub.approveHref);
    let last: { status: unknown; reply: Reply } | undefined;
    for (const wait of [0, SETTLE_MS]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const { doc: subscription, reply } = await readSubscription(ctx, sub.id);
      last = { status: subscription.status, reply };
      if (subscription.status === 'ACTIVE') {
        ctx.fail({
          rule: RULE,
          message:
            'a subscription created with user_action CONTINUE is ACTIVE after the subscriber approved ' +
            'it, before any activation by the merchant',
          expected: 'a status other than ACTIVE (with CONTINUE the merchant controls activation)',
          received: 'status ACTIVE',
          exchanges: [reply.exchange],
        });
      }
      ctx.observe(
        `after approval with user_action CONTINUE${wait ? ` and ${wait} ms` : ''}: ${String(subscription.status)}`,
      );
    }
    // Still awaiting approval, it does not show that the approval was taken at all.
    if (last?.status === 'APPROVAL_PENDING')
      ctx.notTried(
        [RULE],
        'the subscription still awaits approval after it: whether the approval was taken is unknown',
      );
    else if (last) ctx.credit(RULE, last.reply, `status ${String(last.status)} after approval`);
  },
);
