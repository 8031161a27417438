import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import type { Query } from './lists.js';
import { judgeBrokenQuery } from './query-leniency.js';

// A broken page a server may clamp: what it serves is judged against pages 1 and 2 only when the
// page was a fraction; a page past the last page number clamped to the last page holding items
// is conformant (billing.md, Endpoints: the answer to a value out of range is not stated).

const IDS = Array.from({ length: 21 }, (_, i) => `P-${String(i).padStart(24, '0')}`);
const PAGES = [IDS.slice(0, 5), IDS.slice(5, 10)];

/** The failures judgeBrokenQuery reports for a 200 serving `served` to `query`. */
function failuresFor(query: Query, served: readonly string[]): string[] {
  const failed: string[] = [];
  const ctx = {
    credit: () => undefined,
    observe: () => undefined,
    creditRefusal: () => undefined,
    expectRefused: () => failed.push('expectRefused'),
    fail: (details: { rule: string; message: string }) => {
      failed.push(`${details.rule}: ${details.message}`);
      throw new Error(details.message);
    },
  } as unknown as CheckContext;
  const json = { plans: served.map((id) => ({ id })) };
  const reply = { status: 200, json, text: JSON.stringify(json), exchange: {} } as unknown as Reply;
  try {
    judgeBrokenQuery(ctx, {
      reply,
      invalid: {
        value: query,
        rule: 'billing.list-plans.page.range',
        description: `page ${String(query.page)}`,
        path: '/page',
      },
      what: 'list plans',
      key: 'plans',
      listed: IDS.length,
      pages: PAGES,
    });
  } catch (error) {
    // ctx.fail ends the judgement, as in a check; anything else is the test's own error
    if (failed.length === 0) throw error;
  }
  return failed;
}

describe('a broken page served with 200', () => {
  it('passes page 100001 clamped to the last page that holds items', () => {
    expect(failuresFor({ page: 100001, page_size: 5 }, IDS.slice(20))).toEqual([]);
  });

  it('passes page 0 clamped to page 1, and "first" taken as absent', () => {
    expect(failuresFor({ page: 0, page_size: 5 }, PAGES[0])).toEqual([]);
    expect(failuresFor({ page: 'first', page_size: 5 }, PAGES[0])).toEqual([]);
  });

  it('fails page 1.5 served as a slice that starts half a page in, and passes it as page 1 or 2', () => {
    expect(failuresFor({ page: 1.5, page_size: 5 }, IDS.slice(2, 7))).toHaveLength(1);
    expect(failuresFor({ page: 1.5, page_size: 5 }, PAGES[1])).toEqual([]);
  });

  it('fails page 0 served as an empty page while the list holds items', () => {
    expect(failuresFor({ page: 0, page_size: 5 }, [])).toHaveLength(1);
  });
});

describe('a value with no range to be clamped into, served with 200', () => {
  /** The rules judgeBrokenQuery fails for `query` breaking `rule` at `param`, answered `status` with no items. */
  function judged(
    query: Query,
    rule: 'billing.list-plans.product_id.length' | 'billing.list-plans.total_required.type',
    param: string,
    status: number,
  ): string[] {
    const failed: string[] = [];
    const ctx = {
      credit: () => undefined,
      observe: () => undefined,
      creditRefusal: () => undefined,
      fail: (details: { rule: string }) => {
        failed.push(details.rule);
        throw new Error(details.rule);
      },
    } as unknown as CheckContext;
    const json = { plans: [] };
    const reply = { status, json, text: JSON.stringify(json), exchange: {} } as unknown as Reply;
    try {
      judgeBrokenQuery(ctx, {
        reply,
        invalid: { value: query, rule, description: param, path: `/${param}` },
        what: 'list plans',
        key: 'plans',
      });
    } catch (error) {
      if (failed.length === 0) throw error;
    }
    return failed;
  }

  it('fails a product_id of 51 characters served as a filter that matches nothing, passes its refusal', () => {
    expect(judged({ product_id: 'X'.repeat(51) }, 'billing.list-plans.product_id.length', 'product_id', 200)).toEqual([
      'billing.list-plans.product_id.length',
    ]);
    expect(judged({ product_id: 'X'.repeat(51) }, 'billing.list-plans.product_id.length', 'product_id', 400)).toEqual(
      [],
    );
  });

  it('passes a total_required it cannot read, ignored', () => {
    expect(judged({ total_required: 'yes' }, 'billing.list-plans.total_required.type', 'total_required', 200)).toEqual(
      [],
    );
  });
});
