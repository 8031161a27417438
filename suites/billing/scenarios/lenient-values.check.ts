// billing.md "Shared value types" and "Payment source card shapes": where the spec says what a
// value is but not what a server does with a request that breaks it, refusing is a SHOULD (a
// warning when not done) and the MUST is what answers show. UK for Great Britain may be refused
// or taken and stored as GB, but no answer shows UK; a card billing_address member outside its
// six may be refused or dropped (a card's billing_address is never shown).

import { check } from '../support/check.js';
import { describeStatus } from '../../../harness/describe.js';
import { is2xx, is4xx, readSubscription } from '../support/api.js';
import { valueAt } from '../support/documents.js';
import { patchSubscription } from '../support/patch.js';
import { activeSubscriptionToPatch, SHIPPING_ADDRESS } from './subscription-fixture.js';
import { cardFundedSubscription, SETUP_CARD } from './card-funded.js';

const GB_NOT_UK = 'billing.country_code.gb-not-uk';
const UK_REFUSED = 'billing.country_code.uk-refused';
const EXTRA_MEMBER_REFUSED = 'billing.card.billing_address.extra-member-refused';

check(
  {
    name: 'country code UK: a shipping address in UK is refused, or taken and shown as GB, never shown as UK',
    rules: [GB_NOT_UK, UK_REFUSED],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    const address = { ...SHIPPING_ADDRESS, address: { ...SHIPPING_ADDRESS.address, country_code: 'UK' } };
    const what = 'add of /subscriber/shipping_address with country_code UK';
    const reply = await patchSubscription(ctx, id, [
      { op: 'add', path: '/subscriber/shipping_address', value: address },
    ]);
    if (is4xx(reply)) {
      // Refusing UK is a handling both rules allow; it shows them only where the same add with GB is taken.
      const gb = { ...SHIPPING_ADDRESS, address: { ...SHIPPING_ADDRESS.address, country_code: 'GB' } };
      const control = await patchSubscription(ctx, id, [
        { op: 'add', path: '/subscriber/shipping_address', value: gb },
      ]);
      if (is2xx(control))
        ctx.credit(
          [UK_REFUSED, GB_NOT_UK],
          [reply, control],
          `refused with ${reply.status}; with GB: ${control.status}`,
        );
      else
        ctx.notTried(
          [UK_REFUSED, GB_NOT_UK],
          `not evaluated: the request without the break (country_code GB) was refused too (status ${control.status})`,
        );
      ctx.observe(`${what}: refused with ${reply.status}`);
      ctx.skip(
        `${what} was refused (${reply.status}), so no answer could show what a taken UK becomes; ${UK_REFUSED} holds`,
      );
    }
    ctx.expectStatus(reply, 204, 'billing.update-subscription.status-204', what);
    const { doc, reply: readBack } = await readSubscription(ctx, id, { fields: 'plan' });
    const shown = valueAt(doc, 'subscriber.shipping_address.address.country_code');
    if (shown === 'UK') {
      ctx.fail({
        rule: GB_NOT_UK,
        message: `${what}: taken (${reply.status}), and show subscription answers country_code UK`,
        expected: 'country_code GB (or the add refused)',
        received: 'subscriber.shipping_address.address.country_code "UK"',
        exchanges: [reply.exchange, readBack.exchange],
      });
    }
    // The add carried UK and was taken: show subscription shows its handling as GB, or by leaving
    // the member out. Another country shows no handling of the UK sent (a read of something else).
    if (shown === 'GB' || shown === undefined)
      ctx.credit(GB_NOT_UK, [reply, readBack], `country_code ${shown === undefined ? 'not shown' : 'GB'}`);
    else
      ctx.notTried(
        [GB_NOT_UK],
        `not evaluated: after the add of UK, show subscription answers country_code ${JSON.stringify(shown)}`,
      );
    ctx.fail({
      rule: UK_REFUSED,
      message:
        `${what}: taken (${describeStatus(reply)}); show subscription answers country_code ` +
        `${JSON.stringify(shown)}`,
      expected: 'a 4xx refusal (a SHOULD: taking UK and storing GB also conforms)',
      received: describeStatus(reply),
      exchanges: [reply.exchange, readBack.exchange],
    });
  },
);

check(
  {
    name: 'card billing address: a member outside its six is refused, or dropped',
    rules: [EXTRA_MEMBER_REFUSED],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await cardFundedSubscription(ctx);
    const billing_address = {
      address_line_1: '1 Main Street',
      admin_area_2: 'San Jose',
      postal_code: '95131',
      country_code: 'US',
      city: 'San Jose',
    };
    const reply = await patchSubscription(ctx, id, [
      { op: 'replace', path: '/subscriber/payment_source', value: { card: { ...SETUP_CARD, billing_address } } },
    ]);
    ctx.expectRefused(
      reply,
      EXTRA_MEMBER_REFUSED,
      'replace of subscriber.payment_source with a card whose billing_address has the member ' +
        'city (a SHOULD: dropping it also conforms)',
    );
  },
);
