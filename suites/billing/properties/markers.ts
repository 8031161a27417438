// A property's own resources among everything a target holds: a marker in the names of what a
// check creates, Platform-Request-Id values no earlier request used, and a product id of the
// check's own, so that reading back "no plan was created" reads a page, not every plan. A marker
// is never shared: each call gives one no other call of the run gives, so a listed plan that
// carries it was made by the requests that sent it, and by no other check.

import { howAnswered } from '../../../harness/describe.js';
import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { type JsonObject, noteOnce, PLANS, readAll, sendCreatePlan } from '../support/api.js';
import { setupPlanBody } from '../support/setup-bodies.js';

/**
 * A nonce of the process (random: workers start in the same millisecond), so that a rerun with
 * the same seed against a server that keeps its data never finds the earlier run's plans, and two
 * workers never give the same marker.
 */
const NONCE = BigInt(`0x${randomBytes(5).toString('hex')}`)
  .toString(36)
  .toUpperCase()
  .padStart(8, '0')
  .slice(-6);
let markers = 0;

/** A marker for what one call creates: the run id, the process nonce and a count of the process's markers. */
export function markerOf(ctx: CheckContext, area: string): string {
  markers += 1;
  return `${ctx.settings.runId}${NONCE}${markers.toString(36).toUpperCase()}-${area}`;
}

let keys = 0;

/**
 * The headers with a Platform-Request-Id no earlier request used: generated keys repeat when a
 * property replays a value (shrinking) or a run is repeated with its seed, and a repeated key
 * may fairly be answered with the first result or a refusal, which is not what is being judged.
 */
export function freshKey(ctx: CheckContext, headers: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') out[name] = value;
  if (out['Platform-Request-Id'] !== undefined)
    out['Platform-Request-Id'] = `${markerOf(ctx, 'R')}${(keys += 1)}-${out['Platform-Request-Id']}`;
  return out;
}

/** Pages a read-back of a whole product's plans reads at most (20 plans a page). */
export const SCAN_PAGES = 100;

/**
 * The plans of `productId` whose name or description starts with `marker`. Lists carry no
 * name filter, so this reads the product's pages (at most SCAN_PAGES, noted when cut short):
 * use it once per check, after the property, on a product of the check's own when it can.
 */
export async function plansMarked(
  ctx: CheckContext,
  productId: string,
  marker: string,
): Promise<{ plans: JsonObject[]; replies: Reply[]; listed: Set<unknown> }> {
  const { items, replies } = await readAll(ctx, PLANS, 'plans', { product_id: productId }, { maxPages: SCAN_PAGES });
  if (replies.length >= SCAN_PAGES)
    noteOnce(
      ctx,
      `the read-back of plans stopped after ${SCAN_PAGES} pages of product ${productId}: later pages were not searched`,
    );
  const marked = (v: unknown) => typeof v === 'string' && v.startsWith(marker);
  return {
    plans: items.filter((p) => marked(p.name) || marked(p.description)),
    replies,
    listed: new Set(items.map((p) => p.id)),
  };
}

const probes = new WeakMap<CheckContext, { productId: string; planId: string }>();

/** The plan productForCheck made for the check's own product: one its list must show. */
export function probePlanOf(ctx: CheckContext, productId: string): string | undefined {
  const probe = probes.get(ctx);
  return probe?.productId === productId ? probe.planId : undefined;
}

/**
 * A product id for the plans of one check. The spec leaves the product catalog out; a server
 * that accepts a plan for a product id it never issued gets one made up for the check (from the
 * seed, so a replay uses it again); one that refuses gets the profile's product.
 */
export async function productForCheck(ctx: CheckContext): Promise<string> {
  const code = (ctx.seed.toString(36) + NONCE + ctx.settings.runId).toUpperCase().replace(/[^A-Z0-9]/g, '');
  const made = `PROD-${code.padEnd(17, '0').slice(0, 17)}`;
  const probe = await sendCreatePlan(
    ctx,
    setupPlanBody(ctx, { name: `${ctx.settings.runId} product probe`, productId: made }),
  );
  if (probe.id) {
    probes.set(ctx, { productId: made, planId: probe.id });
    return made;
  }
  noteOnce(
    ctx,
    `create plan for a product id the target never issued ${howAnswered(probe.reply)}, with no plan id to ` +
      `read back: the read-back searches the profile's product`,
  );
  return ctx.billing.productId;
}
