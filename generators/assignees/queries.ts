// List assignees query (assignees.md, "Endpoints", "Limits"): per_page (integer, max 100), page
// (integer). Neither a minimum nor a default is stated, so only values from 1 up are generated
// and only the stated maximum is broken.
import fc from 'fast-check';
import { at, type Breaker, invalidOf, type Invalid, replaceWith } from '../invalid.js';

export const PER_PAGE_MAX = 100;

export interface ListAssigneesQuery {
  per_page?: number;
  page?: number;
}

/** Valid list-assignees queries: per_page 1..100, page 1..50, each present or absent. */
export const listAssigneesQuery: fc.Arbitrary<ListAssigneesQuery> = fc.record(
  {
    per_page: fc.integer({ min: 1, max: PER_PAGE_MAX }),
    page: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 50 }), weight: 1 },
    ),
  },
  { requiredKeys: [] },
);

/** List-assignees queries with per_page exactly 1 or 100, page 1. */
export const listAssigneesQueryBoundary: fc.Arbitrary<ListAssigneesQuery> = fc
  .constantFrom(1, PER_PAGE_MAX)
  .map((per_page) => ({ per_page, page: 1 }));

const breakListAssignees: Breaker<ListAssigneesQuery>[] = [
  at(['per_page'], replaceWith('assignees.list.per_page.type', 'per_page "ten" (integer)', 'ten')),
  at(['per_page'], replaceWith('assignees.list.per_page.type', 'per_page 2.5 (integer)', 2.5)),
  at(['page'], replaceWith('assignees.list.page.type', 'page "first" (integer)', 'first')),
  at(['page'], replaceWith('assignees.list.page.type', 'page 1.5 (integer)', 1.5)),
];

/** List-assignees queries that each break one rule: a per_page or page that is text or a fraction. */
export const listAssigneesQueryInvalid: fc.Arbitrary<Invalid<ListAssigneesQuery>> = invalidOf(
  listAssigneesQuery,
  breakListAssignees,
) as fc.Arbitrary<Invalid<ListAssigneesQuery>>;

/**
 * List-assignees queries with per_page 101. Not a refusal: the spec states "max 100", which the
 * catalog reads (assignees.list.per-page-max-100) as a cap on what one page returns.
 */
export const listAssigneesQueryPastMax: fc.Arbitrary<Invalid<ListAssigneesQuery>> = listAssigneesQuery.map((q) => ({
  value: { ...q, per_page: PER_PAGE_MAX + 1 },
  rule: 'assignees.list.per-page-max-100',
  description: 'per_page 101 (max 100)',
  path: '/per_page',
}));
