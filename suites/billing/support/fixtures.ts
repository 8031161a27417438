// What a billing check needs before it can judge anything: an ACTIVE plan, a new subscription,
// an approved one. Each is retired after the check (cleanup.ts). A setup step that fails is an
// error of the check, not a verdict: the checks that own those rules say so with evidence.

import fc from 'fast-check';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { createPlanBody, cyclesCurrency, type BillingCycle, type CreatePlanBody } from '../../../generators/index.js';
import { is2xx, isObject, type JsonObject, sendCreatePlan, sendCreateSubscription } from './api.js';
import { approveAndSettle } from './approval.js';
import { completePlanBody, setupPlanBody, setupSubscriptionBody } from './setup-bodies.js';
import { linkHref } from './links.js';

/** One value of `arbitrary`, a pure function of the check's seed (for fixtures of a property). */
export function sampleOne<T>(ctx: CheckContext, arbitrary: fc.Arbitrary<T>): T {
  return fc.sample(arbitrary, { seed: ctx.seed, numRuns: 1 })[0];
}

/** The id of a created resource; a setup error naming what went wrong otherwise. */
function requireId(created: { reply: Reply; id?: string }, what: string): string {
  const { reply, id } = created;
  if (!is2xx(reply)) throw new CheckSetupError(`could not ${what}: answered ${reply.status}`, [reply.exchange]);
  // Say what was wrong with an acceptance: "answered 201" alone reads as a success.
  if (id === undefined) {
    const shown = isObject(reply.json) ? reply.json.id : undefined;
    throw new CheckSetupError(
      `could not ${what}: answered ${reply.status}, but the body has no string id (` +
        (reply.json === undefined ? 'the body is not JSON' : `id is ${JSON.stringify(shown) ?? 'missing'}`) +
        `)`,
      [reply.exchange],
    );
  }
  return id;
}

export interface Created {
  id: string;
  /** The plan as the server answered it (Prefer: return=representation). */
  body: JsonObject;
}

/**
 * Creates a plan and returns its id. A body of the check's own is completed as a fixture (every
 * payment preference; taxes with both members).
 */
export async function createPlan(ctx: CheckContext, body: JsonObject = setupPlanBody(ctx)): Promise<Created> {
  return createPlanAsGiven(ctx, completePlanBody(body));
}

/** Creates a plan from `body` as it is: for a check whose plan must lack what a fixture would add. */
export async function createPlanAsGiven(ctx: CheckContext, body: JsonObject): Promise<Created> {
  const created = await sendCreatePlan(ctx, body, { prefer: 'return=representation' });
  const id = requireId(created, 'create a plan for this check');
  return { id, body: (created.reply.json ?? {}) as JsonObject };
}

export async function createActivePlan(ctx: CheckContext, extra: JsonObject = {}): Promise<Created> {
  return createPlan(ctx, setupPlanBody(ctx, {}, { status: 'ACTIVE', ...extra }));
}

/** Members of a drawn plan body the fixtures need later: its cycles, currency, quantity support. */
export interface PlanFixture {
  id: string;
  body: CreatePlanBody;
  cycles: BillingCycle[];
  currency: string;
  quantitySupported: boolean;
}

/** An ACTIVE plan drawn from the valid plan bodies (seeded by the check); setup, not a verdict. */
export async function activePlan(
  ctx: CheckContext,
  opts: { tag?: string; trials?: number; extra?: Partial<CreatePlanBody>; infinite?: boolean } = {},
): Promise<PlanFixture> {
  // A fixture, not a value under test: named with the run's prefix, so a person can tell it apart.
  const drawn = sampleOne(
    ctx,
    createPlanBody({
      productId: ctx.billing.productId,
      tag: opts.tag ?? ctx.settings.runId,
      status: 'ACTIVE',
      trials: opts.trials,
    }),
  );
  let body: CreatePlanBody = completePlanBody({ ...drawn, ...opts.extra });
  if (opts.infinite) {
    // a REGULAR cycle that never completes: repeated captures never run the subscription out
    body = {
      ...body,
      billing_cycles: body.billing_cycles.map((c) => (c.tenure_type === 'REGULAR' ? { ...c, total_cycles: 0 } : c)),
    };
  }
  const id = requireId(await sendCreatePlan(ctx, body), 'create an ACTIVE plan for this check');
  return {
    id,
    body,
    cycles: body.billing_cycles,
    currency: cyclesCurrency(body.billing_cycles),
    quantitySupported: body.quantity_supported === true,
  };
}

export interface NewSubscription {
  id: string;
  reply: Reply;
  /** The approve link, when the server gave one. */
  approveHref?: string;
}

/** A subscription on `planId` (a setup body with a subscriber; `extra` members replace its own). */
export async function newSubscription(
  ctx: CheckContext,
  planId: string,
  extra: JsonObject = {},
): Promise<NewSubscription> {
  const created = await sendCreateSubscription(ctx, setupSubscriptionBody(ctx, planId, {}, extra), {
    prefer: 'return=representation',
  });
  const id = requireId(created, 'create a subscription for this check');
  const href = linkHref(created.reply.json, 'approve');
  return { id, reply: created.reply, ...(href ? { approveHref: href } : {}) };
}

/**
 * A subscription approved through the profile's approval driver, ACTIVE afterwards (the default
 * user_action SUBSCRIBE_NOW). Skips the check when the subscription does not become ACTIVE:
 * what approval leads to is the lifecycle checks' verdict, not this one's.
 */
export async function activeSubscription(
  ctx: CheckContext,
  planId: string,
  extra: JsonObject = {},
): Promise<{ id: string; doc: JsonObject }> {
  const sub = await newSubscription(ctx, planId, extra);
  if (!sub.approveHref)
    throw new CheckSetupError('the new subscription has no approve link to follow', [sub.reply.exchange]);
  const { status, reply } = await approveAndSettle(ctx, sub.id, sub.approveHref);
  if (status !== 'ACTIVE')
    ctx.skip(`an approved subscription is ${String(status)}, not ACTIVE: this check needs an ACTIVE one`);
  return { id: sub.id, doc: reply.json as JsonObject };
}
