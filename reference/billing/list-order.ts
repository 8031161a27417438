// The order of a list answer. The spec states none (billing.md, Endpoints: "{plans: [plan
// summaries], links}"), so the legal variants choose others than the order of creation.

import type { RequestContext } from '../http/context.js';

export function listOrder<T extends { id: string }>(ctx: RequestContext, items: T[]): T[] {
  if (ctx.behaviour.variant('list-reverse-order')) return [...items].reverse();
  if (ctx.behaviour.variant('list-order-by-id'))
    return [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return items;
}
