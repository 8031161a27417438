// What the billing property suites share: creating what a property needs (and retiring it
// afterwards), reading lists page by page, finding a check's own plans among a product's plans,
// and judging an answer to a valid request. Not a check file: the runner collects *.check.ts.

import fc from 'fast-check';
import type { CheckContext } from '../../../harness/check.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { describeStatus, preview } from '../../../harness/describe.js';
import { createPlanBody, type CreatePlanBody, type BillingCycle, cyclesCurrency } from '../../../generators/index.js';
import { approveAndSettle } from '../support/approval.js';
import { linkHref } from '../support/links.js';
import { cancelSubscriptionLater as cancelLater, retirePlanLater } from '../support/cleanup.js';
import { completePlanBody, setupApplicationContext, setupPlanBody, setupSubscriptionBody } from '../support/setup-bodies.js';

export const PLANS = '/v1/billing/plans';
export const SUBSCRIPTIONS = '/v1/billing/subscriptions';

export type JsonObject = Record<string, unknown>;

export function planPath(id: string, action?: string): string {
  return `${PLANS}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

export function subscriptionPath(id: string, action?: string): string {
  return `${SUBSCRIPTIONS}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function is2xx(reply: Reply): boolean {
  return reply.status >= 200 && reply.status <= 299;
}

export function is4xx(reply: Reply): boolean {
  return reply.status >= 400 && reply.status <= 499;
}

/**
 * A marker for what one check creates: the run id plus a per-process nonce, so that a rerun
 * with the same seed against a server that keeps its data never finds the earlier run's plans.
 */
const NONCE = Date.now().toString(36).slice(-5).toUpperCase();
export function markerOf(ctx: CheckContext, area: string): string {
  return `${ctx.settings.runId}${NONCE}-${area}`;
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
  if (out['Platform-Request-Id'] !== undefined) out['Platform-Request-Id'] = `${markerOf(ctx, 'R')}${(keys += 1)}-${out['Platform-Request-Id']}`;
  return out;
}

/** One value of `arbitrary`, a pure function of the check's seed (for fixtures of a property). */
export function sampleOne<T>(ctx: CheckContext, arbitrary: fc.Arbitrary<T>): T {
  return fc.sample(arbitrary, { seed: ctx.seed, numRuns: 1 })[0];
}

/** Members of a plan body the fixtures need later: its cycles, currency, quantity support. */
export interface PlanFixture {
  id: string;
  body: CreatePlanBody;
  cycles: BillingCycle[];
  currency: string;
  quantitySupported: boolean;
}

// Cleanup after the check: one implementation for the properties and the model-based scenarios.
export { cancelLater, retirePlanLater };

function idOf(reply: Reply): string | undefined {
  const id = isObject(reply.json) ? reply.json.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** Sends a create plan; on success registers the plan's retirement. */
export async function sendCreatePlan(ctx: CheckContext, body: unknown, headers: Record<string, string> = {}): Promise<{ reply: Reply; id?: string }> {
  const reply = await ctx.billingSend('POST', PLANS, { json: body, headers });
  const id = is2xx(reply) ? idOf(reply) : undefined;
  if (id) retirePlanLater(ctx, id);
  return { reply, ...(id ? { id } : {}) };
}

/** Sends a create subscription; on success registers its cancellation. */
export async function sendCreateSubscription(
  ctx: CheckContext,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ reply: Reply; id?: string }> {
  const reply = await ctx.billingSend('POST', SUBSCRIPTIONS, { json: body, headers });
  const id = is2xx(reply) ? idOf(reply) : undefined;
  if (id) cancelLater(ctx, id);
  return { reply, ...(id ? { id } : {}) };
}

/** An ACTIVE plan drawn from the valid plan bodies (seeded by the check); setup, not a verdict. */
export async function activePlan(
  ctx: CheckContext,
  opts: { tag?: string; trials?: number; extra?: Partial<CreatePlanBody>; infinite?: boolean } = {},
): Promise<PlanFixture> {
  // A fixture, not a value under test: named with the run's prefix, so a person can tell it apart.
  const drawn = sampleOne(ctx, createPlanBody({ productId: ctx.billing.productId, tag: opts.tag ?? ctx.settings.runId, status: 'ACTIVE', trials: opts.trials }));
  let body: CreatePlanBody = completePlanBody({ ...drawn, ...opts.extra });
  if (opts.infinite) {
    // a REGULAR cycle that never completes: repeated captures never run the subscription out
    body = { ...body, billing_cycles: body.billing_cycles.map((c) => (c.tenure_type === 'REGULAR' ? { ...c, total_cycles: 0 } : c)) };
  }
  const { reply, id } = await sendCreatePlan(ctx, body);
  if (!id) throw new CheckSetupError(`could not create an ACTIVE plan for this check: answered ${reply.status}`, [reply.exchange]);
  return {
    id,
    body,
    cycles: body.billing_cycles,
    currency: cyclesCurrency(body.billing_cycles),
    quantitySupported: body.quantity_supported === true,
  };
}

/** A minimal valid subscription body on `planId` (return and cancel URLs only): the base of bodies under test. */
export function plainSubscriptionBody(ctx: CheckContext, planId: string, extra: JsonObject = {}): JsonObject {
  return { plan_id: planId, custom_id: `${ctx.settings.runId}-sub`, application_context: setupApplicationContext(), ...extra };
}

/** A subscription on `planId` (setup, with a subscriber); its approve link when the server gave one. */
export async function newSubscription(ctx: CheckContext, planId: string, extra: JsonObject = {}): Promise<{ id: string; approveHref?: string; reply: Reply }> {
  const { reply, id } = await sendCreateSubscription(ctx, setupSubscriptionBody(ctx, planId, {}, extra), { prefer: 'return=representation' });
  if (!id) throw new CheckSetupError(`could not create a subscription for this check: answered ${reply.status}`, [reply.exchange]);
  const href = linkHref(reply.json, 'approve');
  return { id, reply, ...(href ? { approveHref: href } : {}) };
}

/** Shows a subscription (setup read-back: a non-200 is an error of the check, not a verdict). */
export async function readSubscription(ctx: CheckContext, id: string, query?: Record<string, string>): Promise<{ doc: JsonObject; reply: Reply }> {
  const reply = await ctx.billingSend('GET', subscriptionPath(id), query ? { query } : {});
  if (reply.status !== 200 || !isObject(reply.json)) {
    throw new CheckSetupError(`could not read back subscription ${id}: answered ${reply.status}`, [reply.exchange]);
  }
  return { doc: reply.json, reply };
}

/** Shows a plan (setup read-back). */
export async function readPlan(ctx: CheckContext, id: string): Promise<{ doc: JsonObject; reply: Reply }> {
  const reply = await ctx.billingSend('GET', planPath(id));
  if (reply.status !== 200 || !isObject(reply.json)) {
    throw new CheckSetupError(`could not read back plan ${id}: answered ${reply.status}`, [reply.exchange]);
  }
  return { doc: reply.json, reply };
}

/**
 * A subscription approved through the profile's approval driver, ACTIVE afterwards (the default
 * user_action SUBSCRIBE_NOW). Skips the check when the subscription does not become ACTIVE:
 * what approval leads to is the lifecycle suites' verdict, not this one's.
 */
export async function activeSubscription(ctx: CheckContext, planId: string): Promise<{ id: string; doc: JsonObject }> {
  const sub = await newSubscription(ctx, planId);
  if (!sub.approveHref) throw new CheckSetupError('the new subscription has no approve link to follow', [sub.reply.exchange]);
  const { status, reply } = await approveAndSettle(ctx, sub.id, sub.approveHref, subscriptionPath(sub.id));
  if (status !== 'ACTIVE') ctx.skip(`an approved subscription is ${String(status)}, not ACTIVE: this check needs an ACTIVE one`);
  return { id: sub.id, doc: reply.json as JsonObject };
}

/** The items of a list answer (`plans`, `subscriptions`, `transactions`), or undefined. */
export function itemsOf(reply: Reply, key: string): JsonObject[] | undefined {
  const items = isObject(reply.json) ? reply.json[key] : undefined;
  return Array.isArray(items) ? (items.filter(isObject) as JsonObject[]) : undefined;
}

/** Ids of list items, in order. */
export function idsOf(items: readonly JsonObject[]): string[] {
  return items.map((item) => String(item.id));
}

/** A list page read as a setup step: 200 with the item array expected. */
export async function readPage(ctx: CheckContext, path: string, key: string, query: Record<string, string | number | boolean>, headers: Record<string, string> = {}): Promise<{ items: JsonObject[]; reply: Reply }> {
  const reply = await ctx.billingSend('GET', path, { query, headers });
  const items = reply.status === 200 ? itemsOf(reply, key) : undefined;
  if (!items) throw new CheckSetupError(`could not list ${key}: answered ${reply.status}`, [reply.exchange]);
  return { items, reply };
}

/**
 * Every item of a list, page by page (page_size 20), until a short or empty page. Stops after
 * `maxPages` (a server that never ends its list is the pagination checks' concern).
 */
export async function readAll(
  ctx: CheckContext,
  path: string,
  key: string,
  query: Record<string, string | number | boolean>,
  opts: { headers?: Record<string, string>; maxPages?: number } = {},
): Promise<{ items: JsonObject[]; replies: Reply[] }> {
  const items: JsonObject[] = [];
  const replies: Reply[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= (opts.maxPages ?? 500); page += 1) {
    const read = await readPage(ctx, path, key, { ...query, page_size: 20, page }, opts.headers);
    replies.push(read.reply);
    for (const item of read.items) {
      // a page that moved under concurrent creation may repeat an item: count each once
      const id = String(item.id);
      if (!seen.has(id)) {
        seen.add(id);
        items.push(item);
      }
    }
    if (read.items.length < 20) break;
  }
  return { items, replies };
}

/** Pages a read-back of a whole product's plans reads at most (20 plans a page). */
export const SCAN_PAGES = 100;

/**
 * The plans of `productId` whose name or description starts with `marker`. Lists carry no
 * name filter, so this reads the product's pages (at most SCAN_PAGES, noted when cut short):
 * use it once per check, after the property, on a product of the check's own when it can.
 */
export async function plansMarked(ctx: CheckContext, productId: string, marker: string): Promise<{ plans: JsonObject[]; replies: Reply[] }> {
  const { items, replies } = await readAll(ctx, PLANS, 'plans', { product_id: productId }, { maxPages: SCAN_PAGES });
  if (replies.length >= SCAN_PAGES) noteOnce(ctx, `the read-back of plans stopped after ${SCAN_PAGES} pages of product ${productId}: later pages were not searched`);
  const marked = (v: unknown) => typeof v === 'string' && v.startsWith(marker);
  return { plans: items.filter((p) => marked(p.name) || marked(p.description)), replies };
}

/**
 * A product id for the plans of one check, so that reading back "no plan was created" reads a
 * page, not every plan of the profile's product. The spec leaves the product catalog out; a
 * server that accepts a plan for a product id it never issued gets one made up for the check
 * (from the seed, so a replay uses it again); one that refuses gets the profile's product.
 */
export async function productForCheck(ctx: CheckContext): Promise<string> {
  const code = (ctx.seed.toString(36) + NONCE + ctx.settings.runId).toUpperCase().replace(/[^A-Z0-9]/g, '');
  const made = `PROD-${code.padEnd(17, '0').slice(0, 17)}`;
  const probe = await sendCreatePlan(ctx, setupPlanBody(ctx, { name: `${ctx.settings.runId} product probe`, productId: made }));
  if (probe.id) return made;
  noteOnce(ctx, `a plan for a product id the target never issued was refused (${probe.reply.status}): the read-back searches the profile's product`);
  return ctx.billing.productId;
}

/** Subscriptions of one plan (every page). */
export async function subscriptionsOf(ctx: CheckContext, planId: string): Promise<{ items: JsonObject[]; replies: Reply[] }> {
  return readAll(ctx, SUBSCRIPTIONS, 'subscriptions', { plan_ids: planId });
}

const noted = new WeakMap<CheckContext, Set<string>>();

/** Records an observation once per check: properties repeat the same sighting many times. */
export function noteOnce(ctx: CheckContext, text: string): void {
  const seen = noted.get(ctx) ?? new Set<string>();
  noted.set(ctx, seen);
  if (seen.has(text)) return;
  seen.add(text);
  ctx.observe(text);
}

/** Short JSON for expected/received lines. */
export function brief(value: unknown, max = 160): string {
  return value === undefined ? '(absent)' : preview(value, max);
}

/**
 * Judges the answer to a valid request: `expected` is the success status the spec names. A
 * different success status fails `statusRule`; a refusal (or a 5xx) of a request that breaks no
 * stated rule fails `refusedRule`, the rule of the limit the request sits at (or the status rule).
 */
export function expectAccepted(
  ctx: CheckContext,
  reply: Reply,
  expected: number,
  rules: { status: string; refused?: string },
  what: string,
  more: Exchange[] = [],
): void {
  if (reply.status === expected) return;
  const refused = !is2xx(reply);
  ctx.fail({
    rule: refused ? (rules.refused ?? rules.status) : rules.status,
    message: refused ? `${what}: a valid request was not accepted` : `${what}: answered ${reply.status} instead of ${expected}`,
    expected: `status ${expected}`,
    received: describeStatus(reply),
    exchanges: [...more, reply.exchange],
  });
}

/** The longest URL the spec promises a list subscriptions request may have (billing.md, Limits). */
export const URL_LIMIT = 2000;

/**
 * A GET with its query written into the path, commas left as they are: RFC 3986 allows them in a
 * query, while the client's URLSearchParams sends %2C, which takes a 70-id plan_ids filter past
 * the 2000 characters the spec allows. Returns the reply and the length of the URL sent.
 */
export async function sendQuery(ctx: CheckContext, path: string, query: Record<string, string | number | boolean | undefined>): Promise<{ reply: Reply; urlLength: number }> {
  const text = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value)).replace(/%2C/gi, ',')}`)
    .join('&');
  const full = text ? `${path}?${text}` : path;
  return { reply: await ctx.billingSend('GET', full), urlLength: ctx.http.urlFor(full).toString().length };
}

/** The date_time text of `ms` (UTC, seconds, no fraction). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Milliseconds of a date_time text (NaN when unreadable). */
export function timeOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}
