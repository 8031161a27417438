// Every plan operation as a command, for fc.commands: create (CREATED, ACTIVE or the default),
// activate, deactivate, replace a patchable attribute, a status update of an INACTIVE plan,
// update pricing, and create a subscription on the plan. Commands that the current state must
// refuse are generated like the others: the model says which answer each state calls for.

import fc from 'fast-check';
import { decimalAmount } from '../../../../generators/billing/money.js';
import type { UserAction } from '../../support/setup-bodies.js';
import { ActivatePlanCommand } from './activate-plan.js';
import { CreatePlanCommand } from './create-plan.js';
import { DeactivatePlanCommand } from './deactivate-plan.js';
import { MAX_PLANS, type PlanCommand } from './model.js';
import { PATCHABLE_PLAN_ATTRIBUTES } from './patchable.js';
import { ReplacePlanAttributeCommand } from './replace-attribute.js';
import { SubscribeCommand } from './subscribe.js';
import { UpdateInactivePlanStatusCommand } from './update-inactive-status.js';
import { UpdatePricingCommand } from './update-pricing.js';

export interface PlanCommandOptions {
  /** The run prefix every name written starts with. */
  tag: string;
  maxCommands: number;
}

const planIndex = fc.integer({ min: 0, max: MAX_PLANS - 1 });
const createStatus = fc.constantFrom<'CREATED' | 'ACTIVE' | undefined>('CREATED', 'ACTIVE', undefined);
const userAction = fc.constantFrom<UserAction | undefined>(undefined, 'SUBSCRIBE_NOW', 'CONTINUE');

export function planCommandArbitraries(tag: string): fc.Arbitrary<PlanCommand>[] {
  const create = createStatus.map((status) => new CreatePlanCommand(status));
  return [
    // nothing else applies before the first plan exists: create is drawn more often
    create,
    create,
    create,
    planIndex.map((i) => new ActivatePlanCommand(i)),
    planIndex.map((i) => new DeactivatePlanCommand(i)),
    fc
      .tuple(planIndex, fc.constantFrom(...PATCHABLE_PLAN_ATTRIBUTES))
      .chain(([i, attribute]) =>
        attribute.values(tag).map((value) => new ReplacePlanAttributeCommand(i, attribute, value)),
      ),
    fc
      .tuple(planIndex, fc.constantFrom<'ACTIVE' | 'INACTIVE'>('ACTIVE', 'INACTIVE'))
      .map(([i, s]) => new UpdateInactivePlanStatusCommand(i, s)),
    fc.tuple(planIndex, decimalAmount({ min: 1, max: 500 })).map(([i, price]) => new UpdatePricingCommand(i, price)),
    fc.tuple(planIndex, userAction).map(([i, action]) => new SubscribeCommand(i, action)),
    fc.tuple(planIndex, userAction).map(([i, action]) => new SubscribeCommand(i, action)),
  ];
}

export function planCommands(options: PlanCommandOptions): fc.Arbitrary<Iterable<PlanCommand>> {
  return fc.commands(planCommandArbitraries(options.tag), { maxCommands: options.maxCommands });
}
