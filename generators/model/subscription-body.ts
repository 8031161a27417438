// The create-subscription body the lifecycle commands send: the plan, a custom_id with the run
// prefix, and the application context with the user action under test.

import type { CheckContext } from '../../harness/check.js';
import type { JsonObject } from './billing-api.js';

export type UserAction = 'SUBSCRIBE_NOW' | 'CONTINUE';

/** `userAction` undefined leaves the member out: the default, SUBSCRIBE_NOW, applies. */
export function lifecycleSubscriptionBody(ctx: CheckContext, planId: string, userAction?: UserAction, extra: JsonObject = {}): JsonObject {
  return {
    plan_id: planId,
    custom_id: `${ctx.settings.runId}-scenario`,
    application_context: {
      return_url: 'https://merchant.example.test/return',
      cancel_url: 'https://merchant.example.test/cancel',
      ...(userAction ? { user_action: userAction } : {}),
    },
    ...extra,
  };
}
