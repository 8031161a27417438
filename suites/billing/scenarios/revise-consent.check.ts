// billing.md "States and transitions": "any | Revise plan or quantity | requires buyer consent |
// target: not shown | 200; approve link returned"; "Subscriptions", revise: "earlier overrides
// are not carried forward". What a revise does is judged on show subscription, never on the
// revise answer alone: read before the revise, after it and before consent (the plan it had),
// and after the subscriber consents through the revise's approve link (the plan it was revised
// to, without the override it had before). The status a revise leads to is not shown: not judged.

import { approve } from '../../../harness/approval.js';
import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { brief, type JsonObject, readSubscription, subscriptionPath } from '../support/api.js';
import { cycleOf, shows, valueAt } from '../support/documents.js';
import { activeSubscription, createPlan } from '../support/fixtures.js';
import { linkHref } from '../support/links.js';
import { twoCyclePlan, USD } from './subscription-fixture.js';

const CONSENT = 'billing.revise.requires-consent';
const APPLIED = 'billing.revise.applied-on-consent';
const OVERRIDES = 'billing.revise.overrides-not-carried-forward';

/** The subscription as shown with its plan terms (fields=plan). */
async function shown(ctx: CheckContext, id: string, showsIt?: (doc: JsonObject) => boolean): Promise<{ doc: JsonObject; reply: Reply }> {
  return readSubscription(ctx, id, { fields: 'plan', ...(showsIt ? { shows: showsIt } : {}) });
}

/** The fixed price of the REGULAR cycle (sequence 2) in the subscription's plan terms, when shown. */
const priceOf = (doc: JsonObject): unknown => valueAt(cycleOf(doc.plan, 2), 'pricing_scheme.fixed_price');

/** What shows the override before the revise: plan_overridden true, or the overridden price in its terms. */
function overrideSigns(doc: JsonObject, override: unknown): { flag: boolean; price: boolean } {
  return { flag: doc.plan_overridden === true, price: shows(override, priceOf(doc)) };
}

interface Steps {
  before: { doc: JsonObject; reply: Reply };
  revise: Reply;
  after: { doc: JsonObject; reply: Reply };
}

/** After consent, the override the subscription had before no longer shows: neither the flag nor the price. */
function expectOverrideGone(ctx: CheckContext, steps: Steps, override: unknown, regularPrice: unknown): void {
  const { before, after } = steps;
  const had = overrideSigns(before.doc, override);
  if (!had.flag && !had.price) {
    ctx.notTried([OVERRIDES], `before the revise, show subscription showed neither plan_overridden true nor the overridden price (fields=plan): no earlier override to follow (${brief({ plan_overridden: before.doc.plan_overridden, price: priceOf(before.doc) })})`);
    return;
  }
  const exchanges = [before.reply.exchange, steps.revise.exchange, after.reply.exchange];
  if (had.flag && after.doc.plan_overridden === true) {
    ctx.fail({ rule: OVERRIDES, message: 'after consent to a revise without overrides, the subscription still shows plan_overridden true: the earlier override was carried forward', expected: 'plan_overridden false', received: 'plan_overridden true', exchanges });
  }
  const price = priceOf(after.doc);
  if (had.price && price !== undefined && !shows(regularPrice, price)) {
    ctx.fail({
      rule: OVERRIDES,
      message: 'after consent to a revise without overrides, the REGULAR cycle keeps the earlier override',
      expected: `the price of the plan revised to, ${brief(regularPrice)}`,
      received: `${brief(price)}${shows(override, price) ? ' (the earlier override)' : ''}`,
      exchanges,
    });
  }
}

check(
  {
    name: 'revise consent: a revise to another plan shows only once the subscriber consents, and then without the earlier override',
    rules: [CONSENT, APPLIED, OVERRIDES],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id: first } = await createPlan(ctx, twoCyclePlan(ctx, '10.00'));
    const regularPrice = USD('20.00');
    const { id: second } = await createPlan(ctx, twoCyclePlan(ctx, regularPrice.value));
    const override = USD('5.00');
    const sub = await activeSubscription(ctx, first, { plan: { billing_cycles: [{ sequence: 2, pricing_scheme: { fixed_price: override } }] } });
    const before = await shown(ctx, sub.id);
    if (before.doc.plan_id !== first) ctx.skip(`show subscription answers plan_id ${brief(before.doc.plan_id)}, not the plan it was created on: the plan cannot be followed`);

    const revise = await ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), { json: { plan_id: second } });
    const href = revise.status === 200 ? linkHref(revise.json, 'approve') : undefined;
    if (!href) {
      ctx.notTried([CONSENT, APPLIED, OVERRIDES], `revise to another plan answered ${revise.status}${revise.status === 200 ? ' without an approve link' : ''}: no revision awaits consent (the revise checks judge the answer)`);
      return;
    }
    if ((revise.json as JsonObject).plan_overridden === true) {
      ctx.fail({ rule: OVERRIDES, message: 'a revise without overrides answered plan_overridden true: the earlier override is carried forward', expected: 'plan_overridden false', received: 'plan_overridden true', exchanges: [revise.exchange] });
    }

    const pending = await shown(ctx, sub.id);
    if (pending.doc.plan_id !== first) {
      ctx.fail({
        rule: CONSENT,
        message: 'right after the revise, before the subscriber consented, the subscription shows another plan',
        expected: `plan_id ${first}, as before the revise (a revise requires buyer consent)`,
        received: `plan_id ${brief(pending.doc.plan_id)}${pending.doc.plan_id === second ? ' (the plan revised to)' : ''}`,
        exchanges: [before.reply.exchange, revise.exchange, pending.reply.exchange],
      });
    }

    await approve(ctx, href);
    const after = await shown(ctx, sub.id, (doc) => doc.plan_id === second);
    if (after.doc.plan_id !== second) {
      ctx.fail({
        rule: APPLIED,
        message: 'after the subscriber consented through the approve link of the revise, the subscription does not show the plan it was revised to',
        expected: `plan_id ${second}`,
        received: `plan_id ${brief(after.doc.plan_id)}`,
        exchanges: [revise.exchange, pending.reply.exchange, after.reply.exchange],
      });
    }
    expectOverrideGone(ctx, { before, revise, after }, override, regularPrice);
  },
);
