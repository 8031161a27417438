import type { RuleId } from '../contracts/rules/rule-ids.js';
import { broken, held, type Finding } from './finding.js';

// The answer to a query whose one parameter breaks a stated limit, as `run`'s query checks and
// the proxy both judge it. The spec gives each parameter's range, not the answer to a value
// outside it. A refusal (4xx) holds. A 200 holds only where the value can be clamped into its
// range or read as absent: a page size or page number kept within its range (page_size, page,
// per_page), an empty value taken as absent (an empty page while the list holds items shows it read
// as a filter that names nothing instead), a total_required it cannot read ignored (it only asks
// for a count: ignoring it narrows nothing). Any other 200 fails the limit: a product_id,
// plan_ids, statuses, filter or fields value outside its stated length, count or pattern has no
// range to be clamped into, and serving it (even as a filter that matches nothing) takes a value
// the spec rules out. A 200 that honours a page value outside its range fails too: more items on a
// page than the range allows, an empty page for page_size 0 or page 0 while the list holds items,
// a page 1.5 that is no whole page.

type Query = Readonly<Record<string, unknown>>;
type Item = Readonly<Record<string, unknown>>;

/** How a list pages: its page-size parameter, that parameter's largest value and its default. */
export interface Paging {
  size: 'page_size' | 'per_page';
  sizeMax: number;
  /** Undefined where the spec does not show it (assignees: "Defaults of per_page and page: not shown"). */
  sizeDefault?: number;
}

export const BILLING_PAGING: Paging = { size: 'page_size', sizeMax: 20, sizeDefault: 10 };
export const ASSIGNEES_PAGING: Paging = { size: 'per_page', sizeMax: 100 };

/** Parameters with a range a value can be clamped into. */
const CLAMPABLE = new Set(['page_size', 'page', 'per_page']);

/** Parameters a server may ignore when it cannot read them: they narrow nothing. */
const IGNORABLE = new Set(['total_required']);

export interface BrokenQueryAnswer {
  rule: RuleId;
  /** The parameter whose value breaks the rule. */
  param: string;
  /** The query as sent, each value as its contract reads it. */
  query: Query;
  status: number;
  /** What was sent, for messages: "list plans with page_size 21 (1..20)". */
  what: string;
  /** The list the answer holds; absent for an operation that answers no list (show subscription). */
  list?: { key: string; items: readonly Item[] | undefined; paging: Paging };
  /** How many items the list holds when the query narrows it by the asker's own filter alone. */
  listed?: number;
  /** Ids of pages 1 and 2 at the query's page size: a served fractional page must be one of them. */
  pages?: ReadonlyArray<readonly string[]>;
}

export type QueryJudgement =
  | { outcome: 'refused'; finding: Finding }
  /** Served within the limit; `how` says how it was taken. */
  | { outcome: 'served'; finding: Finding; how: string }
  | { outcome: 'broken'; finding: Finding };

/** Whether a parameter's broken value may be served at all (clamped, ignored or empty). */
export function mayBeServed(param: string, value: unknown): boolean {
  return CLAMPABLE.has(param) || IGNORABLE.has(param) || value === '';
}

/** Whether a page is a fraction (1.5): taken as absent, truncated or rounded it is page 1 or 2. */
export function isFractionalPage(query: Query): boolean {
  return typeof query.page === 'number' && !Number.isInteger(query.page);
}

/** The page size a served answer may hold: the asked one when within range, else the default or the largest. */
function pageSizeOf(query: Query, paging: Paging): number {
  const size = query[paging.size];
  if (typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= paging.sizeMax) return size;
  return paging.sizeDefault ?? paging.sizeMax;
}

/** Why a served page for a value below 1 or a fractional page shows the value honoured, or undefined. */
function pagingProblem(answer: BrokenQueryAnswer, items: readonly Item[]): string | undefined {
  const value = answer.query[answer.param];
  const listed = answer.listed ?? 0;
  // an empty value taken as absent narrows nothing: an empty page shows it read as a filter naming nothing
  if (value === '' && items.length === 0 && listed > 0)
    return (
      `an empty page while the list holds ${listed}: the empty ${answer.param} was read as a filter that ` +
      `names nothing, not taken as absent`
    );
  if (typeof value === 'number' && value < 1 && items.length === 0 && listed > 0) {
    const honoured = `${answer.param} ${value} was honoured, not clamped into its range`;
    return `an empty page while the list holds ${listed}: ${honoured}`;
  }
  if (answer.param === 'page' && answer.pages && isFractionalPage(answer.query) && items.length > 0) {
    const ids = items.map((item) => String(item.id));
    const whole = answer.pages.some((page) => page.length === ids.length && page.every((id, i) => id === ids[i]));
    if (whole) return undefined;
    const pages = answer.pages.map((page) => page.join(', ')).join(' | ');
    return `a slice that is no whole page: ${ids.join(', ')} (pages 1 and 2: ${pages})`;
  }
  return undefined;
}

/** Why a 200 to a clampable value shows it honoured rather than clamped, or undefined. */
function servedProblem(answer: BrokenQueryAnswer): string | undefined {
  if (!answer.list) return undefined;
  const { key, items, paging } = answer.list;
  if (!items) return `answered 200 without a ${key} array`;
  if (answer.param === paging.size && items.length > paging.sizeMax) {
    return `${items.length} items on one page: the page size was not kept within 1..${paging.sizeMax}`;
  }
  const size = pageSizeOf(answer.query, paging);
  if (answer.param === 'page' && items.length > size)
    return `${items.length} items on one page of ${paging.size} ${size}`;
  return pagingProblem(answer, items);
}

/** What a served answer took the value as, for the report. */
function servedAs(param: string, query: Query): string {
  if (query[param] === '') return `an empty ${param} was taken as absent`;
  if (CLAMPABLE.has(param)) return `${param} was served within its range (clamped, or taken as absent)`;
  return `${param} was served (ignoring a value it cannot read narrows nothing)`;
}

/** Judges the answer to a query that breaks one limit: see the file comment. */
export function judgeBrokenQuery(answer: BrokenQueryAnswer): QueryJudgement {
  const { rule, status, what } = answer;
  if (status >= 400 && status <= 499) return { outcome: 'refused', finding: { ...held(rule), byRefusal: true } };
  const value = answer.query[answer.param];
  if (status !== 200 || !mayBeServed(answer.param, value)) {
    const finding = broken(
      rule,
      `${what}: the request was not refused`,
      'a 4xx refusal: the value has no range it could be clamped into',
      `status ${status}`,
    );
    return { outcome: 'broken', finding };
  }
  const problem = servedProblem(answer);
  if (problem) {
    const expected =
      'a 4xx refusal, or a 200 that keeps to the limit (the value clamped into its range or taken as absent)';
    return {
      outcome: 'broken',
      finding: broken(
        rule,
        `${what}: neither refused nor served within the limit: ${problem}`,
        expected,
        `status ${status}`,
      ),
    };
  }
  return { outcome: 'served', finding: held(rule), how: servedAs(answer.param, answer.query) };
}
