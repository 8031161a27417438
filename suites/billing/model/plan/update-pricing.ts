// Update pricing: "POST .../update-pricing-schemes | {pricing_schemes: 1..99 items} | 204"; the
// cycle then has the new pricing scheme, with an integer version set by the service
// (billing.md "pricing_scheme", "Versioning"). The states in which pricing can be updated are not stated
// beyond the ACTIVE plan every subscription uses, so a refusal elsewhere is only recorded.

import { brief, noteOnce, outcomeOf, planPath } from '../../support/api.js';
import { cycleOf, shows, valueAt } from '../../support/documents.js';
import { SETUP_CURRENCY } from '../../support/setup-bodies.js';
import { planLabel, type PlanCommand, type PlanModel, type PlanReal } from './model.js';
import { readPlanOfRun } from './read.js';

export class UpdatePricingCommand implements PlanCommand {
  constructor(
    readonly index: number,
    readonly price: string,
  ) {}

  check(model: Readonly<PlanModel>): boolean {
    return this.index < model.plans.length;
  }

  async run(model: PlanModel, real: PlanReal): Promise<void> {
    const { ctx } = real;
    const state = model.plans[this.index].status;
    const { plan: before } = await readPlanOfRun(real, this.index);
    const fixedPrice = { currency_code: SETUP_CURRENCY, value: this.price };
    const reply = await ctx.billingSend('POST', planPath(real.planIds[this.index], 'update-pricing-schemes'), {
      json: { pricing_schemes: [{ billing_cycle_sequence: 1, pricing_scheme: { fixed_price: fixedPrice } }] },
    });
    const outcome = outcomeOf(reply, 'update pricing');
    if (outcome === 'refused') {
      if (state === 'ACTIVE') {
        ctx.fail({
          rule: 'billing.update-pricing.status-204',
          message: 'a valid update of the pricing of an ACTIVE plan was refused',
          expected: 'status 204',
          received: `status ${reply.status}`,
          exchanges: [reply.exchange],
        });
      }
      noteOnce(ctx, `update pricing on a plan in state ${state}: refused with ${reply.status}`);
      return;
    }
    ctx.expectStatus(reply, 204, 'billing.update-pricing.status-204', 'update pricing');
    const { plan: after, reply: shown } = await readPlanOfRun(real, this.index, (plan) =>
      shows(fixedPrice, valueAt(valueAt(cycleOf(plan, 1), 'pricing_scheme'), 'fixed_price')),
    );
    const oldVersion = valueAt(cycleOf(before, 1), 'pricing_scheme.version');
    const scheme = valueAt(cycleOf(after, 1), 'pricing_scheme');
    const newVersion = valueAt(scheme, 'version');
    if (!shows(fixedPrice, valueAt(scheme, 'fixed_price'))) {
      ctx.fail({
        rule: 'billing.update-pricing.applies',
        message: 'update pricing answered 204, but billing cycle 1 does not show the new fixed_price',
        expected: brief(fixedPrice),
        received: brief(valueAt(scheme, 'fixed_price')),
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    if (typeof newVersion !== 'number' || !Number.isInteger(newVersion)) {
      ctx.fail({
        rule: 'billing.pricing_scheme.version.set-by-service',
        message: 'after a pricing update, the pricing scheme of billing cycle 1 carries no integer version',
        expected: 'an integer version, set by the service',
        received: `version ${brief(newVersion)}`,
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    ctx.credit('billing.update-pricing.applies', [reply, shown], 'cycle 1 shows the new fixed_price');
    ctx.credit('billing.pricing_scheme.version.set-by-service', [reply, shown], `version ${brief(newVersion)}`);
    // That a new price brings a higher version is implied, not stated: recorded, not judged.
    if (typeof oldVersion === 'number' && typeof newVersion === 'number' && newVersion <= oldVersion) {
      noteOnce(
        ctx,
        `after a pricing update the pricing scheme version went from ${oldVersion} to ${newVersion}, not higher`,
      );
    }
    if (state !== 'ACTIVE') noteOnce(ctx, `update pricing on a plan in state ${state}: accepted (204)`);
  }

  toString(): string {
    return `updatePricing(${planLabel(this.index)}, cycle 1 = ${this.price} ${SETUP_CURRENCY})`;
  }
}
