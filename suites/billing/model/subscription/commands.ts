// Every subscription operation as a command, for fc.commands: create (with each user_action),
// approve, suspend, activate, cancel (reasons of 1..128 characters), capture, revise, and
// update of custom_id. Each applies in any state; the model says which answer a state calls for.

import fc from 'fast-check';
import { decimalAmount } from '../../../../generators/billing/money.js';
import { customId } from '../../../../generators/billing/subscription.js';
import { lengthBetween } from '../../../../generators/text.js';
import type { UserAction } from '../../support/setup-bodies.js';
import { ApproveCommand } from './approve.js';
import { CaptureCommand } from './capture.js';
import { CreateSubscriptionCommand } from './create-subscription.js';
import { MAX_SUBSCRIPTIONS, type SubscriptionCommand } from './model.js';
import { ACTIVATE, CANCEL, ReasonActionCommand, SUSPEND } from './reason-action.js';
import { ReviseCommand } from './revise.js';
import { UpdateCustomIdCommand } from './update-custom-id.js';

export interface SubscriptionCommandOptions {
  /** The run prefix every custom_id written starts with. */
  tag: string;
  maxCommands: number;
}

const index = fc.integer({ min: 0, max: MAX_SUBSCRIPTIONS - 1 });
const reasonLength = lengthBetween(1, 128);
const userAction = fc.constantFrom<UserAction | undefined>(undefined, 'SUBSCRIBE_NOW', 'CONTINUE');

export function subscriptionCommandArbitraries(tag: string): fc.Arbitrary<SubscriptionCommand>[] {
  const approve = index.map((i) => new ApproveCommand(i));
  return [
    userAction.map((action) => new CreateSubscriptionCommand(action)),
    userAction.map((action) => new CreateSubscriptionCommand(action)),
    // most transitions need an approved subscription: approval is drawn more often
    approve,
    approve,
    ...[SUSPEND, ACTIVATE, CANCEL].map((spec) =>
      fc.tuple(index, reasonLength).map(([i, n]) => new ReasonActionCommand(spec, i, n)),
    ),
    fc.tuple(index, decimalAmount({ min: 1, max: 20 })).map(([i, amount]) => new CaptureCommand(i, amount)),
    index.map((i) => new ReviseCommand(i)),
    fc
      .tuple(index, fc.constantFrom<'add' | 'replace'>('add', 'replace'), customId(tag))
      .map(([i, op, value]) => new UpdateCustomIdCommand(i, op, value)),
  ];
}

export function subscriptionCommands(options: SubscriptionCommandOptions): fc.Arbitrary<Iterable<SubscriptionCommand>> {
  return fc.commands(subscriptionCommandArbitraries(options.tag), { maxCommands: options.maxCommands });
}
