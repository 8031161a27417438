// billing.md "States and transitions": "any | Revise plan or quantity | requires buyer consent |
// target: not shown | 200; approve link returned". From each state the spec shows (awaiting
// approval, ACTIVE, SUSPENDED) a revise to another ACTIVE plan answers 200 with an approve link.
// How a subscription gets SUSPENDED is not shown: when suspend does not lead there, the
// SUSPENDED step is skipped with that reason.

import { check, type CheckContext } from '../support/check.js';
import { approve } from '../../../harness/approval.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { brief, readSubscription, subscriptionPath } from '../support/api.js';
import { createActivePlan, newSubscription } from '../support/fixtures.js';
import { linkHref } from '../support/links.js';

const RULE = 'billing.revise.from-any-state';

/** Revises the subscription in `state`; returns the answer, a 200 with an approve link (else fails). */
async function expectRevised(ctx: CheckContext, id: string, planId: string, state: string): Promise<Reply> {
  const reply = await ctx.billingSend('POST', subscriptionPath(id, 'revise'), { json: { plan_id: planId } });
  const href = reply.status === 200 ? linkHref(reply.json, 'approve') : undefined;
  if (reply.status !== 200 || !href) {
    ctx.fail({
      rule: RULE,
      message: `revise of a subscription in ${state} was not served with an approve link`,
      expected: 'status 200 with a link of rel approve (revise is served from any state)',
      received:
        reply.status === 200
          ? `200 with links ${brief((reply.json as { links?: unknown } | undefined)?.links)}`
          : `status ${reply.status}`,
      exchanges: [reply.exchange],
    });
  }
  return reply;
}

check(
  {
    name:
      'revise from any state: awaiting approval, ACTIVE and SUSPENDED subscriptions are revised ' +
      'with an approve link',
    rules: [RULE],
    needs: ['approval'],
  },
  async (ctx) => {
    const plan = await createActivePlan(ctx);
    const other = await createActivePlan(ctx);
    const sub = await newSubscription(ctx, plan.id);
    if (!sub.approveHref) throw new CheckSetupError('the new subscription has no approve link to follow');
    const pending = await expectRevised(ctx, sub.id, other.id, 'APPROVAL_PENDING');

    // a second subscription for the ACTIVE and SUSPENDED states: the first has a revision pending
    const active = await newSubscription(ctx, plan.id);
    if (!active.approveHref) throw new CheckSetupError('the new subscription has no approve link to follow');
    await approve(ctx, active.approveHref);
    const { doc: shown } = await readSubscription(ctx, active.id);
    if (shown.status !== 'ACTIVE') ctx.skip(`after approval the subscription is ${String(shown.status)}, not ACTIVE`);
    const fromActive = await expectRevised(ctx, active.id, other.id, 'ACTIVE');

    const suspend = await ctx.billingSend('POST', subscriptionPath(active.id, 'suspend'), {
      json: { reason: `${ctx.settings.runId} revise from SUSPENDED` },
    });
    const { doc: suspended } = await readSubscription(ctx, active.id);
    if (suspended.status !== 'SUSPENDED')
      ctx.skip(
        `suspend answered ${suspend.status} and the subscription is ${String(suspended.status)}, ` +
          `not SUSPENDED (suspend's states are not shown)`,
      );
    const fromSuspended = await expectRevised(ctx, active.id, other.id, 'SUSPENDED');
    // credited once every state the spec shows was revised
    const each = [pending, fromActive, fromSuspended];
    ctx.credit(RULE, each, 'APPROVAL_PENDING, ACTIVE and SUSPENDED: 200 with an approve link');
  },
);
