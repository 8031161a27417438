// billing.md "Subscription" (cycle_execution: cycles_remaining "0 for an infinite cycle"),
// "billing_cycle" (sequence: "run order among cycles; a lower sequence runs first") and
// "Transaction" (net_amount: "gross_amount minus the platform fee"). How a cycle comes to run or
// complete is not stated: the checks judge what the server reports in billing_info and in the
// transaction list after a capture, and skip when it reports nothing to judge.

import { check, type CheckContext } from '../support/check.js';
import { brief, type JsonObject, outcomeOf, readSubscription, subscriptionPath } from '../support/api.js';
import { createPlan, newSubscription } from '../support/fixtures.js';
import { activeSubscriptionToPatch, USD } from './subscription-fixture.js';

const cycle = (tenure: 'TRIAL' | 'REGULAR', sequence: number, total: number, price: string) => ({
  tenure_type: tenure,
  sequence,
  total_cycles: total,
  frequency: { interval_unit: 'MONTH', interval_count: 1 },
  pricing_scheme: { fixed_price: USD(price) },
});

function executionsOf(doc: JsonObject): JsonObject[] {
  const executions = (doc.billing_info as { cycle_executions?: unknown } | undefined)?.cycle_executions;
  return Array.isArray(executions)
    ? (executions.filter((e) => typeof e === 'object' && e !== null && !Array.isArray(e)) as JsonObject[])
    : [];
}

check(
  {
    name: 'cycles: an infinite billing cycle reports cycles_remaining 0',
    rules: ['billing.cycle_execution.cycles_remaining.infinite-zero'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await createPlan(ctx, {
      product_id: ctx.billing.productId,
      name: `${ctx.settings.runId} infinite plan`,
      status: 'ACTIVE',
      billing_cycles: [cycle('TRIAL', 1, 1, '1.00'), cycle('REGULAR', 2, 0, '10.00')],
      payment_preferences: { auto_bill_outstanding: true },
    });
    const sub = await newSubscription(ctx, plan.id);
    const { doc: subscription, reply } = await readSubscription(ctx, sub.id);
    const infinite = executionsOf(subscription).find((e) => e.sequence === 2);
    if (!infinite || infinite.cycles_remaining === undefined)
      ctx.skip('billing_info shows no cycles_remaining for the infinite cycle');
    if (infinite!.cycles_remaining !== 0) {
      ctx.fail({
        rule: 'billing.cycle_execution.cycles_remaining.infinite-zero',
        message: 'the cycle execution of an infinite cycle (total_cycles 0) does not report cycles_remaining 0',
        expected: 'cycles_remaining 0',
        received: `cycles_remaining ${brief(infinite!.cycles_remaining)}`,
        exchanges: [reply.exchange],
      });
    }
    ctx.credit(
      'billing.cycle_execution.cycles_remaining.infinite-zero',
      reply,
      'cycle 2 (infinite): cycles_remaining 0',
    );
  },
);

async function captureOnce(ctx: CheckContext, id: string, why: string): Promise<void> {
  const reply = await ctx.billingSend('POST', subscriptionPath(id, 'capture'), {
    json: { note: `${ctx.settings.runId} ${why}`, capture_type: 'OUTSTANDING_BALANCE', amount: USD('1.00') },
  });
  if (outcomeOf(reply, 'capture') === 'refused') ctx.skip(`capture was refused (${reply.status}): nothing to observe`);
}

check(
  {
    name: 'cycles: a billing cycle shows progress only once every cycle of a lower sequence has completed',
    rules: ['billing.billing_cycle.sequence.run-order'],
    needs: ['approval'],
  },
  async (ctx) => {
    const cycles = [cycle('TRIAL', 1, 1, '1.00'), cycle('TRIAL', 2, 2, '2.00'), cycle('REGULAR', 3, 12, '10.00')];
    const { id } = await activeSubscriptionToPatch(ctx, {
      plan: { billing_cycles: cycles, quantity_supported: false },
      subscriptionWithout: ['quantity'],
    });
    await captureOnce(ctx, id, 'lets a cycle run');
    const { doc: subscription, reply } = await readSubscription(ctx, id);
    const executions = executionsOf(subscription).filter(
      (e) => typeof e.sequence === 'number' && typeof e.cycles_completed === 'number',
    );
    const started = executions.filter((e) => (e.cycles_completed as number) > 0);
    if (started.length === 0)
      ctx.skip('after a capture billing_info reports no completed cycle: the run order cannot be seen');
    const total = (sequence: number) => cycles.find((c) => c.sequence === sequence)!.total_cycles;
    for (const e of started) {
      const early = executions.filter(
        (other) =>
          (other.sequence as number) < (e.sequence as number) &&
          (other.cycles_completed as number) < total(other.sequence as number),
      );
      if (early.length > 0) {
        ctx.fail({
          rule: 'billing.billing_cycle.sequence.run-order',
          message:
            `cycle ${String(e.sequence)} has completed cycles while cycle ${String(early[0].sequence)} ` +
            `(a lower sequence) has not completed`,
          expected: 'lower sequences run (and complete) first',
          received: brief(executions.map((x) => ({ sequence: x.sequence, cycles_completed: x.cycles_completed }))),
          exchanges: [reply.exchange],
        });
      }
    }
    const order = started.map((e) => String(e.sequence)).join(', ');
    ctx.credit('billing.billing_cycle.sequence.run-order', reply, `cycles under way (${order}) after every lower one`);
  },
);

/** Decimal text as hundredths (exact for the amounts of this check). */
const cents = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : undefined;

check(
  {
    name: 'cycles: a transaction reports net_amount as gross_amount minus the fee',
    rules: ['billing.amount_with_breakdown.net_amount.gross-minus-fee'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    await captureOnce(ctx, id, 'records a transaction');
    const reply = await ctx.billingSend('GET', subscriptionPath(id, 'transactions'), {
      query: { start_time: '2000-01-01T00:00:00Z', end_time: '2099-12-31T23:59:59Z' },
    });
    const items = (reply.json as { transactions?: unknown } | undefined)?.transactions;
    const judged = (Array.isArray(items) ? (items as unknown[]) : []).flatMap((t) => {
      const b = (
        t as { amount_with_breakdown?: Record<string, { currency_code?: unknown; value?: unknown } | undefined> } | null
      )?.amount_with_breakdown;
      const [gross, fee, net] = [b?.gross_amount, b?.fee_amount, b?.net_amount];
      if (
        !gross ||
        !fee ||
        !net ||
        gross.currency_code !== fee.currency_code ||
        gross.currency_code !== net.currency_code
      )
        return [];
      const [g, f, n] = [cents(gross.value), cents(fee.value), cents(net.value)];
      return g === undefined || f === undefined || n === undefined ? [] : [{ t, g, f, n }];
    });
    if (judged.length === 0) ctx.skip('no transaction shows gross_amount, fee_amount and net_amount in one currency');
    for (const { t, g, f, n } of judged) {
      if (n !== g - f) {
        ctx.fail({
          rule: 'billing.amount_with_breakdown.net_amount.gross-minus-fee',
          message: 'a transaction reports a net_amount that is not gross_amount minus fee_amount',
          expected:
            `net ${((g - f) / 100).toFixed(2)} (gross ${(g / 100).toFixed(2)} minus fee ` + `${(f / 100).toFixed(2)})`,
          received: brief((t as JsonObject).amount_with_breakdown),
          exchanges: [reply.exchange],
        });
      }
    }
    const shown = `${judged.length} transactions: net_amount = gross_amount - fee_amount`;
    ctx.credit('billing.amount_with_breakdown.net_amount.gross-minus-fee', reply, shown);
  },
);
