// page_size and page of the two billing lists (billing.md, Endpoints and Limits: page_size 1..20,
// default 10; page 1..100000 for plans, 1..10000000 for subscriptions, default 1), the slice of
// one page and its links, with the faults that break paging.

import type { Json, Validator } from '../http/validator.js';
import type { RequestContext } from '../http/context.js';
import type { FaultName } from '../faults.js';
import { link, renderLinks } from './links.js';
import { notAnInteger, PAGE_SIZE_MAX, queryFraction, queryInteger } from './query.js';

export type ListName = 'plans' | 'subscriptions';

export interface Paging {
  page: number;
  pageSize: number;
}

/** A page size that holds every item (the faults that drop paging). */
const WHOLE_LIST = Number.MAX_SAFE_INTEGER;

const PAGE_MAX: Record<ListName, number> = { plans: 100000, subscriptions: 10000000 };

/** The faults of one list, by what they break. */
function faultsOf(ctx: RequestContext, list: ListName) {
  const f = (name: FaultName) => ctx.behaviour.fault(name);
  const plans = list === 'plans';
  return {
    defaultSize: plans ? f('list-plans-default-page-size-5') : f('list-subscriptions-default-page-size-5'),
    defaultPage: plans ? f('list-plans-default-page-2') : f('list-subscriptions-default-page-2'),
    sizeTextWhole: plans ? f('list-plans-page-size-text-unlimited') : f('list-subscriptions-page-size-text-unlimited'),
    pageFraction: plans ? f('list-plans-page-fraction-offset') : f('list-subscriptions-page-fraction-offset'),
    size21: plans && f('page-size-21-accepted'),
    page0: plans && f('list-plans-page-0-empty'),
    size0: !plans && f('list-subscriptions-page-size-0-empty'),
    pageMaxRefused: !plans && f('list-subscriptions-page-max-refused'),
    sizePlusOne: !plans && f('list-subscriptions-page-size-plus-one'),
  };
}

/** Reads page_size and page into `v` (refusals are collected there). */
export function readPaging(v: Validator, ctx: RequestContext, list: ListName): Paging {
  const faults = faultsOf(ctx, list);
  const sizeText = faults.sizeTextWhole && notAnInteger(ctx.query, 'page_size');
  let pageSize = sizeText
    ? WHOLE_LIST
    : queryInteger(v, ctx.query, 'page_size', { min: faults.size0 ? 0 : 1, max: faults.size21 ? 21 : PAGE_SIZE_MAX, fallback: faults.defaultSize ? 5 : 10 });
  const fraction = faults.pageFraction ? queryFraction(ctx.query, 'page') : undefined;
  const pageMax = faults.pageMaxRefused ? PAGE_MAX[list] - 1 : PAGE_MAX[list];
  const page = fraction ?? queryInteger(v, ctx.query, 'page', { min: faults.page0 ? 0 : 1, max: pageMax, fallback: faults.defaultPage ? 2 : 1 });
  if (ctx.behaviour.fault('page-size-ignored')) pageSize = 10;
  if (faults.sizePlusOne && ctx.query.get('page_size') !== null) pageSize += 1;
  return { page, pageSize };
}

/** The slice of one page (a fractional page, under its fault, starts part of a page in). */
export function pageOf<T>(items: readonly T[], paging: Paging, ctx: RequestContext, list: ListName): T[] {
  const { page, pageSize } = paging;
  const shown = ctx.behaviour.fault('page-repeats-previous-past-2') && list === 'plans' && page > 2 ? page - 1 : page;
  const overlap = list === 'subscriptions' && ctx.behaviour.fault('list-subscriptions-pages-overlap') && page > 1 ? 1 : 0;
  const start = Math.floor((shown - 1) * pageSize) - overlap;
  // page 0 (under its fault) starts before the first item: nothing is on it
  return start < 0 ? [] : items.slice(start, start + pageSize);
}

function pageHref(ctx: RequestContext, path: string, page: number, pageSize: number, extra: Record<string, string>): string {
  const query = new URLSearchParams({ ...extra, page_size: String(pageSize), page: String(page) });
  return `${ctx.baseUrl}${path}?${query.toString()}`;
}

/** Links to this page and its neighbours (self, prev, next, first, last). */
export function pageLinks(ctx: RequestContext, path: string, paging: Paging, total: number, extra: Record<string, string>): Json[] {
  const page = paging.page;
  // a page size its fault made 0 or the whole list is written as the nearest one a link can name
  const pageSize = Math.max(1, Math.min(paging.pageSize, PAGE_SIZE_MAX + 1));
  const links = [link(pageHref(ctx, path, page, pageSize, extra), 'self', 'GET')];
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > 1) links.push(link(pageHref(ctx, path, Math.min(page - 1, lastPage), pageSize, extra), 'prev', 'GET'));
  if (page < lastPage) links.push(link(pageHref(ctx, path, page + 1, pageSize, extra), 'next', 'GET'));
  links.push(link(pageHref(ctx, path, 1, pageSize, extra), 'first', 'GET'));
  links.push(link(pageHref(ctx, path, lastPage, pageSize, extra), 'last', 'GET'));
  return renderLinks(links, ctx.behaviour);
}
