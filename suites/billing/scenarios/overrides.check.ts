// billing.md "billing_cycle_override (subscription-level)": "sequence (integer 1..99, required),
// total_cycles (integer 0..999, same rules as above), pricing_scheme. The override must adhere
// to the plan's billing cycle definition." "Subscriptions": "once overridden, later plan changes
// do not affect the subscription". (A revise's "earlier overrides are not carried forward" is
// judged after consent, in revise-consent.check.ts.)

import { howAnswered } from '../../../harness/describe.js';
import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import {
  brief,
  type JsonObject,
  planPath,
  readPlan,
  readSubscription,
  sendCreateSubscription,
  subscriptionPath,
  SUBSCRIPTIONS,
} from '../support/api.js';
import { cycleOf, cyclesText, sequencesOf, shows, valueAt } from '../support/documents.js';
import { createPlan } from '../support/fixtures.js';
import { twoCyclePlan, USD } from './subscription-fixture.js';
import { lifecycleSubscriptionBody } from '../support/setup-bodies.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/** Creates a subscription with `extra`; on success it is cancelled after the check. */
async function subscribe(ctx: CheckContext, planId: string, extra: JsonObject): Promise<{ reply: Reply; id?: string }> {
  return sendCreateSubscription(ctx, lifecycleSubscriptionBody(ctx, planId, undefined, extra));
}

/** Requires a subscription for the check (setup): the refusal of a valid body is another check's verdict. */
async function subscribed(ctx: CheckContext, planId: string, extra: JsonObject = {}): Promise<string> {
  const { reply, id } = await subscribe(ctx, planId, extra);
  if (!id) ctx.skip(`create subscription answered ${reply.status} to a valid body: no subscription to go on with`);
  return id;
}

/** Refused, and no subscription of the plan carries `customId` (read back through the list). */
async function expectRefusedCreatesNothing(
  ctx: CheckContext,
  planId: string,
  extra: JsonObject,
  rule: RuleId,
  what: string,
): Promise<void> {
  const customId = `${ctx.settings.runId}-${Math.abs(ctx.seed % 100000)}-${rule.length}`;
  const { reply } = await subscribe(ctx, planId, { ...extra, custom_id: customId });
  ctx.expectRefused(reply, rule, `create subscription with ${what}`);
  // a create that was taken failed above: that it made a subscription is the same bug
  if (reply.status < 400 || reply.status > 499) return;
  const listed = await ctx.billingSend('GET', SUBSCRIPTIONS, { query: { plan_ids: planId, page_size: 20 } });
  const items = (listed.json as { subscriptions?: unknown } | undefined)?.subscriptions;
  if (Array.isArray(items) && items.some((item) => (item as JsonObject | null)?.custom_id === customId)) {
    ctx.fail({
      rule,
      message: `create subscription with ${what}: ${howAnswered(reply)}, yet the subscription is listed`,
      expected: 'no subscription created',
      received: `a subscription with custom_id ${customId}`,
      exchanges: [reply.exchange, listed.exchange],
    });
  }
}

/**
 * A billing cycle override naming a sequence the plan lacks: 7 (the plan was sent with 1 and 2),
 * or the first after it that the created plan's answer does not show, with what it did show.
 */
function foreignSequence(plan: JsonObject): { override: JsonObject; what: string } | undefined {
  const shown = sequencesOf(plan);
  // Sequences run 1..99 (billing.md): 7 first, as before any answer was read.
  const sequence = Array.from({ length: 93 }, (_, i) => i + 7).find((n) => !shown.includes(n));
  if (sequence === undefined) return undefined;
  const has =
    shown.length > 0 ? `the plan's answer showed ${cyclesText(shown)}` : 'the plan was sent with cycles 1 and 2';
  return {
    override: { plan: { billing_cycles: [{ sequence, total_cycles: 3 }] } },
    what: `an override of billing cycle ${sequence} (${has})`,
  };
}

/** Overrides of the two-cycle plan that break one rule, refused alike on create and on revise. */
const REFUSED_OVERRIDES = [
  {
    name: 'a billing cycle override naming a sequence the plan does not have',
    rule: 'billing.billing_cycle_override.adheres-to-plan',
    overrideFor: foreignSequence,
  },
  {
    name: 'a TRIAL cycle overridden to total_cycles 0 (infinite)',
    rule: 'billing.billing_cycle_override.total_cycles.trial-finite',
    overrideFor: () => ({
      override: { plan: { billing_cycles: [{ sequence: 1, total_cycles: 0 }] } },
      what: 'total_cycles 0 on the TRIAL cycle 1',
    }),
  },
] satisfies ReadonlyArray<{ rule: RuleId; [more: string]: unknown }>;

for (const { name, rule, overrideFor } of REFUSED_OVERRIDES) {
  check(
    { name: `overrides: ${name} is refused on create and on revise`, rules: [rule], needs: ['billing'] },
    async (ctx) => {
      const plan = await createPlan(ctx, twoCyclePlan(ctx));
      const chosen = overrideFor(plan.body);
      if (!chosen) return ctx.skip("the plan's answer shows every sequence an override may name: none lacks one");
      const { override, what } = chosen;
      await expectRefusedCreatesNothing(ctx, plan.id, override, rule, what);
      const id = await subscribed(ctx, plan.id);
      const revise = await ctx.billingSend('POST', subscriptionPath(id, 'revise'), {
        json: { plan_id: plan.id, ...override },
      });
      ctx.expectRefused(revise, rule, `revise with ${what}`);
    },
  );
}

/** The fixed price of `sequence` in the subscription's plan terms (show with fields=plan). */
async function subscriptionPrice(
  ctx: CheckContext,
  id: string,
  sequence: number,
): Promise<{ price: unknown; reply: Reply }> {
  const { doc: subscription, reply } = await readSubscription(ctx, id, { fields: 'plan' });
  return { price: valueAt(cycleOf(subscription.plan, sequence), 'pricing_scheme.fixed_price'), reply };
}

check(
  {
    name:
      "overrides: once a subscription overrides its plan's price, update pricing of the plan " +
      "leaves the subscription's price",
    rules: ['billing.update-subscription.override-isolated'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { id: planId } = await createPlan(ctx, twoCyclePlan(ctx));
    const override = USD('5.00');
    const id = await subscribed(ctx, planId, {
      plan: { billing_cycles: [{ sequence: 2, pricing_scheme: { fixed_price: override } }] },
    });
    const first = await subscriptionPrice(ctx, id, 2);
    if (!shows(override, first.price))
      ctx.skip(
        `the subscription's plan (fields=plan) does not show the overridden price of cycle 2 ` +
          `(shows ${brief(first.price)}): the override cannot be followed`,
      );

    const raised = USD('20.00');
    const update = await ctx.billingSend('POST', planPath(planId, 'update-pricing-schemes'), {
      json: { pricing_schemes: [{ billing_cycle_sequence: 2, pricing_scheme: { fixed_price: raised } }] },
    });
    const { doc: plan } = await readPlan(ctx, planId);
    if (!shows(raised, valueAt(cycleOf(plan, 2), 'pricing_scheme.fixed_price')))
      ctx.skip(
        `update pricing answered ${update.status} and the plan does not show the new price: no ` +
          `plan change to isolate from`,
      );

    const after = await subscriptionPrice(ctx, id, 2);
    if (!shows(override, after.price)) {
      ctx.fail({
        rule: 'billing.update-subscription.override-isolated',
        message: 'update pricing of the plan changed the price of a subscription that overrides it',
        expected: `cycle 2 at the overridden ${brief(override)}`,
        received: brief(after.price),
        exchanges: [first.reply.exchange, update.exchange, after.reply.exchange],
      });
    }
    const kept = `cycle 2 still at ${brief(after.price)}`;
    ctx.credit('billing.update-subscription.override-isolated', [first.reply, update, after.reply], kept);
  },
);
