import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { FILTER_LENGTH_PAIRS, PLAN_IDS_LENGTH_PAIRS } from '../../../generators/index.js';
import { judgeBoundPairs, type PairedLimit } from './bound-pairs.js';

// A refusal past a bound is credited only beside the same shape taken at the bound; a value past
// it served fails the rule; otherwise the rule is left not evaluated, with the reason.

const FILTER: PairedLimit = {
  rule: 'billing.list-subscriptions.filter.length',
  param: 'filter',
  bound: '0..100 characters',
  pairs: FILTER_LENGTH_PAIRS,
};

interface Judged {
  credited: string[];
  failed: string[];
  notTried: string[];
}

/** Judges `limit` against a server answering `status(value)`, its base URL `base`. */
async function judged(
  limit: PairedLimit,
  status: (value: string) => number,
  base = 'http://127.0.0.1:1',
): Promise<Judged> {
  const out: Judged = { credited: [], failed: [], notTried: [] };
  const ctx = {
    http: { urlFor: (path: string) => new URL(`${base}${path}`) },
    billingSend: async (_method: string, path: string) => {
      const value = new URL(path, 'http://x').searchParams.get(limit.param) ?? '';
      return { status: status(value), text: '', exchange: { id: path } } as unknown as Reply;
    },
    creditRefusal: () => undefined,
    credit: (rule: string) => void out.credited.push(rule),
    softFail: (details: { rule: string }) => void out.failed.push(details.rule),
    notTried: (rules: string[], reason: string) => void out.notTried.push(`${rules.join(',')}: ${reason}`),
  } as unknown as CheckContext;
  await judgeBoundPairs(ctx, limit);
  return out;
}

const upTo = (max: number) => (value: string) => ([...value].length <= max ? 200 : 400);

describe('a query value just past its bound, beside the same shape at the bound', () => {
  it('credits the refusal past the bound where the bound was taken', async () => {
    const out = await judged(FILTER, upTo(100));
    expect(out).toEqual({ credited: [FILTER.rule, FILTER.rule], failed: [], notTried: [] });
  });

  it('fails the rule where the value past the bound is served', async () => {
    const out = await judged(FILTER, upTo(101));
    expect(out.failed).toEqual([FILTER.rule, FILTER.rule]);
  });

  it('credits only the shape taken at its bound (a server that parses the filter)', async () => {
    const out = await judged(FILTER, (value) => (value.startsWith('x') ? 400 : upTo(100)(value)));
    expect(out).toEqual({ credited: [FILTER.rule], failed: [], notTried: [] });
  });

  it('leaves the rule not evaluated, saying why, where no shape was taken at its bound', async () => {
    const out = await judged(FILTER, () => 400);
    expect(out.credited).toEqual([]);
    expect(out.failed).toEqual([]);
    expect(out.notTried).toHaveLength(1);
    expect(out.notTried[0]).toMatch(/no shape of filter was taken at its bound .*answered 400/);
  });

  it('leaves it not evaluated where the URL past the bound is over 2000 characters', async () => {
    const limit: PairedLimit = {
      rule: 'billing.list-subscriptions.plan_ids.length',
      param: 'plan_ids',
      bound: '3..1890 characters',
      pairs: PLAN_IDS_LENGTH_PAIRS,
    };
    const out = await judged(limit, upTo(1890), `https://${'staging.'.repeat(10)}example.test`);
    expect(out.credited).toEqual([]);
    expect(out.notTried[0]).toMatch(/its URL has \d+ characters \(over 2000\)/);
  });
});
