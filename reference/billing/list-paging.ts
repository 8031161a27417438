// page_size and page of the two billing lists (billing.md, Endpoints and Limits: page_size 1..20,
// default 10; page 1..100000 for plans, 1..10000000 for subscriptions, default 1), the slice of
// one page and its links.

import type { Json } from '../http/json.js';
import type { Validator } from '../http/validator.js';
import type { RequestContext } from '../http/context.js';
import type { ListName, Paging } from './inputs.js';
import { link } from './links.js';
import { PAGE_SIZE_MAX, queryInteger } from './query.js';
import { renderLinks } from './render.js';

const PAGE_MAX: Record<ListName, number> = { plans: 100000, subscriptions: 10000000 };

/** Reads page_size and page into `v` (refusals are collected there). */
export function readPaging(v: Validator, ctx: RequestContext, list: ListName): Paging {
  const { query } = ctx;
  const rule = ctx.behaviour.accepted(
    'paging rule',
    { pageSize: { min: 1, max: PAGE_SIZE_MAX, fallback: 10 }, page: { min: 1, max: PAGE_MAX[list], fallback: 1 } },
    { list },
  );
  const pageSize = ctx.behaviour.accepted(
    'page_size reading',
    () => queryInteger(v, query, 'page_size', rule.pageSize),
    { list, query },
  )();
  const page = ctx.behaviour.accepted('page reading', () => queryInteger(v, query, 'page', rule.page), {
    list,
    query,
  })();
  return ctx.behaviour.accepted('paging', { page, pageSize }, { list, query });
}

/** The slice of one page. */
export function pageOf<T>(items: readonly T[], paging: Paging, ctx: RequestContext, list: ListName): T[] {
  const { page, pageSize } = paging;
  const start = ctx.behaviour.rendered('page start', Math.floor((page - 1) * pageSize), { list, page, pageSize });
  // a page 0 (taken under a fault) starts before the first item: nothing is on it
  return start < 0 ? [] : items.slice(start, start + pageSize);
}

function pageHref(
  ctx: RequestContext,
  path: string,
  page: number,
  pageSize: number,
  extra: Record<string, string>,
): string {
  const query = new URLSearchParams({ ...extra, page_size: String(pageSize), page: String(page) });
  return `${ctx.baseUrl}${path}?${query.toString()}`;
}

/** Links to this page and its neighbours (self, prev, next, first, last). */
export function pageLinks(
  ctx: RequestContext,
  path: string,
  paging: Paging,
  total: number,
  extra: Record<string, string>,
): Json[] {
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
