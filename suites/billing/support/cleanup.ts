// Cleanup of what a check created, registered with ctx.defer so that it also runs when the
// check fails: subscriptions are cancelled, plans deactivated (harness/retire.ts, shared with
// `cleanup --ledger`). Both are best effort; a cleanup that does not complete is recorded as an
// observation by the harness.

import type { CheckContext } from '../../../harness/check.js';
import { cancelSubscription, deactivatePlan, type Send } from '../../../harness/retire.js';

/** The check's billing requests, with the profile's token, as the retirement functions send them. */
function billingSender(ctx: CheckContext): Send {
  return (method, path, json) => ctx.billingSend(method, path, json === undefined ? {} : { json });
}

/** Deactivates the plan after the check; a CREATED plan (which may refuse that) is activated first. */
export function retirePlanLater(ctx: CheckContext, id: string): void {
  ctx.defer(() => deactivatePlan(billingSender(ctx), id));
}

/** Cancels the subscription after the check. */
export function cancelSubscriptionLater(ctx: CheckContext, id: string): void {
  ctx.defer(() => cancelSubscription(billingSender(ctx), id, `${ctx.settings.runId} cleanup`));
}
