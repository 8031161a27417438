// Update plan on an INACTIVE plan: "INACTIVE | Update plan | only status updates allowed |
// per the update | 204". How a server takes a status update by patch is not shown, so a refusal
// is recorded; an acceptance must answer 204.

import { noteOnce, outcomeOf, planPath } from '../../support/api.js';
import { planLabel, type PlanCommand, type PlanModel, type PlanReal } from './model.js';
import { readPlanOfRun } from './read.js';
import { planPatchOutcome } from './state-table.js';

export class UpdateInactivePlanStatusCommand implements PlanCommand {
  constructor(
    readonly index: number,
    readonly status: 'ACTIVE' | 'INACTIVE',
  ) {}

  check(model: Readonly<PlanModel>): boolean {
    // only where the state table lets a status update be taken or refused: an INACTIVE plan
    if (this.index >= model.plans.length) return false;
    return planPatchOutcome(model.plans[this.index].status, 'replace', '/status') === 'either';
  }

  async run(model: PlanModel, real: PlanReal): Promise<void> {
    const { ctx } = real;
    const reply = await ctx.billingSend('PATCH', planPath(real.planIds[this.index]), {
      json: [{ op: 'replace', path: '/status', value: this.status }],
    });
    const outcome = outcomeOf(reply, 'update plan status');
    const { status } = await readPlanOfRun(real, this.index);
    if (outcome === 'accepted') {
      ctx.expectStatus(reply, 204, 'billing.update-plan.status-204', 'update plan status');
      // "per the update" has no rule of its own in the catalog yet: recorded, not judged
      if (status !== this.status)
        noteOnce(
          ctx,
          `a status update of an INACTIVE plan to ${this.status} answered 204, yet the plan reads ${status}`,
        );
      noteOnce(ctx, `replace /status with ${this.status} on an INACTIVE plan: accepted (204)`);
    } else {
      noteOnce(ctx, `replace /status with ${this.status} on an INACTIVE plan: refused with ${reply.status}`);
      if (status !== 'INACTIVE') noteOnce(ctx, `a refused status update changed an INACTIVE plan to ${status}`);
    }
    model.plans[this.index].status = status;
  }

  toString(): string {
    return `updatePlanStatus(${planLabel(this.index)}, ${this.status})`;
  }
}
