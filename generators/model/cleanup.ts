// Cleanup of what a scenario created, registered with ctx.defer so that it also runs when the
// check fails: subscriptions are cancelled, plans deactivated. Both are best effort; a cleanup
// that does not complete is recorded as an observation by the harness.

import type { CheckContext } from '../../harness/check.js';
import { planPath, subscriptionPath } from './billing-api.js';

/** Deactivates the plan after the check; a CREATED plan (which may refuse that) is activated first. */
export function retirePlanLater(ctx: CheckContext, id: string): void {
  ctx.defer(async () => {
    const reply = await ctx.billingSend('POST', planPath(id, 'deactivate'));
    if (reply.status < 400) return;
    const shown = await ctx.billingSend('GET', planPath(id));
    if ((shown.json as { status?: unknown } | undefined)?.status !== 'CREATED') return;
    await ctx.billingSend('POST', planPath(id, 'activate'));
    await ctx.billingSend('POST', planPath(id, 'deactivate'));
  });
}

/** Cancels the subscription after the check. */
export function cancelSubscriptionLater(ctx: CheckContext, id: string): void {
  ctx.defer(() => ctx.billingSend('POST', subscriptionPath(id, 'cancel'), { json: { reason: `${ctx.settings.runId} cleanup` } }));
}
