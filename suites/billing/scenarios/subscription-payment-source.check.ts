// billing.md "Subscriptions" (patchable subscription fields): "subscriber.payment_source
// (card-funded subscriptions) | replace". On a card-funded subscription (card-funded.ts: skipped
// with the reason when none can be made) a replace with another card answers 204, and the card
// response reads back the new card's last_digits and expiry.

import { check } from '../support/check.js';
import type { PatchOperation } from '../../../generators/index.js';
import { brief, is4xx, JsonObject, readSubscription } from '../support/api.js';
import { valueAt } from '../support/documents.js';
import { describePatch, patchSubscription } from '../support/patch.js';
import { cardFundedSubscription, isCard, shownCard } from './card-funded.js';

const RULE = 'billing.update-subscription.patch.subscriber.payment_source';

/** A test card whose last four digits differ from the setup card's, so a read-back tells them apart. */
const SECOND = { name: 'Grace Hopper', number: '5555555555554444', expiry: '2033-11' };

check(
  {
    name: 'subscription patch: replace of subscriber.payment_source (card-funded subscriptions)',
    rules: [RULE, 'billing.update-subscription.status-204'],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await cardFundedSubscription(ctx);
    const op: PatchOperation = { op: 'replace', path: '/subscriber/payment_source', value: { card: SECOND } };
    const reply = await patchSubscription(ctx, id, [op]);
    if (is4xx(reply)) {
      ctx.fail({
        rule: RULE,
        message: `${describePatch([op])} on an ACTIVE card-funded subscription was refused`,
        expected: 'status 204: the field is patchable with replace',
        received: `status ${reply.status}`,
        exchanges: [reply.exchange],
      });
    }
    ctx.expectStatus(
      reply,
      204,
      'billing.update-subscription.status-204',
      `update subscription (${describePatch([op])})`,
    );
    const shows = (doc: JsonObject) => {
      const card = shownCard(doc);
      return card !== undefined && isCard(card, SECOND);
    };
    const { doc: after, reply: readBack } = await readSubscription(ctx, id, { fields: 'plan', shows });
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
    ctx.credit(RULE, [reply, readBack], 'reads back as the new card');
  },
);
