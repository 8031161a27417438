// billing.md "Errors": success statuses are "204 (empty success for patch, activate, deactivate,
// update pricing, suspend, cancel, activate subscription)". Each of those operations, taken, is
// answered with no body. A 204 cannot carry one (RFC 9110), so what breaks the rule is another
// success status with a body (200 with the resource); the status itself is its operation's
// status rule, judged by the lifecycle checks: here only the body is. Update plan has its own
// rule, from its row ("204, empty": properties/http.check.ts).

import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { brief, is2xx, planPath, subscriptionPath } from '../support/api.js';
import { createActivePlan } from '../support/fixtures.js';
import { activeSubscriptionToPatch, USD } from './subscription-fixture.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/** Judges the answer of one 204 operation: no body when taken; not tried when not taken. */
function expectNoContent(ctx: CheckContext, reply: Reply, rule: RuleId, what: string): void {
  if (!is2xx(reply)) {
    ctx.notTried(
      [rule],
      `${what} answered ${reply.status}, not a success: there was no success answer to look at ` +
        `(the operation's own checks judge the refusal)`,
    );
    return;
  }
  if (reply.text === '') {
    ctx.credit(rule, reply, `${what}: ${reply.status} with no body`);
    return;
  }
  ctx.softFail({
    rule,
    message: `${what} answered its success (${reply.status}) with a body`,
    expected: 'no body (204, empty success)',
    received: `${reply.status} with ${brief(reply.json ?? reply.text)}`,
    exchanges: [reply.exchange],
    side: 'response',
  });
}

check(
  {
    name: 'no content: deactivate, activate and update pricing of a plan answer their success with no body',
    rules: [
      'billing.deactivate-plan.empty-body',
      'billing.activate-plan.empty-body',
      'billing.update-pricing.empty-body',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await createActivePlan(ctx);
    const send = (action: string, json?: unknown) =>
      ctx.billingSend('POST', planPath(plan.id, action), json === undefined ? {} : { json });
    expectNoContent(ctx, await send('deactivate'), 'billing.deactivate-plan.empty-body', 'deactivate plan');
    expectNoContent(ctx, await send('activate'), 'billing.activate-plan.empty-body', 'activate plan');
    const pricing = { pricing_schemes: [{ billing_cycle_sequence: 1, pricing_scheme: { fixed_price: USD('12.00') } }] };
    expectNoContent(
      ctx,
      await send('update-pricing-schemes', pricing),
      'billing.update-pricing.empty-body',
      'update pricing',
    );
  },
);

check(
  {
    name:
      'no content: update, suspend, activate and cancel of an ACTIVE subscription answer their success with ' +
      'no body',
    rules: [
      'billing.update-subscription.empty-body',
      'billing.suspend.empty-body',
      'billing.activate-subscription.empty-body',
      'billing.cancel.empty-body',
    ],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    const reason = (what: string) => ({ reason: `${ctx.settings.runId} ${what}` });
    const update = await ctx.billingSend('PATCH', subscriptionPath(id), {
      json: [{ op: 'replace', path: '/custom_id', value: `${ctx.settings.runId}-no-content` }],
    });
    expectNoContent(ctx, update, 'billing.update-subscription.empty-body', 'update subscription (replace custom_id)');
    const steps: Array<[string, RuleId, string]> = [
      ['suspend', 'billing.suspend.empty-body', 'suspend subscription'],
      ['activate', 'billing.activate-subscription.empty-body', 'activate subscription (reactivate)'],
      ['cancel', 'billing.cancel.empty-body', 'cancel subscription'],
    ];
    for (const [action, rule, what] of steps) {
      const reply = await ctx.billingSend('POST', subscriptionPath(id, action), { json: reason(what) });
      expectNoContent(ctx, reply, rule, what);
    }
  },
);
