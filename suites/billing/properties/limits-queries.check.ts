// billing.md "Subscriptions" and "Limits": list subscriptions takes "customer_ids (array of 1..10
// strings, comma separated ...)", "plan_ids (string 3..1890, comma separated)", "filter (string
// 0..100 ...)", and "plan_ids filter | up to 70 ids; URL not over 2000 characters". So 11
// customer ids are refused; a plan_ids filter of up to 70 ids whose whole URL stays within 2000
// characters is served; and plan_ids of 1891 characters, plan_ids naming 71 ids and a filter of
// 101 characters are refused. Those three are judged beside the same shape at the bound
// (bound-pairs.ts): a length or a count has no range to be clamped into, and serving it, even as
// a filter, takes a value the spec rules out (see query-leniency.ts).

import { check } from '../../../harness/check.js';
import { describeStatus } from '../../../harness/describe.js';
import {
  FILTER_LENGTH_PAIRS,
  numberedPlanId,
  PLAN_IDS_COUNT_PAIRS,
  PLAN_IDS_LENGTH_PAIRS,
  PLAN_IDS_MAX,
  PLAN_IDS_PAST_BOTH,
} from '../../../generators/index.js';
import { queryUrlLength, sendQuery, SUBSCRIPTIONS, URL_LIMIT } from '../support/api.js';
import { failUnlessRefused, judgeBoundPairs, sendParam } from './bound-pairs.js';

/** The first `n` plan ids that name no plan. */
const planIdNumbers = (n: number) => Array.from({ length: n }, (_, i) => numberedPlanId(i + 1));

/**
 * The plans filter of `ids`, sent with literal commas (sendQuery), so that its URL is as long as
 * the spec counts it.
 */
const plansFilter = (ids: readonly string[]) => ({ plan_ids: ids.join(',') });

const idsIn = (value: string): string => `${value.split(',').length} ids`;

check(
  {
    name: 'limits queries: 11 customer_ids are refused',
    rules: ['billing.list-subscriptions.customer_ids.items'],
    needs: ['billing'],
  },
  async (ctx) => {
    const ids = Array.from({ length: 11 }, (_, i) => `CUSTOMER${String(i + 1).padStart(2, '0')}`).join(',');
    const eleven = await ctx.billingSend('GET', `${SUBSCRIPTIONS}?customer_ids=${ids}`);
    ctx.expectRefused(
      eleven,
      'billing.list-subscriptions.customer_ids.items',
      'list subscriptions with 11 customer_ids (1..10)',
    );
  },
);

check(
  {
    name: 'limits queries: a plan_ids filter of up to 70 ids whose URL stays within 2000 characters is served',
    rules: ['billing.list-subscriptions.plan_ids.url-max-2000'],
    needs: ['billing'],
  },
  async (ctx) => {
    let count = PLAN_IDS_MAX;
    const lengthOf = (n: number) => queryUrlLength(ctx, SUBSCRIPTIONS, plansFilter(planIdNumbers(n)));
    while (count > 1 && lengthOf(count) > URL_LIMIT) count -= 1;
    if (lengthOf(count) > URL_LIMIT)
      ctx.skip(`the base URL is too long for a plan_ids filter within 2000 characters (${lengthOf(count)})`);
    const { reply, urlLength } = await sendQuery(ctx, SUBSCRIPTIONS, plansFilter(planIdNumbers(count)));
    if (reply.status !== 200) {
      // Not served: the URL's length is at fault only if a short one is served (a route that
      // answers 405 to every list says nothing of the length).
      const short = await sendQuery(ctx, SUBSCRIPTIONS, plansFilter(planIdNumbers(1)));
      if (short.reply.status !== 200) {
        ctx.notTried(
          ['billing.list-subscriptions.plan_ids.url-max-2000'],
          `list subscriptions was not served with one plan id either (status ${short.reply.status}): ` +
            `what a long URL gets was not seen apart`,
        );
        return;
      }
      ctx.fail({
        rule: 'billing.list-subscriptions.plan_ids.url-max-2000',
        message: `list subscriptions with ${count} plan ids in a URL of ${urlLength} characters was not served`,
        expected: 'status 200 (a URL of up to 2000 characters)',
        received: describeStatus(reply),
        exchanges: [short.reply.exchange, reply.exchange],
      });
    }
    // 70 ids, the most plan_ids may name, are 1889 characters (within 3..1890)
    ctx.credit(
      'billing.list-subscriptions.plan_ids.url-max-2000',
      reply,
      `${count} ids, ${urlLength} characters: served`,
    );
    if (count === PLAN_IDS_MAX)
      ctx.credit(
        ['billing.list-subscriptions.plan_ids.max-70', 'billing.list-subscriptions.plan_ids.length'],
        reply,
        `${count} ids served`,
      );
  },
);

check(
  {
    name: 'limits queries: a plan_ids filter of 71 ids is refused',
    rules: ['billing.list-subscriptions.plan_ids.max-70'],
    needs: ['billing'],
  },
  async (ctx) => {
    const rule = 'billing.list-subscriptions.plan_ids.max-70';
    // 71 plan ids of 26 characters are 1916 characters: taking them fails the count (and the
    // length), refusing them shows neither apart, so it is not credited
    const both = await sendParam(ctx, 'plan_ids', PLAN_IDS_PAST_BOTH, 'naming 71 plan ids (1916 characters)');
    failUnlessRefused(ctx, rule, both);
    await judgeBoundPairs(ctx, {
      rule,
      param: 'plan_ids',
      bound: 'up to 70 ids',
      pairs: PLAN_IDS_COUNT_PAIRS,
      measure: idsIn,
    });
  },
);

check(
  {
    name: 'limits queries: a plan_ids value of 1891 characters is refused',
    rules: ['billing.list-subscriptions.plan_ids.length'],
    needs: ['billing'],
  },
  async (ctx) => {
    await judgeBoundPairs(ctx, {
      rule: 'billing.list-subscriptions.plan_ids.length',
      param: 'plan_ids',
      bound: '3..1890 characters',
      pairs: PLAN_IDS_LENGTH_PAIRS,
    });
  },
);

check(
  {
    name: 'limits queries: a filter of 101 characters is refused',
    rules: ['billing.list-subscriptions.filter.length'],
    needs: ['billing'],
  },
  async (ctx) => {
    await judgeBoundPairs(ctx, {
      rule: 'billing.list-subscriptions.filter.length',
      param: 'filter',
      bound: '0..100 characters',
      pairs: FILTER_LENGTH_PAIRS,
    });
  },
);
