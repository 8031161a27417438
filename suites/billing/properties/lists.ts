// What the list checks share: a list whose content the check knows (plans of a product of its
// own, subscriptions of a plan of its own), read back until every item it created shows (a
// staging server may list a write a moment later: ctx.settle), and pages compared only while the
// list does not move. Not a check file: the runner collects *.check.ts.

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { idsOf, type JsonObject, PLANS, readAll, readPage, sendCreatePlan, SUBSCRIPTIONS } from '../support/api.js';
import { newSubscription } from '../support/fixtures.js';
import { setupPlanBody } from '../support/setup-bodies.js';
import { markerOf, productForCheck } from './markers.js';

export type Query = Record<string, string | number | boolean>;

export interface OwnList {
  path: string;
  /** The list member of the answer. */
  key: 'plans' | 'subscriptions';
  /** The filter that selects the check's own items: product_id or plan_ids. */
  filter: Query;
  /** The items the check created. */
  ids: string[];
  /** The items the filtered list showed once they all did: every one the check's, unless `shared`. */
  count: number;
  /** The list may hold items of others too (the profile's product): its length is then a lower bound. */
  shared: boolean;
  /** Whether every item the check created showed within --settle-ms. */
  settled: boolean;
  /** The last read-back (every page), as evidence. */
  replies: Reply[];
}

/** Reads every page of `list` until each of `ids` shows, for up to --settle-ms. */
async function settledItems(
  ctx: CheckContext,
  what: string,
  path: string,
  key: string,
  filter: Query,
  ids: readonly string[],
): Promise<{ items: JsonObject[]; replies: Reply[]; settled: boolean }> {
  const shows = (items: readonly JsonObject[]) => {
    const listed = new Set(idsOf(items));
    return ids.every((id) => listed.has(id));
  };
  const read = await ctx.settle(
    what,
    () => readAll(ctx, path, key, filter),
    ({ items }) => shows(items),
  );
  return { ...read, settled: shows(read.items) };
}

/** `count` plans of a product of the check's own (the profile's when the server takes no other), listed. */
export async function ownPlans(ctx: CheckContext, count: number): Promise<OwnList> {
  const productId = await productForCheck(ctx);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { id, reply } = await sendCreatePlan(
      ctx,
      setupPlanBody(ctx, { productId, name: `${markerOf(ctx, 'L')} ${i + 1}` }),
    );
    if (!id)
      throw new CheckSetupError(`could not create plan ${i + 1} of ${count} for this check: answered ${reply.status}`, [
        reply.exchange,
      ]);
    ids.push(id);
  }
  const filter = { product_id: productId };
  const { items, replies, settled } = await settledItems(
    ctx,
    `the ${count} new plans in list plans of their product`,
    PLANS,
    'plans',
    filter,
    ids,
  );
  return {
    path: PLANS,
    key: 'plans',
    filter,
    ids,
    count: items.length,
    shared: productId === ctx.billing.productId,
    settled,
    replies,
  };
}

/** `count` subscriptions (APPROVAL_PENDING) of a new plan of the check's own, listed. */
export async function ownSubscriptions(ctx: CheckContext, planId: string, count: number): Promise<OwnList> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await newSubscription(ctx, planId)).id);
  const filter = { plan_ids: planId };
  const { items, replies, settled } = await settledItems(
    ctx,
    `the ${count} new subscriptions in list subscriptions of their plan`,
    SUBSCRIPTIONS,
    'subscriptions',
    filter,
    ids,
  );
  return {
    path: SUBSCRIPTIONS,
    key: 'subscriptions',
    filter,
    ids,
    count: items.length,
    shared: false,
    settled,
    replies,
  };
}

export const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export interface Page {
  ids: string[];
  reply: Reply;
}

/** One page of the check's own list, as ids (a setup read: 200 with the item array expected). */
export async function pageOf(ctx: CheckContext, list: OwnList, query: Query): Promise<Page> {
  const { items, reply } = await readPage(ctx, list.path, list.key, { ...list.filter, ...query });
  return { ids: idsOf(items), reply };
}

/**
 * Reads `a`, then each of `others`, then `a` again, until `a` reads the same twice (the list did
 * not move in between); undefined after `tries` moving reads.
 */
export async function stableReads(
  read: (query: Query) => Promise<Page>,
  a: Query,
  others: readonly Query[],
  tries = 3,
): Promise<{ first: Page; others: Page[]; replies: Reply[] } | undefined> {
  for (let i = 0; i < tries; i += 1) {
    const first = await read(a);
    const rest: Page[] = [];
    for (const query of others) rest.push(await read(query));
    const again = await read(a);
    if (sameIds(first.ids, again.ids))
      return { first, others: rest, replies: [first.reply, ...rest.map((page) => page.reply), again.reply] };
  }
  return undefined;
}
