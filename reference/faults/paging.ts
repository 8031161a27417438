// page_size and page of list plans and list subscriptions.
// One entry a fault: its name, the rule it breaks (its kind is the rule's), what it does, and
// where it plugs in (faults/points.ts).

import type { ListName } from '../billing/inputs.js';
import { notAnInteger, queryFraction } from '../billing/query.js';
import type { FaultPlugin, Plugs } from './plugin.js';

/** A page size that holds every item. */
const WHOLE_LIST = Number.MAX_SAFE_INTEGER;

/** The plug-ins of one list only: each site of paging names its list. */
function onList(list: ListName, plugs: Plugs): Plugs {
  const only: Record<string, unknown> = {};
  for (const [site, plug] of Object.entries(plugs) as Array<
    [string, (value: unknown, facts: { list: ListName }) => unknown]
  >) {
    only[site] = (value: unknown, facts: { list: ListName }) => (facts.list === list ? plug(value, facts) : value);
  }
  return only;
}

export const PAGING_FAULTS = [
  {
    name: 'page-size-21-accepted',
    rule: 'billing.list-plans.page_size.range',
    description: 'page_size 21 is accepted on list plans.',
    at: onList('plans', { 'paging rule': (rule) => ({ ...rule, pageSize: { ...rule.pageSize, max: 21 } }) }),
  },
  {
    name: 'page-size-ignored',
    rule: 'billing.list-plans.page_size.honoured',
    description: 'List plans ignores page_size and always returns up to 10 items.',
    at: { paging: (paging) => ({ ...paging, pageSize: 10 }) },
  },
  {
    name: 'page-repeats-previous-past-2',
    rule: 'billing.list-plans.pages-disjoint',
    description: 'From page 3 on, list plans answers with the items of the previous page.',
    at: onList('plans', {
      'page start': (start, { page, pageSize }) => (page > 2 ? Math.floor((page - 2) * pageSize) : start),
    }),
  },
  {
    name: 'list-plans-default-page-size-5',
    rule: 'billing.list-plans.page_size.default-10',
    description: 'List plans without page_size returns 5 plans a page instead of 10.',
    at: onList('plans', { 'paging rule': (rule) => ({ ...rule, pageSize: { ...rule.pageSize, fallback: 5 } }) }),
  },
  {
    name: 'list-plans-default-page-2',
    rule: 'billing.list-plans.page.default-1',
    description: 'List plans without page serves the second page.',
    at: onList('plans', { 'paging rule': (rule) => ({ ...rule, page: { ...rule.page, fallback: 2 } }) }),
  },
  {
    name: 'list-plans-page-size-text-unlimited',
    rule: 'billing.list-plans.page_size.type',
    description: 'List plans with a page_size that is not an integer (ten, 2.5) puts every plan on one page.',
    at: onList('plans', {
      'page_size reading': (read, { query }) => (notAnInteger(query, 'page_size') ? () => WHOLE_LIST : read),
    }),
  },
  {
    name: 'list-plans-page-fraction-offset',
    rule: 'billing.list-plans.page.type',
    description:
      'List plans with page 1.5 serves the slice that starts half a page in (the end of page 1 and the ' +
      'start of page 2).',
    at: onList('plans', {
      'page reading': (read, { query }) => {
        const fraction = queryFraction(query, 'page');
        return fraction === undefined ? read : () => fraction;
      },
    }),
  },
  {
    name: 'list-plans-page-0-empty',
    rule: 'billing.list-plans.page.range',
    description:
      'List plans with page 0 answers 200 with an empty page (the page before the first) while plans ' + 'exist.',
    at: onList('plans', { 'paging rule': (rule) => ({ ...rule, page: { ...rule.page, min: 0 } }) }),
  },
  {
    name: 'list-subscriptions-default-page-size-5',
    rule: 'billing.list-subscriptions.page_size.default-10',
    description: 'List subscriptions without page_size returns 5 subscriptions a page instead of 10.',
    at: onList('subscriptions', {
      'paging rule': (rule) => ({ ...rule, pageSize: { ...rule.pageSize, fallback: 5 } }),
    }),
  },
  {
    name: 'list-subscriptions-default-page-2',
    rule: 'billing.list-subscriptions.page.default-1',
    description: 'List subscriptions without page serves the second page.',
    at: onList('subscriptions', { 'paging rule': (rule) => ({ ...rule, page: { ...rule.page, fallback: 2 } }) }),
  },
  {
    name: 'list-subscriptions-page-size-plus-one',
    rule: 'billing.list-subscriptions.page_size.honoured',
    description: 'List subscriptions returns one subscription more than page_size asks.',
    at: onList('subscriptions', {
      paging: (paging, { query }) =>
        query.get('page_size') !== null ? { ...paging, pageSize: paging.pageSize + 1 } : paging,
    }),
  },
  {
    name: 'list-subscriptions-pages-overlap',
    rule: 'billing.list-subscriptions.pages-disjoint',
    description:
      'Each page of list subscriptions after the first starts with the last subscription of the page ' + 'before.',
    at: onList('subscriptions', { 'page start': (start, { page }) => (page > 1 ? start - 1 : start) }),
  },
  {
    name: 'list-subscriptions-page-size-text-unlimited',
    rule: 'billing.list-subscriptions.page_size.type',
    description:
      'List subscriptions with a page_size that is not an integer (ten, 2.5) puts every subscription on ' + 'one page.',
    at: onList('subscriptions', {
      'page_size reading': (read, { query }) => (notAnInteger(query, 'page_size') ? () => WHOLE_LIST : read),
    }),
  },
  {
    name: 'list-subscriptions-page-fraction-offset',
    rule: 'billing.list-subscriptions.page.type',
    description: 'List subscriptions with page 1.5 serves the slice that starts half a page in.',
    at: onList('subscriptions', {
      'page reading': (read, { query }) => {
        const fraction = queryFraction(query, 'page');
        return fraction === undefined ? read : () => fraction;
      },
    }),
  },
  {
    name: 'list-subscriptions-page-size-0-empty',
    rule: 'billing.list-subscriptions.page_size.range',
    description: 'List subscriptions with page_size 0 answers 200 with an empty page while subscriptions exist.',
    at: onList('subscriptions', { 'paging rule': (rule) => ({ ...rule, pageSize: { ...rule.pageSize, min: 0 } }) }),
  },
  {
    name: 'list-subscriptions-page-max-refused',
    rule: 'billing.list-subscriptions.page.range',
    description: 'List subscriptions refuses page 10000000 (range applied as 1..9999999).',
    at: onList('subscriptions', {
      'paging rule': (rule) => ({ ...rule, page: { ...rule.page, max: rule.page.max - 1 } }),
    }),
  },
] as const satisfies readonly FaultPlugin[];
