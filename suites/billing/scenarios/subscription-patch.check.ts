// billing.md "Subscriptions" (patchable subscription fields): on an ACTIVE subscription, every
// patchable field with each of its listed operations answers 204 and reads back as written;
// the @sequence==n selector addresses the cycle with that sequence and no other.

import { check, type CheckContext } from '../support/check.js';
import { subscriptionPatchRule, type SubscriptionPatchKey } from '../../../contracts/rules/billing-patch.js';
import { cyclePath, type PatchOperation } from '../../../generators/index.js';
import { brief, expectAccepted, type Json, type JsonObject, readSubscription } from '../support/api.js';
import { cycleOf, shows, valueAt } from '../support/documents.js';
import { describePatch, patchSubscription } from '../support/patch.js';
import { activeSubscriptionToPatch, SHIPPING_ADDRESS, USD } from './subscription-fixture.js';

interface FieldCase {
  /** The catalog key of the patchable field. */
  key: SubscriptionPatchKey;
  op: PatchOperation;
  /** Where the value reads back. */
  read: (doc: JsonObject) => Json | undefined;
  /** A cycle that must not change (the selector picks one cycle only). */
  untouchedCycle?: number;
}

const cycleMember = (sequence: number, member: string) => (doc: JsonObject) =>
  valueAt(cycleOf(doc.plan, sequence), member);
const at = (member: string) => (doc: JsonObject) => valueAt(doc, member);

/* eslint-disable max-lines-per-function -- a table of cases, one per patchable field: a list, not steps to follow */
function fieldCases(tag: string): FieldCase[] {
  return [
    { key: 'custom_id', op: { op: 'replace', path: '/custom_id', value: `${tag}-replaced` }, read: at('custom_id') },
    { key: 'custom_id', op: { op: 'add', path: '/custom_id', value: `${tag}-added` }, read: at('custom_id') },
    {
      key: 'shipping_amount',
      op: { op: 'add', path: '/shipping_amount', value: USD('4.50') },
      read: at('shipping_amount'),
    },
    {
      key: 'shipping_amount',
      op: { op: 'replace', path: '/shipping_amount', value: USD('5.25') },
      read: at('shipping_amount'),
    },
    {
      key: 'shipping_amount',
      op: { op: 'add', path: '/shipping_amount', value: USD('6.75') },
      read: at('shipping_amount'),
    },
    {
      key: 'start_time',
      op: { op: 'replace', path: '/start_time', value: '2031-03-01T00:00:00Z' },
      read: at('start_time'),
    },
    {
      key: 'subscriber.shipping_address',
      op: { op: 'add', path: '/subscriber/shipping_address', value: SHIPPING_ADDRESS },
      read: at('subscriber.shipping_address'),
    },
    {
      key: 'subscriber.shipping_address',
      op: {
        op: 'replace',
        path: '/subscriber/shipping_address',
        value: { ...SHIPPING_ADDRESS, name: { full_name: 'Grace Hopper' } },
      },
      read: at('subscriber.shipping_address'),
    },
    // an add on the member the add and replace above left: it replaces it (JSON Patch)
    {
      key: 'subscriber.shipping_address',
      op: {
        op: 'add',
        path: '/subscriber/shipping_address',
        value: { ...SHIPPING_ADDRESS, name: { full_name: 'Ada King' } },
      },
      read: at('subscriber.shipping_address'),
    },
    {
      key: 'billing_info.outstanding_balance',
      op: { op: 'replace', path: '/billing_info/outstanding_balance', value: USD('3.00') },
      read: at('billing_info.outstanding_balance'),
    },
    {
      key: 'plan.taxes.percentage',
      op: { op: 'replace', path: '/plan/taxes/percentage', value: '12.5' },
      read: at('plan.taxes.percentage'),
    },
    {
      key: 'plan.taxes.percentage',
      op: { op: 'add', path: '/plan/taxes/percentage', value: '7' },
      read: at('plan.taxes.percentage'),
    },
    {
      key: 'plan.taxes.inclusive',
      op: { op: 'replace', path: '/plan/taxes/inclusive', value: true },
      read: at('plan.taxes.inclusive'),
    },
    {
      key: 'plan.taxes.inclusive',
      op: { op: 'add', path: '/plan/taxes/inclusive', value: false },
      read: at('plan.taxes.inclusive'),
    },
    {
      key: 'plan.payment_preferences.auto_bill_outstanding',
      op: { op: 'replace', path: '/plan/payment_preferences/auto_bill_outstanding', value: false },
      read: at('plan.payment_preferences.auto_bill_outstanding'),
    },
    {
      key: 'plan.payment_preferences.payment_failure_threshold',
      op: { op: 'replace', path: '/plan/payment_preferences/payment_failure_threshold', value: 5 },
      read: at('plan.payment_preferences.payment_failure_threshold'),
    },
    {
      key: 'plan.billing_cycles.pricing_scheme.fixed_price',
      op: { op: 'replace', path: cyclePath(1, 'pricing_scheme/fixed_price'), value: USD('2.00') },
      read: cycleMember(1, 'pricing_scheme.fixed_price'),
      untouchedCycle: 2,
    },
    {
      key: 'plan.billing_cycles.pricing_scheme.fixed_price',
      op: { op: 'add', path: cyclePath(1, 'pricing_scheme/fixed_price'), value: USD('2.50') },
      read: cycleMember(1, 'pricing_scheme.fixed_price'),
      untouchedCycle: 2,
    },
    {
      key: 'plan.billing_cycles.total_cycles',
      op: { op: 'replace', path: cyclePath(2, 'total_cycles'), value: 24 },
      read: cycleMember(2, 'total_cycles'),
      untouchedCycle: 1,
    },
    {
      key: 'plan.billing_cycles.total_cycles',
      op: { op: 'replace', path: cyclePath(1, 'total_cycles'), value: 3 },
      read: cycleMember(1, 'total_cycles'),
      untouchedCycle: 2,
    },
    {
      key: 'plan.billing_cycles.pricing_scheme.tiers',
      op: {
        op: 'replace',
        path: cyclePath(2, 'pricing_scheme/tiers'),
        value: [
          { starting_quantity: '1', ending_quantity: '5', amount: USD('12.00') },
          { starting_quantity: '6', amount: USD('9.00') },
        ],
      },
      read: cycleMember(2, 'pricing_scheme.tiers'),
      untouchedCycle: 1,
    },
  ];
}
/* eslint-enable max-lines-per-function */

function readsAsWritten(c: FieldCase, read: Json | undefined): boolean {
  const leaf = c.op.path.split('/').pop() ?? '';
  return shows(c.op.value, read, leaf);
}

/** Applies one case to the subscription as `before` shows it; returns the read-back. */
async function applyCase(ctx: CheckContext, id: string, c: FieldCase, before: JsonObject): Promise<JsonObject> {
  const rule = subscriptionPatchRule(c.key);
  if (c.op.op === 'replace' && c.read(before) === undefined) {
    // a replace needs its target; the fixture provides every one the spec implies exists
    ctx.observe(`not checked: ${describePatch([c.op])}: the subscription shows no value there to replace`);
    return before;
  }
  const existed = c.read(before) !== undefined;
  const reply = await patchSubscription(ctx, id, [c.op]);
  // a refusal breaks the field's patch rule (it is patchable with this operation)
  expectAccepted(
    ctx,
    reply,
    204,
    { status: 'billing.update-subscription.status-204', refused: rule },
    `update subscription (${describePatch([c.op])}) on an ACTIVE subscription`,
  );
  const { doc: after, reply: readBack } = await readSubscription(ctx, id, {
    fields: 'plan',
    shows: (doc) => readsAsWritten(c, c.read(doc)),
  });
  if (c.key.startsWith('plan.') && (typeof after.plan !== 'object' || after.plan === null)) {
    ctx.fail({
      rule: 'billing.subscription.plan.returned-with-fields',
      message: 'show subscription with fields=plan returned no plan member',
      expected: 'a plan object',
      received: brief(after.plan),
      exchanges: [readBack.exchange],
    });
  }
  const read = c.read(after);
  // Every key's first case creates or replaces it, so an add on a member that exists and does
  // not read back (while the field takes writes) breaks the add semantics of JSON Patch.
  const replacesMember = c.op.op === 'add' && existed;
  if (!readsAsWritten(c, read)) {
    ctx.fail({
      rule: replacesMember ? 'billing.patch.add-replaces-member' : rule,
      message: `${describePatch([c.op])} answered 204 but does not read back as written`,
      expected: brief(c.op.value),
      received: brief(read),
      exchanges: [reply.exchange, readBack.exchange],
    });
  }
  if (c.untouchedCycle !== undefined) {
    const was = cycleOf(before.plan, c.untouchedCycle);
    const now = cycleOf(after.plan, c.untouchedCycle);
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      ctx.fail({
        rule,
        message:
          `${describePatch([c.op])} changed billing cycle ${c.untouchedCycle} too: the selector ` +
          `picks the cycle with that sequence only`,
        expected: `cycle ${c.untouchedCycle} as before: ${brief(was, 300)}`,
        received: brief(now, 300),
        exchanges: [reply.exchange, readBack.exchange],
      });
    }
  }
  if (replacesMember) ctx.credit('billing.patch.add-replaces-member', [reply, readBack], 'reads back as written');
  if (after.status !== before.status) {
    ctx.fail({
      rule: 'billing.update-subscription.status-unchanged',
      message: `${describePatch([c.op])} changed the subscription's state`,
      expected: `status ${String(before.status)}`,
      received: `status ${brief(after.status)}`,
      exchanges: [reply.exchange, readBack.exchange],
    });
  }
  ctx.credit(rule, [reply, readBack], 'reads back as written');
  ctx.credit('billing.update-subscription.status-unchanged', [reply, readBack], `status ${brief(after.status)}`);
  return after;
}

const FIELD_KEYS = [...new Set(fieldCases('').map((c) => c.key))];

check(
  {
    name: 'subscription patch: every patchable field with each listed operation answers 204 and reads back as written',
    rules: [
      ...FIELD_KEYS.map(subscriptionPatchRule),
      'billing.update-subscription.status-204',
      'billing.update-subscription.status-unchanged',
    ],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id, doc } = await activeSubscriptionToPatch(ctx);
    let current = doc;
    for (const c of fieldCases(ctx.settings.runId)) current = await applyCase(ctx, id, c, current);
  },
);
