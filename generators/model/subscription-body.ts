// The create-subscription body the lifecycle commands send: a fixture (../setup-bodies.ts) with
// a custom_id of its own and the user action under test.

import type { CheckContext } from '../../harness/check.js';
import type { JsonObject } from '../../suites/billing/support/api.js';
import { setupSubscriptionBody } from '../../suites/billing/support/setup-bodies.js';

export type UserAction = 'SUBSCRIBE_NOW' | 'CONTINUE';

/** `userAction` undefined leaves the member out: the default, SUBSCRIBE_NOW, applies. */
export function lifecycleSubscriptionBody(ctx: CheckContext, planId: string, userAction?: UserAction, extra: JsonObject = {}): JsonObject {
  return setupSubscriptionBody(ctx, planId, { customId: `${ctx.settings.runId}-scenario`, ...(userAction ? { userAction } : {}) }, extra);
}
