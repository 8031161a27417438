// How a list or show query that breaks a stated limit of one parameter is judged: by the
// judgement the proxy makes of the same answer (judging/query-answer.ts). A refusal passes; a 200
// passes only where the value is clamped into its range or read as absent (page_size, page; an
// empty value; total_required ignored). A product_id, plan_ids, statuses, filter or fields value
// outside its stated length, count or pattern must be refused: served, even as a filter that
// matches nothing, it fails its rule. A valid filter value that names nothing (a product_id of 6
// characters) is another matter: refused or served as a filter, judged by judgeFilterNamingNothing.

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import type { Invalid } from '../../../generators/index.js';
import { BILLING_PAGING, judgeBrokenQuery as judgeAnswer } from '../../../judging/query-answer.js';
import { brief, is4xx, isObject, itemsOf, type JsonObject, noteOnce } from '../support/api.js';
import { describeBreak } from './labels.js';
import type { Query } from './lists.js';

export { isFractionalPage } from '../../../judging/query-answer.js';

export interface BrokenQueryAnswer {
  reply: Reply;
  invalid: Invalid;
  /** What was sent, for messages ("list plans"). */
  what: string;
  /** The list member of the answer; absent for show subscription. */
  key?: 'plans' | 'subscriptions';
  /** How many items the list holds when the query narrows it by the check's own filter alone. */
  listed?: number;
  /** Ids of pages 1 and 2 at the query's page_size: a served fractional page must be one of them (or empty). */
  pages?: ReadonlyArray<readonly string[]>;
}

const paramOf = (invalid: Invalid): string => invalid.path.replace(/^\//, '');
const queryOf = (invalid: Invalid): Query => (isObject(invalid.value) ? invalid.value : {}) as Query;

/** Judges the answer to a query that breaks one limit: see the file comment. */
export function judgeBrokenQuery(ctx: CheckContext, answer: BrokenQueryAnswer): void {
  const { reply, invalid } = answer;
  const what = `${answer.what} with ${describeBreak(invalid)}`;
  const judgement = judgeAnswer({
    rule: invalid.rule,
    param: paramOf(invalid),
    query: queryOf(invalid),
    status: reply.status,
    what,
    ...(answer.key ? { list: { key: answer.key, items: itemsOf(reply, answer.key), paging: BILLING_PAGING } } : {}),
    ...(answer.listed !== undefined ? { listed: answer.listed } : {}),
    ...(answer.pages ? { pages: answer.pages } : {}),
  });
  if (judgement.outcome === 'refused') return ctx.creditRefusal(reply, invalid.rule);
  if (judgement.outcome === 'broken') {
    const { message = what, expected = 'a 4xx refusal' } = judgement.finding;
    ctx.fail({ rule: invalid.rule, message, expected, received: describeStatus(reply), exchanges: [reply.exchange] });
  }
  if (judgement.outcome !== 'served') return;
  ctx.credit(invalid.rule, reply, judgement.how);
  noteOnce(
    ctx,
    `${answer.what}: ${judgement.how} (answered 200 to ${describeBreak(invalid).replace(/"[^"]*"/g, '"…"')})`,
  );
}

/** The member a filter parameter is compared with in each listed item. */
const FILTERED = { product_id: 'product_id', plan_ids: 'plan_id', statuses: 'status' } as const;

/** Listed items a filter of `param` = `value` must have left out, described. */
function strays(
  param: keyof typeof FILTERED,
  value: string,
  items: readonly JsonObject[],
  excluded: readonly string[],
): string[] {
  const member = FILTERED[param];
  const named = value.split(',').map((part) => part.trim());
  const out: string[] = [];
  for (const item of items) {
    const shown = item[member];
    const matches =
      param === 'statuses'
        ? named.map((s) => s.toUpperCase()).includes(String(shown).toUpperCase())
        : named.includes(String(shown));
    if (shown !== undefined && !matches) out.push(`${String(item.id)} (${member} ${brief(shown)})`);
    else if (shown === undefined && excluded.includes(String(item.id)))
      out.push(`${String(item.id)} (one of the check's own, which the filter excludes)`);
  }
  return out;
}

export interface FilterNamingNothing {
  reply: Reply;
  /** The filter's rule (`billing.list-plans.product_id.filters`). */
  rule: Invalid['rule'];
  param: keyof typeof FILTERED;
  value: string;
  what: string;
  key: 'plans' | 'subscriptions';
  /** The check's own items, which the filter excludes. */
  excluded: readonly string[];
}

/**
 * A filter value within its stated limits that names nothing (a product_id of 6 characters: no
 * product id has so few): refusing it passes, and so does serving it as a filter, which then
 * lists nothing the value does not name.
 */
export function judgeFilterNamingNothing(ctx: CheckContext, filter: FilterNamingNothing): void {
  const { reply } = filter;
  if (is4xx(reply)) {
    // Allowed, and it shows nothing of how the filter filters.
    noteOnce(ctx, `${filter.what}: a ${filter.param} that names nothing was refused (${reply.status})`);
    return ctx.notTried([filter.rule], `${filter.what}: a ${filter.param} that names nothing was refused`);
  }
  const items = itemsOf(reply, filter.key);
  const found = reply.status === 200 && items ? strays(filter.param, filter.value, items, filter.excluded) : [];
  if (reply.status === 200 && items && found.length === 0) {
    // Filtered only as far as the items show the member the filter compares.
    const member = FILTERED[filter.param];
    const without = items.filter((item) => item[member] === undefined).length;
    if (without === 0) return ctx.credit(filter.rule, reply, `${items.length} items, none of another ${member}`);
    return ctx.notTried(
      [filter.rule],
      `not evaluated: ${without} of the ${items.length} items listed carry no ${member} to judge the filter on`,
    );
  }
  ctx.fail({
    rule: filter.rule,
    message:
      `${filter.what} with a ${filter.param} of ${filter.value.length} characters that names nothing: ` +
      (items ? `the filter was not applied: listed ${found.slice(0, 3).join(', ')}` : 'no list'),
    expected: `a 4xx refusal, or 200 with a ${filter.key} array listing nothing the value does not name`,
    received: describeStatus(reply),
    exchanges: [reply.exchange],
  });
}
