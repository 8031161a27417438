// billing.md "Plan", "Subscription", "Shared value types" and "billing_cycle": the limits of a
// member hold whichever request writes it. A value that breaks one limit, written through update
// plan or update subscription on a patchable path with a listed operation, is refused and
// nothing changes (read back), as it is on create.

import { check, type CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import type { JsonObject } from '../../../generators/model/billing-api.js';
import { lifecyclePlanBody } from '../../../generators/model/plan/body.js';
import { createPlan } from '../support/fixtures.js';
import { describePatch, expectRefusedAndUnchanged, membersOf, patchPlan, patchSubscription, readPlanDoc, readSubscriptionWithPlan, type PatchOp } from './patch-support.js';
import { activeSubscription, USD } from './subscription-fixture.js';

interface LimitCase {
  rule: string;
  op: PatchOp;
  why: string;
}

const chars = (n: number, unit = 'a') => unit.repeat(n);

function planCases(): LimitCase[] {
  return [
    { rule: 'billing.plan.name.length', op: { op: 'replace', path: '/name', value: chars(128) }, why: 'a name of 128 characters (1..127)' },
    { rule: 'billing.plan.name.length', op: { op: 'replace', path: '/name', value: '' }, why: 'an empty name (1..127)' },
    { rule: 'billing.plan.description.length', op: { op: 'replace', path: '/description', value: chars(128) }, why: 'a description of 128 characters (1..127)' },
    { rule: 'billing.plan.description.length', op: { op: 'replace', path: '/description', value: '' }, why: 'an empty description (1..127)' },
    { rule: 'billing.taxes.percentage.pattern', op: { op: 'replace', path: '/taxes/percentage', value: 'ten' }, why: 'a percentage that is not decimal text' },
    { rule: 'billing.money.currency_code.length', op: { op: 'replace', path: '/payment_preferences/setup_fee', value: { currency_code: 'USDX', value: '1.00' } }, why: 'a setup fee in a 4-letter currency' },
    { rule: 'billing.payment_preferences.auto_bill_outstanding.type', op: { op: 'replace', path: '/payment_preferences/auto_bill_outstanding', value: 'yes' }, why: 'auto_bill_outstanding as text' },
    { rule: 'billing.payment_preferences.payment_failure_threshold.type', op: { op: 'replace', path: '/payment_preferences/payment_failure_threshold', value: '3' }, why: 'payment_failure_threshold as text' },
  ];
}

function subscriptionCases(): LimitCase[] {
  return [
    { rule: 'billing.subscription.custom_id.length', op: { op: 'add', path: '/custom_id', value: chars(128, 'A') }, why: 'a custom_id of 128 characters (1..127)' },
    { rule: 'billing.subscription.custom_id.length', op: { op: 'replace', path: '/custom_id', value: chars(128, 'B') }, why: 'a custom_id of 128 characters (1..127)' },
    { rule: 'billing.subscription.custom_id.pattern', op: { op: 'replace', path: '/custom_id', value: 'Rechnung-ü' }, why: 'a custom_id that is not printable ASCII' },
    { rule: 'billing.money.value.pattern', op: { op: 'add', path: '/shipping_amount', value: { currency_code: 'USD', value: 'ten' } }, why: 'a shipping amount that is not a decimal amount' },
    { rule: 'billing.money.currency_code.length', op: { op: 'replace', path: '/billing_info/outstanding_balance', value: { currency_code: 'US', value: '1.00' } }, why: 'an outstanding balance in a 2-letter currency' },
    { rule: 'billing.date_time.pattern', op: { op: 'replace', path: '/start_time', value: '2031-03-01T00:00Z' }, why: 'a start_time without seconds' },
    { rule: 'billing.taxes.percentage.pattern', op: { op: 'replace', path: '/plan/taxes/percentage', value: 'ten' }, why: 'a percentage that is not decimal text' },
    { rule: 'billing.billing_cycle.total_cycles.trial-finite', op: { op: 'replace', path: '/plan/billing_cycles/@sequence==1/total_cycles', value: 0 }, why: 'total_cycles 0 (infinite) on the TRIAL cycle' },
    { rule: 'billing.billing_cycle.total_cycles.range', op: { op: 'replace', path: '/plan/billing_cycles/@sequence==2/total_cycles', value: 1000 }, why: 'total_cycles 1000 (0..999)' },
  ];
}

const rulesOf = (cases: readonly LimitCase[]) => [...new Set(cases.map((c) => c.rule))];

async function expectEachRefused(
  ctx: CheckContext,
  cases: readonly LimitCase[],
  send: (ops: PatchOp[]) => Promise<Reply>,
  read: () => Promise<{ doc: JsonObject; reply: Reply }>,
): Promise<void> {
  let { doc: before } = await read();
  for (const c of cases) {
    const reply = await send([c.op]);
    const { doc: after, reply: readBack } = await read();
    expectRefusedAndUnchanged(ctx, { rule: c.rule, what: `${describePatch([c.op])} (${c.why})`, reply, before, after, readBack, members: membersOf(c.op) });
    before = after;
  }
}

check(
  { name: 'patch limits: update plan refuses a value that breaks a limit of its member, and changes nothing', rules: rulesOf(planCases()), needs: ['billing'] },
  async (ctx) => {
    const { id } = await createPlan(ctx, lifecyclePlanBody(ctx, 'ACTIVE'));
    await expectEachRefused(ctx, planCases(), (ops) => patchPlan(ctx, id, ops), () => readPlanDoc(ctx, id));
  },
);

check(
  { name: 'patch limits: update subscription refuses a value that breaks a limit of its member, and changes nothing', rules: rulesOf(subscriptionCases()), needs: ['approval'] },
  async (ctx) => {
    const { id } = await activeSubscription(ctx, { subscription: { shipping_amount: USD('1.00') } });
    await expectEachRefused(ctx, subscriptionCases(), (ops) => patchSubscription(ctx, id, ops), () => readSubscriptionWithPlan(ctx, id));
  },
);
