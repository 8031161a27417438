// Reading a plan of the run back, with its status as one of the three the spec names.

import type { Reply } from '../../../../harness/exchange.js';
import { brief, type JsonObject, readPlan, type Shows } from '../../support/api.js';
import { isPlanStatus, PLAN_STATUSES, type PlanReal, type PlanStatus } from './model.js';

/** `shows`: what a write the command expects to have taken makes the plan show (see readPlan). */
export async function readPlanOfRun(
  real: PlanReal,
  index: number,
  shows?: Shows,
): Promise<{ plan: JsonObject; status: PlanStatus; reply: Reply }> {
  const { doc: plan, reply } = await readPlan(real.ctx, real.planIds[index], shows);
  if (!isPlanStatus(plan.status)) {
    real.ctx.fail({
      rule: 'billing.plan.status.enum',
      message: `plan ${real.planIds[index]} reads back with a status the spec does not name`,
      expected: `status ${PLAN_STATUSES.join(', ')}`,
      received: `status ${brief(plan.status)}`,
      exchanges: [reply.exchange],
    });
  }
  return { plan, status: plan.status, reply };
}
