// billing.md "Payment source card shapes": the card (request) and its parts, which a client
// sends as a replace of subscriber.payment_source on a card-funded subscription (card-funded.ts:
// skipped with the reason when none can be made). A card that breaks one stated rule is refused
// and leaves the subscription's card as it was; a card exactly at a stated limit, or drawn from
// the whole allowed space, is taken (204) and reads back as the new card.

import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import { describeStatus } from '../../../harness/describe.js';
import { allInOrder } from '../../../harness/all-in-order.js';
import {
  CARD_BREAKS,
  CARDS_AT_LIMITS,
  cardBreaker,
  cardRequest,
  rulesOfBreaks,
  type CardRequest,
  type Invalid,
  type PatchOperation,
} from '../../../generators/index.js';
import { brief, readSubscription } from '../support/api.js';
import { valueAt } from '../support/documents.js';
import { patchSubscription } from '../support/patch.js';
import { cardFundedSubscription, isCard, SETUP_CARD, shownCard } from './card-funded.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

const REPLACE_RULE = 'billing.update-subscription.patch.subscriber.payment_source';
const ALL_BREAKS = Object.values(CARD_BREAKS).flat();

const replaceWith = (card: unknown): PatchOperation => ({
  op: 'replace',
  path: '/subscriber/payment_source',
  value: { card },
});

/** Card-funded subscriptions the valid cards are spread over. */
const SUBSCRIPTIONS = 4;

/** Samples per break or family: one at the default --runs, more as --runs grows. */
const perCase = (ctx: CheckContext) => shareOfRuns(ctx.settings.runs, 10);

const describeReplace = (invalid: Invalid) =>
  `replace of subscriber.payment_source with a card whose ${invalid.description}` +
  (invalid.path ? ` (at ${invalid.path})` : '');

check(
  {
    name:
      'payment source card: a replace with a card that breaks one stated card rule is refused ' +
      'and leaves the card as it was',
    rules: rulesOfBreaks(ALL_BREAKS),
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await cardFundedSubscription(ctx);
    const breaks = ALL_BREAKS.filter((b) => ctx.inFocus(b.rule));
    const cases = (b: (typeof ALL_BREAKS)[number]) => cardRequest.chain(cardBreaker(b));
    const readBackIsSetupCard = async () => {
      const { doc, reply } = await readSubscription(ctx, id, { fields: 'plan' });
      const shown = shownCard(doc);
      return { same: shown !== undefined && isCard(shown, SETUP_CARD), doc, reply };
    };
    // Every break at once: each must be refused. A taken break fails the check here, on its rule.
    await allInOrder(
      ...breaks.map(
        (b) => () =>
          ctx.property(
            cases(b),
            async (invalid: Invalid) => {
              ctx.expectRefused(
                await patchSubscription(ctx, id, [replaceWith(invalid.value)]),
                invalid.rule,
                describeReplace(invalid),
              );
            },
            { numRuns: perCase(ctx) },
          ),
      ),
    );
    if ((await readBackIsSetupCard()).same) return;
    // All refused, yet the card changed: put it back and send the breaks one by one, reading back
    // after each, to name the break that changed it.
    const restored = await patchSubscription(ctx, id, [replaceWith(SETUP_CARD)]);
    if (restored.status !== 204)
      ctx.skip(
        `the card changed under refused breaks, and putting the setup card back answered ` +
          `${restored.status}: the break that changed it is not known`,
      );
    for (const b of breaks) {
      await ctx.property(
        cases(b),
        async (invalid: Invalid) => {
          const reply = await patchSubscription(ctx, id, [replaceWith(invalid.value)]);
          ctx.expectRefused(reply, invalid.rule, describeReplace(invalid));
          const after = await readBackIsSetupCard();
          if (!after.same) {
            ctx.fail({
              rule: invalid.rule,
              message: `${describeReplace(invalid)}: refused with ${reply.status}, yet the card reads back changed`,
              expected:
                `the card as it was (number ending ${SETUP_CARD.number.slice(-4)}, expiry ` + `${SETUP_CARD.expiry})`,
              received: brief(valueAt(after.doc, 'subscriber.payment_source')),
              exchanges: [reply.exchange, after.reply.exchange],
            });
          }
        },
        { numRuns: perCase(ctx) },
      );
    }
    ctx.skip(
      'the card changed while every break was refused, and sent one by one none changed it: the ' +
        'break that changed it is not known',
    );
  },
);

/** Sends a valid card and fails `rule` unless it is taken and reads back as the new card. */
async function expectTaken(
  ctx: CheckContext,
  id: string,
  card: CardRequest,
  rule: RuleId,
  what: string,
): Promise<void> {
  const sent = `replace of subscriber.payment_source with a valid card (${what})`;
  const reply = await patchSubscription(ctx, id, [replaceWith(card)]);
  if (reply.status !== 204) {
    ctx.fail({
      rule,
      message: `${sent} was not taken`,
      expected: 'status 204: the card keeps to every stated rule',
      received: describeStatus(reply),
      exchanges: [reply.exchange],
    });
  }
  const { doc, reply: readBack } = await readSubscription(ctx, id, { fields: 'plan' });
  const shown = shownCard(doc);
  if (!shown || !isCard(shown, card)) {
    ctx.fail({
      rule: REPLACE_RULE,
      message: `${sent} answered 204 but the card does not read back as the new one`,
      expected: `last_digits ending ${card.number} (2 to 4 digits) and expiry ${card.expiry}, where shown`,
      received: brief(valueAt(doc, 'subscriber.payment_source')),
      exchanges: [reply.exchange, readBack.exchange],
    });
  }
  ctx.credit(rule, reply, `taken (${reply.status})`);
  ctx.credit(REPLACE_RULE, [reply, readBack], 'reads back as the new card');
}

check(
  {
    name:
      'payment source card: a replace with a valid card, at each stated card limit and over the ' +
      'whole allowed space, is taken and reads back',
    rules: [REPLACE_RULE, ...new Set(CARDS_AT_LIMITS.map((f) => f.rule))],
    needs: ['approval'],
  },
  async (ctx) => {
    // Each replace changes the card its read-back is compared with, so the cards of one
    // subscription go one after another; the families at a limit are spread over SUBSCRIPTIONS
    // card-funded subscriptions side by side. Cards from the whole space go last, so that a
    // limit a server gets wrong fails on the rule that states it.
    const ids = await Promise.all(
      Array.from({ length: SUBSCRIPTIONS }, async () => (await cardFundedSubscription(ctx)).id),
    );
    await allInOrder(
      ...ids.map((id, group) => async () => {
        for (const [i, family] of CARDS_AT_LIMITS.entries()) {
          if (i % SUBSCRIPTIONS !== group) continue;
          await ctx.property(family.arbitrary, (card) => expectTaken(ctx, id, card, family.rule, family.description), {
            numRuns: perCase(ctx),
          });
        }
      }),
    );
    await ctx.property(
      cardRequest,
      (card) => expectTaken(ctx, ids[0], card, REPLACE_RULE, 'any card the rules allow'),
      { numRuns: ctx.settings.runs },
    );
  },
);
