// billing.md "Endpoints / Subscriptions" and "Limits": suspend and cancel take {reason: 1..128
// characters, required}; activate takes one, required to reactivate. A reason out of range or
// missing is refused whatever the state. Whether a valid reason is accepted depends on a state
// the spec does not show: an acceptance must be 204, a refusal is recorded.

import { check, type CheckContext } from '../support/check.js';
import { outcomeOf, readSubscription, subscriptionPath } from '../support/api.js';
import { reasonText } from '../model/subscription/reason-action.js';
import { activeSubscriptionToPatch } from './subscription-fixture.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

type Action = 'suspend' | 'cancel' | 'activate';

const RULES: Record<Action, { length: RuleId; required: RuleId; status204: RuleId }> = {
  suspend: {
    length: 'billing.suspend.reason.length',
    required: 'billing.suspend.reason.required',
    status204: 'billing.suspend.status-204',
  },
  cancel: {
    length: 'billing.cancel.reason.length',
    required: 'billing.cancel.reason.required',
    status204: 'billing.cancel.status-204',
  },
  activate: {
    length: 'billing.activate-subscription.reason.length',
    required: 'billing.activate-subscription.reason.required-to-reactivate',
    status204: 'billing.activate-subscription.status-204',
  },
};

/** Sends the out-of-range reasons (refused), then a valid one; returns whether it was accepted. */
async function reasonsOf(
  ctx: CheckContext,
  id: string,
  action: Action,
  validLength: number,
  requiresReason: boolean,
): Promise<boolean> {
  const rules = RULES[action];
  const path = subscriptionPath(id, action);
  const tag = ctx.settings.runId;
  if (requiresReason) {
    ctx.expectRefused(await ctx.billingSend('POST', path, { json: {} }), rules.required, `${action} without a reason`);
  }
  ctx.expectRefused(
    await ctx.billingSend('POST', path, { json: { reason: '' } }),
    rules.length,
    `${action} with an empty reason`,
  );
  ctx.expectRefused(
    await ctx.billingSend('POST', path, { json: { reason: reasonText(tag, `${action} reason`, 129) } }),
    rules.length,
    `${action} with a reason of 129 characters`,
  );
  const reply = await ctx.billingSend('POST', path, {
    json: { reason: reasonText(tag, `${action} reason`, validLength) },
  });
  if (outcomeOf(reply, action) === 'refused') {
    ctx.observe(
      `${action} with a reason of ${validLength} characters was refused (${reply.status}): its ` +
        `source states are not shown`,
    );
    return false;
  }
  ctx.expectStatus(reply, 204, rules.status204, `${action} with a reason of ${validLength} characters`);
  return true;
}

check(
  {
    name:
      'suspend, activate and cancel: reasons of 1 and 128 characters are taken, none, empty or ' +
      '129 characters refused',
    rules: [
      'billing.suspend.reason.length',
      'billing.suspend.reason.required',
      'billing.activate-subscription.reason.length',
      'billing.activate-subscription.reason.required-to-reactivate',
      'billing.cancel.reason.length',
      'billing.cancel.reason.required',
      'billing.suspend.status-204',
      'billing.activate-subscription.status-204',
      'billing.cancel.status-204',
    ],
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    const suspended = await reasonsOf(ctx, id, 'suspend', 128, true);
    const status = (await readSubscription(ctx, id)).doc.status;
    // "required to reactivate": the missing reason is judged only on a SUSPENDED subscription
    await reasonsOf(ctx, id, 'activate', 1, suspended && status === 'SUSPENDED');
    await reasonsOf(ctx, id, 'cancel', 1, true);
  },
);
