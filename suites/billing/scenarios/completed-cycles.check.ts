// billing.md "Subscriptions", rules of update: "attributes of already completed cycles cannot
// be updated (for example completed trial cycles)". How a cycle comes to completion (billing
// time, payments) is not stated, so the check takes a cycle the server itself reports completed
// in billing_info.cycle_executions (cycles_completed has reached a finite total_cycles) after a
// capture, and skips when the server reports none.

import { check } from '../support/check.js';
import { cyclePath, type PatchOperation } from '../../../generators/index.js';
import { outcomeOf, readSubscription, subscriptionPath } from '../support/api.js';
import { describePatch, expectRefusedAndUnchanged, patchSubscription } from '../support/patch.js';
import { completedSequences } from '../support/cycle-executions.js';
import { activeSubscriptionToPatch, USD } from './subscription-fixture.js';

check(
  {
    name: 'subscription patch: attributes of a completed billing cycle are refused and unchanged',
    rules: ['billing.update-subscription.completed-cycles-refused'],
    needs: ['approval'],
  },
  async (ctx) => {
    // one TRIAL cycle of one period: the first cycle to complete
    const cycles = [
      {
        tenure_type: 'TRIAL',
        sequence: 1,
        total_cycles: 1,
        frequency: { interval_unit: 'DAY', interval_count: 1 },
        pricing_scheme: { fixed_price: USD('1.00') },
      },
      {
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: USD('10.00') },
      },
    ];
    const { id } = await activeSubscriptionToPatch(ctx, {
      plan: { billing_cycles: cycles, quantity_supported: false },
      subscriptionWithout: ['quantity'],
    });
    const capture = await ctx.billingSend('POST', subscriptionPath(id, 'capture'), {
      json: {
        note: `${ctx.settings.runId} completes the trial cycle`,
        capture_type: 'OUTSTANDING_BALANCE',
        amount: USD('1.00'),
      },
    });
    if (outcomeOf(capture, 'capture') === 'refused')
      ctx.skip(`capture was refused (${capture.status}): no way to a completed cycle the spec states`);
    const { doc } = await readSubscription(ctx, id, { fields: 'plan' });
    const completed = completedSequences(doc);
    if (completed.length === 0)
      ctx.skip('after a capture the server reports no completed billing cycle in billing_info.cycle_executions');
    const n = completed[0];
    const cases: PatchOperation[] = [
      { op: 'replace', path: cyclePath(n, 'total_cycles'), value: 5 },
      { op: 'replace', path: cyclePath(n, 'pricing_scheme/fixed_price'), value: USD('0.50') },
    ];
    for (const op of cases) {
      const { doc: before } = await readSubscription(ctx, id, { fields: 'plan' });
      const reply = await patchSubscription(ctx, id, [op]);
      const { doc: after, reply: readBack } = await readSubscription(ctx, id, { fields: 'plan' });
      expectRefusedAndUnchanged(ctx, {
        rule: 'billing.update-subscription.completed-cycles-refused',
        what: `${describePatch([op])} (cycle ${n} is completed)`,
        reply,
        before,
        after,
        readBack,
        members: ['/plan', '/status'],
      });
    }
  },
);
