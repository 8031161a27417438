import { applies, subscriptionLabel, type SubscriptionCommand, type SubscriptionModel, type SubscriptionReal } from './model.js';
import { reasonText, runReasonAction } from './reason-action.js';

/** Cancel subscription with a reason of `reasonLength` characters, from whatever state it is in. */
export class CancelSubscriptionCommand implements SubscriptionCommand {
  constructor(
    readonly index: number,
    readonly reasonLength: number,
  ) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    return applies(model, this.index);
  }

  run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const reason = reasonText(real.ctx.settings.runId, 'cancel in a lifecycle scenario', this.reasonLength);
    return runReasonAction(model, real, this.index, reason, { action: 'cancel', status204Rule: 'billing.cancel.status-204' });
  }

  toString(): string {
    return `cancel(${subscriptionLabel(this.index)}, reason of ${this.reasonLength} characters)`;
  }
}
