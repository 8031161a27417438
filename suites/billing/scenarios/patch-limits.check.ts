// billing.md "Plan", "Subscription", "Shared value types" and "billing_cycle": the limits of a
// member hold whichever request writes it. Written through update plan or update subscription on
// a patchable path with a listed operation, a value exactly at a limit is taken (204) and reads
// back as written; a value one past it is refused and nothing changes (read back), as on create.

import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import type { PatchOperation } from '../../../generators/index.js';
import { brief, expectAccepted, type JsonObject, readPlan, readSubscription } from '../support/api.js';
import { cycleOf, shows, valueAt } from '../support/documents.js';
import { createPlan } from '../support/fixtures.js';
import {
  describePatch,
  expectEachRefused as expectEachPatchRefused,
  patchPlan,
  patchSubscription,
  refusedOperations,
} from '../support/patch.js';
import { lifecyclePlanBody } from '../support/setup-bodies.js';
import { activeSubscriptionToPatch, USD } from './subscription-fixture.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

interface LimitCase {
  rule: RuleId;
  op: PatchOperation;
  why: string;
}

/** A value at a limit: the limit's rule if refused, the field's patch rule if it does not read back. */
interface AtLimitCase extends LimitCase {
  patchRule: RuleId;
  /** Where the value reads back (dotted; a cycle's member through its sequence). */
  read: (doc: JsonObject) => unknown;
}

const chars = (n: number, unit = 'a') => unit.repeat(n);
/**
 * Text of `n` characters with letters from several scripts (each one UTF-16 unit, so both readings
 * of "characters" agree).
 */
const unicode = (n: number) =>
  [...'Zoë Ångström 月額 Ελληνικά ĳ Дом '.repeat(Math.ceil(n / 30) + 1)].slice(0, n).join('').replace(/^ | $/g, 'x');
/**
 * A date_time of exactly `n` characters (20 or more): a fraction of zeros, so that any precision
 * shows the same instant.
 */
const dateTimeOf = (n: number) => (n === 20 ? '2031-05-01T08:00:00Z' : `2031-05-01T08:00:00.${'0'.repeat(n - 21)}Z`);

function planCasesAtLimits(): AtLimitCase[] {
  const at = (member: string) => (doc: JsonObject) => valueAt(doc, member);
  return [
    ...[1, 127].map((n): AtLimitCase => ({
      rule: 'billing.plan.name.length',
      patchRule: 'billing.update-plan.replace.name',
      op: { op: 'replace' as const, path: '/name', value: unicode(n) },
      why: `a name of ${n} characters (1..127)`,
      read: at('name'),
    })),
    ...[1, 127].map((n): AtLimitCase => ({
      rule: 'billing.plan.description.length',
      patchRule: 'billing.update-plan.replace.description',
      op: { op: 'replace' as const, path: '/description', value: unicode(n) },
      why: `a description of ${n} characters (1..127)`,
      read: at('description'),
    })),
    {
      rule: 'billing.money.currency_code.length',
      patchRule: 'billing.update-plan.replace.payment_preferences.setup_fee',
      op: { op: 'replace', path: '/payment_preferences/setup_fee', value: USD('0.01') },
      why: 'a setup fee in a 3-letter currency',
      read: at('payment_preferences.setup_fee'),
    },
  ];
}

function subscriptionCasesAtLimits(): AtLimitCase[] {
  const at = (member: string) => (doc: JsonObject) => valueAt(doc, member);
  return [
    ...[1, 127].flatMap((n) =>
      (['add', 'replace'] as const).map((op): AtLimitCase => ({
        rule: 'billing.subscription.custom_id.length',
        patchRule: 'billing.update-subscription.patch.custom_id',
        op: { op, path: '/custom_id', value: chars(n, op === 'add' ? 'A' : 'B') },
        why: `a custom_id of ${n} characters (1..127)`,
        read: at('custom_id'),
      })),
    ),
    ...[20, 64].map((n): AtLimitCase => ({
      rule: 'billing.date_time.length',
      patchRule: 'billing.update-subscription.patch.start_time',
      op: { op: 'replace' as const, path: '/start_time', value: dateTimeOf(n) },
      why: `a start_time of ${n} characters (20..64)`,
      read: at('start_time'),
    })),
    ...[999, 0].map((n): AtLimitCase => ({
      rule: 'billing.billing_cycle.total_cycles.range',
      patchRule: 'billing.update-subscription.patch.plan.billing_cycles.total_cycles',
      op: { op: 'replace' as const, path: '/plan/billing_cycles/@sequence==2/total_cycles', value: n },
      why: `total_cycles ${n} on the REGULAR cycle (0..999, 0 infinite)`,
      read: (doc: JsonObject) => valueAt(cycleOf(doc.plan, 2), 'total_cycles'),
    })),
    {
      rule: 'billing.money.currency_code.length',
      patchRule: 'billing.update-subscription.patch.shipping_amount',
      op: { op: 'replace', path: '/shipping_amount', value: USD('0.01') },
      why: 'a shipping amount in a 3-letter currency',
      read: at('shipping_amount'),
    },
  ];
}

function planCases(): LimitCase[] {
  return [
    {
      rule: 'billing.plan.name.length',
      op: { op: 'replace', path: '/name', value: chars(128) },
      why: 'a name of 128 characters (1..127)',
    },
    {
      rule: 'billing.plan.name.length',
      op: { op: 'replace', path: '/name', value: '' },
      why: 'an empty name (1..127)',
    },
    {
      rule: 'billing.plan.description.length',
      op: { op: 'replace', path: '/description', value: chars(128) },
      why: 'a description of 128 characters (1..127)',
    },
    {
      rule: 'billing.plan.description.length',
      op: { op: 'replace', path: '/description', value: '' },
      why: 'an empty description (1..127)',
    },
    {
      rule: 'billing.taxes.percentage.pattern',
      op: { op: 'replace', path: '/taxes/percentage', value: 'ten' },
      why: 'a percentage that is not decimal text',
    },
    {
      rule: 'billing.money.currency_code.length',
      op: { op: 'replace', path: '/payment_preferences/setup_fee', value: { currency_code: 'USDX', value: '1.00' } },
      why: 'a setup fee in a 4-letter currency',
    },
    {
      rule: 'billing.payment_preferences.auto_bill_outstanding.type',
      op: { op: 'replace', path: '/payment_preferences/auto_bill_outstanding', value: 'yes' },
      why: 'auto_bill_outstanding as text',
    },
    {
      rule: 'billing.payment_preferences.payment_failure_threshold.type',
      op: { op: 'replace', path: '/payment_preferences/payment_failure_threshold', value: '3' },
      why: 'payment_failure_threshold as text',
    },
  ];
}

function subscriptionCases(): LimitCase[] {
  return [
    {
      rule: 'billing.subscription.custom_id.length',
      op: { op: 'add', path: '/custom_id', value: chars(128, 'A') },
      why: 'a custom_id of 128 characters (1..127)',
    },
    {
      rule: 'billing.subscription.custom_id.length',
      op: { op: 'replace', path: '/custom_id', value: chars(128, 'B') },
      why: 'a custom_id of 128 characters (1..127)',
    },
    {
      rule: 'billing.subscription.custom_id.pattern',
      op: { op: 'replace', path: '/custom_id', value: 'Rechnung-ü' },
      why: 'a custom_id that is not printable ASCII',
    },
    {
      rule: 'billing.money.value.pattern',
      op: { op: 'add', path: '/shipping_amount', value: { currency_code: 'USD', value: 'ten' } },
      why: 'a shipping amount that is not a decimal amount',
    },
    {
      rule: 'billing.money.currency_code.length',
      op: { op: 'replace', path: '/billing_info/outstanding_balance', value: { currency_code: 'US', value: '1.00' } },
      why: 'an outstanding balance in a 2-letter currency',
    },
    {
      rule: 'billing.date_time.pattern',
      op: { op: 'replace', path: '/start_time', value: '2031-03-01T00:00Z' },
      why: 'a start_time without seconds',
    },
    {
      rule: 'billing.date_time.length',
      op: { op: 'replace', path: '/start_time', value: dateTimeOf(65) },
      why: 'a start_time of 65 characters (20..64)',
    },
    {
      rule: 'billing.subscription.custom_id.length',
      op: { op: 'add', path: '/custom_id', value: '' },
      why: 'an empty custom_id (1..127)',
    },
    {
      rule: 'billing.money.currency_code.length',
      op: { op: 'replace', path: '/shipping_amount', value: { currency_code: 'USDX', value: '1.00' } },
      why: 'a shipping amount in a 4-letter currency',
    },
    {
      rule: 'billing.money.currency_code.length',
      op: {
        op: 'replace',
        path: '/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price',
        value: { currency_code: 'US', value: '1.00' },
      },
      why: 'a fixed price in a 2-letter currency',
    },
    {
      rule: 'billing.billing_cycle.total_cycles.range',
      op: { op: 'replace', path: '/plan/billing_cycles/@sequence==2/total_cycles', value: -1 },
      why: 'total_cycles -1 (0..999)',
    },
    {
      rule: 'billing.taxes.percentage.pattern',
      op: { op: 'replace', path: '/plan/taxes/percentage', value: 'ten' },
      why: 'a percentage that is not decimal text',
    },
    {
      rule: 'billing.billing_cycle.total_cycles.trial-finite',
      op: { op: 'replace', path: '/plan/billing_cycles/@sequence==1/total_cycles', value: 0 },
      why: 'total_cycles 0 (infinite) on the TRIAL cycle',
    },
    {
      rule: 'billing.billing_cycle.total_cycles.range',
      op: { op: 'replace', path: '/plan/billing_cycles/@sequence==2/total_cycles', value: 1000 },
      why: 'total_cycles 1000 (0..999)',
    },
  ];
}

const rulesOf = (cases: readonly LimitCase[]) => [...new Set(cases.map((c) => c.rule))];
const patchRulesOf = (cases: readonly AtLimitCase[]) => [...new Set(cases.map((c) => c.patchRule))];

/** The value a case wrote, as read back: decimal text as an amount, instants as instants. */
function readsBack(c: AtLimitCase, doc: JsonObject): boolean {
  const read = c.read(doc);
  return shows(c.op.value, read, c.op.path.split('/').pop() ?? '');
}

async function expectEachTaken(
  ctx: CheckContext,
  cases: readonly AtLimitCase[],
  send: (ops: PatchOperation[]) => Promise<Reply>,
  read: (shows?: (doc: JsonObject) => boolean) => Promise<{ doc: JsonObject; reply: Reply }>,
): Promise<void> {
  for (const c of cases) {
    const what = `${describePatch([c.op])} (${c.why})`;
    const reply = await send([c.op]);
    // a refusal breaks the limit's rule (the value keeps to it); another success status, the field's
    expectAccepted(ctx, reply, 204, { status: c.patchRule, refused: c.rule }, `${what}: a value at the limit`);
    const { doc, reply: readBack } = await read((shown) => readsBack(c, shown));
    if (!readsBack(c, doc)) {
      ctx.fail({
        rule: c.patchRule,
        message: `${what}: answered 204 but does not read back as written`,
        expected: brief(c.op.value),
        received: brief(c.read(doc)),
        exchanges: [reply.exchange, readBack.exchange],
      });
    }
    ctx.credit(c.patchRule, [reply, readBack], 'reads back as written');
  }
}

/** Sends each limit-breaking value and reads back: refused with a 4xx, its member as read right before. */
function expectEachRefused(
  ctx: CheckContext,
  cases: readonly LimitCase[],
  send: (ops: PatchOperation[]) => Promise<Reply>,
  read: () => Promise<{ doc: JsonObject; reply: Reply }>,
): Promise<void> {
  const refused = refusedOperations(cases);
  return expectEachPatchRefused(ctx, refused, (body) => send(body as PatchOperation[]), read);
}

check(
  {
    name: 'patch limits: update plan refuses a value that breaks a limit of its member, and changes nothing',
    rules: rulesOf(planCases()),
    needs: ['billing'],
  },
  async (ctx) => {
    const { id } = await createPlan(ctx, lifecyclePlanBody(ctx, 'ACTIVE'));
    await expectEachRefused(
      ctx,
      planCases(),
      (ops) => patchPlan(ctx, id, ops),
      () => readPlan(ctx, id),
    );
  },
);

check(
  {
    name: 'patch limits: update plan takes a value exactly at a limit of its member, and it reads back',
    rules: [...rulesOf(planCasesAtLimits()), ...patchRulesOf(planCasesAtLimits())],
    needs: ['billing'],
  },
  async (ctx) => {
    const { id } = await createPlan(ctx, lifecyclePlanBody(ctx, 'ACTIVE'));
    await expectEachTaken(
      ctx,
      planCasesAtLimits(),
      (ops) => patchPlan(ctx, id, ops),
      (shown) => readPlan(ctx, id, shown),
    );
  },
);

check(
  {
    name: 'patch limits: update subscription refuses a value that breaks a limit of its member, and changes nothing',
    rules: rulesOf(subscriptionCases()),
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx, { subscription: { shipping_amount: USD('1.00') } });
    await expectEachRefused(
      ctx,
      subscriptionCases(),
      (ops) => patchSubscription(ctx, id, ops),
      () => readSubscription(ctx, id, { fields: 'plan' }),
    );
  },
);

check(
  {
    name: 'patch limits: update subscription takes a value exactly at a limit of its member, and it reads back',
    rules: [...rulesOf(subscriptionCasesAtLimits()), ...patchRulesOf(subscriptionCasesAtLimits())],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx, { subscription: { shipping_amount: USD('1.00') } });
    await expectEachTaken(
      ctx,
      subscriptionCasesAtLimits(),
      (ops) => patchSubscription(ctx, id, ops),
      (shown) => readSubscription(ctx, id, { fields: 'plan', shows: shown }),
    );
  },
);
