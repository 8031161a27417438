// Revise plan or quantity: "any | Revise plan or quantity | requires buyer consent | target:
// not shown | 200; approve link returned". In every state the spec shows, a revision to
// another ACTIVE plan answers 200 with an approve link; the status that follows is recorded.
// A revision while an earlier one awaits consent, or to the plan the subscription is already
// on (nothing to revise), may be refused: neither case is stated.

import { SCHEMA_IDS } from '../../../../contracts/schema-ids.js';
import { linkHref } from '../../support/links.js';
import { shapeBroken } from '../../support/shape-broken.js';
import { brief, noteOnce, outcomeOf, subscriptionPath } from '../../support/api.js';
import {
  applies,
  readStatus,
  SHOWN_STATUSES,
  stateName,
  subscriptionLabel,
  type SubscriptionCommand,
  type SubscriptionModel,
  type SubscriptionReal,
} from './model.js';

export class ReviseCommand implements SubscriptionCommand {
  constructor(readonly index: number) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    return applies(model, this.index);
  }

  async run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const { ctx } = real;
    const entry = model.subscriptions[this.index];
    const before = entry.status;
    const reply = await ctx.billingSend('POST', subscriptionPath(real.ids[this.index], 'revise'), {
      json: { plan_id: real.revisePlanId },
    });
    const outcome = outcomeOf(reply, 'revise');
    const judged = before !== undefined && SHOWN_STATUSES.includes(before);
    if (outcome === 'refused' && !judged) {
      noteOnce(ctx, `revise in ${stateName(before)}: refused with ${reply.status}`);
      return;
    }
    if (outcome === 'refused' && entry.approval?.from === 'revise') {
      noteOnce(ctx, `revise while an earlier revision awaits consent: refused with ${reply.status}`);
      return;
    }
    if (outcome === 'refused' && (await readStatus(real, this.index)).subscription.plan_id === real.revisePlanId) {
      noteOnce(ctx, `revise to the plan the subscription is already on: refused with ${reply.status}`);
      return;
    }
    ctx.expectStatus(reply, 200, 'billing.revise.status-200', `revise a subscription in ${stateName(before)}`);
    ctx.expectContract(reply.json, SCHEMA_IDS.reviseResponse, reply, 'the revise response');
    const href = linkHref(reply.json, 'approve');
    // An answer that is no object, or whose links are no array, failed its shape rule above: no
    // link can be looked for in it, and "no approve link" would be that one bug again.
    const broken = shapeBroken(SCHEMA_IDS.reviseResponse, reply.json);
    if (!href && (broken.includes('') || broken.includes('links'))) {
      ctx.notTried(['billing.revise.approve-link'], 'the revise answer has no links array to look in');
      return ctx.skip('the revise answer is not the shape its contract gives: the subscription it left is not known');
    }
    if (!href) {
      return ctx.fail({
        rule: 'billing.revise.approve-link',
        message: 'revise answered 200 without a link with rel approve',
        expected: 'a link {href, rel: "approve", method}: a revision requires buyer consent',
        received: brief((reply.json as { links?: unknown } | undefined)?.links),
        exchanges: [reply.exchange],
      });
    }
    entry.approval = { href, from: 'revise' };
    const { status } = await readStatus(real, this.index);
    noteOnce(ctx, `revise in ${stateName(before)}: 200 with an approve link, then ${stateName(status)}`);
    entry.status = status;
  }

  toString(): string {
    return `revise(${subscriptionLabel(this.index)}, to the second plan)`;
  }
}
