// Query parameters of the billing list and show operations (billing.md, "Endpoints", "Limits").
// Values are typed (numbers, booleans) as a client would write them before serialising; the
// invalid families break one parameter and keep the others valid.
import fc from 'fast-check';
import { at, type Breaker, invalidOf, type Invalid, missing, replaceWith } from '../invalid.js';
import { textOfLength, upperAlnumChar } from '../text.js';
import { breakDateTime, dateTimeRange } from './datetime.js';
import { numberedPlanId, planId } from './ids.js';

export const PAGE_SIZE_MAX = 20;
export const PLANS_PAGE_MAX = 100000;
export const SUBSCRIPTIONS_PAGE_MAX = 10000000;
export const PLAN_IDS_MAX = 70;
export const PRODUCT_ID_LENGTH = { min: 6, max: 50 } as const;
export const PLAN_IDS_LENGTH = { min: 3, max: 1890 } as const;
export const STATUSES_LENGTH = { min: 1, max: 70 } as const;
export const FILTER_LENGTH_MAX = 100;
export const FIELDS_LENGTH = { min: 1, max: 100 } as const;

export interface ListPlansQuery {
  product_id?: string;
  page_size?: number;
  page?: number;
  total_required?: boolean;
}

export interface ListSubscriptionsQuery {
  plan_ids?: string;
  statuses?: string;
  created_after?: string;
  created_before?: string;
  status_updated_after?: string;
  status_updated_before?: string;
  filter?: string;
  page_size?: number;
  page?: number;
}

export interface ShowSubscriptionQuery {
  fields?: string;
}

export interface TransactionsQuery {
  start_time: string;
  end_time: string;
}

const pageSize = fc.integer({ min: 1, max: PAGE_SIZE_MAX });
/** Pages that a list of test data can fill (1..5) mostly, the whole range now and then. */
const page = (max: number): fc.Arbitrary<number> =>
  fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max }), weight: 1 },
  );

/** Valid list-plans queries; `productId` filters by the target's product when given. */
export function listPlansQuery(opts: { productId?: string } = {}): fc.Arbitrary<ListPlansQuery> {
  return fc.record(
    {
      product_id:
        opts.productId !== undefined
          ? fc.constant(opts.productId)
          : textOfLength(upperAlnumChar, 17).map((s) => 'PROD-' + s),
      page_size: pageSize,
      page: page(PLANS_PAGE_MAX),
      total_required: fc.boolean(),
    },
    { requiredKeys: [] },
  );
}

/** List-plans queries at the limits: page_size 1 and 20, page 1 and 100000, product_id of 6 and 50. */
export function listPlansQueryBoundary(opts: { productId?: string } = {}): fc.Arbitrary<ListPlansQuery> {
  return fc
    .tuple(
      listPlansQuery(opts),
      fc.constantFrom(1, PAGE_SIZE_MAX),
      fc.constantFrom(1, PLANS_PAGE_MAX),
      fc.option(
        fc
          .constantFrom(PRODUCT_ID_LENGTH.min, PRODUCT_ID_LENGTH.max)
          .chain((n) => productIdOf(n - 5).map((s) => 'PROD-' + s)),
        { nil: undefined },
      ),
    )
    .map(([q, page_size, page, product_id]) => ({ ...q, page_size, page, ...(product_id ? { product_id } : {}) }));
}

/** A product_id of `n` capitals and digits: 5 and 51 are just past the range 6..50. */
const productIdOf = (n: number): fc.Arbitrary<string> => textOfLength(upperAlnumChar, n);

const breakListPlans: Breaker<ListPlansQuery>[] = [
  at(['page_size'], replaceWith('billing.list-plans.page_size.range', 'page_size 0 (1..20)', 0)),
  at(['page_size'], replaceWith('billing.list-plans.page_size.range', 'page_size 21 (1..20)', PAGE_SIZE_MAX + 1)),
  at(['page'], replaceWith('billing.list-plans.page.range', 'page 0 (1..100000)', 0)),
  at(['page'], replaceWith('billing.list-plans.page.range', 'page 100001 (1..100000)', PLANS_PAGE_MAX + 1)),
  at(['page_size'], replaceWith('billing.list-plans.page_size.type', 'page_size "ten" (integer)', 'ten')),
  at(['page_size'], replaceWith('billing.list-plans.page_size.type', 'page_size 2.5 (integer)', 2.5)),
  at(['page'], replaceWith('billing.list-plans.page.type', 'page 1.5 (integer)', 1.5)),
  at(['product_id'], () =>
    fc.constantFrom(PRODUCT_ID_LENGTH.min - 1, PRODUCT_ID_LENGTH.max + 1).chain((n) =>
      productIdOf(n).map((value) => ({
        value,
        rule: 'billing.list-plans.product_id.length',
        description: `product_id of ${n} characters (6..50)`,
        path: '',
      })),
    ),
  ),
];

/** List-plans queries that each break exactly one rule. */
export function listPlansQueryInvalid(opts: { productId?: string } = {}): fc.Arbitrary<Invalid<ListPlansQuery>> {
  return invalidOf(listPlansQuery(opts), breakListPlans) as fc.Arbitrary<Invalid<ListPlansQuery>>;
}

/** Subscription statuses the spec shows; the full set is "not shown". */
export const SHOWN_SUBSCRIPTION_STATUSES = ['APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED'] as const;

/**
 * statuses of exactly 70 characters made of the shown statuses (one APPROVAL_PENDING, two
 * ACTIVE, four SUSPENDED: 16 + 12 + 36 characters and 6 commas), the longest value in range.
 */
export const STATUSES_AT_MAX = [
  'APPROVAL_PENDING',
  'ACTIVE',
  'ACTIVE',
  'SUSPENDED',
  'SUSPENDED',
  'SUSPENDED',
  'SUSPENDED',
].join(',');

/** statuses of 71 characters naming SUSPENDED only, one past the range. */
export const STATUSES_PAST_MAX = 'SUSPENDED,'.repeat(8).slice(0, STATUSES_LENGTH.max + 1);

/** Valid list-subscriptions queries; `planIds` are the plans to filter by (random ids otherwise). */
export function listSubscriptionsQuery(
  opts: { planIds?: readonly string[] } = {},
): fc.Arbitrary<ListSubscriptionsQuery> {
  const ids = opts.planIds?.length
    ? fc.subarray([...opts.planIds].slice(0, PLAN_IDS_MAX), { minLength: 1 })
    : fc.array(planId, { minLength: 1, maxLength: 5 });
  return fc
    .record(
      {
        plan_ids: ids.map((xs) => xs.join(',')),
        statuses: fc.subarray([...SHOWN_SUBSCRIPTION_STATUSES], { minLength: 1 }).map((xs) => xs.join(',')),
        created: dateTimeRange({ minYear: 2000, maxYear: 2099 }),
        status_updated: dateTimeRange({ minYear: 2000, maxYear: 2099 }),
        page_size: pageSize,
        page: page(SUBSCRIPTIONS_PAGE_MAX),
      },
      { requiredKeys: [] },
    )
    .map(({ created, status_updated, ...rest }) => {
      const q: ListSubscriptionsQuery = { ...rest };
      if (created) [q.created_after, q.created_before] = created;
      if (status_updated) [q.status_updated_after, q.status_updated_before] = status_updated;
      return q;
    });
}

/**
 * List-subscriptions queries at the limits: 70 plan ids, page_size 1 and 20, page 1 and
 * 10000000, now and then statuses of 70 characters or an empty filter (0 characters).
 */
export function listSubscriptionsQueryBoundary(
  opts: { planIds?: readonly string[] } = {},
): fc.Arbitrary<ListSubscriptionsQuery> {
  return fc
    .tuple(
      listSubscriptionsQuery(opts),
      fc.array(planId, { minLength: PLAN_IDS_MAX, maxLength: PLAN_IDS_MAX }),
      fc.constantFrom(1, PAGE_SIZE_MAX),
      fc.constantFrom(1, SUBSCRIPTIONS_PAGE_MAX),
      fc.option(fc.constant(STATUSES_AT_MAX), { nil: undefined }),
      fc.option(fc.constant(''), { nil: undefined }),
    )
    .map(([q, ids, page_size, page, statuses, filter]) => {
      // the caller's plans first, so that the filter still matches what a scenario created
      const all = [...new Set([...(opts.planIds ?? []), ...ids])].slice(0, PLAN_IDS_MAX);
      return {
        ...q,
        plan_ids: all.join(','),
        page_size,
        page,
        ...(statuses !== undefined ? { statuses } : {}),
        ...(filter !== undefined ? { filter } : {}),
      };
    });
}

/**
 * A date_time query parameter broken (no seconds, or 65 characters), its label naming the
 * parameter: one label for all four time bounds would send only the first of them (a table
 * check sends each label, not each parameter).
 */
const timeBoundBreak = <T>(name: string): Breaker<T> =>
  at([name], (value: unknown) =>
    breakDateTime(value).map((invalid) => ({ ...invalid, description: `${name}: ${invalid.description}` })),
  );

/**
 * One shape of a query value, at a stated bound and one past it, all else the same. A server may
 * refuse a shape for a reason of its own (an id it does not read, a filter it cannot parse): a
 * refusal past the bound shows the bound only when the same shape at the bound is taken.
 */
export interface BoundPair {
  shape: string;
  atBound: string;
  pastBound: string;
}

/** `ids` joined by commas, the first `spaced` of the commas followed by a space. */
const joinSpaced = (ids: readonly string[], spaced: number): string =>
  ids.map((id, i) => (i > 0 && i <= spaced ? ` ${id}` : id)).join(',');

const PLAN_IDS_70 = Array.from({ length: PLAN_IDS_MAX }, (_, i) => numberedPlanId(i + 1));

/**
 * plan_ids of 1890 and 1891 characters (3..1890), naming at most 70 ids: 70 plan ids of 26
 * characters make only 1889, so either a separator carries a space or an id is longer than a plan
 * id. A server that trims the ids of a list takes the first at the bound; one that reads ids as
 * given, the second.
 */
export const PLAN_IDS_LENGTH_PAIRS: readonly BoundPair[] = [
  {
    shape: '70 plan ids, the first one or two commas followed by a space',
    atBound: joinSpaced(PLAN_IDS_70, 1),
    pastBound: joinSpaced(PLAN_IDS_70, 2),
  },
  {
    shape: '70 ids, the last one or two characters longer than a plan id',
    atBound: [...PLAN_IDS_70.slice(1), numberedPlanId(PLAN_IDS_MAX + 1, 27)].join(','),
    pastBound: [...PLAN_IDS_70.slice(1), numberedPlanId(PLAN_IDS_MAX + 1, 28)].join(','),
  },
];

/**
 * plan_ids naming 70 and 71 ids, within 1890 characters: 71 plan ids of 26 characters need 1916,
 * which breaks the length too, so these ids are one character shorter than a plan id (1819 and
 * 1845 characters).
 */
export const PLAN_IDS_COUNT_PAIRS: readonly BoundPair[] = [
  {
    shape: 'ids of 25 characters (P- and 23 capitals and digits)',
    atBound: Array.from({ length: PLAN_IDS_MAX }, (_, i) => numberedPlanId(i + 1, 25)).join(','),
    pastBound: Array.from({ length: PLAN_IDS_MAX + 1 }, (_, i) => numberedPlanId(i + 1, 25)).join(','),
  },
];

/** 71 plan ids of 26 characters (1916 characters): past the count and the length at once. */
export const PLAN_IDS_PAST_BOTH = Array.from({ length: PLAN_IDS_MAX + 1 }, (_, i) => numberedPlanId(i + 1)).join(',');

/** An expression of two comparisons joined by and, `n` characters long (a longer fraction of seconds). */
function filterExpression(n: number): string {
  const head = 'create_time ge 2000-01-01T00:00:00Z and create_time lt 2099-12-31T23:59:59';
  return `${head}.${'9'.repeat(n - head.length - 2)}Z`;
}

/**
 * filter of 100 and 101 characters (0..100): an expression built with the spec's operators (its
 * member names and literals are not shown, so a server may refuse it), and plain text (which a
 * server that parses the filter refuses).
 */
export const FILTER_LENGTH_PAIRS: readonly BoundPair[] = [
  {
    shape: 'an expression of two comparisons joined by and',
    atBound: filterExpression(FILTER_LENGTH_MAX),
    pastBound: filterExpression(FILTER_LENGTH_MAX + 1),
  },
  {
    shape: 'plain text',
    atBound: 'x'.repeat(FILTER_LENGTH_MAX),
    pastBound: 'x'.repeat(FILTER_LENGTH_MAX + 1),
  },
];

// 71 plan ids and a filter of 101 characters are not among these breaks: a refusal of either
// shows its bound only beside the same shape at the bound taken (the pairs above)
const breakListSubscriptions: Breaker<ListSubscriptionsQuery>[] = [
  at(['page_size'], replaceWith('billing.list-subscriptions.page_size.range', 'page_size 0 (1..20)', 0)),
  at(
    ['page_size'],
    replaceWith('billing.list-subscriptions.page_size.range', 'page_size 21 (1..20)', PAGE_SIZE_MAX + 1),
  ),
  at(['page_size'], replaceWith('billing.list-subscriptions.page_size.type', 'page_size "ten" (integer)', 'ten')),
  at(['page'], replaceWith('billing.list-subscriptions.page.range', 'page 0 (1..10000000)', 0)),
  at(['page'], replaceWith('billing.list-subscriptions.page.type', 'page 1.5 (integer)', 1.5)),
  at(
    ['page'],
    replaceWith('billing.list-subscriptions.page.range', 'page 10000001 (1..10000000)', SUBSCRIPTIONS_PAGE_MAX + 1),
  ),
  at(
    ['plan_ids'],
    replaceWith('billing.list-subscriptions.plan_ids.length', 'plan_ids of 2 characters (3..1890)', 'P-'),
  ),
  at(
    ['statuses'],
    replaceWith('billing.list-subscriptions.statuses.length', 'statuses of 0 characters (1..70)', '', [
      'billing.list-subscriptions.statuses.pattern',
    ]),
  ),
  at(
    ['statuses'],
    replaceWith('billing.list-subscriptions.statuses.length', 'statuses of 71 characters (1..70)', STATUSES_PAST_MAX),
  ),
  at(
    ['statuses'],
    replaceWith(
      'billing.list-subscriptions.statuses.pattern',
      'statuses in lower case (capital letters, underscore, comma)',
      'active',
    ),
  ),
  timeBoundBreak('created_after'),
  timeBoundBreak('created_before'),
  timeBoundBreak('status_updated_after'),
  timeBoundBreak('status_updated_before'),
];

/** List-subscriptions queries that each break exactly one rule. */
export function listSubscriptionsQueryInvalid(
  opts: { planIds?: readonly string[] } = {},
): fc.Arbitrary<Invalid<ListSubscriptionsQuery>> {
  return invalidOf(listSubscriptionsQuery(opts), breakListSubscriptions) as fc.Arbitrary<
    Invalid<ListSubscriptionsQuery>
  >;
}

/** The values the show-subscription fields parameter lists. */
export const SUBSCRIPTION_FIELDS = ['last_failed_payment', 'plan'] as const;

/**
 * The longest fields value that names each value once (24 characters). The range 1..100 cannot be
 * met exactly by the two values: every value of 1 or 100 characters names something else.
 */
export const FIELDS_LONGEST = SUBSCRIPTION_FIELDS.join(',');

/** fields of 101 characters: plan twenty times and a stray letter, one past the range. */
export const FIELDS_PAST_MAX = `${'plan,'.repeat(20)}p`;

/** Valid show-subscription queries: fields absent, one value, or both comma separated. */
export const showSubscriptionQuery: fc.Arbitrary<ShowSubscriptionQuery> = fc.record(
  { fields: fc.subarray([...SUBSCRIPTION_FIELDS], { minLength: 1 }).map((xs) => xs.join(',')) },
  { requiredKeys: [] },
);

const breakShowSubscription: Breaker<ShowSubscriptionQuery>[] = [
  // the values pattern needs one value at least, so an empty fields breaks it too
  at(
    ['fields'],
    replaceWith('billing.show-subscription.fields.length', 'fields of 0 characters (1..100)', '', [
      'billing.show-subscription.fields.pattern',
    ]),
  ),
  // no value of 101 characters lists only the two values: it breaks the pattern too
  at(
    ['fields'],
    replaceWith('billing.show-subscription.fields.length', 'fields of 101 characters (1..100)', FIELDS_PAST_MAX, [
      'billing.show-subscription.fields.pattern',
    ]),
  ),
  at(['fields'], () =>
    fc.constantFrom('subscriber', 'plan,links', 'PLAN', 'plan;last_failed_payment').map((value) => ({
      value,
      rule: 'billing.show-subscription.fields.pattern',
      description: `fields ${JSON.stringify(value)} (last_failed_payment, plan)`,
      path: '',
    })),
  ),
];

/** Show-subscription queries that each break exactly one rule: an empty fields, an unlisted value. */
export const showSubscriptionQueryInvalid: fc.Arbitrary<Invalid<ShowSubscriptionQuery>> = invalidOf(
  showSubscriptionQuery,
  breakShowSubscription,
) as fc.Arbitrary<Invalid<ShowSubscriptionQuery>>;

/** Valid transaction-list queries: start_time not after end_time. */
export const transactionsQuery: fc.Arbitrary<TransactionsQuery> = dateTimeRange({ minYear: 2000, maxYear: 2099 }).map(
  ([start_time, end_time]) => ({ start_time, end_time }),
);

/** Transaction-list queries with one of start_time and end_time of 20 characters, the other of 64. */
export const transactionsQueryBoundary: fc.Arbitrary<TransactionsQuery> = fc
  .tuple(transactionsQuery, fc.boolean())
  .map(([q, longEnd]) => {
    // 19 characters of date and time, a 43-digit fraction and Z make 64
    const long = (t: string) => t.replace('Z', '.' + '0'.repeat(43) + 'Z');
    return longEnd
      ? { start_time: q.start_time, end_time: long(q.end_time) }
      : { start_time: long(q.start_time), end_time: q.end_time };
  });

const breakTransactions: Breaker<TransactionsQuery>[] = [
  at(['start_time'], missing('billing.list-transactions.start_time.required', 'start_time')),
  at(['end_time'], missing('billing.list-transactions.end_time.required', 'end_time')),
  timeBoundBreak('start_time'),
  timeBoundBreak('end_time'),
];

/** Transaction-list queries that each break exactly one rule. */
export const transactionsQueryInvalid: fc.Arbitrary<Invalid<Partial<TransactionsQuery>>> = invalidOf(
  transactionsQuery,
  breakTransactions,
) as fc.Arbitrary<Invalid<Partial<TransactionsQuery>>>;
