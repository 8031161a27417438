import { planLabel, type PlanCommand, type PlanModel, type PlanReal } from './model.js';
import { runStatusAction } from './status-action.js';
import { ACTIVATE_PLAN } from './state-table.js';

/** Activate plan, from whatever state the plan is in (the spec does not show the source states). */
export class ActivatePlanCommand implements PlanCommand {
  constructor(readonly index: number) {}

  check(model: Readonly<PlanModel>): boolean {
    return this.index < model.plans.length;
  }

  run(model: PlanModel, real: PlanReal): Promise<void> {
    return runStatusAction(model, real, this.index, ACTIVATE_PLAN);
  }

  toString(): string {
    return `activatePlan(${planLabel(this.index)})`;
  }
}
