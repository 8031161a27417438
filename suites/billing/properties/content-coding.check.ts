// billing.md "Authentication": requests send "Content-Type: application/json and Accept:
// application/json"; "Request and response bodies are JSON". The checker asks for no content
// coding (no Accept-Encoding): answers with a body, success and refusal, come without one (HTTP
// practice, a SHOULD: judging/coding.ts). A coded body is judged decoded by every check all the
// same, so this is the one place a coding the client did not ask for shows.

import { check } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { expectNoUnaskedCoding } from '../../shared/unasked-coding.js';
import { planPath, PLANS, subscriptionPath } from '../support/api.js';

check(
  {
    name: 'http: billing answers come without a content coding the request did not ask for',
    rules: ['billing.http.coding-asked-for'],
    needs: ['billing'],
  },
  async (ctx) => {
    const replies: Array<[string, Reply]> = [
      ['list plans', await ctx.billingSend('GET', PLANS, { query: { page_size: 20 } })],
      ['show a plan id that does not exist', await ctx.billingSend('GET', planPath('P-0000000000000000000000ZZ'))],
      ['show a subscription id that does not exist', await ctx.billingSend('GET', subscriptionPath('I-0000000000ZZ'))],
      ['list plans without a credential', await ctx.billingSend('GET', PLANS, { token: null })],
    ];
    expectNoUnaskedCoding(ctx, 'billing', replies);
  },
);
