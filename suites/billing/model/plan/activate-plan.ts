import { planLabel, type PlanCommand, type PlanModel, type PlanReal } from './model.js';
import { runStatusAction } from './status-action.js';

/** Activate plan, from whatever state the plan is in (the spec does not show the source states). */
export class ActivatePlanCommand implements PlanCommand {
  constructor(readonly index: number) {}

  check(model: Readonly<PlanModel>): boolean {
    return this.index < model.plans.length;
  }

  run(model: PlanModel, real: PlanReal): Promise<void> {
    return runStatusAction(model, real, this.index, {
      action: 'activate',
      next: 'ACTIVE',
      status204Rule: 'billing.activate-plan.status-204',
      nextStateRule: 'billing.activate-plan.to-active',
    });
  }

  toString(): string {
    return `activatePlan(${planLabel(this.index)})`;
  }
}
