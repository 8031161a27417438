import type { CheckContext } from '../../../harness/check.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { cancelSubscriptionLater, retirePlanLater } from './cleanup.js';
import { completePlanBody, setupPlanBody, setupSubscriptionBody } from './setup-bodies.js';
import { approveAndSettle } from './approval.js';
import { linkHref } from './links.js';

// Setting up what a billing check needs (a plan, a subscription, an approved one) and
// registering its cleanup. A setup step that fails is an error of the check, not a verdict:
// the checks that own those rules say so with evidence.

export const PLANS = '/v1/billing/plans';
export const SUBSCRIPTIONS = '/v1/billing/subscriptions';

export interface Created {
  id: string;
  body: Record<string, unknown>;
}

function requireId(reply: { json: unknown; status: number; exchange: import('../../../harness/exchange.js').Exchange }, what: string): string {
  const id = (reply.json as { id?: unknown } | undefined)?.id;
  if (reply.status < 200 || reply.status > 299) throw new CheckSetupError(`could not ${what}: answered ${reply.status}`, [reply.exchange]);
  // Say what was wrong with an acceptance: "answered 201" alone reads as a success.
  if (typeof id !== 'string') throw new CheckSetupError(`could not ${what}: answered ${reply.status}, but the body has no string id (${reply.json === undefined ? 'the body is not JSON' : `id is ${JSON.stringify(id) ?? 'missing'}`})`, [reply.exchange]);
  return id;
}

/**
 * Creates a plan (deactivated again after the check) and returns its id. A body of the check's
 * own is completed as a fixture (every payment preference; taxes with both members).
 */
export async function createPlan(ctx: CheckContext, body: Record<string, unknown> = setupPlanBody(ctx)): Promise<Created> {
  const reply = await ctx.billingSend('POST', PLANS, { json: completePlanBody(body), headers: { prefer: 'return=representation' } });
  const id = requireId(reply, 'create a plan for this check');
  retirePlanLater(ctx, id);
  return { id, body: (reply.json ?? {}) as Record<string, unknown> };
}

export async function createActivePlan(ctx: CheckContext, extra: Record<string, unknown> = {}): Promise<Created> {
  return createPlan(ctx, setupPlanBody(ctx, {}, { status: 'ACTIVE', ...extra }));
}

export interface CreatedSubscription extends Created {
  approveHref?: string;
}

/** Creates a subscription (cancelled after the check). */
export async function createSubscription(ctx: CheckContext, planId: string, extra: Record<string, unknown> = {}): Promise<CreatedSubscription> {
  const reply = await ctx.billingSend('POST', SUBSCRIPTIONS, {
    json: setupSubscriptionBody(ctx, planId, {}, extra),
    headers: { prefer: 'return=representation' },
  });
  const id = requireId(reply, 'create a subscription for this check');
  cancelSubscriptionLater(ctx, id);
  return { id, body: (reply.json ?? {}) as Record<string, unknown>, approveHref: linkHref(reply.json, 'approve') };
}

export async function showSubscription(ctx: CheckContext, id: string): Promise<Record<string, unknown>> {
  const reply = await ctx.billingSend('GET', `${SUBSCRIPTIONS}/${encodeURIComponent(id)}`);
  if (reply.status !== 200 || typeof reply.json !== 'object' || reply.json === null) {
    throw new CheckSetupError(`could not read subscription ${id}: answered ${reply.status}`, [reply.exchange]);
  }
  return reply.json as Record<string, unknown>;
}

/** An ACTIVE plan and a subscription on it approved through the profile's approval driver. */
export async function approvedSubscription(
  ctx: CheckContext,
  extra: Record<string, unknown> = {},
): Promise<{ plan: Created; subscription: CreatedSubscription; status: string }> {
  const plan = await createActivePlan(ctx);
  const subscription = await createSubscription(ctx, plan.id, extra);
  if (!subscription.approveHref) throw new CheckSetupError('the new subscription has no approve link to follow');
  const { status } = await approveAndSettle(ctx, subscription.id, subscription.approveHref, `${SUBSCRIPTIONS}/${encodeURIComponent(subscription.id)}`);
  return { plan, subscription, status: String(status) };
}
