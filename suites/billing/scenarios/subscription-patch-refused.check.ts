// billing.md "Subscriptions": update subscription takes the listed fields with their listed
// operations only. Any other operation on a listed field, and any other path, is refused with
// a 4xx and changes nothing (read back).

import { check, type CheckContext } from '../support/check.js';
import { cyclePath, type PatchOperation } from '../../../generators/index.js';
import { readSubscription } from '../support/api.js';
import { expectEachRefused as expectEachPatchRefused, patchSubscription, refusedOperations } from '../support/patch.js';
import { activeSubscriptionToPatch, SHIPPING_ADDRESS, USD } from './subscription-fixture.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/** Operations the table does not list for the field. */
const UNLISTED_OPERATIONS: PatchOperation[] = [
  { op: 'remove', path: '/custom_id' },
  { op: 'add', path: '/start_time', value: '2031-06-01T00:00:00Z' },
  { op: 'remove', path: '/shipping_amount' },
  { op: 'add', path: '/billing_info/outstanding_balance', value: USD('1.00') },
  { op: 'remove', path: '/plan/taxes/percentage' },
  { op: 'add', path: '/plan/payment_preferences/payment_failure_threshold', value: 4 },
  { op: 'remove', path: '/plan/payment_preferences/auto_bill_outstanding' },
  { op: 'add', path: cyclePath(2, 'total_cycles'), value: 6 },
  { op: 'add', path: cyclePath(2, 'pricing_scheme/tiers'), value: [{ starting_quantity: '1', amount: USD('3.00') }] },
  { op: 'remove', path: cyclePath(1, 'pricing_scheme/fixed_price') },
  { op: 'remove', path: '/subscriber/shipping_address' },
  { op: 'move', from: '/shipping_amount', path: '/billing_info/outstanding_balance' },
  { op: 'copy', from: '/custom_id', path: '/custom_id' },
];

/** Paths that are not patchable fields. */
const OTHER_PATHS: PatchOperation[] = [
  { op: 'replace', path: '/status', value: 'SUSPENDED' },
  { op: 'replace', path: '/plan_id', value: 'P-000000000000000000000000' },
  { op: 'replace', path: '/quantity', value: '3' },
  { op: 'replace', path: '/auto_renewal', value: true },
  { op: 'replace', path: '/subscriber/email_address', value: 'someone.else@example.test' },
  { op: 'replace', path: '/subscriber/name', value: { given_name: 'Someone', surname: 'Else' } },
  { op: 'replace', path: '/id', value: 'I-000000000000' },
  { op: 'replace', path: '/create_time', value: '2030-01-01T00:00:00Z' },
  { op: 'replace', path: '/billing_info/failed_payments_count', value: 1 },
  { op: 'replace', path: cyclePath(2, 'frequency/interval_count'), value: 2 },
  { op: 'replace', path: cyclePath(2, 'tenure_type'), value: 'TRIAL' },
];

/** Sends each operation and reads back: refused with a 4xx, its members as read right before it. */
function expectEachRefused(
  ctx: CheckContext,
  id: string,
  cases: readonly PatchOperation[],
  rule: RuleId,
  why: string,
): Promise<void> {
  const refused = refusedOperations(cases.map((op) => ({ op, rule, why })));
  return expectEachPatchRefused(
    ctx,
    refused,
    (body) => patchSubscription(ctx, id, body as PatchOperation[]),
    () => readSubscription(ctx, id, { fields: 'plan' }),
  );
}

check(
  {
    name: 'subscription patch: an operation the table does not list for a field is refused and changes nothing',
    rules: ['billing.update-subscription.ops-per-path'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx, {
      subscription: {
        shipping_amount: USD('1.00'),
        subscriber: { name: { given_name: 'Ada', surname: 'Lovelace' }, shipping_address: SHIPPING_ADDRESS },
      },
    });
    await expectEachRefused(
      ctx,
      id,
      UNLISTED_OPERATIONS,
      'billing.update-subscription.ops-per-path',
      'the operation is not listed for this field',
    );
  },
);

check(
  {
    name: 'subscription patch: a path that is not a patchable field is refused and changes nothing',
    rules: ['billing.update-subscription.other-paths-refused'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    await expectEachRefused(
      ctx,
      id,
      OTHER_PATHS,
      'billing.update-subscription.other-paths-refused',
      'not a patchable field',
    );
  },
);
