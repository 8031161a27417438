// billing.md "Subscriptions" and "Limits": list subscriptions takes "customer_ids (array of 1..10
// strings, comma separated ...)", and "plan_ids filter | up to 70 ids; URL not over 2000
// characters". page and page_size are integers. So 11 customer ids are refused; a page or
// page_size that is not a number is refused or served within the limit (the answer to such a
// value is not stated, see query-leniency.ts); and a plan_ids filter whose whole URL stays
// within 2000 characters is served.

import { check } from '../../../harness/check.js';
import { describeStatus } from '../../../harness/describe.js';
import { judgeBrokenQuery } from './query-leniency.js';
import { PLANS, SUBSCRIPTIONS } from './support.js';

check(
  {
    name: 'limits queries: 11 customer_ids are refused; a page or page_size that is not an integer is refused or served within the limit',
    rules: ['billing.list-subscriptions.customer_ids.items', 'billing.list-subscriptions.page_size.type', 'billing.list-plans.page.type'],
    needs: ['billing'],
  },
  async (ctx) => {
    const ids = Array.from({ length: 11 }, (_, i) => `CUSTOMER${String(i + 1).padStart(2, '0')}`).join(',');
    const eleven = await ctx.billingSend('GET', `${SUBSCRIPTIONS}?customer_ids=${ids}`);
    ctx.expectRefused(eleven, 'billing.list-subscriptions.customer_ids.items', 'list subscriptions with 11 customer_ids (1..10)');
    const notIntegers = [
      { path: SUBSCRIPTIONS, key: 'subscriptions', what: 'list subscriptions', param: 'page_size', value: 'ten', rule: 'billing.list-subscriptions.page_size.type' },
      { path: PLANS, key: 'plans', what: 'list plans', param: 'page', value: 'first', rule: 'billing.list-plans.page.type' },
    ] as const;
    for (const { path, key, what, param, value, rule } of notIntegers) {
      const query = { [param]: value };
      judgeBrokenQuery(ctx, {
        reply: await ctx.billingSend('GET', path, { query }),
        invalid: { value: query, rule, description: `${param} "${value}" (an integer)`, path: `/${param}` },
        what,
        key,
      });
    }
  },
);

/** A well-formed plan id (P- and 24 capitals and digits) that names no plan: n in base 36. */
const planIdNumber = (n: number) => `P-${n.toString(36).toUpperCase().padStart(24, '0')}`;

check(
  {
    name: 'limits queries: a plan_ids filter of up to 70 ids whose URL stays within 2000 characters is served',
    rules: ['billing.list-subscriptions.plan_ids.url-max-2000'],
    needs: ['billing'],
  },
  async (ctx) => {
    // the ids are written with literal commas, so the URL is as long as the spec counts it
    const urlOf = (count: number) => ctx.http.urlFor(`${SUBSCRIPTIONS}?plan_ids=${Array.from({ length: count }, (_, i) => planIdNumber(i + 1)).join(',')}`).href;
    let count = 70;
    while (count > 1 && urlOf(count).length > 2000) count -= 1;
    const url = urlOf(count);
    if (url.length > 2000) ctx.skip(`the base URL is too long for a plan_ids filter within 2000 characters (${url.length})`);
    const reply = await ctx.billingSend('GET', url);
    if (reply.status !== 200) {
      ctx.fail({
        rule: 'billing.list-subscriptions.plan_ids.url-max-2000',
        message: `list subscriptions with ${count} plan ids in a URL of ${url.length} characters was not served`,
        expected: 'status 200 (a URL of up to 2000 characters)',
        received: describeStatus(reply),
        exchanges: [reply.exchange],
      });
    }
  },
);
