// billing.md, "Endpoints": "Every operation requires the OAuth 2.0 bearer credential". The one
// billing check that needs nothing from a target profile, so that `run --base-url URL` alone (a
// quick look) has something to say. Reads only: a server that wrongly serves a write without a
// credential would leave behind what nobody could clean up. The full auth property
// (auth.check.ts) covers every operation when the profile gives a token.

import { check } from '../support/check.js';
import { planPath, PLANS, subscriptionPath, SUBSCRIPTIONS } from '../support/api.js';

/** Ids of the stated forms (26 characters after P-; I- and some capitals); none need exist. */
const SOME_PLAN = `P-${'A'.repeat(24)}`;
const SOME_SUBSCRIPTION = `I-${'A'.repeat(12)}`;

check(
  {
    name: 'billing auth without a profile: reads sent without any credential are refused',
    rules: ['billing.auth.bearer-required'],
    needs: [],
  },
  async (ctx) => {
    const reads: Array<[string, Record<string, string> | undefined]> = [
      [PLANS, { page_size: '1' }],
      [SUBSCRIPTIONS, { page_size: '1' }],
      [planPath(SOME_PLAN), undefined],
      [subscriptionPath(SOME_SUBSCRIPTION), undefined],
    ];
    for (const [path, query] of reads) {
      const reply = await ctx.billingSend('GET', path, { token: null, ...(query ? { query } : {}) });
      ctx.expectRefused(reply, 'billing.auth.bearer-required', `GET ${path} without a credential`);
      // 404 is a refusal, but also what a server without the billing API at all answers.
      if (reply.status === 404)
        ctx.observe(`GET ${path} without a credential answered 404: refused, or the path is not served at all`);
    }
  },
);
