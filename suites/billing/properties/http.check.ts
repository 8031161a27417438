// billing.md "Authentication": requests "send the header Authorization carrying the bearer
// credential, plus Content-Type: application/json and Accept: application/json"; "Request and
// response bodies are JSON"; "Plans": update plan answers "204, empty".

import { check } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { is2xx, planPath, PLANS, sendCreatePlan, subscriptionPath, SUBSCRIPTIONS } from '../support/api.js';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

function validPlanBody(productId: string, name: string): Record<string, unknown> {
  return {
    product_id: productId,
    name,
    billing_cycles: [
      {
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10.00' } },
      },
    ],
    payment_preferences: { auto_bill_outstanding: true },
  };
}

/**
 * Whether `reply` refused what the spec says every request sends: the credential (401, 403) or
 * the JSON media types (406, 415). Any other answer says nothing of them: a route the target
 * lacks (404, 405) is reported under its own operation's status rule, a refused body under the
 * rule it breaks.
 */
const refusesHeaders = (reply: Reply): boolean => [401, 403, 406, 415].includes(reply.status);

check(
  {
    name:
      'http: a request with the bearer credential, Content-Type and Accept application/json is ' +
      'served, reads as well as writes',
    rules: ['billing.auth.bearer-accepted'],
    needs: ['billing'],
  },
  async (ctx) => {
    const created = await sendCreatePlan(
      ctx,
      validPlanBody(ctx.billing.productId, `${ctx.settings.runId} bearer plan`),
      JSON_HEADERS,
    );
    const replies: Array<[string, Reply]> = [['create plan', created.reply]];
    if (created.id)
      replies.push(['show plan', await ctx.billingSend('GET', planPath(created.id), { headers: JSON_HEADERS })]);
    replies.push([
      'list plans',
      await ctx.billingSend('GET', PLANS, { headers: JSON_HEADERS, query: { page_size: 1 } }),
    ]);
    replies.push([
      'list subscriptions',
      await ctx.billingSend('GET', SUBSCRIPTIONS, { headers: JSON_HEADERS, query: { page_size: 1 } }),
    ]);
    for (const [what, reply] of replies) {
      if (refusesHeaders(reply)) {
        ctx.fail({
          rule: 'billing.auth.bearer-accepted',
          message:
            `${what} with Authorization: Bearer <token>, Content-Type and Accept application/json was ` +
            `refused for its credential or media types`,
          expected: 'the request served (a 2xx answer)',
          received: describeStatus(reply),
          exchanges: [reply.exchange],
        });
      }
    }
    const served = replies.filter(([, reply]) => is2xx(reply));
    const others = replies.filter(([, reply]) => !is2xx(reply)).map(([what, reply]) => `${what} ${reply.status}`);
    if (others.length > 0)
      ctx.observe(
        `answered with neither a success nor a refusal of the credential or media ` +
          `types, not judged here: ${others.join(', ')} (the operations' own checks judge those)`,
      );
    if (served.length === 0) {
      const why =
        `none of the ${replies.length} requests was served (${others.join(', ')}), so none shows the ` +
        `credential and media types taken`;
      ctx.notTried(['billing.auth.bearer-accepted'], why);
    }
    for (const [what, reply] of served)
      ctx.credit('billing.auth.bearer-accepted', reply, `${what} served (${reply.status})`);
  },
);

check(
  {
    name: 'http: every answer of the billing service with a body, success or refusal, is JSON',
    rules: ['billing.http.json-bodies'],
    needs: ['billing'],
  },
  async (ctx) => {
    const unknownPlan = 'P-0000000000000000000000ZZ';
    const created = await sendCreatePlan(ctx, validPlanBody(ctx.billing.productId, `${ctx.settings.runId} json plan`));
    const replies: Array<[string, Reply]> = [
      ['create plan', created.reply],
      ['list plans', await ctx.billingSend('GET', PLANS, { query: { page_size: 2 } })],
      ['show a plan id that does not exist', await ctx.billingSend('GET', planPath(unknownPlan))],
      ['show a subscription id that does not exist', await ctx.billingSend('GET', subscriptionPath('I-0000000000ZZ'))],
      [
        'create plan without a body member it needs',
        await ctx.billingSend('POST', PLANS, { json: { name: `${ctx.settings.runId} no product` } }),
      ],
      ['list plans without a credential', await ctx.billingSend('GET', PLANS, { token: null })],
      ['list subscriptions with page_size 0', await ctx.billingSend('GET', SUBSCRIPTIONS, { query: { page_size: 0 } })],
    ];
    if (created.id) replies.push(['show plan', await ctx.billingSend('GET', planPath(created.id))]);
    for (const [what, reply] of replies) {
      if (reply.text !== '' && reply.json === undefined) {
        ctx.fail({
          rule: 'billing.http.json-bodies',
          message: `${what}: the answer's body is not JSON`,
          expected: 'a JSON body (or none)',
          received:
            `${describeStatus(reply)}` +
            (reply.headers['content-type'] ? ` (content-type ${reply.headers['content-type']})` : ''),
          exchanges: [reply.exchange],
        });
      }
      if (reply.json !== undefined) ctx.credit('billing.http.json-bodies', reply, `${what}: a JSON body`);
    }
  },
);

check(
  {
    name: 'http: an accepted update plan answers with no body',
    rules: ['billing.update-plan.empty-body'],
    needs: ['billing'],
  },
  async (ctx) => {
    const created = await sendCreatePlan(
      ctx,
      validPlanBody(ctx.billing.productId, `${ctx.settings.runId} empty-body plan`),
    );
    if (!created.id)
      throw new CheckSetupError(`could not create a plan for this check: answered ${created.reply.status}`, [
        created.reply.exchange,
      ]);
    const replaces: Array<[string, unknown]> = [
      ['/name', `${ctx.settings.runId} renamed`],
      ['/payment_preferences/auto_bill_outstanding', false],
    ];
    for (const [path, value] of replaces) {
      const reply = await ctx.billingSend('PATCH', planPath(created.id), { json: [{ op: 'replace', path, value }] });
      if (!is2xx(reply))
        ctx.skip(`update plan (replace ${path}) answered ${reply.status}: the update plan checks judge that`);
      if (reply.text !== '') {
        ctx.fail({
          rule: 'billing.update-plan.empty-body',
          message: `update plan (replace ${path}) answered ${reply.status} with a body`,
          expected: '204 with an empty body',
          received: describeStatus(reply),
          exchanges: [reply.exchange],
        });
      }
      ctx.credit('billing.update-plan.empty-body', reply, `status ${reply.status}, no body`);
    }
  },
);
