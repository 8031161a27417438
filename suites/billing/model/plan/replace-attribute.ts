// Update plan with a replace of one patchable attribute. billing.md "States and transitions":
// on a CREATED or ACTIVE plan the patchable attributes may be updated (204, state unchanged);
// an INACTIVE plan allows status updates only, so the replace is refused and nothing changes.

import { planReplaceRule } from '../../../../contracts/rules/billing-patch.js';
import { brief, type Json, outcomeOf, planPath } from '../../support/api.js';
import { shows, snapshot, valueAt } from '../../support/documents.js';
import { planLabel, type PlanCommand, type PlanModel, type PlanReal } from './model.js';
import type { PlanAttribute } from './patchable.js';
import { readPlanOfRun } from './read.js';
import { planPatchOutcome, UPDATE_KEEPS_STATE } from './state-table.js';

export class ReplacePlanAttributeCommand implements PlanCommand {
  constructor(
    readonly index: number,
    readonly attribute: PlanAttribute,
    readonly value: Json,
  ) {}

  check(model: Readonly<PlanModel>): boolean {
    return this.index < model.plans.length;
  }

  async run(model: PlanModel, real: PlanReal): Promise<void> {
    const { ctx } = real;
    const state = model.plans[this.index].status;
    // a patchable attribute: taken on a CREATED or ACTIVE plan, refused on an INACTIVE one
    const expected = planPatchOutcome(state, 'replace', this.attribute.pointer);
    const refusal = typeof expected === 'object' ? expected.refuse : undefined;
    // the plan as it was matters only where the replace must change nothing
    const before = refusal ? (await readPlanOfRun(real, this.index)).plan : undefined;
    const reply = await ctx.billingSend('PATCH', planPath(real.planIds[this.index]), {
      json: [{ op: 'replace', path: this.attribute.pointer, value: this.value }],
    });
    const outcome = outcomeOf(reply, 'update plan');
    // Only an accepted replace on a plan that takes it is expected to show.
    const {
      plan: after,
      status,
      reply: shown,
    } = await readPlanOfRun(
      real,
      this.index,
      !before && outcome === 'accepted'
        ? (plan) =>
            shows(this.value, valueAt(plan, this.attribute.member), this.attribute.member.split('.').pop() ?? '')
        : undefined,
    );
    const evidence = [reply.exchange, shown.exchange];

    if (before && refusal) {
      if (outcome === 'accepted') {
        ctx.fail({
          rule: refusal,
          message: `an INACTIVE plan accepted a replace of ${this.attribute.pointer}`,
          expected: 'a 4xx refusal: an INACTIVE plan allows status updates only',
          received: `status ${reply.status}`,
          exchanges: evidence,
        });
      }
      if (snapshot(after) !== snapshot(before)) {
        ctx.fail({
          rule: refusal,
          message: `a refused replace of ${this.attribute.pointer} changed the INACTIVE plan`,
          expected:
            `the plan as before: ${brief(valueAt(before, this.attribute.member))} at ` +
            `${this.attribute.pointer}, status INACTIVE`,
          received: `${brief(valueAt(after, this.attribute.member))} at ${this.attribute.pointer}, status ${status}`,
          exchanges: evidence,
        });
      }
      ctx.credit(refusal, evidence, `refused with ${reply.status}, unchanged`);
      return;
    }

    if (outcome === 'refused') {
      ctx.fail({
        rule: planReplaceRule(this.attribute.member),
        message:
          `a replace of the patchable attribute ${this.attribute.pointer} on a plan in state ${state} ` + `was refused`,
        expected: 'status 204',
        received: `status ${reply.status}`,
        exchanges: [reply.exchange],
      });
    }
    ctx.expectStatus(reply, 204, 'billing.update-plan.status-204', 'update plan');
    const read = valueAt(after, this.attribute.member);
    const leaf = this.attribute.member.split('.').pop() ?? '';
    if (!shows(this.value, read, leaf)) {
      ctx.fail({
        rule: planReplaceRule(this.attribute.member),
        message: `update plan answered 204 but ${this.attribute.pointer} does not read back as written`,
        expected: brief(this.value),
        received: brief(read),
        exchanges: evidence,
      });
    }
    if (status !== state) {
      ctx.fail({
        rule: UPDATE_KEEPS_STATE.rule,
        message: `updating ${this.attribute.pointer} changed the plan's state`,
        expected: `status ${state} (update plan leaves the state unchanged)`,
        received: `status ${status}`,
        exchanges: evidence,
      });
    }
    ctx.credit([planReplaceRule(this.attribute.member), UPDATE_KEEPS_STATE.rule], evidence, `as written, ${status}`);
  }

  toString(): string {
    return `replacePlan(${planLabel(this.index)}, ${this.attribute.pointer} = ${brief(this.value, 40)})`;
  }
}
