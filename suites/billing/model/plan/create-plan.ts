// Create plan: "(none) | Create plan | status input is CREATED or ACTIVE; default ACTIVE |
// the requested status | 201 with plan".

import { CheckSetupError } from '../../../../harness/failure.js';
import { brief, sendCreatePlan } from '../../support/api.js';
import { lifecyclePlanBody } from '../../support/setup-bodies.js';
import { MAX_PLANS, type PlanCommand, type PlanModel, type PlanReal } from './model.js';
import { readPlanOfRun } from './read.js';
import { createdPlanStatus } from './state-table.js';

export class CreatePlanCommand implements PlanCommand {
  constructor(readonly status: 'CREATED' | 'ACTIVE' | undefined) {}

  check(model: Readonly<PlanModel>): boolean {
    return model.plans.length < MAX_PLANS;
  }

  async run(model: PlanModel, real: PlanReal): Promise<void> {
    const { ctx } = real;
    const { reply, id } = await sendCreatePlan(ctx, lifecyclePlanBody(ctx, this.status), {
      prefer: 'return=representation',
    });
    ctx.expectStatus(reply, 201, 'billing.create-plan.status-201', 'create plan');
    if (id === undefined) throw new CheckSetupError('create plan answered 201 without a plan id', [reply.exchange]);

    const index = real.planIds.length;
    real.planIds.push(id);
    real.subscriptionIds.push([]);
    const { status: expected, rule } = createdPlanStatus(this.status);
    const { status, reply: shown } = await readPlanOfRun(real, index, (plan) => plan.status === expected);
    if (status !== expected) {
      ctx.fail({
        rule,
        message:
          `a plan created ${this.status ? `with status ${this.status}` : 'without a status'} reads ` +
          `back as ${status}`,
        expected: `status ${expected}${this.status ? ' (the requested status)' : ' (the default)'}`,
        received: `status ${brief(status)}`,
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    ctx.credit(rule, [reply, shown], `status ${status}`);
    model.plans.push({ status: expected });
  }

  toString(): string {
    return `createPlan(${this.status ?? 'default status'})`;
  }
}
