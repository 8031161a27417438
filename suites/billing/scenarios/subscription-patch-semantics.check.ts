// billing.md "JSON Patch body", where update subscription takes the operation: a replace whose
// target does not exist is refused; test compares by JSON type and a failing test refuses the
// whole patch; a refused patch applies none of its operations.

import { check } from '../support/check.js';
import { valueAtPointer } from '../../../contracts/json-pointer.js';
import type { Reply } from '../../../harness/exchange.js';
import type { PatchOperation } from '../../../generators/index.js';
import { brief, is4xx, readSubscription } from '../support/api.js';
import { valueAt } from '../support/documents.js';
import { describePatch, expectRefusedAndUnchanged, membersOf, patchSubscription } from '../support/patch.js';
import { activeSubscriptionToPatch, USD } from './subscription-fixture.js';

const TEST_RULE = 'billing.patch.test-equality';

check(
  {
    name:
      'subscription patch: a replace of a patchable field the subscription does not have is ' +
      'refused and changes nothing',
    rules: ['billing.patch.replace-target-exists'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id, doc } = await activeSubscriptionToPatch(ctx, { planWithout: ['taxes'] });
    const cases: PatchOperation[] = [
      { op: 'replace', path: '/shipping_amount', value: USD('2.00') },
      { op: 'replace', path: '/plan/taxes/percentage', value: '5' },
      {
        op: 'replace',
        path: '/subscriber/shipping_address',
        value: { name: { full_name: 'Nobody' }, address: { country_code: 'US' } },
      },
    ];
    // only targets the server shows absent: a server may fill in defaults of its own
    const missing = cases.filter((op) => valueAtPointer(doc, op.path) === undefined);
    if (missing.length === 0) ctx.skip('the subscription shows a value at every target: no missing target to replace');
    for (const op of missing) {
      const { doc: before } = await readSubscription(ctx, id, { fields: 'plan' });
      const reply = await patchSubscription(ctx, id, [op]);
      const { doc: after, reply: readBack } = await readSubscription(ctx, id, { fields: 'plan' });
      expectRefusedAndUnchanged(ctx, {
        rule: 'billing.patch.replace-target-exists',
        what: `${describePatch([op])} (its target does not exist)`,
        reply,
        before,
        after,
        readBack,
        members: membersOf(op),
      });
    }
  },
);

check(
  {
    name: 'subscription patch: test compares by JSON type; a failing test refuses the whole patch',
    rules: ['billing.patch.test-equality'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id, doc } = await activeSubscriptionToPatch(ctx);
    const threshold = valueAt(doc, 'plan.payment_preferences.payment_failure_threshold');
    const customId = String(doc.custom_id);
    const next = `${ctx.settings.runId}-after-test`;
    const failing: PatchOperation[][] = [
      [
        { op: 'test', path: '/custom_id', value: `${customId}-not` },
        { op: 'replace', path: '/custom_id', value: next },
      ],
      // the text "3" is not the number 3
      [
        { op: 'test', path: '/plan/payment_preferences/payment_failure_threshold', value: String(threshold) },
        { op: 'replace', path: '/custom_id', value: next },
      ],
      // objects compare member-wise: another amount is another value
      [
        { op: 'test', path: '/plan/taxes', value: { percentage: '10', inclusive: true } },
        { op: 'replace', path: '/custom_id', value: next },
      ],
    ];
    const refusals: Reply[] = [];
    for (const ops of failing) {
      const { doc: before } = await readSubscription(ctx, id, { fields: 'plan' });
      const reply = await patchSubscription(ctx, id, ops);
      const { doc: after, reply: readBack } = await readSubscription(ctx, id, { fields: 'plan' });
      refusals.push(reply, readBack);
      expectRefusedAndUnchanged(ctx, {
        rule: 'billing.patch.test-equality',
        what: `${describePatch(ops)} (the test fails)`,
        creditLater: true,
        reply,
        before,
        after,
        readBack,
        members: membersOf(ops[1]),
      });
    }
    const passing: PatchOperation[] = [
      { op: 'test', path: '/custom_id', value: customId },
      { op: 'replace', path: '/custom_id', value: next },
    ];
    const reply = await patchSubscription(ctx, id, passing);
    if (is4xx(reply)) {
      ctx.observe(
        `a patch with a passing test was refused with ${reply.status}: the server may not take the test operation`,
      );
      return ctx.notTried([TEST_RULE], 'a passing test was refused too: the refused failing tests show no comparison');
    }
    ctx.expectStatus(
      reply,
      204,
      'billing.update-subscription.status-204',
      `${describePatch(passing)} (the test passes)`,
    );
    const { doc: after, reply: readBack } = await readSubscription(ctx, id, {
      fields: 'plan',
      shows: (doc) => doc.custom_id === next,
    });
    if (after.custom_id !== next) {
      ctx.fail({
        rule: 'billing.patch.test-equality',
        message: 'a patch whose test passed answered 204, but its replace did not apply',
        expected: `custom_id ${JSON.stringify(next)}`,
        received: `custom_id ${brief(after.custom_id)}`,
        exchanges: [reply.exchange, readBack.exchange],
      });
    }
    ctx.credit(TEST_RULE, [...refusals, reply, readBack], 'failing tests refused, the passing one applied');
  },
);

check(
  {
    name: 'subscription patch: a patch with one refused operation applies none of the others',
    rules: ['billing.patch.atomic'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    const ops: PatchOperation[] = [
      { op: 'replace', path: '/custom_id', value: `${ctx.settings.runId}-partial` },
      { op: 'replace', path: '/status', value: 'SUSPENDED' },
    ];
    const { doc: before } = await readSubscription(ctx, id, { fields: 'plan' });
    const reply = await patchSubscription(ctx, id, ops);
    const { doc: after, reply: readBack } = await readSubscription(ctx, id, { fields: 'plan' });
    expectRefusedAndUnchanged(ctx, {
      rule: 'billing.update-subscription.other-paths-refused',
      unchangedRule: 'billing.patch.atomic',
      what: `${describePatch(ops)} (/status is not patchable)`,
      reply,
      before,
      after,
      readBack,
      members: ['/custom_id', '/status'],
    });
  },
);
