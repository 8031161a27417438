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

type Shown = { doc: JsonObject; reply: Reply };

/** The subscription as shown with its plan terms (fields=plan). */
async function shown(ctx: CheckContext, id: string, showsIt?: (doc: JsonObject) => boolean): Promise<Shown> {
  return readSubscription(ctx, id, { fields: 'plan', ...(showsIt ? { shows: showsIt } : {}) });
}

/** The fixed price of the REGULAR cycle (sequence 2) in the subscription's plan terms, when shown. */
const priceOf = (doc: JsonObject): unknown => valueAt(cycleOf(doc.plan, 2), 'pricing_scheme.fixed_price');

/** The plans, the override and the prices the check follows. */
interface Terms {
  first: string;
  second: string;
  override: { currency_code: string; value: string };
  secondPrice: { currency_code: string; value: string };
}

interface Steps {
  before: Shown;
  revise: Reply;
  after: Shown;
}

/** After consent, the override the subscription had before no longer shows: neither the flag nor the price. */
function expectOverrideGone(ctx: CheckContext, steps: Steps, terms: Terms): void {
  const { before, after } = steps;
  const flag = before.doc.plan_overridden === true;
  const price = shows(terms.override, priceOf(before.doc));
  if (!flag && !price) {
    const seen = brief({ plan_overridden: before.doc.plan_overridden, price: priceOf(before.doc) });
    const why = 'before the revise, show subscription showed neither plan_overridden true nor the overridden price';
    ctx.notTried([OVERRIDES], `${why} (fields=plan): no earlier override to follow (${seen})`);
    return;
  }
  const exchanges = [before.reply.exchange, steps.revise.exchange, after.reply.exchange];
  const consented = 'after consent to a revise without overrides';
  if (flag && after.doc.plan_overridden === true) {
    const message = `${consented}, the subscription still shows plan_overridden true: the earlier override is carried`;
    const received = 'plan_overridden true';
    ctx.fail({ rule: OVERRIDES, message, expected: 'plan_overridden false', received, exchanges });
  }
  const now = priceOf(after.doc);
  if (price && now !== undefined && !shows(terms.secondPrice, now)) {
    ctx.fail({
      rule: OVERRIDES,
      message: `${consented}, the REGULAR cycle keeps the earlier override`,
      expected: `the price of the plan revised to, ${brief(terms.secondPrice)}`,
      received: `${brief(now)}${shows(terms.override, now) ? ' (the earlier override)' : ''}`,
      exchanges,
    });
  }
  // judged on what the answer after consent shows of the earlier override: the flag, the price
  const judged = [
    ...(flag && after.doc.plan_overridden !== undefined ? [`plan_overridden ${brief(after.doc.plan_overridden)}`] : []),
    ...(price && now !== undefined ? [`price ${brief(now)}`] : []),
  ];
  if (judged.length > 0) ctx.credit(OVERRIDES, exchanges, judged.join(', '));
  else ctx.notTried([OVERRIDES], `${consented}, show subscription shows neither plan_overridden nor the price`);
}

/** The revise answer: its approve link, or why nothing awaits consent (the revise checks judge the answer). */
function approveLinkOf(ctx: CheckContext, revise: Reply): string | undefined {
  const href = revise.status === 200 ? linkHref(revise.json, 'approve') : undefined;
  if (!href) {
    const answered = `${revise.status}${revise.status === 200 ? ' without an approve link' : ''}`;
    const why = `revise to another plan answered ${answered}: no revision awaits consent`;
    ctx.notTried([CONSENT, APPLIED, OVERRIDES], why);
    return undefined;
  }
  if ((revise.json as JsonObject).plan_overridden === true) {
    ctx.fail({
      rule: OVERRIDES,
      message: 'a revise without overrides answered plan_overridden true: the earlier override is carried forward',
      expected: 'plan_overridden false',
      received: 'plan_overridden true',
      exchanges: [revise.exchange],
    });
  }
  return href;
}

/** Right after the revise, before consent: the plan the subscription had. */
function expectNotYet(ctx: CheckContext, terms: Terms, before: Shown, revise: Reply, pending: Shown): void {
  const planId = pending.doc.plan_id;
  if (planId === terms.first) return;
  ctx.fail({
    rule: CONSENT,
    message: 'right after the revise, before the subscriber consented, the subscription shows another plan',
    expected: `plan_id ${terms.first}, as before the revise (a revise requires buyer consent)`,
    received: `plan_id ${brief(planId)}${planId === terms.second ? ' (the plan revised to)' : ''}`,
    exchanges: [before.reply.exchange, revise.exchange, pending.reply.exchange],
  });
}

/**
 * After consent: the plan the subscription was revised to. Only then does the plan it kept before
 * consent show a revision awaiting consent (not one the server ignored): both are credited here.
 */
function expectApplied(ctx: CheckContext, terms: Terms, steps: Steps & { pending: Shown }): void {
  const { before, revise, pending, after } = steps;
  if (after.doc.plan_id === terms.second) {
    ctx.credit(APPLIED, [revise, pending.reply, after.reply], `plan_id ${terms.second} after consent`);
    ctx.credit(CONSENT, [before.reply, revise, pending.reply, after.reply], `plan_id ${terms.first} until consent`);
    return;
  }
  ctx.fail({
    rule: APPLIED,
    message: 'after the subscriber consented through the approve link of the revise, the plan is another',
    expected: `plan_id ${terms.second}`,
    received: `plan_id ${brief(after.doc.plan_id)}`,
    exchanges: [revise.exchange, pending.reply.exchange, after.reply.exchange],
  });
}

check(
  {
    name: 'revise consent: a revise to another plan shows once the subscriber consents, without the earlier override',
    rules: [CONSENT, APPLIED, OVERRIDES],
    needs: ['approval'],
  },
  async (ctx) => {
    const secondPrice = USD('20.00');
    const terms: Terms = {
      first: (await createPlan(ctx, twoCyclePlan(ctx, '10.00'))).id,
      second: (await createPlan(ctx, twoCyclePlan(ctx, secondPrice.value))).id,
      override: USD('5.00'),
      secondPrice,
    };
    const overridden = { plan: { billing_cycles: [{ sequence: 2, pricing_scheme: { fixed_price: terms.override } }] } };
    const sub = await activeSubscription(ctx, terms.first, overridden);
    const before = await shown(ctx, sub.id);
    if (before.doc.plan_id !== terms.first) {
      ctx.skip(`show subscription answers plan_id ${brief(before.doc.plan_id)}, not the plan it was created on`);
    }
    const revise = await ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), {
      json: { plan_id: terms.second },
    });
    const href = approveLinkOf(ctx, revise);
    if (!href) return;
    const pending = await shown(ctx, sub.id);
    expectNotYet(ctx, terms, before, revise, pending);
    await approve(ctx, href);
    const after = await shown(ctx, sub.id, (doc) => doc.plan_id === terms.second);
    expectApplied(ctx, terms, { before, revise, pending, after });
    expectOverrideGone(ctx, { before, revise, after }, terms);
  },
);
