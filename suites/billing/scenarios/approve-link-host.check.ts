// billing.md "What the service does": "Creating a subscription returns a link with rel approve
// ({approval_url} host) that the subscriber follows to consent." The host is the target's own,
// which only its profile can name (billing.approval.host): every approve link, of a new
// subscription and of a revise, points there. The links are read, never followed, so a link to
// another host is judged without sending anything there. Without approval.host the rule is not
// tried: nothing says which host is the right one.

import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { brief, subscriptionPath } from '../support/api.js';
import { createActivePlan, newSubscription } from '../support/fixtures.js';
import { approveHrefs, pointsAtHost } from '../support/links.js';

const RULE = 'billing.approve-link.host';

/** Judges the approve links of one answer; false when it carried none (the approve-link rules judge that). */
function judgeHosts(ctx: CheckContext, reply: Reply, host: string, what: string): boolean {
  const hrefs = approveHrefs(reply.json);
  if (hrefs.length === 0) return false;
  const elsewhere = hrefs.filter((href) => !pointsAtHost(href, host, ctx.target.baseUrl));
  if (elsewhere.length === 0) {
    ctx.credit(RULE, reply, `${what}: approve link on ${host}`);
    return true;
  }
  ctx.softFail({
    rule: RULE,
    message: `${what}: the approve link points at another host than the profile's approval.host`,
    expected: `an approve link on ${host} (billing.approval.host)`,
    received: `approve link ${brief(elsewhere[0])}`,
    exchanges: [reply.exchange],
    cause: 'an approve link on another host',
    side: 'response',
  });
  return true;
}

check(
  {
    name: "approve links: the approve links of create subscription and of revise point at the profile's approval host",
    rules: [RULE],
    needs: ['billing'],
  },
  async (ctx) => {
    const host = ctx.billing.approval.host;
    if (host === undefined) {
      ctx.notTried([RULE], 'the target profile names no billing.approval.host, the {approval_url} host to judge by');
      return;
    }
    const plan = await createActivePlan(ctx);
    const other = await createActivePlan(ctx);
    const sub = await newSubscription(ctx, plan.id);
    const created = judgeHosts(ctx, sub.reply, host, 'create subscription');
    // a revise is served from any state: awaiting approval, it answers with an approve link of its own
    const revised = await ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), { json: { plan_id: other.id } });
    const judged = judgeHosts(ctx, revised, host, 'revise') || created;
    if (!judged)
      ctx.notTried([RULE], 'neither create subscription nor revise answered with an approve link to look at');
  },
);
