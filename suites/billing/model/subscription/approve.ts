// The subscriber follows an approve link (through the profile's approval driver). After the
// approval of a new subscription, user_action decides: SUBSCRIBE_NOW (the default) means "the
// service activates", so it reads ACTIVE once it has left APPROVAL_PENDING (still pending after
// the wait: the driver failed, an error); with CONTINUE "the merchant controls activation" and
// the status the server shows is recorded. What approving a revision leads to is not shown.

import { approve } from '../../../../harness/approval.js';
import { CheckSetupError } from '../../../../harness/failure.js';
import { brief, noteOnce } from '../../support/api.js';
import { approvalNotTaken, settledStatus } from '../../support/approval.js';
import {
  applies,
  readStatus,
  stateName,
  subscriptionLabel,
  type SubscriptionCommand,
  type SubscriptionModel,
  type SubscriptionReal,
} from './model.js';

export class ApproveCommand implements SubscriptionCommand {
  constructor(readonly index: number) {}

  check(model: Readonly<SubscriptionModel>): boolean {
    if (!applies(model, this.index)) return false;
    const entry = model.subscriptions[this.index];
    // a subscriber approves a new subscription while it awaits approval; a revision at any time
    return entry.approval !== undefined && (entry.approval.from === 'revise' || entry.status === 'APPROVAL_PENDING');
  }

  async run(model: SubscriptionModel, real: SubscriptionReal): Promise<void> {
    const { ctx } = real;
    const entry = model.subscriptions[this.index];
    const approval = entry.approval!;
    const before = entry.status;
    entry.approval = undefined;
    if (approval.from === 'revise') {
      // what a revision's approval leads to, and in which states it is possible, is not shown
      try {
        await approve(ctx, approval.href);
      } catch (error) {
        if (!(error instanceof CheckSetupError)) throw error;
        noteOnce(
          ctx,
          `approving a revision of a subscription in ${stateName(before)} did not succeed: ${error.message}`,
        );
        return;
      }
    } else {
      await approve(ctx, approval.href);
    }

    // a server may activate a while after the consent: wait while a new one is still pending
    const read =
      before === 'APPROVAL_PENDING'
        ? await settledStatus(() => readStatus(real, this.index))
        : await readStatus(real, this.index);
    entry.status = read.status;

    const action = entry.userAction ?? 'SUBSCRIBE_NOW';
    if (approval.from === 'create' && before === 'APPROVAL_PENDING' && action === 'SUBSCRIBE_NOW') {
      // still pending: the approval driver did not approve, which says nothing of the server
      if (read.status === 'APPROVAL_PENDING') throw approvalNotTaken(read.reply);
      if (read.status !== 'ACTIVE') {
        ctx.fail({
          rule: 'billing.application_context.user_action.default',
          message:
            `after approval, a subscription created with user_action ` +
            `${entry.userAction ?? 'absent (default SUBSCRIBE_NOW)'} is not ACTIVE`,
          expected: 'status ACTIVE (SUBSCRIBE_NOW: the service activates)',
          received: `status ${brief(read.status)}`,
          exchanges: [read.reply.exchange],
        });
      }
      // the default shows only where none was sent, once the approval is seen to have activated it
      if (entry.userAction === undefined)
        ctx.credit('billing.application_context.user_action.default', read.reply, 'ACTIVE after approval');
      return;
    }
    noteOnce(
      ctx,
      `approval (${approval.from} link, user_action ${action}) of a subscription in ` +
        `${stateName(before)}: now ${stateName(read.status)}`,
    );
  }

  toString(): string {
    return `approve(${subscriptionLabel(this.index)})`;
  }
}
