// How a list or show query that breaks a stated limit of one parameter is judged. The spec gives
// each parameter's range but not the answer to a value outside it, so a refusal (4xx) passes,
// and so does a 200 that clamps the value into its range or takes it as absent: a page size
// kept within 1..20, a page number within its range, an empty parameter taken as absent,
// unknown fields values or a boolean ignored, a filter value that no resource can have matching
// nothing. A 200 that honours the value outside its range fails the rule of the limit: more than
// 20 items on a page; an empty page for page_size 0 or page 0 while the list holds items; a
// page 1.5 that is no whole page; a filter that lists what it should leave out.

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import type { Invalid } from '../../../generators/index.js';
import { brief, is4xx, isObject, itemsOf, type JsonObject, noteOnce } from '../support/api.js';
import { describeBreak } from './labels.js';
import type { Query } from './lists.js';

/** Parameters whose broken values a server may serve instead of refusing. */
const SERVABLE = new Set(['page_size', 'page', 'product_id', 'plan_ids', 'statuses', 'filter', 'total_required', 'fields']);

const PAGE_SIZE_MAX = 20;
const PAGE_SIZE_DEFAULT = 10;

export interface BrokenQueryAnswer {
  reply: Reply;
  invalid: Invalid;
  /** What was sent, for messages ("list plans"). */
  what: string;
  /** The list member of the answer; absent for show subscription. */
  key?: 'plans' | 'subscriptions';
  /** Ids the check knows the broken filter must leave out (its own resources of another product, plan or status). */
  excluded?: readonly string[];
  /** How many items the list holds when the query narrows it by the check's own filter alone. */
  listed?: number;
  /** Ids of pages 1 and 2 at the query's page_size: a served fractional page must be one of them (or empty). */
  pages?: ReadonlyArray<readonly string[]>;
}

/**
 * Whether a page is a fraction (1.5), the one broken page whose served answer pages 1 and 2 can
 * judge: taken as absent, truncated or rounded it is one of them. Any other page may be clamped
 * to a page of its own (page 100001 to the last page that holds items, for one).
 */
export function isFractionalPage(query: Query): boolean {
  return typeof query.page === 'number' && !Number.isInteger(query.page);
}

function pageSizeOf(query: Query): number {
  const size = query.page_size;
  return typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= PAGE_SIZE_MAX ? size : PAGE_SIZE_DEFAULT;
}

/** Listed items that a filter on `param` with `value` must have left out, described. */
function strays(param: string, value: string, items: readonly JsonObject[], excluded: readonly string[]): string[] {
  const named = value.toUpperCase().split(',').map((s) => s.trim());
  const member = { product_id: 'product_id', plan_ids: 'plan_id', statuses: 'status' }[param];
  const out: string[] = [];
  for (const item of items) {
    const shown = member ? item[member] : undefined;
    const matches =
      param === 'product_id' ? shown === value : param === 'plan_ids' ? value.split(',').includes(String(shown)) : named.includes(String(shown).toUpperCase());
    if (shown !== undefined && !matches) out.push(`${String(item.id)} (${member} ${brief(shown)})`);
    else if (shown === undefined && excluded.includes(String(item.id))) out.push(`${String(item.id)} (one of the check's own, which the filter excludes)`);
  }
  return out;
}

/** Why a served page for a value below 1 or a non-integer page shows the value honoured, or undefined. */
function pagingProblem(param: string, answer: BrokenQueryAnswer, query: Query, list: readonly JsonObject[]): string | undefined {
  const value = query[param];
  const listed = answer.listed ?? 0;
  if (typeof value === 'number' && value < 1 && list.length === 0 && listed > 0) {
    return `an empty page while the list holds ${listed}: ${param} ${value} was honoured, not clamped into its range`;
  }
  if (param === 'page' && answer.pages && isFractionalPage(query) && list.length > 0) {
    const ids = list.map((item) => String(item.id));
    const whole = answer.pages.some((page) => page.length === ids.length && page.every((id, i) => id === ids[i]));
    if (!whole) return `a slice that is no whole page: ${ids.join(', ')} (pages 1 and 2: ${answer.pages.map((page) => page.join(', ')).join(' | ')})`;
  }
  return undefined;
}

/** Why a 200 to the broken query cannot be relied on, or undefined when it can. */
function problemOf(param: string, answer: BrokenQueryAnswer, query: Query): string | undefined {
  const items = answer.key ? itemsOf(answer.reply, answer.key) : undefined;
  if (answer.key && !items) return `answered 200 without a ${answer.key} array`;
  const list = items ?? [];
  if (param === 'page_size' && list.length > PAGE_SIZE_MAX) return `${list.length} items on one page: the page size was not kept within 1..20`;
  if (param === 'page' && list.length > pageSizeOf(query)) return `${list.length} items on one page of page_size ${pageSizeOf(query)}`;
  const paging = param === 'page_size' || param === 'page' ? pagingProblem(param, answer, query, list) : undefined;
  if (paging) return paging;
  if ((param === 'product_id' || param === 'plan_ids' || param === 'statuses') && String(query[param]) !== '') {
    const found = strays(param, String(query[param]), list, answer.excluded ?? []);
    if (found.length > 0) return `the ${param} filter was not applied: listed ${found.slice(0, 3).join(', ')}`;
  }
  return undefined;
}

/** What a served (200) answer to the broken parameter was taken as, for the report. */
function servedAs(param: string, query: Query): string {
  if (query[param] === '') return `an empty ${param} was taken as absent`;
  if (param === 'page_size' || param === 'page') return `${param} was served within its range (clamped, or taken as absent)`;
  if (param === 'filter') return 'the filter expression was accepted (its grammar is not shown, so what it selected was not judged)';
  if (param === 'fields' || param === 'total_required') return `${param} was served (ignoring a value it does not know is harmless)`;
  return `${param} was served as a filter that matches nothing of another ${param === 'product_id' ? 'product' : param === 'plan_ids' ? 'plan' : 'status'}`;
}

/** Judges the answer to a query that breaks one limit: see the file comment. */
export function judgeBrokenQuery(ctx: CheckContext, answer: BrokenQueryAnswer): void {
  const { reply, invalid } = answer;
  const what = `${answer.what} with ${describeBreak(invalid)}`;
  const param = invalid.path.replace(/^\//, '');
  const query = (isObject(invalid.value) ? invalid.value : {}) as Query;
  ctx.cover(invalid.rule);
  if (is4xx(reply)) {
    ctx.creditRefusal(reply, invalid.rule);
    return;
  }
  if (reply.status !== 200 || !SERVABLE.has(param)) {
    ctx.expectRefused(reply, invalid.rule, what);
    return;
  }
  const problem = problemOf(param, answer, query);
  if (problem) {
    ctx.fail({
      rule: invalid.rule,
      message: `${what}: neither refused nor served within the limit: ${problem}`,
      expected: 'a 4xx refusal, or a 200 that keeps to the limit (the value clamped into its range or taken as absent, filters applied)',
      received: describeStatus(reply),
      exchanges: [reply.exchange],
    });
  }
  noteOnce(ctx, `${answer.what}: ${servedAs(param, query)} (answered 200 to ${describeBreak(invalid).replace(/"[^"]*"/g, '"…"')})`);
}
