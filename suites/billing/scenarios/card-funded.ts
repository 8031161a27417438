// An ACTIVE card-funded subscription, and how a read-back shows its card. billing.md lets
// subscriber.payment_source be replaced on "card-funded subscriptions" only, and no create
// request the spec shows makes one: "The complete field list of the subscriber request: not
// shown", so a server may take subscriber.payment_source.card on create. When it refuses the
// card, or does not show it back, there is no card-funded subscription to check against and the
// check is skipped with that reason.

import type { CheckContext } from '../../../harness/check.js';
import { brief, type Json, type JsonObject, readSubscription, sendCreateSubscription } from '../support/api.js';
import { approveAndSettle } from '../support/approval.js';
import { valueAt } from '../support/documents.js';
import { createPlan } from '../support/fixtures.js';
import { lifecycleSubscriptionBody } from '../support/setup-bodies.js';
import { linkHref } from '../support/links.js';
import { patchablePlanBody } from './subscription-fixture.js';

/** The card the subscription is created with. */
export const SETUP_CARD = { name: 'Ada Lovelace', number: '4111111111111111', expiry: '2031-06' };

/** What identifies a card in a read-back: enough of its number and its expiry. */
export interface SentCard {
  number: string;
  expiry: string;
}

/** The card a read-back shows: last_digits and expiry (or its from_request), and its name. */
export interface ShownCard {
  last_digits?: Json;
  expiry?: Json;
  name?: Json;
}

export function shownCard(doc: JsonObject): ShownCard | undefined {
  const card = valueAt(doc, 'subscriber.payment_source.card');
  if (typeof card !== 'object' || card === null || Array.isArray(card)) return undefined;
  const last = card.last_digits ?? valueAt(card, 'from_request.last_digits');
  const expiry = card.expiry ?? valueAt(card, 'from_request.expiry');
  if (last === undefined && expiry === undefined) return undefined;
  return { last_digits: last, expiry, ...(card.name !== undefined ? { name: card.name } : {}) };
}

/** Whether the shown card is `sent`, where shown: last_digits (2..4 digits) end its number, expiry equals it. */
export function isCard(shown: ShownCard, sent: SentCard): boolean {
  const digits =
    shown.last_digits === undefined ||
    (typeof shown.last_digits === 'string' &&
      /^\d{2,4}$/.test(shown.last_digits) &&
      sent.number.endsWith(shown.last_digits));
  const expiry = shown.expiry === undefined || shown.expiry === sent.expiry;
  return digits && expiry;
}

/** Whether two read-backs show the same card (both none included): what a refused replace must leave. */
export function sameShownCard(a: ShownCard | undefined, b: ShownCard | undefined): boolean {
  const key = (card: ShownCard | undefined) =>
    card === undefined ? 'none' : JSON.stringify([card.last_digits, card.expiry, card.name]);
  return key(a) === key(b);
}

export interface CardFundedSubscription {
  id: string;
  /** The subscription as read after approval. */
  doc: JsonObject;
}

/**
 * Creates a subscription with subscriber.payment_source.card = `card` and approves it
 * (cancelled after the check); skips the check when it is refused or not ACTIVE afterwards.
 */
export async function approvedWithCard(ctx: CheckContext, card: SentCard & JsonObject): Promise<string> {
  const plan = await createPlan(ctx, patchablePlanBody(ctx));
  const body = lifecycleSubscriptionBody(ctx, plan.id, undefined, {
    quantity: '2',
    subscriber: {
      name: { given_name: 'Ada', surname: 'Lovelace' },
      email_address: 'ada@example.test',
      payment_source: { card },
    },
  });
  const { reply: created, id } = await sendCreateSubscription(ctx, body, { prefer: 'return=representation' });
  if (id === undefined) {
    return ctx.skip(
      `create subscription with subscriber.payment_source.card answered ${created.status}: the ` +
        `subscriber request fields are not shown, so no card-funded subscription could be made`,
    );
  }
  const href = linkHref(created.json, 'approve');
  if (!href) return ctx.skip('the card-funded subscription has no approve link to follow');
  const { status } = await approveAndSettle(ctx, id, href);
  if (status !== 'ACTIVE')
    return ctx.skip(
      `after approval the card-funded subscription is ${String(status)}, not ACTIVE: updates are ` +
        `stated for ACTIVE subscriptions`,
    );
  return id;
}

/**
 * A subscription approved with `card` (approvedWithCard) that is ACTIVE and shows the card;
 * skips the check otherwise.
 */
export async function cardFundedSubscription(
  ctx: CheckContext,
  card: SentCard & JsonObject = SETUP_CARD,
): Promise<CardFundedSubscription> {
  const id = await approvedWithCard(ctx, card);
  const { doc } = await readSubscription(ctx, id, { fields: 'plan' });
  const shown = shownCard(doc);
  if (!shown || !isCard(shown, card)) {
    return ctx.skip(
      `the subscription does not show the card it was created with ` +
        `(subscriber.payment_source.card ${brief(valueAt(doc, 'subscriber.payment_source'))}): it ` +
        `is not known to be card-funded`,
    );
  }
  return { id, doc };
}
