// billing.md, "Endpoints" and "Limits": page_size (1..20, default 10) and page (default 1) of
// list plans and list subscriptions, pages that do not overlap, total_required, and the filters
// (product_id; plan_ids, statuses, created and status-update times), which return only matching
// items. List order is not stated, and other checks create plans under the same product while
// this one reads: a page is judged only when reading it again gives the same page.

import fc from 'fast-check';
import { check, type CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { createPlanBody, listPlansQuery, listSubscriptionsQuery, productId as productIds, SHOWN_SUBSCRIPTION_STATUSES } from '../../../generators/index.js';
import { approveAndSettle } from '../support/approval.js';
import {
  activePlan,
  brief,
  idsOf,
  isObject,
  isoSeconds,
  itemsOf,
  newSubscription,
  noteOnce,
  PLANS,
  readPage,
  readSubscription,
  sampleOne,
  sendCreatePlan,
  SUBSCRIPTIONS,
  subscriptionPath,
  timeOf,
  type JsonObject,
} from './support.js';

type Query = Record<string, string | number | boolean>;

interface ListRules {
  honoured: string;
  defaultSize: string;
  defaultPage: string;
  disjoint: string;
}

const PLAN_RULES: ListRules = {
  honoured: 'billing.list-plans.page_size.honoured',
  defaultSize: 'billing.list-plans.page_size.default-10',
  defaultPage: 'billing.list-plans.page.default-1',
  disjoint: 'billing.list-plans.pages-disjoint',
};

const SUBSCRIPTION_RULES: ListRules = {
  honoured: 'billing.list-subscriptions.page_size.honoured',
  defaultSize: 'billing.list-subscriptions.page_size.default-10',
  defaultPage: 'billing.list-subscriptions.page.default-1',
  disjoint: 'billing.list-subscriptions.pages-disjoint',
};

/** A page must hold at most page_size items (10 without page_size). */
function expectPageSize(ctx: CheckContext, reply: Reply, key: string, query: Query, rules: ListRules, what: string): void {
  const items = itemsOf(reply, key);
  if (reply.status !== 200 || !items) {
    noteOnce(ctx, `${what}: answered ${reply.status}; paging was not judged`);
    return;
  }
  const size = typeof query.page_size === 'number' ? query.page_size : 10;
  if (items.length <= size) return;
  ctx.fail({
    rule: query.page_size === undefined ? rules.defaultSize : rules.honoured,
    message: `${what}: ${items.length} items on one page`,
    expected: `at most ${size} (${query.page_size === undefined ? 'the default page_size' : 'page_size'})`,
    received: `${items.length} items`,
    exchanges: [reply.exchange],
  });
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Reads two pages and the first again, until the first reads the same twice (the list did not
 * move in between); returns them, or undefined after `tries` moving reads.
 */
async function stablePair(
  read: (query: Query) => Promise<{ items: JsonObject[]; reply: Reply }>,
  a: Query,
  b: Query,
  tries = 3,
): Promise<{ first: string[]; second: string[]; replies: Reply[] } | undefined> {
  for (let i = 0; i < tries; i += 1) {
    const one = await read(a);
    const two = await read(b);
    const again = await read(a);
    if (same(idsOf(one.items), idsOf(again.items))) return { first: idsOf(one.items), second: idsOf(two.items), replies: [one.reply, two.reply, again.reply] };
  }
  return undefined;
}

/** Page k and page k+1 (page_size `size`) share no item; default page equals page 1. */
async function expectPaging(ctx: CheckContext, path: string, key: string, base: Query, size: number, pages: number, rules: ListRules, what: string): Promise<void> {
  const read = (query: Query) => readPage(ctx, path, key, { ...base, ...query });
  for (let page = 1; page < pages; page += 1) {
    const pair = await stablePair(read, { page_size: size, page }, { page_size: size, page: page + 1 });
    if (!pair) {
      noteOnce(ctx, `${what}: page ${page} moved between reads (items created meanwhile); its overlap with page ${page + 1} was not judged`);
      continue;
    }
    for (const [i, ids] of [pair.first, pair.second].entries()) {
      if (ids.length > size) {
        ctx.fail({
          rule: rules.honoured,
          message: `${what}: page ${page + i} with page_size ${size} holds ${ids.length} items`,
          expected: `at most ${size}`,
          received: `${ids.length} items`,
          exchanges: [pair.replies[i].exchange],
        });
      }
    }
    const shared = pair.second.filter((id) => pair.first.includes(id));
    if (shared.length > 0) {
      ctx.fail({
        rule: rules.disjoint,
        message: `${what}: pages ${page} and ${page + 1} (page_size ${size}) share ${shared.join(', ')}`,
        expected: 'no item on two pages (page read twice, unchanged)',
        received: `page ${page}: ${pair.first.join(', ')}; page ${page + 1}: ${pair.second.join(', ')}`,
        exchanges: pair.replies.map((r) => r.exchange),
      });
    }
  }
  const pair = await stablePair(read, { page_size: size }, { page_size: size, page: 1 });
  if (!pair) {
    noteOnce(ctx, `${what}: the first page moved between reads; the default page was not judged`);
    return;
  }
  if (!same(pair.first, pair.second)) {
    ctx.fail({
      rule: rules.defaultPage,
      message: `${what}: without page, the answer is not page 1`,
      expected: `page 1: ${pair.second.join(', ')}`,
      received: `without page: ${pair.first.join(', ')}`,
      exchanges: pair.replies.map((r) => r.exchange),
    });
  }
}

check(
  {
    name: 'billing pagination: list plans honours page_size and page, pages do not overlap, total_required shows a total',
    rules: [PLAN_RULES.honoured, PLAN_RULES.defaultSize, PLAN_RULES.defaultPage, PLAN_RULES.disjoint, 'billing.list-plans.total_required.default-false'],
    needs: ['billing'],
  },
  async (ctx) => {
    const productId = ctx.billing.productId;
    // at least eleven plans in the product: more than a default page, three pages of three
    const body = sampleOne(ctx, createPlanBody({ productId }));
    for (let i = 0; i < 11; i += 1) await sendCreatePlan(ctx, { ...body, name: `${ctx.settings.runId} page ${i + 1}` });

    const queries = listPlansQuery({ productId }).map((q) => ({ ...q, ...(q.page !== undefined ? { page: Math.min(q.page, 2) } : {}) }));
    await ctx.property(queries, async (query) => {
      const reply = await ctx.billingSend('GET', PLANS, { query: { ...query } });
      expectPageSize(ctx, reply, 'plans', { ...query }, PLAN_RULES, `list plans ${JSON.stringify(query)}`);
    });
    await expectPaging(ctx, PLANS, 'plans', { product_id: productId }, 3, 4, PLAN_RULES, 'list plans of the product');

    // total_required: the names of the total members are not shown, so only their presence is read
    const shapeOf = (reply: Reply) => (isObject(reply.json) ? Object.keys(reply.json).sort().join(',') : `status ${reply.status}`);
    const plain = await ctx.billingSend('GET', PLANS, { query: { product_id: productId, page_size: 2 } });
    const off = await ctx.billingSend('GET', PLANS, { query: { product_id: productId, page_size: 2, total_required: false } });
    if (shapeOf(plain) !== shapeOf(off)) {
      ctx.fail({
        rule: 'billing.list-plans.total_required.default-false',
        message: 'list plans without total_required answers differently from total_required=false',
        expected: `members ${shapeOf(off)}`,
        received: `members ${shapeOf(plain)}`,
        exchanges: [off.exchange, plain.exchange],
      });
    }
    const on = await ctx.billingSend('GET', PLANS, { query: { product_id: productId, page_size: 2, total_required: true } });
    const totals = isObject(on.json) ? Object.entries(on.json).filter(([k, v]) => k !== 'plans' && k !== 'links' && typeof v === 'number') : [];
    if (on.status === 200 && totals.length > 0) ctx.cover('billing.list-plans.total_required.shows-total');
    noteOnce(ctx, `total_required=true: answered ${on.status}; numeric members ${totals.map(([k, v]) => `${k}=${String(v)}`).join(', ') || '(none at the top level)'}`);
  },
);

check(
  {
    name: 'billing pagination: list plans with product_id returns only plans of that product',
    rules: ['billing.list-plans.product_id.filters'],
    needs: ['billing'],
  },
  async (ctx) => {
    const mine = await activePlan(ctx);
    const own = ctx.billing.productId;
    const filters = fc.oneof(productIds, fc.constant(own));
    await ctx.property(fc.tuple(filters, fc.integer({ min: 1, max: 3 })), async ([product, page]) => {
      const reply = await ctx.billingSend('GET', PLANS, { query: { product_id: product, page_size: 20, page }, headers: { prefer: 'return=representation' } });
      const items = itemsOf(reply, 'plans');
      if (reply.status !== 200 || !items) {
        noteOnce(ctx, `list plans of product ${product === own ? 'of the profile' : 'that has no plans'} answered ${reply.status}`);
        return;
      }
      const stray = items.find((p) => (p.product_id !== undefined && p.product_id !== product) || (product !== own && p.id === mine.id));
      if (stray) {
        ctx.fail({
          rule: 'billing.list-plans.product_id.filters',
          message: `list plans with product_id ${product}: plan ${String(stray.id)} belongs to ${String(stray.product_id ?? own)}`,
          expected: `only plans of ${product}`,
          received: brief({ id: stray.id, product_id: stray.product_id }),
          exchanges: [reply.exchange],
        });
      }
    });
  },
);

check(
  {
    name: 'billing pagination: list subscriptions honours page_size and page, and pages do not overlap',
    rules: [SUBSCRIPTION_RULES.honoured, SUBSCRIPTION_RULES.defaultSize, SUBSCRIPTION_RULES.defaultPage, SUBSCRIPTION_RULES.disjoint],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    for (let i = 0; i < 5; i += 1) await newSubscription(ctx, plan.id);
    const queries = fc.record({ page_size: fc.integer({ min: 1, max: 20 }), page: fc.integer({ min: 1, max: 6 }) }, { requiredKeys: [] });
    await ctx.property(queries, async (query) => {
      const reply = await ctx.billingSend('GET', SUBSCRIPTIONS, { query: { plan_ids: plan.id, ...query } });
      expectPageSize(ctx, reply, 'subscriptions', query, SUBSCRIPTION_RULES, `list subscriptions ${JSON.stringify(query)}`);
    });
    await expectPaging(ctx, SUBSCRIPTIONS, 'subscriptions', { plan_ids: plan.id }, 2, 3, SUBSCRIPTION_RULES, 'list subscriptions of one plan');
  },
);

/** Whether `time` lies on the wrong side of a bound; equal times are no verdict (inclusive or not is not stated). */
function outside(time: number, bound: string | undefined, side: 'after' | 'before'): boolean {
  if (bound === undefined || Number.isNaN(time)) return false;
  const b = Date.parse(bound);
  return side === 'after' ? time < b : time > b;
}

/** What the check knows of its own subscriptions: plan and status as the server reported them. */
type Known = Map<string, { plan: string; status: unknown }>;

/** Subscriptions of the check in differing statuses: APPROVAL_PENDING on both plans, ACTIVE and SUSPENDED on the first when the profile can approve. */
async function ownSubscriptions(ctx: CheckContext, a: string, b: string): Promise<{ known: Known; times: number[] }> {
  const known: Known = new Map();
  const times: number[] = [];
  const remember = async (id: string, plan: string) => {
    const { doc } = await readSubscription(ctx, id);
    known.set(id, { plan, status: doc.status });
    for (const t of [timeOf(doc.create_time), timeOf(doc.status_update_time)]) if (!Number.isNaN(t)) times.push(t);
  };
  for (const plan of [a, a, b]) await remember((await newSubscription(ctx, plan)).id, plan);
  if (ctx.billing.approval.mode !== 'none') {
    for (const suspend of [false, true]) {
      const sub = await newSubscription(ctx, a);
      if (sub.approveHref) await approveAndSettle(ctx, sub.id, sub.approveHref, subscriptionPath(sub.id));
      if (suspend) await ctx.billingSend('POST', subscriptionPath(sub.id, 'suspend'), { json: { reason: `${ctx.settings.runId} filters` } });
      await remember(sub.id, a);
    }
  }
  return { known, times };
}

/** The items of a list answer that break one of the query's filters, with the rule each breaks. */
function mismatches(items: readonly JsonObject[], query: Query, known: Known): Array<{ item: JsonObject; broken: Array<[string, string]> }> {
  const planIds = String(query.plan_ids).split(',');
  const statuses = typeof query.statuses === 'string' ? query.statuses.split(',') : undefined;
  const out: Array<{ item: JsonObject; broken: Array<[string, string]> }> = [];
  for (const item of items) {
    // a list item may leave a member out (items are not required to show plan_id or status): the
    // check then goes by what it knows of its own subscriptions, and skips the others
    const own = known.get(String(item.id));
    const plan = item.plan_id ?? own?.plan;
    const status = item.status ?? own?.status;
    const broken: Array<[string, string]> = [];
    if (plan !== undefined && !planIds.includes(String(plan))) broken.push(['billing.list-subscriptions.plan_ids.filters', `plan_id ${String(plan)}`]);
    if (statuses && status !== undefined && !statuses.includes(String(status))) broken.push(['billing.list-subscriptions.statuses.filters', `status ${String(status)}`]);
    const created = timeOf(item.create_time);
    const updated = timeOf(item.status_update_time);
    if (outside(created, query.created_after as string | undefined, 'after')) broken.push(['billing.list-subscriptions.created_after.filters', `create_time ${String(item.create_time)}`]);
    if (outside(created, query.created_before as string | undefined, 'before')) broken.push(['billing.list-subscriptions.created_before.filters', `create_time ${String(item.create_time)}`]);
    if (outside(updated, query.status_updated_after as string | undefined, 'after')) broken.push(['billing.list-subscriptions.status_updated_after.filters', `status_update_time ${String(item.status_update_time)}`]);
    if (outside(updated, query.status_updated_before as string | undefined, 'before')) broken.push(['billing.list-subscriptions.status_updated_before.filters', `status_update_time ${String(item.status_update_time)}`]);
    if (broken.length > 0) out.push({ item, broken });
  }
  return out;
}

check(
  {
    name: 'billing pagination: list subscriptions filters return only matching subscriptions',
    rules: [
      'billing.list-subscriptions.plan_ids.filters',
      'billing.list-subscriptions.statuses.filters',
      'billing.list-subscriptions.created_after.filters',
      'billing.list-subscriptions.created_before.filters',
      'billing.list-subscriptions.status_updated_after.filters',
      'billing.list-subscriptions.status_updated_before.filters',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const [a, b] = [await activePlan(ctx), await activePlan(ctx)];
    const { known, times } = await ownSubscriptions(ctx, a.id, b.id);
    const judge = async (query: Query) => {
      const reply = await ctx.billingSend('GET', SUBSCRIPTIONS, { query });
      const items = itemsOf(reply, 'subscriptions');
      if (reply.status !== 200 || !items) {
        noteOnce(ctx, `list subscriptions ${JSON.stringify(query)} answered ${reply.status}; filters were not judged`);
        return;
      }
      const [first] = mismatches(items, query, known);
      if (!first) return;
      const { item, broken } = first;
      ctx.fail({
        rule: broken[0][0],
        message: `list subscriptions ${JSON.stringify(query)}: subscription ${String(item.id)} does not match (${broken.map(([, w]) => w).join('; ')})`,
        expected: 'only subscriptions matching every filter',
        received: brief({ id: item.id, plan_id: item.plan_id, status: item.status, create_time: item.create_time, status_update_time: item.status_update_time }),
        exchanges: [reply.exchange],
      });
    };
    // each status the spec shows alone, on the check's own plans, without time bounds: the
    // check's subscriptions in the other statuses are in view, so an ignored filter shows
    const both = `${a.id},${b.id}`;
    for (const status of SHOWN_SUBSCRIPTION_STATUSES) await ctx.property(fc.constant({ plan_ids: both, statuses: status, page_size: 20 } as Query), judge, { numRuns: 1 });
    await ctx.property(fc.constant({ plan_ids: a.id, page_size: 20 } as Query), judge, { numRuns: 1 });

    // time bounds mostly around the check's own subscriptions (so that the answer holds them and
    // the other filters are tested), now and then minutes off or anywhere in 2000..2099
    const first = times.length > 0 ? Math.min(...times) : Date.now();
    const last = times.length > 0 ? Math.max(...times) : Date.now();
    const minutes = (from: number, lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((m) => isoSeconds(from + m * 60_000));
    const around = fc.record({ after: minutes(first, -120, -1), before: minutes(last, 1, 120) });
    const near = fc.record({ after: minutes(first, -120, 120), before: minutes(last, -120, 120) });
    const bounds = fc.oneof({ arbitrary: around, weight: 3 }, { arbitrary: near, weight: 1 });
    const bound = (side: 'after' | 'before') => fc.option(bounds.map((b) => b[side]), { nil: undefined, freq: 3 });
    const queries = fc
      .tuple(listSubscriptionsQuery({ planIds: [a.id, b.id] }), bound('after'), bound('before'), bound('after'), bound('before'), fc.nat({ max: 4 }))
      .map(([q, ca, cb, sa, sb, pick]) => {
        const query: Query = { plan_ids: q.plan_ids ?? a.id, page_size: 20 };
        if (q.statuses !== undefined) query.statuses = q.statuses;
        const times = pick > 0
          ? { created_after: ca, created_before: cb, status_updated_after: sa, status_updated_before: sb }
          : { created_after: q.created_after, created_before: q.created_before, status_updated_after: q.status_updated_after, status_updated_before: q.status_updated_before };
        for (const [k, v] of Object.entries(times)) if (v !== undefined) query[k] = v;
        return query;
      });
    await ctx.property(queries, judge);
  },
);
