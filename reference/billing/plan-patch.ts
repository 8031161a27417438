// Update plan: replace only, on the listed attributes; an INACTIVE plan accepts status updates only.

import type { RequestContext } from '../http/context.js';
import { invalidRequest, unprocessable } from '../http/errors.js';
import { isObject, type Json, type JsonObject } from '../http/json.js';
import { Validator } from '../http/validator.js';
import {
  applyPatch,
  jsonEqual,
  NOTHING_SKIPPED,
  PatchConflict,
  withoutMissing,
  type PatchOperation,
} from './json-patch.js';
import { readPatch } from './patch-input.js';
import type { Plan, PlanStatus } from './model.js';
import { timestamp } from '../time.js';
import { readDescription, readPaymentPreferences, readPlanName, readTaxes } from './plan-input.js';

const PATCHABLE: Record<string, readonly string[]> = {
  '/description': ['replace'],
  '/name': ['replace'],
  '/payment_preferences/auto_bill_outstanding': ['replace'],
  '/payment_preferences/payment_failure_threshold': ['replace'],
  '/payment_preferences/setup_fee': ['replace'],
  '/payment_preferences/setup_fee_failure_action': ['replace'],
  '/taxes/percentage': ['replace'],
};

const INACTIVE_PATCHABLE: Record<string, readonly string[]> = { '/status': ['replace'] };

function allowedFor(plan: Plan, ctx: RequestContext): Record<string, readonly string[]> {
  return ctx.behaviour.accepted('plan patch policy', plan.status === 'INACTIVE' ? INACTIVE_PATCHABLE : PATCHABLE, {
    plan,
    patchable: PATCHABLE,
  });
}

/** Refuses any operation the policy does not list; `test` reads only, so it may address any member. */
function checkPolicy(plan: Plan, operations: PatchOperation[], ctx: RequestContext): void {
  const allowed = allowedFor(plan, ctx);
  operations.forEach((operation, index) => {
    if (operation.op === 'test') return;
    if (!ctx.behaviour.accepted('plan patch operation checked', true, { operation })) return;
    const ops = allowed[operation.path];
    if (!ops && plan.status === 'INACTIVE' && PATCHABLE[operation.path]) {
      throw unprocessable(
        `/${index}/path`,
        'PLAN_STATUS_INVALID',
        `An INACTIVE plan accepts status updates only; ${operation.path} cannot be changed.`,
      );
    }
    if (!ops)
      throw invalidRequest(
        `/${index}/path`,
        'PATCH_PATH_NOT_SUPPORTED',
        `${operation.path} cannot be patched on a plan.`,
      );
    if (!ops.includes(operation.op)) {
      throw invalidRequest(
        `/${index}/op`,
        'PATCH_OPERATION_NOT_SUPPORTED',
        `${operation.op} is not supported on ${operation.path}; allowed: ${ops.join(', ')}.`,
      );
    }
  });
}

export function planDocument(plan: Plan): JsonObject {
  return structuredClone({
    id: plan.id,
    product_id: plan.product_id,
    name: plan.name,
    status: plan.status,
    ...(plan.description !== undefined ? { description: plan.description } : {}),
    billing_cycles: plan.billing_cycles,
    quantity_supported: plan.quantity_supported,
    payment_preferences: plan.payment_preferences,
    ...(plan.taxes ? { taxes: plan.taxes } : {}),
  }) as unknown as JsonObject;
}

/** Applies the patch to a copy, checks the result, then writes it back; nothing changes on failure. */
export function patchPlan(plan: Plan, body: Json | undefined, ctx: RequestContext): void {
  const v = new Validator(ctx.behaviour);
  const operations = withoutMissing(
    planDocument(plan),
    readPatch(v, body),
    ctx.behaviour.accepted('patch targets missing skipped', NOTHING_SKIPPED),
  );
  v.done();
  ctx.behaviour.changed('plan patch checked', undefined, { plan, operations });
  checkPolicy(plan, operations, ctx);
  const applied = operations.filter(
    (operation) =>
      operation.op === 'test' ||
      ctx.behaviour.changed('patch operation applied', true, { resource: 'plan', path: operation.path }),
  );
  let patched: Json;
  try {
    patched = applyPatch(planDocument(plan), applied, ctx.behaviour.accepted('patch semantics', { equal: jsonEqual }));
  } catch (error) {
    if (error instanceof PatchConflict) throw unprocessable(error.pointer, error.issue, error.message);
    throw error;
  }
  if (!isObject(patched))
    throw invalidRequest('body', 'PATCH_RESULT_INVALID', 'The patch must leave the plan an object.');
  const check = new Validator(ctx.behaviour);
  check.require('/name', patched.name);
  const name = readPlanName(check, '/name', patched.name);
  const readPatchedDescription = () => readDescription(check, '/description', patched.description);
  const description = ctx.behaviour.accepted('patched plan description', readPatchedDescription, {
    value: patched.description,
  })();
  check.require('/payment_preferences', patched.payment_preferences);
  const prefs = readPaymentPreferences(check, '/payment_preferences', patched.payment_preferences);
  const taxes = readTaxes(check, '/taxes', patched.taxes);
  const status = check.string('/status', patched.status, {
    values: plan.status === 'INACTIVE' ? ['ACTIVE', 'INACTIVE'] : [plan.status],
  }) as PlanStatus | undefined;
  check.done();
  if (name === undefined || !prefs || !status) return;
  const changed = !jsonEqual(planDocument(plan), patched);
  plan.name = name;
  if (description !== undefined) plan.description = description;
  plan.payment_preferences = prefs;
  if (taxes) plan.taxes = taxes;
  plan.status = ctx.behaviour.changed('patched plan status', status);
  ctx.behaviour.changed('plan patched', undefined, { plan, patched });
  if (changed) plan.update_time = timestamp(ctx.now());
}
