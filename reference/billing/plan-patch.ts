// Update plan: replace only, on the listed attributes; an INACTIVE plan accepts status updates only.

import type { RequestContext } from '../http/context.js';
import { invalidRequest, unprocessable } from '../http/errors.js';
import { Validator, isObject, type Json, type JsonObject } from '../http/validator.js';
import { applyPatch, jsonEqual, looseEqual, PatchConflict, readPatch, withoutMissing, type PatchOperation } from './json-patch.js';
import type { Plan, PlanStatus } from './model.js';
import { timestamp } from '../time.js';
import { patchIgnored } from '../faults/patch-ignored.js';
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
  const faults = ctx.behaviour;
  if (plan.status === 'INACTIVE') {
    return faults.fault('inactive-plan-name-patch') ? { ...PATCHABLE, ...INACTIVE_PATCHABLE } : INACTIVE_PATCHABLE;
  }
  if (faults.fault('plan-patch-add-accepted')) {
    return Object.fromEntries(Object.keys(PATCHABLE).map((path) => [path, ['replace', 'add']]));
  }
  return PATCHABLE;
}

/** Refuses any operation the policy does not list; `test` reads only, so it may address any member. */
function checkPolicy(plan: Plan, operations: PatchOperation[], ctx: RequestContext): void {
  const allowed = allowedFor(plan, ctx);
  operations.forEach((operation, index) => {
    if (operation.op === 'test') return;
    if (ctx.behaviour.fault('plan-patch-nonpatchable-accepted') && operation.op === 'replace') return;
    const ops = allowed[operation.path];
    if (!ops && plan.status === 'INACTIVE' && PATCHABLE[operation.path]) {
      throw unprocessable(`/${index}/path`, 'PLAN_STATUS_INVALID', `An INACTIVE plan accepts status updates only; ${operation.path} cannot be changed.`);
    }
    if (!ops) throw invalidRequest(`/${index}/path`, 'PATCH_PATH_NOT_SUPPORTED', `${operation.path} cannot be patched on a plan.`);
    if (!ops.includes(operation.op)) {
      throw invalidRequest(`/${index}/op`, 'PATCH_OPERATION_NOT_SUPPORTED', `${operation.op} is not supported on ${operation.path}; allowed: ${ops.join(', ')}.`);
    }
  });
}

function planDocument(plan: Plan): JsonObject {
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

/** The fault update-plan-ignores-setup-fee-failure-action: that replace answers 204 and changes nothing. */
function ignoredSetupFeeFailureAction(operation: PatchOperation, ctx: RequestContext): boolean {
  return operation.path === '/payment_preferences/setup_fee_failure_action' && ctx.behaviour.fault('update-plan-ignores-setup-fee-failure-action');
}

/** The fault plan-patch-refused-cycle-applied: a replace inside billing_cycles is refused (400) by the policy, yet applied first. */
function applyCycleReplaces(plan: Plan, operations: readonly PatchOperation[]): void {
  const cycles = operations.filter((operation) => operation.op === 'replace' && operation.path.startsWith('/billing_cycles/'));
  if (cycles.length === 0) return;
  try {
    const patched = applyPatch(planDocument(plan), cycles, { equal: jsonEqual });
    if (isObject(patched) && Array.isArray(patched.billing_cycles)) plan.billing_cycles = patched.billing_cycles as unknown as Plan['billing_cycles'];
  } catch (error) {
    // a replace that cannot apply leaves the plan as it was; the policy refuses it all the same
    if (!(error instanceof PatchConflict)) throw error;
  }
}

/** Applies the patch to a copy, checks the result, then writes it back; nothing changes on failure. */
export function patchPlan(plan: Plan, body: Json | undefined, ctx: RequestContext): void {
  const v = new Validator(ctx.behaviour);
  const operations = withoutMissing(planDocument(plan), readPatch(v, body), { remove: ctx.behaviour.fault('patch-remove-missing-ignored'), move: ctx.behaviour.fault('patch-move-missing-ignored'), copy: ctx.behaviour.fault('patch-copy-missing-ignored') });
  v.done();
  if (ctx.behaviour.fault('plan-patch-refused-cycle-applied')) applyCycleReplaces(plan, operations);
  checkPolicy(plan, operations, ctx);
  // A patch-ignored fault answers as usual but leaves its attribute as it was.
  const applied = operations.filter((operation) => operation.op === 'test' || !(patchIgnored('plan', operation.path, (name) => ctx.behaviour.has(name)) || ignoredSetupFeeFailureAction(operation, ctx)));
  let patched: Json;
  try {
    patched = applyPatch(planDocument(plan), applied, {
      equal: ctx.behaviour.fault('patch-test-loose') ? looseEqual : jsonEqual,
      replaceMissingAdds: ctx.behaviour.fault('patch-replace-missing-accepted'),
    });
  } catch (error) {
    if (error instanceof PatchConflict) throw unprocessable(error.pointer, error.issue, error.message);
    throw error;
  }
  if (!isObject(patched)) throw invalidRequest('body', 'PATCH_RESULT_INVALID', 'The patch must leave the plan an object.');
  const check = new Validator(ctx.behaviour);
  check.require('/name', patched.name);
  const name = readPlanName(check, '/name', patched.name);
  const description = ctx.behaviour.fault('update-plan-description-unchecked') && typeof patched.description === 'string'
    ? patched.description
    : readDescription(check, '/description', patched.description);
  check.require('/payment_preferences', patched.payment_preferences);
  const prefs = readPaymentPreferences(check, '/payment_preferences', patched.payment_preferences);
  const taxes = readTaxes(check, '/taxes', patched.taxes);
  const status = check.string('/status', patched.status, { values: plan.status === 'INACTIVE' ? ['ACTIVE', 'INACTIVE'] : [plan.status] }) as PlanStatus | undefined;
  check.done();
  if (name === undefined || !prefs || !status) return;
  const changed = !jsonEqual(planDocument(plan), patched);
  plan.name = name;
  if (description !== undefined) plan.description = description;
  plan.payment_preferences = prefs;
  if (taxes) plan.taxes = taxes;
  // fault plan-patch-activates-created: the update also activates a CREATED plan
  plan.status = status === 'CREATED' && ctx.behaviour.fault('plan-patch-activates-created') ? 'ACTIVE' : status;
  if (ctx.behaviour.fault('plan-patch-nonpatchable-accepted') && typeof patched.quantity_supported === 'boolean') {
    plan.quantity_supported = patched.quantity_supported;
  }
  if (changed) plan.update_time = timestamp(ctx.now());
}
