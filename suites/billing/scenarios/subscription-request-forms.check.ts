// billing.md "Subscription": the subscriber's shipping_address has "name {full_name, or given_name
// and surname}", and "The create request accepts name, email_address and shipping_address". So a
// create subscription whose shipping name is given either way is taken, and one whose name is
// neither (given_name alone) is refused: it breaks the shape, a request-side break. "Versioning":
// "Deprecated members: auto_renewal and application_context on subscription create", which the
// Subscriptions row still lists among the create request's members: a create that carries both,
// on purpose, is taken. Each body differs from a plain valid one by what is judged alone.

import { check, type CheckContext } from '../support/check.js';
import { describeStatus } from '../../../harness/describe.js';
import { is2xx, sendCreateSubscription } from '../support/api.js';
import { createActivePlan } from '../support/fixtures.js';
import { plainSubscriptionBody } from '../support/setup-bodies.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

const ADDRESS = {
  address_line_1: '2211 N First Street',
  admin_area_2: 'San Jose',
  admin_area_1: 'CA',
  postal_code: '95131',
  country_code: 'US',
};

const withShippingName = (name: Record<string, string>) => ({
  subscriber: {
    name: { given_name: 'Grace', surname: 'Hopper' },
    email_address: 'grace.hopper@example.com',
    shipping_address: { name, address: ADDRESS },
  },
});

/**
 * Judges a create that must be taken: a success credits `rule` (whether it is 201 is the status
 * rule's matter, judged by the create checks), anything else fails it and the check goes on.
 */
async function expectTaken(ctx: CheckContext, body: unknown, rule: RuleId, what: string): Promise<void> {
  const { reply } = await sendCreateSubscription(ctx, body);
  if (is2xx(reply)) return ctx.credit(rule, reply, `${what}: taken (${reply.status})`);
  ctx.softFail({
    rule,
    message: `${what}: a valid request was not taken`,
    expected: 'a success (201, subscription with id, status, links)',
    received: describeStatus(reply),
    exchanges: [reply.exchange],
    side: 'response',
  });
}

check(
  {
    name:
      'request forms: create subscription takes a shipping name given as full_name, or as given_name and surname, ' +
      'and refuses one with given_name alone',
    rules: [
      'billing.shipping_detail.name.full_name-taken',
      'billing.shipping_detail.name.given-surname-taken',
      'billing.shipping_detail.name.shape',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await createActivePlan(ctx);
    // no application_context (deprecated, judged by the next check): the shipping name is all that is judged
    const body = (name: Record<string, string>) => ({
      plan_id: plan.id,
      custom_id: `${ctx.settings.runId}-sub`,
      ...withShippingName(name),
    });
    if (ctx.inFocus('billing.shipping_detail.name.full_name-taken'))
      await expectTaken(
        ctx,
        body({ full_name: 'Grace Hopper' }),
        'billing.shipping_detail.name.full_name-taken',
        'create subscription with a shipping name given as full_name',
      );
    if (ctx.inFocus('billing.shipping_detail.name.given-surname-taken'))
      await expectTaken(
        ctx,
        body({ given_name: 'Grace', surname: 'Hopper' }),
        'billing.shipping_detail.name.given-surname-taken',
        'create subscription with a shipping name given as given_name and surname',
      );
    if (ctx.inFocus('billing.shipping_detail.name.shape')) {
      const { reply } = await sendCreateSubscription(ctx, body({ given_name: 'Grace' }));
      // the same request without the break: the name completed with its surname
      const unbroken = async () =>
        (await sendCreateSubscription(ctx, body({ given_name: 'Grace', surname: 'Hopper' }))).reply;
      await ctx.expectRefusedAgainst(
        reply,
        'billing.shipping_detail.name.shape',
        'create subscription with a shipping name of given_name alone (neither full_name nor given_name and surname)',
        unbroken,
      );
    }
  },
);

check(
  {
    name: 'request forms: create subscription takes the deprecated auto_renewal and application_context',
    rules: ['billing.versioning.deprecated-accepted'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await createActivePlan(ctx);
    const body = {
      ...plainSubscriptionBody(ctx, plan.id),
      auto_renewal: true,
      application_context: {
        brand_name: 'Conformance Example',
        locale: 'en-US',
        shipping_preference: 'NO_SHIPPING',
        return_url: 'https://merchant.example.test/return',
        cancel_url: 'https://merchant.example.test/cancel',
      },
    };
    await expectTaken(
      ctx,
      body,
      'billing.versioning.deprecated-accepted',
      'create subscription with the deprecated auto_renewal (true) and application_context',
    );
  },
);
