// billing.md "Subscriptions" and "Limits": list subscriptions takes "customer_ids (array of 1..10
// strings, comma separated ...)", and "plan_ids filter | up to 70 ids; URL not over 2000
// characters". So 11 customer ids are refused; a plan_ids filter of up to 70 ids whose whole URL
// stays within 2000 characters is served; and 71 ids are refused: a count has no range to be
// clamped into, and serving it, even as a filter, takes a value the spec rules out (see
// query-leniency.ts).

import { check } from '../../../harness/check.js';
import { describeStatus } from '../../../harness/describe.js';
import { PLAN_IDS_MAX } from '../../../generators/index.js';
import { queryUrlLength, sendQuery, SUBSCRIPTIONS, URL_LIMIT } from '../support/api.js';
import { judgeBrokenQuery } from './query-leniency.js';

/** A well-formed plan id (P- and 24 capitals and digits) that names no plan: n in base 36. */
const planIdNumber = (n: number) => `P-${n.toString(36).toUpperCase().padStart(24, '0')}`;

/** The first `n` of those plan ids. */
const planIdNumbers = (n: number) => Array.from({ length: n }, (_, i) => planIdNumber(i + 1));

/**
 * The plans filter of `ids`, sent with literal commas (sendQuery), so that its URL is as long as
 * the spec counts it.
 */
const plansFilter = (ids: readonly string[]) => ({ plan_ids: ids.join(',') });

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
      ctx.fail({
        rule: 'billing.list-subscriptions.plan_ids.url-max-2000',
        message: `list subscriptions with ${count} plan ids in a URL of ${urlLength} characters was not served`,
        expected: 'status 200 (a URL of up to 2000 characters)',
        received: describeStatus(reply),
        exchanges: [reply.exchange],
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
    const filter = plansFilter(planIdNumbers(PLAN_IDS_MAX + 1));
    const { reply, urlLength } = await sendQuery(ctx, SUBSCRIPTIONS, filter);
    const invalid = {
      value: filter,
      rule: 'billing.list-subscriptions.plan_ids.max-70' as const,
      description: `71 plan ids (up to 70; the URL has ${urlLength} characters)`,
      path: '/plan_ids',
    };
    judgeBrokenQuery(ctx, { reply, invalid, what: 'list subscriptions', key: 'subscriptions' });
  },
);
