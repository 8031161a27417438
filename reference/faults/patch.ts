// Update plan and update subscription: JSON Patch operations, paths, policies and what a patch leaves.
// One entry a fault: its name, the rule it breaks (its kind is the rule's), what it does, and
// where it plugs in (faults/points.ts).

import {
  applyPatch,
  jsonEqual,
  looseEqual,
  parsePointer,
  PatchConflict,
  PATCH_OPS,
  type PatchOperation,
} from '../billing/json-patch.js';
import type { Plan, Subscription } from '../billing/model.js';
import { planDocument } from '../billing/plan-patch.js';
import { isObject, type Json, type JsonObject } from '../http/json.js';
import { ignoresPatchesOf } from './patch-ignored.js';
import { skipsCheckOf, type FaultPlugin, type Plugs } from './plugin.js';

/** A patch operation skipped (answered 204, nothing done) when `when` holds. */
const skipsOperationWhen = (when: (operation: JsonObject) => boolean): Plugs => ({
  'patch operation': (operation) => (operation && when(operation) ? undefined : operation),
});

const movesOrCopies = (operation: JsonObject): boolean => operation.op === 'move' || operation.op === 'copy';

/** A replace inside billing_cycles applied to the plan before the policy refuses it. */
function applyCycleReplaces(plan: Plan, operations: readonly PatchOperation[]): undefined {
  const cycles = operations.filter(
    (operation) => operation.op === 'replace' && operation.path.startsWith('/billing_cycles/'),
  );
  if (cycles.length === 0) return undefined;
  try {
    const patched = applyPatch(planDocument(plan), cycles, { equal: jsonEqual });
    if (isObject(patched) && Array.isArray(patched.billing_cycles))
      plan.billing_cycles = patched.billing_cycles as unknown as Plan['billing_cycles'];
  } catch (error) {
    // a replace that cannot apply leaves the plan as it was; the policy refuses it all the same
    if (!(error instanceof PatchConflict)) throw error;
  }
  return undefined;
}

/** A refused replace of the payment source with a card of 20 digits, put on file all the same. */
function keepRefusedCard(subscription: Subscription, patched: Json): undefined {
  const source = isObject(patched) && isObject(patched.subscriber) ? patched.subscriber.payment_source : undefined;
  const card = isObject(source) ? source.card : undefined;
  if (
    !isObject(card) ||
    typeof card.number !== 'string' ||
    card.number.length !== 20 ||
    typeof card.expiry !== 'string'
  )
    return undefined;
  const subscriber = isObject(subscription.subscriber) ? subscription.subscriber : {};
  subscription.subscriber = {
    ...subscriber,
    payment_source: { card: { last_digits: card.number.slice(-4), expiry: card.expiry } },
  };
  return undefined;
}

export const PATCH_FAULTS = [
  {
    name: 'inactive-plan-name-patch',
    rule: 'billing.update-plan.inactive-status-only',
    description: 'An INACTIVE plan accepts a replace of /name.',
    at: {
      'plan patch policy': (allowed, { plan, patchable }) =>
        plan.status === 'INACTIVE' ? { ...patchable, ...allowed } : allowed,
    },
  },
  {
    name: 'plan-patch-nonpatchable-accepted',
    rule: 'billing.update-plan.other-paths-refused',
    description:
      'A replace on a plan path that is not listed as patchable (for example /quantity_supported) ' + 'answers 204.',
    at: {
      'plan patch operation checked': (checked, { operation }) => checked && operation.op !== 'replace',
      'plan patched': (_, { plan, patched }) => {
        if (typeof patched.quantity_supported === 'boolean') plan.quantity_supported = patched.quantity_supported;
        return undefined;
      },
    },
  },
  {
    name: 'plan-patch-add-accepted',
    rule: 'billing.update-plan.replace-only',
    description: 'An add operation on a patchable plan attribute is accepted.',
    at: {
      'plan patch policy': (allowed, { plan }) =>
        plan.status === 'INACTIVE'
          ? allowed
          : Object.fromEntries(Object.keys(allowed).map((path) => [path, ['replace', 'add']])),
    },
  },
  {
    name: 'patch-sequence-selector-ignored',
    rule: 'billing.update-subscription.patch.plan.billing_cycles.total_cycles',
    description: 'The @sequence==n selector always addresses the first billing cycle.',
    at: { 'patch cycle selected': (_, { count }) => (count > 0 ? 0 : -1) },
  },
  {
    name: 'patch-test-loose',
    rule: 'billing.patch.test-equality',
    description: 'The test operation compares loosely: the string "5" equals the number 5.',
    at: { 'patch semantics': (options) => ({ ...options, equal: looseEqual }) },
  },
  {
    name: 'patch-test-member-order',
    rule: 'billing.patch.test-equality',
    description:
      'A patch test compares values by their JSON text: an object with the same members written in another ' +
      'order fails the test.',
    at: {
      'patch semantics': (options) => ({ ...options, equal: (a, b) => JSON.stringify(a) === JSON.stringify(b) }),
    },
  },
  {
    name: 'patch-replace-missing-accepted',
    rule: 'billing.patch.replace-target-exists',
    description: 'A replace on a member that does not exist adds it instead of failing.',
    at: { 'patch semantics': (options) => ({ ...options, replaceMissingAdds: true }) },
  },
  {
    name: 'patch-completed-cycle-accepted',
    rule: 'billing.update-subscription.completed-cycles-refused',
    description: 'Attributes of an already completed billing cycle can be replaced.',
    at: skipsCheckOf('billing.update-subscription.completed-cycles-refused'),
  },
  {
    name: 'payment-source-replace-refused',
    rule: 'billing.update-subscription.patch.subscriber.payment_source',
    description: 'A replace of /subscriber/payment_source is refused, also on a card-funded subscription.',
    at: { 'subscription patch operations': (ops, { path }) => (path === '/subscriber/payment_source' ? [] : ops) },
  },
  {
    name: 'subscription-patch-remove-accepted',
    rule: 'billing.update-subscription.ops-per-path',
    description: 'A remove of /custom_id on a subscription is accepted although only add and replace are listed.',
    at: {
      'subscription patch operations': (ops, { path }) => (path === '/custom_id' && ops ? [...ops, 'remove'] : ops),
    },
  },
  {
    name: 'plan-patch-refused-cycle-applied',
    rule: 'billing.update-plan.other-paths-refused',
    description:
      'A replace inside billing_cycles of a plan (/billing_cycles/0/total_cycles, not patchable) is ' +
      'refused with 400, yet applied.',
    at: { 'plan patch checked': (_, { plan, operations }) => applyCycleReplaces(plan, operations) },
  },
  {
    name: 'update-plan-description-unchecked',
    rule: 'billing.plan.description.length',
    description: 'Update plan does not check the length of description: a replace with 128 characters is applied.',
    at: { 'patched plan description': (read, { value }) => (typeof value === 'string' ? () => value : read) },
  },
  {
    name: 'update-subscription-custom-id-unchecked',
    rule: 'billing.subscription.custom_id.length',
    description: 'Update subscription does not check the length of custom_id: an add of 128 characters is applied.',
    // its length only: a custom_id of other than printable ASCII is still refused (the pattern's rule)
    at: {
      'patched custom_id': (read, { value }) =>
        typeof value === 'string' && /^[\x20-\x7e]+$/.test(value) ? () => value : read,
    },
  },
  {
    name: 'patch-remove-missing-ignored',
    rule: 'billing.patch.remove-target-exists',
    description: 'A remove whose target does not exist is skipped and the patch answers 204.',
    at: { 'patch targets missing skipped': (skip) => ({ ...skip, remove: true }) },
  },
  {
    name: 'patch-move-missing-ignored',
    rule: 'billing.patch.move-from-exists',
    description: 'A move whose from does not exist is skipped and the patch answers 204.',
    at: { 'patch targets missing skipped': (skip) => ({ ...skip, move: true }) },
  },
  {
    name: 'patch-copy-missing-ignored',
    rule: 'billing.patch.copy-from-exists',
    description: 'A copy whose from does not exist is skipped and the patch answers 204.',
    at: { 'patch targets missing skipped': (skip) => ({ ...skip, copy: true }) },
  },
  {
    name: 'patch-value-optional',
    rule: 'billing.patch.value.required',
    description: 'An add, replace or test without value is skipped and the patch answers 204.',
    at: skipsOperationWhen(
      (operation) =>
        typeof operation.op === 'string' &&
        ['add', 'replace', 'test'].includes(operation.op) &&
        !('value' in operation),
    ),
  },
  {
    name: 'patch-from-optional',
    rule: 'billing.patch.from.required',
    description: 'A move or copy without from is skipped and the patch answers 204.',
    at: skipsOperationWhen((operation) => movesOrCopies(operation) && operation.from === undefined),
  },
  {
    name: 'patch-unknown-op-ignored',
    rule: 'billing.patch.op.enum',
    description:
      'An operation with an op outside add, remove, replace, move, copy, test is skipped and the patch ' +
      'answers 204.',
    at: skipsOperationWhen(
      (operation) => typeof operation.op === 'string' && !(PATCH_OPS as readonly string[]).includes(operation.op),
    ),
  },
  {
    name: 'patch-path-not-pointer-accepted',
    rule: 'billing.patch.path.pattern',
    description: 'A patch path without the leading slash (name) is read as the JSON Pointer /name.',
    at: {
      'patch operation': (operation) =>
        operation && typeof operation.path === 'string' && /^[a-z]/.test(operation.path)
          ? { ...operation, path: `/${operation.path}` }
          : operation,
    },
  },
  {
    name: 'card-refused-replace-kept',
    rule: 'billing.card.number.length',
    description:
      'A replace of subscriber.payment_source with a card of 20 digits is refused (400), yet the new ' +
      'card is put on file.',
    at: { 'subscription patch refused': (_, { subscription, patched }) => keepRefusedCard(subscription, patched) },
  },
  {
    name: 'plan-patch-activates-created',
    rule: 'billing.update-plan.status-unchanged',
    description: 'An update of a CREATED plan answers 204 and leaves the plan ACTIVE.',
    at: { 'patched plan status': (status) => (status === 'CREATED' ? 'ACTIVE' : status) },
  },
  {
    name: 'subscription-patch-suspends',
    rule: 'billing.update-subscription.status-unchanged',
    description: 'An update of an ACTIVE subscription answers 204 and leaves it SUSPENDED.',
    at: { 'patched subscription status': (status) => (status === 'ACTIVE' ? 'SUSPENDED' : status) },
  },
  {
    name: 'patch-add-existing-kept',
    rule: 'billing.patch.add-replaces-member',
    description:
      'An add on a subscription member that exists answers 204 and keeps the old value (a replace of it ' +
      'is applied).',
    at: { 'patch semantics': (options) => ({ ...options, addKeepsExisting: true }) },
  },
  {
    name: 'update-plan-ignores-setup-fee-failure-action',
    rule: 'billing.update-plan.replace.payment_preferences.setup_fee_failure_action',
    description:
      'Update plan answers 204 to a replace of /payment_preferences/setup_fee_failure_action and keeps ' +
      'the old value.',
    at: ignoresPatchesOf('plan', '/payment_preferences/setup_fee_failure_action'),
  },
  {
    name: 'subscription-patch-quantity-accepted',
    rule: 'billing.update-subscription.other-paths-refused',
    description: 'A replace of /quantity (not a patchable field) on a subscription answers 204 and is applied.',
    at: {
      'subscription patch read': (operations, { subscription, after }) => {
        const quantity = operations.find(
          (operation) =>
            operation.op === 'replace' && operation.path === '/quantity' && typeof operation.value === 'string',
        );
        if (!quantity) return operations;
        after(() => {
          subscription.quantity = String(quantity.value);
        });
        return operations.filter((operation) => operation !== quantity);
      },
    },
  },
  {
    name: 'patch-from-number-skipped',
    rule: 'billing.patch.from.type',
    description: 'A move or copy whose from is not a string is skipped and the patch answers 204.',
    at: skipsOperationWhen(
      (operation) => movesOrCopies(operation) && operation.from !== undefined && typeof operation.from !== 'string',
    ),
  },
  {
    name: 'patch-from-not-pointer-skipped',
    rule: 'billing.patch.from.pattern',
    description: 'A move or copy whose from is not a JSON Pointer is skipped and the patch answers 204.',
    at: skipsOperationWhen(
      (operation) =>
        movesOrCopies(operation) && typeof operation.from === 'string' && parsePointer(operation.from) === undefined,
    ),
  },
  {
    name: 'patch-start-time-65-accepted',
    rule: 'billing.date_time.length',
    description: 'Update subscription takes a replace of start_time with 65 characters (create keeps to 20..64).',
    at: { 'patched start_time max': () => 65 },
  },
  {
    name: 'patch-custom-id-127-refused',
    rule: 'billing.subscription.custom_id.length',
    description:
      'Update subscription refuses an add or replace of custom_id with 127 characters (limit applied as ' +
      '126; create keeps to 1..127).',
    at: { 'patched custom_id max': () => 126 },
  },
] as const satisfies readonly FaultPlugin[];
