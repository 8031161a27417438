// billing.md, "Endpoints" and "Limits": every stated bound of the list plans, list subscriptions
// and show subscription queries, sent at the bound and just past it, on a list of the check's
// own that holds more than a page of 20. At the bound the value is served (200 and a page of at
// most page_size, not empty while the list holds items). Just past it, a page_size or page may be
// refused, or clamped into its range (or taken as absent); honouring it is not conformant. A
// product_id, plan_ids, statuses or fields value past its bound has no range to be clamped into:
// it must be refused (see query-leniency.ts); plan_ids past 1890 characters or 70 ids and a
// filter past 100 characters are judged beside the same shape at the bound (limits-queries).
// Integers sent as text or fractions break the type, judged the same way. A bound whose only
// values also break another stated rule (plan_ids of 3 characters name no plan id; a product_id
// of 6 or 50 names no product; no fields value of 1 or 100 characters lists only its two values)
// may be refused: it is sent, never required to be served.

import fc from 'fast-check';
import { check, type CheckContext } from '../../../harness/check.js';
import { describeStatus } from '../../../harness/describe.js';
import { pointerOf } from '../../../contracts/json-pointer.js';
import {
  FIELDS_LONGEST,
  FIELDS_PAST_MAX,
  listPlansQueryInvalid,
  listSubscriptionsQueryInvalid,
  PAGE_SIZE_MAX,
  PLANS_PAGE_MAX,
  PRODUCT_ID_LENGTH,
  showSubscriptionQueryInvalid,
  STATUSES_AT_MAX,
  STATUSES_PAST_MAX,
  SUBSCRIPTION_FIELDS,
  SUBSCRIPTIONS_PAGE_MAX,
  type Invalid,
} from '../../../generators/index.js';
import { brief, itemsOf, subscriptionPath } from '../support/api.js';
import { activePlan } from '../support/fixtures.js';
import { eachLabel } from './labels.js';
import { isFractionalPage, judgeBrokenQuery, judgeFilterNamingNothing } from './query-leniency.js';
import { ownPlans, ownSubscriptions, pageOf, stableReads, type OwnList, type Query } from './lists.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/**
 * The shortest fields value past 100 characters that names only its two values: it breaks the
 * length alone (every such value has 20a + 5b - 1 characters, so none has 101).
 */
const FIELDS_PAST_MAX_NAMED = ['last_failed_payment', ...Array.from({ length: 17 }, () => 'plan')].join(',');

/** More than a page of 20: a page size or page honoured past its bound shows. */
const OWN_ITEMS = PAGE_SIZE_MAX + 1;

/** A value within its range, at the bound: it must be served. */
interface AtBound {
  query: Query;
  rule: RuleId;
  what: string;
  /** The page must hold one item at least (page 1 of a list that holds some). */
  first?: boolean;
}

/** Fails `rule` unless the list answers the in-range query with 200 and a page within page_size. */
async function expectServed(ctx: CheckContext, list: OwnList, bound: AtBound, honoured: RuleId): Promise<void> {
  const what = `list ${list.key} with ${bound.what}`;
  const reply = await ctx.billingSend('GET', list.path, { query: { ...list.filter, ...bound.query } });
  const items = itemsOf(reply, list.key);
  if (reply.status !== 200 || !items) {
    ctx.fail({
      rule: bound.rule,
      message: `${what}: a value within the range was not served`,
      expected: `status 200 with a ${list.key} array`,
      received: describeStatus(reply),
      exchanges: [reply.exchange],
    });
  }
  const size = typeof bound.query.page_size === 'number' ? bound.query.page_size : PAGE_SIZE_MAX;
  if (items.length > size) {
    ctx.fail({
      rule: honoured,
      message: `${what}: ${items.length} items on one page`,
      expected: `at most ${size}`,
      received: `${items.length} items`,
      exchanges: [reply.exchange],
    });
  }
  if (bound.first && items.length === 0) {
    ctx.fail({
      rule: bound.rule,
      message: `${what}: page 1 is empty while the list holds ${list.ids.length}`,
      expected: 'a page of one item at least',
      received: 'an empty page',
      exchanges: [reply.exchange],
    });
  }
}

/** Pages 1 and 2 of page_size 5, read while the list does not move (a fractional page is judged against them). */
async function firstPages(ctx: CheckContext, list: OwnList): Promise<string[][] | undefined> {
  const pair = await stableReads((query) => pageOf(ctx, list, query), { page_size: 5, page: 1 }, [
    { page_size: 5, page: 2 },
  ]);
  return pair ? [pair.first.ids, pair.others[0].ids] : undefined;
}

/** Sends each break on the check's own list and judges the answer (query-leniency.ts). */
async function judgeBreaks(ctx: CheckContext, list: OwnList, breaks: readonly Invalid[], what: string): Promise<void> {
  const pages = await firstPages(ctx, list);
  for (const invalid of breaks) {
    const query = { ...list.filter, ...(invalid.value as Query) };
    // a fractional page is compared with pages 1 and 2 of the same size only: any other broken
    // page may be clamped to a page of its own (page 100001 to the last page holding items)
    const comparable = invalid.path === '/page' && isFractionalPage(query) && query.page_size === 5 && pages;
    await ctx.property(
      fc.constant(invalid),
      async () => {
        const reply = await ctx.billingSend('GET', list.path, { query });
        const answer = { reply, invalid: { ...invalid, value: query }, what, key: list.key, listed: list.ids.length };
        judgeBrokenQuery(ctx, { ...answer, ...(comparable ? { pages } : {}) });
      },
      { numRuns: 1 },
    );
  }
}

/** A query just past a bound of `param` (the other members keep it a page the check can judge). */
const past = (param: string, query: Query, rule: RuleId, description: string): Invalid => ({
  value: query,
  rule,
  description,
  path: pointerOf([param]),
});

/** The paging rules of one list and its last page number. */
interface Paging {
  honoured: RuleId;
  size: RuleId;
  page: RuleId;
  sizeType: RuleId;
  pageType: RuleId;
  pageMax: number;
}

const paging = (list: 'plans' | 'subscriptions', pageMax: number): Paging => ({
  honoured: `billing.list-${list}.page_size.honoured`,
  size: `billing.list-${list}.page_size.range`,
  page: `billing.list-${list}.page.range`,
  sizeType: `billing.list-${list}.page_size.type`,
  pageType: `billing.list-${list}.page.type`,
  pageMax,
});

const PLAN_PAGING = paging('plans', PLANS_PAGE_MAX);
const SUBSCRIPTION_PAGING = paging('subscriptions', SUBSCRIPTIONS_PAGE_MAX);

/** page_size and page at their bounds: served. */
const pagingAtBounds = (p: Paging): AtBound[] => [
  { query: { page_size: 1 }, rule: p.size, what: 'page_size 1 (1..20)', first: true },
  { query: { page_size: PAGE_SIZE_MAX }, rule: p.size, what: 'page_size 20 (1..20)', first: true },
  { query: { page: 1, page_size: 5 }, rule: p.page, what: `page 1 (1..${p.pageMax})`, first: true },
  { query: { page: p.pageMax, page_size: 5 }, rule: p.page, what: `page ${p.pageMax} (1..${p.pageMax})` },
];

/** page_size and page just past their bounds, or not integers: refused, clamped or taken as absent. */
const pagingPastBounds = (p: Paging): Invalid[] => [
  past('page_size', { page_size: 0 }, p.size, 'page_size 0 (1..20)'),
  past('page_size', { page_size: PAGE_SIZE_MAX + 1 }, p.size, 'page_size 21 (1..20)'),
  past('page', { page: 0, page_size: 5 }, p.page, `page 0 (1..${p.pageMax})`),
  past('page', { page: p.pageMax + 1, page_size: 5 }, p.page, `page ${p.pageMax + 1} (1..${p.pageMax})`),
  past('page_size', { page_size: 'ten' }, p.sizeType, 'page_size "ten" (an integer)'),
  past('page_size', { page_size: 2.5 }, p.sizeType, 'page_size 2.5 (an integer)'),
  past('page', { page: 1.5, page_size: 5 }, p.pageType, 'page 1.5 (an integer)'),
  past('page', { page: 'first', page_size: 5 }, p.pageType, 'page "first" (an integer)'),
];

check(
  {
    name:
      'query bounds: list plans serves page_size and page at their bounds, refuses or clamps ' +
      'page_size and page just past them, and refuses product_id past its length',
    rules: [
      'billing.list-plans.page_size.range',
      'billing.list-plans.page.range',
      'billing.list-plans.product_id.length',
      'billing.list-plans.page_size.type',
      'billing.list-plans.page.type',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const list = await ownPlans(ctx, OWN_ITEMS);
    for (const bound of pagingAtBounds(PLAN_PAGING)) await expectServed(ctx, list, bound, PLAN_PAGING.honoured);

    const productId = String(list.filter.product_id);
    const length = 'billing.list-plans.product_id.length';
    await judgeBreaks(
      ctx,
      list,
      [
        ...pagingPastBounds(PLAN_PAGING),
        past(
          'product_id',
          { product_id: productId.slice(0, PRODUCT_ID_LENGTH.min - 1), page_size: PAGE_SIZE_MAX },
          length,
          `product_id of ${PRODUCT_ID_LENGTH.min - 1} characters, a prefix of the product (6..50)`,
        ),
        past(
          'product_id',
          { product_id: productId.padEnd(PRODUCT_ID_LENGTH.max + 1, 'X'), page_size: PAGE_SIZE_MAX },
          length,
          `product_id of ${PRODUCT_ID_LENGTH.max + 1} characters, the product and more (6..50)`,
        ),
      ],
      'list plans',
    );
    // at the bounds: no product id has 6 or 50 characters, so a refusal passes; a served answer
    // (the product's first 6 characters, or the product and more) must list none of its plans
    for (const n of [PRODUCT_ID_LENGTH.min, PRODUCT_ID_LENGTH.max]) {
      const value = productId.slice(0, n).padEnd(n, 'X');
      const reply = await ctx.billingSend('GET', list.path, { query: { product_id: value, page_size: PAGE_SIZE_MAX } });
      const rule = 'billing.list-plans.product_id.filters';
      judgeFilterNamingNothing(ctx, {
        reply,
        rule,
        param: 'product_id',
        value,
        what: 'list plans',
        key: 'plans',
        excluded: list.ids,
      });
    }
    await eachLabel(ctx, listPlansQueryInvalid({ productId }), async (invalid) => {
      const reply = await ctx.billingSend('GET', list.path, { query: { ...(invalid.value as Query) } });
      judgeBrokenQuery(ctx, { reply, invalid, what: 'list plans', key: 'plans' });
    });
  },
);

check(
  {
    name:
      'query bounds: list subscriptions serves page_size, page, statuses and filter at their ' +
      'bounds, refuses or clamps page_size and page just past, and refuses statuses and plan_ids ' +
      'past theirs',
    rules: [
      'billing.list-subscriptions.page_size.range',
      'billing.list-subscriptions.page.range',
      'billing.list-subscriptions.plan_ids.length',
      'billing.list-subscriptions.statuses.length',
      'billing.list-subscriptions.statuses.pattern',
      'billing.list-subscriptions.filter.length',
      'billing.list-subscriptions.page_size.type',
      'billing.list-subscriptions.page.type',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    // all APPROVAL_PENDING: a statuses filter that names no other status and is ignored shows them
    const list = await ownSubscriptions(ctx, plan.id, OWN_ITEMS);
    const statuses = 'billing.list-subscriptions.statuses.length';
    const filter = 'billing.list-subscriptions.filter.length';
    const bounds: AtBound[] = [
      ...pagingAtBounds(SUBSCRIPTION_PAGING),
      {
        query: { statuses: STATUSES_AT_MAX },
        rule: statuses,
        what: 'statuses of 70 characters, the shown statuses (1..70)',
        first: true,
      },
      { query: { filter: '' }, rule: filter, what: 'an empty filter (0..100)', first: true },
    ];
    for (const bound of bounds) await expectServed(ctx, list, bound, SUBSCRIPTION_PAGING.honoured);

    await judgeBreaks(
      ctx,
      list,
      [
        ...pagingPastBounds(SUBSCRIPTION_PAGING),
        past('statuses', { statuses: '' }, statuses, 'statuses of 0 characters (1..70)'),
        past(
          'statuses',
          { statuses: STATUSES_PAST_MAX },
          statuses,
          'statuses of 71 characters, naming SUSPENDED only (1..70)',
        ),
        past(
          'statuses',
          { statuses: 'active' },
          'billing.list-subscriptions.statuses.pattern',
          'statuses in lower case (capital letters, underscore, comma)',
        ),
      ],
      'list subscriptions',
    );
    // plan_ids of 2 characters (a prefix of every plan id) must be refused, not served as a filter
    const short: Invalid = {
      value: { plan_ids: 'P-' },
      rule: 'billing.list-subscriptions.plan_ids.length',
      description: 'plan_ids of 2 characters (3..1890)',
      path: '/plan_ids',
    };
    const reply = await ctx.billingSend('GET', list.path, { query: { plan_ids: 'P-', page_size: PAGE_SIZE_MAX } });
    judgeBrokenQuery(ctx, { reply, invalid: short, what: 'list subscriptions', key: 'subscriptions' });
    await eachLabel(ctx, listSubscriptionsQueryInvalid({ planIds: [plan.id] }), async (invalid) => {
      const answer = await ctx.billingSend('GET', list.path, { query: { ...(invalid.value as Query) } });
      judgeBrokenQuery(ctx, { reply: answer, invalid, what: 'list subscriptions', key: 'subscriptions' });
    });
  },
);

check(
  {
    name: 'query bounds: show subscription serves fields naming its two values, and refuses fields outside 1..100',
    rules: ['billing.show-subscription.fields.length', 'billing.show-subscription.fields.pattern'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const list = await ownSubscriptions(ctx, plan.id, 1);
    const path = subscriptionPath(list.ids[0]);
    // each value alone sits at the pattern; both together are the longest value naming each once
    const served: Array<[string, RuleId]> = [
      ...SUBSCRIPTION_FIELDS.map((value): [string, RuleId] => [value, 'billing.show-subscription.fields.pattern']),
      [FIELDS_LONGEST, 'billing.show-subscription.fields.length'],
      [[...SUBSCRIPTION_FIELDS].reverse().join(','), 'billing.show-subscription.fields.length'],
    ];
    for (const [fields, rule] of served) {
      const reply = await ctx.billingSend('GET', path, { query: { fields } });
      if (reply.status !== 200) {
        ctx.fail({
          rule,
          message:
            `show subscription with fields=${fields} (${fields.length} characters, its listed values): ` + `not served`,
          expected: 'status 200',
          received: describeStatus(reply),
          exchanges: [reply.exchange],
        });
      }
    }
    const pastFields: Invalid[] = [
      {
        value: { fields: '' },
        rule: 'billing.show-subscription.fields.length',
        description: 'fields of 0 characters (1..100)',
        path: '/fields',
      },
      {
        value: { fields: FIELDS_PAST_MAX },
        rule: 'billing.show-subscription.fields.length',
        description: `fields of ${FIELDS_PAST_MAX.length} characters (1..100)`,
        path: '/fields',
      },
      {
        value: { fields: FIELDS_PAST_MAX_NAMED },
        rule: 'billing.show-subscription.fields.length',
        description: `fields of ${FIELDS_PAST_MAX_NAMED.length} characters naming only its two values (1..100)`,
        path: '/fields',
      },
    ];
    for (const invalid of pastFields) {
      const reply = await ctx.billingSend('GET', path, { query: invalid.value as Query });
      judgeBrokenQuery(ctx, { reply, invalid, what: `show subscription ${brief(list.ids[0])}` });
    }
    await eachLabel(ctx, showSubscriptionQueryInvalid, async (invalid) => {
      const reply = await ctx.billingSend('GET', path, { query: { ...(invalid.value as Query) } });
      judgeBrokenQuery(ctx, { reply, invalid, what: 'show subscription' });
    });
  },
);
