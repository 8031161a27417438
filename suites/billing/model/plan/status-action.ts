// Activate and deactivate plan: "source states: not shown | Activate plan | | ACTIVE | 204" and
// the same for Deactivate with INACTIVE. The next state is stated; the source states are not.
// So a refusal is recorded, never judged, and an acceptance must lead to the stated state.

import { brief, noteOnce, outcomeOf, planPath } from '../../support/api.js';
import type { PlanModel, PlanReal } from './model.js';
import { readPlanOfRun } from './read.js';
import type { PlanAction } from './state-table.js';

export async function runStatusAction(
  model: PlanModel,
  real: PlanReal,
  index: number,
  spec: PlanAction,
): Promise<void> {
  const { ctx } = real;
  const before = model.plans[index].status;
  const reply = await ctx.billingSend('POST', planPath(real.planIds[index], spec.action));
  const outcome = outcomeOf(reply, `${spec.action} plan`);
  const { status, reply: shown } = await readPlanOfRun(
    real,
    index,
    outcome === 'accepted' ? (plan) => plan.status === spec.next : undefined,
  );
  if (outcome === 'accepted') {
    ctx.expectStatus(reply, 204, spec.status204Rule, `${spec.action} plan`);
    if (status !== spec.next) {
      ctx.fail({
        rule: spec.nextStateRule,
        message: `${spec.action} plan answered 204 on a plan in state ${before}, which then reads back as ${status}`,
        expected: `status ${spec.next}`,
        received: `status ${brief(status)}`,
        exchanges: [reply.exchange, shown.exchange],
      });
    }
    ctx.credit(spec.nextStateRule, [reply, shown], `status ${status}`);
    noteOnce(ctx, `${spec.action} plan from ${before}: accepted (204)`);
  } else {
    noteOnce(
      ctx,
      `${spec.action} plan from ${before}: refused with ${reply.status} (its source states are not shown in the spec)`,
    );
    if (status !== before) noteOnce(ctx, `a refused ${spec.action} changed a ${before} plan to ${status}`);
  }
  model.plans[index].status = status;
}
