// The plans the lifecycle commands create: small, named with the run prefix, and holding every
// patchable attribute, so that a replace always has a target (a replace on a missing member
// must fail, billing.md "JSON Patch body"). A fixture like any other (../setup-bodies.ts).

import type { CheckContext } from '../../../../harness/check.js';
import type { JsonObject } from '../../support/api.js';
import { SETUP_CURRENCY, setupPlanBody } from '../../support/setup-bodies.js';

export const PLAN_CURRENCY = SETUP_CURRENCY;

export function lifecyclePlanBody(ctx: CheckContext, status?: 'CREATED' | 'ACTIVE', extra: JsonObject = {}): JsonObject {
  return setupPlanBody(ctx, { name: `${ctx.settings.runId} lifecycle plan` }, { description: `${ctx.settings.runId} conformance scenario`, ...(status ? { status } : {}), ...extra });
}
