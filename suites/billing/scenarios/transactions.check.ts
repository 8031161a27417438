// billing.md "Endpoints / Subscriptions", list transactions: start_time and end_time (date_time)
// are required; with both, 200 with {transactions: [Transaction], links}.

import { check } from '../support/check.js';
import { SCHEMA_IDS } from '../../../contracts/schema-ids.js';
import { outcomeOf, subscriptionPath } from '../support/api.js';
import { createActivePlan, newSubscription } from '../support/fixtures.js';
import { activeSubscriptionToPatch, USD } from './subscription-fixture.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

const WINDOW = { start_time: '2000-01-01T00:00:00Z', end_time: '2099-12-31T23:59:59Z' };

check(
  {
    name: 'list transactions: a request without start_time or without end_time is refused',
    rules: ['billing.list-transactions.start_time.required', 'billing.list-transactions.end_time.required'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await createActivePlan(ctx);
    const { id } = await newSubscription(ctx, plan.id);
    const path = subscriptionPath(id, 'transactions');
    const cases = [
      {
        query: { end_time: WINDOW.end_time },
        rule: 'billing.list-transactions.start_time.required',
        what: 'list transactions without start_time',
      },
      {
        query: { start_time: WINDOW.start_time },
        rule: 'billing.list-transactions.end_time.required',
        what: 'list transactions without end_time',
      },
      {
        query: {},
        rule: 'billing.list-transactions.start_time.required',
        what: 'list transactions without start_time and end_time',
      },
    ] satisfies ReadonlyArray<{ rule: RuleId; [more: string]: unknown }>;
    for (const c of cases) ctx.expectRefused(await ctx.billingSend('GET', path, { query: c.query }), c.rule, c.what);
  },
);

check(
  {
    name: 'list transactions: with start_time and end_time, 200 with a transactions array',
    rules: ['billing.list-transactions.status-200', 'billing.list-transactions.transactions.required'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    // a capture, where the server takes one, gives the list something to show
    const capture = await ctx.billingSend('POST', subscriptionPath(id, 'capture'), {
      json: {
        note: `${ctx.settings.runId} transaction for the list`,
        capture_type: 'OUTSTANDING_BALANCE',
        amount: USD('1.00'),
      },
    });
    const captured = outcomeOf(capture, 'capture') === 'accepted';
    const reply = await ctx.billingSend('GET', subscriptionPath(id, 'transactions'), { query: WINDOW });
    ctx.expectStatus(
      reply,
      200,
      'billing.list-transactions.status-200',
      'list transactions with start_time and end_time',
    );
    const body = ctx.expectJson(reply, 'billing.list-transactions.transactions.required', 'list transactions');
    const transactions = (body as { transactions?: unknown } | null)?.transactions;
    if (!Array.isArray(transactions)) {
      ctx.fail({
        rule: 'billing.list-transactions.transactions.required',
        message: 'the list transactions body has no transactions array',
        expected: '{transactions: [...], links}',
        received: reply.text.slice(0, 200),
        exchanges: [reply.exchange],
      });
    }
    ctx.expectContract(body, SCHEMA_IDS.listTransactionsResponse, reply, 'the list transactions body');
    ctx.observe(
      `list transactions after ${captured ? 'an accepted' : 'a refused'} capture: ` +
        `${(transactions as unknown[]).length} transaction(s)`,
    );
  },
);
