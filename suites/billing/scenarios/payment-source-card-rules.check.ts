// billing.md "Payment source card shapes": the card (request) and its parts, which a client
// sends as a replace of subscriber.payment_source on a card-funded subscription (card-funded.ts:
// skipped with the reason when none can be made). A card that breaks one stated rule is refused
// and leaves the subscription's card as it was; a card exactly at a stated limit, or drawn from
// the whole allowed space, is taken (204) and reads back as the new card.

import { check, type CheckContext } from '../../../harness/check.js';
import { describeStatus } from '../../../harness/describe.js';
import { brief, valueAt } from '../../../generators/model/billing-api.js';
import { CARD_BREAKS, CARDS_AT_LIMITS, cardBreaker, cardRequest, rulesOfBreaks, type CardRequest, type Invalid } from '../../../generators/index.js';
import { subscriptionPatchRule } from '../../../generators/model/rules.js';
import { cardFundedSubscription, isCard, SETUP_CARD, shownCard } from './card-funded.js';
import { patchSubscription, readSubscriptionWithPlan, type PatchOp } from './patch-support.js';

const REPLACE_RULE = subscriptionPatchRule('subscriber.payment_source');
const ALL_BREAKS = Object.values(CARD_BREAKS).flat();

const replaceWith = (card: unknown): PatchOp => ({ op: 'replace', path: '/subscriber/payment_source', value: { card } });

/** Samples per break or family: one at the default --runs, more as --runs grows. */
const perCase = (ctx: CheckContext) => Math.max(1, Math.ceil(ctx.settings.runs / 10));

check(
  {
    name: 'payment source card: a replace with a card that breaks one stated card rule is refused and leaves the card as it was',
    rules: rulesOfBreaks(ALL_BREAKS),
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await cardFundedSubscription(ctx);
    // a taken break fails the check at once, so the card stays the one it was created with
    for (const b of ALL_BREAKS) {
      await ctx.property(cardRequest.chain(cardBreaker(b)), async (invalid: Invalid) => {
        const what = `replace of subscriber.payment_source with a card whose ${invalid.description}${invalid.path ? ` (at ${invalid.path})` : ''}`;
        const reply = await patchSubscription(ctx, id, [replaceWith(invalid.value)]);
        ctx.expectRefused(reply, invalid.rule, what);
        const { doc, reply: readBack } = await readSubscriptionWithPlan(ctx, id);
        const shown = shownCard(doc);
        if (!shown || !isCard(shown, SETUP_CARD)) {
          ctx.fail({
            rule: invalid.rule,
            message: `${what}: refused with ${reply.status}, yet the card reads back changed`,
            expected: `the card as it was (number ending ${SETUP_CARD.number.slice(-4)}, expiry ${SETUP_CARD.expiry})`,
            received: brief(valueAt(doc, 'subscriber.payment_source')),
            exchanges: [reply.exchange, readBack.exchange],
          });
        }
      }, { numRuns: perCase(ctx) });
    }
  },
);

/** Sends a valid card and fails `rule` unless it is taken and reads back as the new card. */
async function expectTaken(ctx: CheckContext, id: string, card: CardRequest, rule: string, what: string): Promise<void> {
  const sent = `replace of subscriber.payment_source with a valid card (${what})`;
  const reply = await patchSubscription(ctx, id, [replaceWith(card)]);
  if (reply.status !== 204) {
    ctx.fail({ rule, message: `${sent} was not taken`, expected: 'status 204: the card keeps to every stated rule', received: describeStatus(reply), exchanges: [reply.exchange] });
  }
  const { doc, reply: readBack } = await readSubscriptionWithPlan(ctx, id);
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
}

check(
  {
    name: 'payment source card: a replace with a valid card, at each stated card limit and over the whole allowed space, is taken and reads back',
    rules: [REPLACE_RULE, ...new Set(CARDS_AT_LIMITS.map((f) => f.rule))],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await cardFundedSubscription(ctx);
    for (const family of CARDS_AT_LIMITS) {
      await ctx.property(family.arbitrary, (card) => expectTaken(ctx, id, card, family.rule, family.description), { numRuns: perCase(ctx) });
    }
    await ctx.property(cardRequest, (card) => expectTaken(ctx, id, card, REPLACE_RULE, 'any card the rules allow'), { numRuns: ctx.settings.runs });
  },
);
