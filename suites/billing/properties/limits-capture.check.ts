// billing.md "Subscriptions", capture authorized payment: "{note: string 1..128 required,
// capture_type: string 1..24 required (value OUTSTANDING_BALANCE), amount: Money required}".
// A capture body that is not an object, a capture_type that is not a string, one of 25
// characters (which is also not OUTSTANDING_BALANCE), or a body without amount is refused and
// captures nothing.

import { howAnswered } from '../../../harness/describe.js';
import { check, type CheckContext } from '../support/check.js';
import { brief, itemsOf, subscriptionPath } from '../support/api.js';
import { activePlan, activeSubscription } from '../support/fixtures.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

async function transactionCount(ctx: CheckContext, id: string): Promise<number | undefined> {
  const reply = await ctx.billingSend('GET', subscriptionPath(id, 'transactions'), {
    query: { start_time: '2000-01-01T00:00:00Z', end_time: '2099-12-31T23:59:59Z' },
  });
  return reply.status === 200 ? itemsOf(reply, 'transactions')?.length : undefined;
}

check(
  {
    name:
      'limits capture: a capture_type of 25 characters, a capture_type that is not a string, a ' +
      'body that is not an object and a body without amount are refused',
    rules: [
      'billing.capture.capture_type.length',
      'billing.capture.capture_type.type',
      'billing.capture.body.type',
      'billing.capture.amount.required',
    ],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { infinite: true });
    const sub = await activeSubscription(ctx, plan.id);
    const amount = { currency_code: plan.currency, value: '1.00' };
    const note = `${ctx.settings.runId} limits capture`;
    const cases = [
      {
        rule: 'billing.capture.capture_type.length',
        body: { note, capture_type: 'OUTSTANDING_BALANCE_EXTRA', amount },
        what: 'capture_type OUTSTANDING_BALANCE_EXTRA (25 characters; 1..24, and not OUTSTANDING_BALANCE)',
      },
      {
        rule: 'billing.capture.capture_type.type',
        body: { note, capture_type: 1, amount },
        what: 'capture_type 1 (a number)',
      },
      {
        rule: 'billing.capture.body.type',
        body: [{ note, capture_type: 'OUTSTANDING_BALANCE', amount }],
        what: 'a body that is an array',
      },
      {
        rule: 'billing.capture.amount.required',
        body: { note, capture_type: 'OUTSTANDING_BALANCE' },
        what: 'no amount (required)',
      },
    ] satisfies ReadonlyArray<{ rule: RuleId; [more: string]: unknown }>;
    for (const c of cases) {
      const before = await transactionCount(ctx, sub.id);
      const reply = await ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), { json: c.body });
      ctx.expectRefused(reply, c.rule, `capture with ${c.what}`);
      // a capture that was taken failed above: that it recorded a transaction is the same bug
      if (reply.status < 400 || reply.status > 499) continue;
      const after = await transactionCount(ctx, sub.id);
      if (before !== undefined && after !== undefined && after > before) {
        ctx.fail({
          rule: c.rule,
          message: `capture with ${c.what}: ${howAnswered(reply)}, yet a transaction was recorded`,
          expected: `${before} transactions`,
          received: brief(after),
          exchanges: [reply.exchange],
        });
      }
    }
  },
);
