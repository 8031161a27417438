// billing.md "Errors": named error categories include "resource not found" and "validation
// error"; their "conditions, status codes and codes" are not shown. HTTP practice (SHOULD, a
// warning, never gating): an id that names no plan or subscription answers 404, and a request
// refused for its input answers 400 or 422. Ids well formed but made up for the run name nothing.

import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import { is4xx, planPath, sendCreatePlan, subscriptionPath } from '../support/api.js';
import { setupPlanBody } from '../support/setup-bodies.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

const UNKNOWN_PLAN = 'P-0000000000000000000000ZZ';
const UNKNOWN_SUBSCRIPTION = 'I-0000000000ZZ';

/** Judges the answer to a request naming an id that does not exist: 404, or a warning. */
function expectNotFound(ctx: CheckContext, reply: Reply, rule: RuleId, what: string): void {
  if (reply.status === 404) return ctx.credit(rule, reply, `${what}: 404`);
  if (reply.status >= 200 && reply.status <= 299) {
    ctx.notTried([rule], `${what} was served (${reply.status}): the made-up id names something on this target`);
    return;
  }
  ctx.softFail({
    rule,
    message: `${what}: answered ${reply.status}`,
    expected: 'status 404 (resource not found)',
    received: describeStatus(reply),
    exchanges: [reply.exchange],
    side: 'response',
  });
}

check(
  {
    name: 'errors: an id that names no plan or subscription answers 404, and a refused input 400 or 422',
    rules: [
      'billing.errors.unknown-plan-404',
      'billing.errors.unknown-subscription-404',
      'billing.errors.refusal-400-or-422',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const unknownPlan = 'billing.errors.unknown-plan-404';
    expectNotFound(
      ctx,
      await ctx.billingSend('GET', planPath(UNKNOWN_PLAN)),
      unknownPlan,
      'show plan of an unknown id',
    );
    const activate = await ctx.billingSend('POST', planPath(UNKNOWN_PLAN, 'activate'));
    expectNotFound(ctx, activate, unknownPlan, 'activate plan of an unknown id');
    const unknownSubscription = 'billing.errors.unknown-subscription-404';
    const shown = await ctx.billingSend('GET', subscriptionPath(UNKNOWN_SUBSCRIPTION));
    expectNotFound(ctx, shown, unknownSubscription, 'show subscription of an unknown id');

    // a plan name of 128 characters (1..127): a validation error
    const refusal = 'billing.errors.refusal-400-or-422';
    const body = setupPlanBody(ctx, { name: `${ctx.settings.runId} `.padEnd(128, 'n') });
    // sent as a create: were it taken, the plan is retired after the check like any other
    const { reply } = await sendCreatePlan(ctx, body);
    if (!is4xx(reply)) {
      ctx.notTried([refusal], `create plan with a name of 128 characters answered ${reply.status}, not a refusal`);
      return;
    }
    if (reply.status === 400 || reply.status === 422)
      return ctx.credit(refusal, reply, `create plan with a name of 128 characters: ${reply.status}`);
    ctx.softFail({
      rule: refusal,
      message: `create plan with a name of 128 characters was refused with ${reply.status}`,
      expected: 'status 400 or 422 (a validation error)',
      received: describeStatus(reply),
      exchanges: [reply.exchange],
      side: 'response',
    });
  },
);
