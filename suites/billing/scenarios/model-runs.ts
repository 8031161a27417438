// Running the lifecycle commands: as fast-check model-based properties (random sequences,
// shrunk to the shortest failing one), and as fixed scenarios that walk a named path through
// the same commands, skipping when the server declines a step whose answer the spec leaves open.

import fc from 'fast-check';
import type { CheckContext } from '../../../harness/check.js';
import { createActivePlan } from '../support/fixtures.js';
import { planCommands } from '../model/plan/commands.js';
import type { PlanCommand, PlanModel, PlanReal, PlanStatus } from '../model/plan/model.js';
import { subscriptionCommands } from '../model/subscription/commands.js';
import type { SubscriptionCommand, SubscriptionModel, SubscriptionReal } from '../model/subscription/model.js';

/** Short sequences keep the default run cheap; shrinking makes a failure shorter still. */
export const MAX_COMMANDS = 8;

export function planSetup(ctx: CheckContext): () => { model: PlanModel; real: PlanReal } {
  return () => ({ model: { plans: [] }, real: { ctx, planIds: [], subscriptionIds: [] } });
}

export async function runPlanProperty(ctx: CheckContext): Promise<void> {
  await ctx.property(planCommands({ tag: ctx.settings.runId, maxCommands: MAX_COMMANDS }), (commands) =>
    fc.asyncModelRun(planSetup(ctx), commands),
  );
}

/** Two ACTIVE plans shared by every run of the check: one to subscribe to, one to revise to. */
export async function subscriptionSetup(
  ctx: CheckContext,
): Promise<() => { model: SubscriptionModel; real: SubscriptionReal }> {
  const plan = await createActivePlan(ctx);
  const other = await createActivePlan(ctx);
  return () => ({ model: { subscriptions: [] }, real: { ctx, planId: plan.id, revisePlanId: other.id, ids: [] } });
}

export async function runSubscriptionProperty(ctx: CheckContext): Promise<void> {
  const setup = await subscriptionSetup(ctx);
  await ctx.property(subscriptionCommands({ tag: ctx.settings.runId, maxCommands: MAX_COMMANDS }), (commands) =>
    fc.asyncModelRun(setup, commands),
  );
}

/** A step of a fixed scenario: a command, or a state the scenario needs to go on. */
export type PlanStep = PlanCommand | { plan: number; mustBe: PlanStatus; because: string };

/**
 * Walks the steps in order. A command the model says does not apply is a mistake in the
 * scenario; a state the server did not reach (through a transition whose source states the
 * spec leaves open) skips the check with that reason.
 */
export async function walkPlanScenario(ctx: CheckContext, steps: readonly PlanStep[]): Promise<PlanModel> {
  const { model, real } = planSetup(ctx)();
  for (const step of steps) {
    if ('mustBe' in step) {
      const status = model.plans[step.plan]?.status;
      if (status !== step.mustBe) ctx.skip(`the plan is ${status ?? 'missing'}, not ${step.mustBe}: ${step.because}`);
      continue;
    }
    if (!step.check(model)) throw new Error(`scenario step ${step.toString()} does not apply to the model`);
    await step.run(model, real);
  }
  return model;
}

export type SubscriptionStep = SubscriptionCommand | { subscription: number; mustBe: string; because: string };

export async function walkSubscriptionScenario(
  ctx: CheckContext,
  steps: readonly SubscriptionStep[],
  setup?: () => { model: SubscriptionModel; real: SubscriptionReal },
): Promise<{ model: SubscriptionModel; real: SubscriptionReal }> {
  const { model, real } = (setup ?? (await subscriptionSetup(ctx)))();
  for (const step of steps) {
    if ('mustBe' in step) {
      const status = model.subscriptions[step.subscription]?.status;
      if (status !== step.mustBe)
        ctx.skip(`the subscription is ${status ?? 'missing'}, not ${step.mustBe}: ${step.because}`);
      continue;
    }
    if (!step.check(model)) throw new Error(`scenario step ${step.toString()} does not apply to the model`);
    await step.run(model, real);
  }
  return { model, real };
}
