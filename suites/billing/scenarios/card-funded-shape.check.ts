// billing.md "Subscription": the subscriber of a subscription answers with its payment_source
// "{card {name, last_digits, brand, expiry (YYYY-MM), attributes.vault {id, customer {id}}}}",
// and a payer_id and tenant once known. A card-funded subscription, its card sent with a vault
// instruction and a customer, is shown as the subscription contract says: each of those members
// it shows has the type the spec gives it (what a server leaves out is not judged here).

import { check } from '../support/check.js';
import { SCHEMA_IDS as S } from '../../../contracts/schema-ids.js';
import { isObject, readSubscription } from '../support/api.js';
import { approvedWithCard, SETUP_CARD } from './card-funded.js';

const VAULTED_CARD = {
  ...SETUP_CARD,
  attributes: { vault: { store_in_vault: 'ON_SUCCESS' }, customer: { id: 'customer-4711' } },
};

check(
  {
    name:
      'card-funded subscription: show subscription answers its subscriber and payment_source ' +
      'card with the types the spec gives them',
    rules: [
      'billing.subscription.subscriber.type',
      'billing.subscriber.payment_source.type',
      'billing.subscriber.payment_source.card.type',
    ],
    needs: ['approval'],
  },
  async (ctx) => {
    const id = await approvedWithCard(ctx, VAULTED_CARD);
    const { doc, reply } = await readSubscription(ctx, id, { fields: 'plan' });
    ctx.expectContract(doc, S.showSubscriptionResponse, reply, 'show a card-funded subscription');
    // the contract judges the members there are: say which of the declared ones were not there
    const subscriber = doc.subscriber;
    const source = isObject(subscriber) ? subscriber.payment_source : undefined;
    if (subscriber === undefined)
      ctx.notTried(['billing.subscription.subscriber.type'], 'the subscription shows no subscriber');
    else if (isObject(subscriber)) ctx.credit('billing.subscription.subscriber.type', reply, '/subscriber: an object');
    if (source === undefined)
      ctx.notTried(
        ['billing.subscriber.payment_source.type', 'billing.subscriber.payment_source.card.type'],
        'the subscription shows no payment_source',
      );
  },
);
