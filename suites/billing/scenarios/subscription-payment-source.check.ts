// billing.md "Subscriptions" (patchable subscription fields): "subscriber.payment_source
// (card-funded subscriptions) | replace". A card-funded subscription is made by sending
// subscriber.payment_source.card (the card request shape) on create: "The complete field list of
// the subscriber request: not shown", so a server may take it. When it refuses, or does not show
// the card back, the check is skipped with that reason. Otherwise a replace with another card
// answers 204, and the card response reads back the new card's last_digits and expiry.

import { check } from '../../../harness/check.js';
import { brief, subscriptionPath, valueAt, type Json, type JsonObject } from '../../../generators/model/billing-api.js';
import { LIFECYCLE_RULE as R, subscriptionPatchRule } from '../../../generators/model/rules.js';
import { lifecycleSubscriptionBody } from '../../../generators/model/subscription-body.js';
import { approveAndSettle } from '../support/approval.js';
import { createPlan, SUBSCRIPTIONS } from '../support/fixtures.js';
import { linkHref } from '../support/links.js';
import { describePatch, patchSubscription, readSubscriptionWithPlan, type PatchOp } from './patch-support.js';
import { patchablePlanBody } from './subscription-fixture.js';

const RULE = subscriptionPatchRule('subscriber.payment_source');

/** Test card numbers with different last four digits, so a read-back tells them apart. */
const FIRST = { name: 'Ada Lovelace', number: '4111111111111111', expiry: '2031-06' };
const SECOND = { name: 'Grace Hopper', number: '5555555555554444', expiry: '2033-11' };

/** The card a read-back shows: the card response's last_digits and expiry (or its from_request). */
function shownCard(doc: JsonObject): { last_digits?: Json; expiry?: Json } | undefined {
  const card = valueAt(doc, 'subscriber.payment_source.card');
  if (typeof card !== 'object' || card === null || Array.isArray(card)) return undefined;
  const last = card.last_digits ?? valueAt(card, 'from_request.last_digits');
  const expiry = card.expiry ?? valueAt(card, 'from_request.expiry');
  return last === undefined && expiry === undefined ? undefined : { last_digits: last, expiry };
}

/** Whether the shown card is `sent`: last_digits (2..4 digits) end its number, expiry equals it. */
function isCard(shown: { last_digits?: Json; expiry?: Json }, sent: typeof FIRST): boolean {
  const digits = shown.last_digits === undefined || (typeof shown.last_digits === 'string' && /^\d{2,4}$/.test(shown.last_digits) && sent.number.endsWith(shown.last_digits));
  const expiry = shown.expiry === undefined || shown.expiry === sent.expiry;
  return digits && expiry;
}

check(
  { name: 'subscription patch: replace of subscriber.payment_source (card-funded subscriptions)', rules: [RULE, R.updateSubscriptionStatus204], needs: ['approval'] },
  async (ctx) => {
    const plan = await createPlan(ctx, patchablePlanBody(ctx));
    const body = lifecycleSubscriptionBody(ctx, plan.id, undefined, {
      quantity: '2',
      subscriber: { name: { given_name: 'Ada', surname: 'Lovelace' }, email_address: 'ada@example.test', payment_source: { card: FIRST } },
    });
    const created = await ctx.billingSend('POST', SUBSCRIPTIONS, { json: body, headers: { prefer: 'return=representation' } });
    const id = typeof created.json === 'object' && created.json !== null ? (created.json as { id?: unknown }).id : undefined;
    if (created.status < 200 || created.status > 299 || typeof id !== 'string') {
      return ctx.skip(`create subscription with subscriber.payment_source.card answered ${created.status}: the subscriber request fields are not shown, so no card-funded subscription could be made`);
    }
    ctx.defer(() => ctx.billingSend('POST', subscriptionPath(id, 'cancel'), { json: { reason: `${ctx.settings.runId} cleanup` } }));
    const href = linkHref(created.json, 'approve');
    if (!href) return ctx.skip('the card-funded subscription has no approve link to follow');
    const { status } = await approveAndSettle(ctx, id, href, subscriptionPath(id));
    if (status !== 'ACTIVE') return ctx.skip(`after approval the card-funded subscription is ${String(status)}, not ACTIVE: updates are stated for ACTIVE subscriptions`);
    const { doc: before } = await readSubscriptionWithPlan(ctx, id);
    const first = shownCard(before);
    if (!first || !isCard(first, FIRST)) {
      return ctx.skip(`the subscription does not show the card it was created with (subscriber.payment_source.card ${brief(valueAt(before, 'subscriber.payment_source'))}): it is not known to be card-funded`);
    }

    const op: PatchOp = { op: 'replace', path: '/subscriber/payment_source', value: { card: SECOND } };
    const reply = await patchSubscription(ctx, id, [op]);
    if (reply.status >= 400 && reply.status <= 499) {
      ctx.fail({ rule: RULE, message: `${describePatch([op])} on an ACTIVE card-funded subscription was refused`, expected: 'status 204: the field is patchable with replace', received: `status ${reply.status}`, exchanges: [reply.exchange] });
    }
    ctx.expectStatus(reply, 204, R.updateSubscriptionStatus204, `update subscription (${describePatch([op])})`);
    const { doc: after, reply: readBack } = await readSubscriptionWithPlan(ctx, id);
    const now = shownCard(after);
    if (!now || !isCard(now, SECOND)) {
      ctx.fail({
        rule: RULE,
        message: `${describePatch([op])} answered 204 but the card does not read back as the new one`,
        expected: `last_digits ending ${SECOND.number} (2 to 4 digits) and expiry ${SECOND.expiry}, where shown`,
        received: brief(valueAt(after, 'subscriber.payment_source')),
        exchanges: [reply.exchange, readBack.exchange],
      });
    }
  },
);
