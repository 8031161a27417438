import { applies, subscriptionLabel, type SubscriptionCommand, type SubscriptionModel, type SubscriptionReal } from './model.js';
import { reasonText, runReasonAction } from './reason-action.js';

/** Activate (reactivate) subscription with a reason of `reasonLength` characters, from whatever state it is in. */
export class ActivateSubscriptionCommand implements SubscriptionCommand {
  constructor(
    readonly index: number,
    readonly reasonLength: number,
  ) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    return applies(model, this.index);
  }

  run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const reason = reasonText(real.ctx.settings.runId, 'activate in a lifecycle scenario', this.reasonLength);
    return runReasonAction(model, real, this.index, reason, { action: 'activate', status204Rule: 'billing.activate-subscription.status-204' });
  }

  toString(): string {
    return `activate(${subscriptionLabel(this.index)}, reason of ${this.reasonLength} characters)`;
  }
}
