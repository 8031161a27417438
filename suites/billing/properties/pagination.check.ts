// billing.md, "Endpoints" and "Limits": page_size (1..20) and page of list plans and list
// subscriptions, pages that do not overlap, and the filters (product_id; plan_ids, statuses,
// created and status-update times), which return only matching items. Each list is the check's
// own (plans of its own product, subscriptions of its own plans), read back until every item it
// created shows; list order is not stated, so a page is judged only when reading it again gives
// the same page. The defaults are judged in list-defaults.check.ts.

import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import {
  listPlansQuery,
  listSubscriptionsQuery,
  productId as productIds,
  SHOWN_SUBSCRIPTION_STATUSES,
} from '../../../generators/index.js';
import {
  brief,
  idsOf,
  itemsOf,
  type JsonObject,
  noteOnce,
  PLANS,
  readAll,
  readSubscription,
  subscriptionPath,
  SUBSCRIPTIONS,
} from '../support/api.js';
import { approveAndSettle } from '../support/approval.js';
import { isoSeconds, timeOf } from '../support/documents.js';
import { activePlan, newSubscription } from '../support/fixtures.js';
import { ownPlans, ownSubscriptions, pageOf, stableReads, type OwnList, type Query } from './lists.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

interface ListRules {
  honoured: RuleId;
  disjoint: RuleId;
}

const PLAN_RULES: ListRules = {
  honoured: 'billing.list-plans.page_size.honoured',
  disjoint: 'billing.list-plans.pages-disjoint',
};
const SUBSCRIPTION_RULES: ListRules = {
  honoured: 'billing.list-subscriptions.page_size.honoured',
  disjoint: 'billing.list-subscriptions.pages-disjoint',
};

/** A page asked with page_size must hold at most page_size items (the default is judged elsewhere). */
function expectPageSize(
  ctx: CheckContext,
  reply: Reply,
  key: string,
  query: Query,
  rules: ListRules,
  what: string,
): void {
  const items = itemsOf(reply, key);
  if (reply.status !== 200 || !items) {
    noteOnce(ctx, `${what}: answered ${reply.status}; paging was not judged`);
    return;
  }
  if (typeof query.page_size !== 'number') return;
  if (items.length <= query.page_size)
    return ctx.credit(rules.honoured, reply, `${items.length} items (page_size ${query.page_size})`);
  ctx.fail({
    rule: rules.honoured,
    message: `${what}: ${items.length} items on one page`,
    expected: `at most ${query.page_size} (page_size)`,
    received: `${items.length} items`,
    exchanges: [reply.exchange],
  });
}

/** Page k and page k+1 (page_size `size`) hold at most `size` each and share no item. */
async function expectPaging(
  ctx: CheckContext,
  list: OwnList,
  size: number,
  pages: number,
  rules: ListRules,
): Promise<void> {
  const what = `list ${list.key} ${brief(list.filter)}`;
  const read = (query: Query) => pageOf(ctx, list, query);
  for (let page = 1; page < pages; page += 1) {
    const pair = await stableReads(read, { page_size: size, page }, [{ page_size: size, page: page + 1 }]);
    if (!pair) {
      noteOnce(
        ctx,
        `${what}: page ${page} moved between reads (items created meanwhile); its overlap with ` +
          `page ${page + 1} was not judged`,
      );
      continue;
    }
    const [first, second] = [pair.first, pair.others[0]];
    for (const [i, read] of [first, second].entries()) {
      if (read.ids.length > size) {
        ctx.fail({
          rule: rules.honoured,
          message: `${what}: page ${page + i} with page_size ${size} holds ${read.ids.length} items`,
          expected: `at most ${size}`,
          received: `${read.ids.length} items`,
          exchanges: [read.reply.exchange],
        });
      }
      ctx.credit(rules.honoured, read.reply, `page ${page + i}: ${read.ids.length} items (page_size ${size})`);
    }
    const shared = second.ids.filter((id) => first.ids.includes(id));
    if (shared.length > 0) {
      ctx.fail({
        rule: rules.disjoint,
        message: `${what}: pages ${page} and ${page + 1} (page_size ${size}) share ${shared.join(', ')}`,
        expected: 'no item on two pages (page read twice, unchanged)',
        received: `page ${page}: ${first.ids.join(', ')}; page ${page + 1}: ${second.ids.join(', ')}`,
        exchanges: pair.replies.map((r) => r.exchange),
      });
    }
    ctx.credit(rules.disjoint, pair.replies, `pages ${page} and ${page + 1} (page_size ${size}) share no item`);
  }
}

check(
  {
    name: 'billing pagination: list plans honours page_size and page, and pages do not overlap',
    rules: [PLAN_RULES.honoured, PLAN_RULES.disjoint],
    needs: ['billing'],
  },
  async (ctx) => {
    // eleven plans of a product of the check's own: three pages of three and more
    const list = await ownPlans(ctx, 11);
    const queries = listPlansQuery({ productId: String(list.filter.product_id) }).map((q) => ({
      ...q,
      ...(q.page !== undefined ? { page: Math.min(q.page, 2) } : {}),
    }));
    await ctx.property(queries, async (query) => {
      const reply = await ctx.billingSend('GET', PLANS, { query: { ...query } });
      expectPageSize(ctx, reply, 'plans', { ...query }, PLAN_RULES, `list plans ${JSON.stringify(query)}`);
    });
    await expectPaging(ctx, list, 3, 4, PLAN_RULES);
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
      const reply = await ctx.billingSend('GET', PLANS, {
        query: { product_id: product, page_size: 20, page },
        headers: { prefer: 'return=representation' },
      });
      const items = itemsOf(reply, 'plans');
      if (reply.status !== 200 || !items) {
        noteOnce(
          ctx,
          `list plans of product ${product === own ? 'of the profile' : 'that has no plans'} answered ${reply.status}`,
        );
        return;
      }
      const stray = items.find(
        (p) => (p.product_id !== undefined && p.product_id !== product) || (product !== own && p.id === mine.id),
      );
      if (stray) {
        ctx.fail({
          rule: 'billing.list-plans.product_id.filters',
          message:
            `list plans with product_id ${product}: plan ${String(stray.id)} belongs to ` +
            `${String(stray.product_id ?? own)}`,
          expected: `only plans of ${product}`,
          received: brief({ id: stray.id, product_id: stray.product_id }),
          exchanges: [reply.exchange],
        });
      }
      // only items that show their product show the filter at work
      const unshown = items.filter((p) => p.product_id === undefined).length;
      if (unshown === 0)
        ctx.credit('billing.list-plans.product_id.filters', reply, `${items.length} plans, all of ${product}`);
      else
        ctx.notTried(
          ['billing.list-plans.product_id.filters'],
          `not evaluated: ${unshown} of the ${items.length} plans listed carry no product_id to judge the filter on`,
        );
    });
  },
);

check(
  {
    name: 'billing pagination: list subscriptions honours page_size and page, and pages do not overlap',
    rules: [SUBSCRIPTION_RULES.honoured, SUBSCRIPTION_RULES.disjoint],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const list = await ownSubscriptions(ctx, plan.id, 5);
    const queries = fc.record(
      { page_size: fc.integer({ min: 1, max: 20 }), page: fc.integer({ min: 1, max: 6 }) },
      { requiredKeys: [] },
    );
    await ctx.property(queries, async (query) => {
      const reply = await ctx.billingSend('GET', SUBSCRIPTIONS, { query: { ...list.filter, ...query } });
      expectPageSize(
        ctx,
        reply,
        'subscriptions',
        query,
        SUBSCRIPTION_RULES,
        `list subscriptions ${JSON.stringify(query)}`,
      );
    });
    await expectPaging(ctx, list, 2, 3, SUBSCRIPTION_RULES);
  },
);

/** Whether `time` lies on the wrong side of a bound; equal times are no verdict (inclusive or not is not stated). */
function outside(time: number, bound: string | undefined, side: 'after' | 'before'): boolean {
  if (bound === undefined || Number.isNaN(time)) return false;
  const b = Date.parse(bound);
  return side === 'after' ? time < b : time > b;
}

/** What the check knows of its own subscriptions: plan, status and times as the server reported them. */
type Known = Map<string, { plan: string; status: unknown; create_time: unknown; status_update_time: unknown }>;

/**
 * Subscriptions of the check in differing statuses: APPROVAL_PENDING on both plans, ACTIVE and
 * SUSPENDED on the first when the profile can approve.
 */
async function subscriptionsInStatuses(ctx: CheckContext, a: string, b: string): Promise<Known> {
  const known: Known = new Map();
  const remember = async (id: string, plan: string) => {
    const { doc } = await readSubscription(ctx, id);
    known.set(id, {
      plan,
      status: doc.status,
      create_time: doc.create_time,
      status_update_time: doc.status_update_time,
    });
  };
  for (const plan of [a, a, b]) await remember((await newSubscription(ctx, plan)).id, plan);
  if (ctx.billing.approval.mode !== 'none') {
    for (const suspend of [false, true]) {
      const sub = await newSubscription(ctx, a);
      if (sub.approveHref) await approveAndSettle(ctx, sub.id, sub.approveHref);
      if (suspend)
        await ctx.billingSend('POST', subscriptionPath(sub.id, 'suspend'), {
          json: { reason: `${ctx.settings.runId} filters` },
        });
      await remember(sub.id, a);
    }
  }
  // the filters are judged on a list that shows them all (an ignored filter shows only then)
  await ctx.settle(
    'the new subscriptions in list subscriptions of their plans',
    () => readAll(ctx, SUBSCRIPTIONS, 'subscriptions', { plan_ids: `${a},${b}` }),
    ({ items }) => [...known.keys()].every((id) => idsOf(items).includes(id)),
  );
  return known;
}

/** The earliest and latest of one time of the check's own subscriptions (NaN when none is readable). */
function spanOf(known: Known, member: 'create_time' | 'status_update_time'): { first: number; last: number } {
  const times = [...known.values()].map((sub) => timeOf(sub[member])).filter((t) => !Number.isNaN(t));
  return times.length > 0
    ? { first: Math.min(...times), last: Math.max(...times) }
    : { first: Number.NaN, last: Number.NaN };
}

/** The items of a list answer that break one of the query's filters, with the rule each breaks. */
function mismatches(
  items: readonly JsonObject[],
  query: Query,
  known: Known,
): Array<{ item: JsonObject; broken: Array<[RuleId, string]> }> {
  const planIds = String(query.plan_ids).split(',');
  const statuses = typeof query.statuses === 'string' ? query.statuses.split(',') : undefined;
  const out: Array<{ item: JsonObject; broken: Array<[RuleId, string]> }> = [];
  for (const item of items) {
    // a list item may leave a member out (items are not required to show plan_id or status): the
    // check then goes by what it knows of its own subscriptions, and skips the others
    const own = known.get(String(item.id));
    const plan = item.plan_id ?? own?.plan;
    const status = item.status ?? own?.status;
    const createTime = item.create_time ?? own?.create_time;
    const statusTime = item.status_update_time ?? own?.status_update_time;
    const broken: Array<[RuleId, string]> = [];
    if (plan !== undefined && !planIds.includes(String(plan)))
      broken.push(['billing.list-subscriptions.plan_ids.filters', `plan_id ${String(plan)}`]);
    if (statuses && status !== undefined && !statuses.includes(String(status)))
      broken.push(['billing.list-subscriptions.statuses.filters', `status ${String(status)}`]);
    const created = timeOf(createTime);
    const updated = timeOf(statusTime);
    if (outside(created, query.created_after as string | undefined, 'after'))
      broken.push(['billing.list-subscriptions.created_after.filters', `create_time ${String(createTime)}`]);
    if (outside(created, query.created_before as string | undefined, 'before'))
      broken.push(['billing.list-subscriptions.created_before.filters', `create_time ${String(createTime)}`]);
    if (outside(updated, query.status_updated_after as string | undefined, 'after'))
      broken.push([
        'billing.list-subscriptions.status_updated_after.filters',
        `status_update_time ${String(statusTime)}`,
      ]);
    if (outside(updated, query.status_updated_before as string | undefined, 'before'))
      broken.push([
        'billing.list-subscriptions.status_updated_before.filters',
        `status_update_time ${String(statusTime)}`,
      ]);
    if (broken.length > 0) out.push({ item, broken });
  }
  return out;
}

/** Each filter of the query, with the member of an item it compares. */
const FILTERS: ReadonlyArray<[string, RuleId, 'plan' | 'status' | 'create_time' | 'status_update_time']> = [
  ['plan_ids', 'billing.list-subscriptions.plan_ids.filters', 'plan'],
  ['statuses', 'billing.list-subscriptions.statuses.filters', 'status'],
  ['created_after', 'billing.list-subscriptions.created_after.filters', 'create_time'],
  ['created_before', 'billing.list-subscriptions.created_before.filters', 'create_time'],
  ['status_updated_after', 'billing.list-subscriptions.status_updated_after.filters', 'status_update_time'],
  ['status_updated_before', 'billing.list-subscriptions.status_updated_before.filters', 'status_update_time'],
];

/**
 * Credits each filter of `query` that no listed item breaks, on an answer whose every item shows
 * the member it compares (or is one of the check's own, whose member it knows): an item that
 * shows nothing to compare shows nothing of the filter.
 */
function creditFilters(
  ctx: CheckContext,
  reply: Reply,
  items: readonly JsonObject[],
  query: Query,
  known: Known,
): void {
  for (const [param, rule, member] of FILTERS) {
    if (query[param] === undefined) continue;
    const shown = (item: JsonObject) =>
      (member === 'plan' ? item.plan_id : item[member]) ?? known.get(String(item.id))?.[member];
    const unshown = items.filter((item) => shown(item) === undefined).length;
    if (unshown === 0) ctx.credit(rule, reply, `${items.length} subscriptions, each matching ${param}`);
    else ctx.notTried([rule], `not evaluated: ${unshown} of ${items.length} listed subscriptions show no ${member}`);
  }
}

/* eslint-disable max-lines-per-function -- over 80 lines once Prettier wraps it; to split in a change of its own */
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
    const known = await subscriptionsInStatuses(ctx, a.id, b.id);
    const judge = async (query: Query) => {
      const reply = await ctx.billingSend('GET', SUBSCRIPTIONS, { query });
      const items = itemsOf(reply, 'subscriptions');
      if (reply.status !== 200 || !items) {
        noteOnce(ctx, `list subscriptions ${JSON.stringify(query)} answered ${reply.status}; filters were not judged`);
        return;
      }
      const [first] = mismatches(items, query, known);
      if (!first) return creditFilters(ctx, reply, items, query, known);
      const { item, broken } = first;
      ctx.fail({
        rule: broken[0][0],
        message:
          `list subscriptions ${JSON.stringify(query)}: subscription ${String(item.id)} does not ` +
          `match (${broken.map(([, w]) => w).join('; ')})`,
        expected: 'only subscriptions matching every filter',
        received: brief({
          id: item.id,
          plan_id: item.plan_id,
          status: item.status,
          create_time: item.create_time,
          status_update_time: item.status_update_time,
        }),
        exchanges: [reply.exchange],
      });
    };
    // each status the spec shows alone, on the check's own plans, without time bounds: the
    // check's subscriptions in the other statuses are in view, so an ignored filter shows
    const both = `${a.id},${b.id}`;
    const once = (query: Query) => ctx.property(fc.constant(query), judge, { numRuns: 1 });
    for (const status of SHOWN_SUBSCRIPTION_STATUSES) await once({ plan_ids: both, statuses: status, page_size: 20 });
    await once({ plan_ids: a.id, page_size: 20 });
    await once({ plan_ids: b.id, page_size: 20 });

    // each time bound a minute past every one of the check's subscriptions (by the server's own
    // times), alone on its plans: an ignored bound lists them
    const created = spanOf(known, 'create_time');
    const updated = spanOf(known, 'status_update_time');
    const excluding: Array<[string, number]> = [
      ['created_after', created.last + 60_000],
      ['created_before', created.first - 60_000],
      ['status_updated_after', updated.last + 60_000],
      ['status_updated_before', updated.first - 60_000],
    ];
    for (const [bound, at] of excluding) {
      if (Number.isNaN(at))
        noteOnce(
          ctx,
          `the subscriptions show no readable time for ${bound}: a bound that excludes them all was not sent`,
        );
      else await once({ plan_ids: both, [bound]: isoSeconds(at), page_size: 20 });
    }

    // time bounds mostly around the check's own subscriptions (so that the answer holds them and
    // the other filters are tested), now and then minutes off or anywhere in 2000..2099
    const readable = (...times: number[]) => times.filter((t) => !Number.isNaN(t));
    const earliest = readable(created.first, updated.first);
    const latest = readable(created.last, updated.last);
    const first = earliest.length > 0 ? Math.min(...earliest) : Date.now();
    const last = latest.length > 0 ? Math.max(...latest) : Date.now();
    const minutes = (from: number, lo: number, hi: number) =>
      fc.integer({ min: lo, max: hi }).map((m) => isoSeconds(from + m * 60_000));
    const around = fc.record({ after: minutes(first, -120, -1), before: minutes(last, 1, 120) });
    const near = fc.record({ after: minutes(first, -120, 120), before: minutes(last, -120, 120) });
    const bounds = fc.oneof({ arbitrary: around, weight: 3 }, { arbitrary: near, weight: 1 });
    const bound = (side: 'after' | 'before') =>
      fc.option(
        bounds.map((b) => b[side]),
        { nil: undefined, freq: 3 },
      );
    const queries = fc
      .tuple(
        listSubscriptionsQuery({ planIds: [a.id, b.id] }),
        bound('after'),
        bound('before'),
        bound('after'),
        bound('before'),
        fc.nat({ max: 4 }),
      )
      .map(([q, ca, cb, sa, sb, pick]) => {
        const query: Query = { plan_ids: q.plan_ids ?? a.id, page_size: 20 };
        if (q.statuses !== undefined) query.statuses = q.statuses;
        const times =
          pick > 0
            ? { created_after: ca, created_before: cb, status_updated_after: sa, status_updated_before: sb }
            : {
                created_after: q.created_after,
                created_before: q.created_before,
                status_updated_after: q.status_updated_after,
                status_updated_before: q.status_updated_before,
              };
        for (const [k, v] of Object.entries(times)) if (v !== undefined) query[k] = v;
        return query;
      });
    await ctx.property(queries, judge);
  },
);
/* eslint-enable max-lines-per-function */
