// billing.md: "JSON Patch body (plan and subscription)", the patchable plan attributes
// ("Plans") and the patchable subscription fields ("Subscriptions").

import { pointerOf } from '../json-pointer.js';
import type { Rule } from '../rule.js';
import { asRuleId, type RuleId } from './rule-ids.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { anchor, fieldRules, fields, must, should } from './define.js';

const PATCH = anchor('billing.md', 'JSON Patch body (plan and subscription)', [S.patchDocument, S.updatePlanRequest, S.updateSubscriptionRequest]);
const PLANS = anchor('billing.md', 'Plans', [S.updatePlanRequest]);
const SUBS = anchor('billing.md', 'Subscriptions', [S.updateSubscriptionRequest]);

export const JSON_POINTER_REGEX = '^(/([^~/]|~[01])*)*$';
export const PATCH_OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;
export type PatchOp = (typeof PATCH_OPS)[number];

export const PATCH_FIELDS = fields({
  document: { id: 'billing.patch.document', label: 'A JSON Patch body', type: 'array' },
  operation: { id: 'billing.patch.operation', label: 'A JSON Patch operation', type: 'object' },
  op: { id: 'billing.patch.op', label: 'Patch op', type: 'string', enum: PATCH_OPS, required: 'in every operation' },
  path: { id: 'billing.patch.path', label: 'Patch path', type: 'string', pattern: { regex: JSON_POINTER_REGEX, says: 'is a JSON Pointer' } },
  from: { id: 'billing.patch.from', label: 'Patch from', type: 'string', pattern: { regex: JSON_POINTER_REGEX, says: 'is a JSON Pointer' } },
});

/** Patchable plan attributes; the operation is replace only. */
export const PLAN_PATCH_PATHS = [
  'description',
  'name',
  'payment_preferences.auto_bill_outstanding',
  'payment_preferences.payment_failure_threshold',
  'payment_preferences.setup_fee',
  'payment_preferences.setup_fee_failure_action',
  'taxes.percentage',
] as const;
export type PlanPatchMember = (typeof PLAN_PATCH_PATHS)[number];

/** A patchable plan attribute as a patch names it: its JSON Pointer. */
export function planPatchPointer(member: PlanPatchMember): string {
  return pointerOf(member.split('.'));
}

/** Patchable subscription fields: rule-id suffix, JSON Pointer pattern, operations. */
export const SUBSCRIPTION_PATCH_PATHS = [
  { key: 'billing_info.outstanding_balance', pointer: '/billing_info/outstanding_balance', ops: ['replace'] },
  { key: 'custom_id', pointer: '/custom_id', ops: ['add', 'replace'] },
  { key: 'plan.billing_cycles.pricing_scheme.fixed_price', pointer: '/plan/billing_cycles/@sequence==[0-9]+/pricing_scheme/fixed_price', ops: ['add', 'replace'] },
  { key: 'plan.billing_cycles.pricing_scheme.tiers', pointer: '/plan/billing_cycles/@sequence==[0-9]+/pricing_scheme/tiers', ops: ['replace'] },
  { key: 'plan.billing_cycles.total_cycles', pointer: '/plan/billing_cycles/@sequence==[0-9]+/total_cycles', ops: ['replace'] },
  { key: 'plan.payment_preferences.auto_bill_outstanding', pointer: '/plan/payment_preferences/auto_bill_outstanding', ops: ['replace'] },
  { key: 'plan.payment_preferences.payment_failure_threshold', pointer: '/plan/payment_preferences/payment_failure_threshold', ops: ['replace'] },
  { key: 'plan.taxes.inclusive', pointer: '/plan/taxes/inclusive', ops: ['add', 'replace'] },
  { key: 'plan.taxes.percentage', pointer: '/plan/taxes/percentage', ops: ['add', 'replace'] },
  { key: 'shipping_amount', pointer: '/shipping_amount', ops: ['add', 'replace'] },
  { key: 'start_time', pointer: '/start_time', ops: ['replace'] },
  { key: 'subscriber.shipping_address', pointer: '/subscriber/shipping_address', ops: ['add', 'replace'] },
  { key: 'subscriber.payment_source', pointer: '/subscriber/payment_source', ops: ['replace'] },
] as const satisfies ReadonlyArray<{ key: string; pointer: string; ops: readonly PatchOp[] }>;

export type SubscriptionPatchKey = (typeof SUBSCRIPTION_PATCH_PATHS)[number]['key'];

/** The rule that a replace of a patchable plan attribute is applied (checked against the catalog once, when called). */
export function planReplaceRule(member: PlanPatchMember): RuleId {
  return asRuleId(`billing.update-plan.replace.${member}`);
}

/** The rule that an operation the table lists on a subscription field is applied. */
export function subscriptionPatchRule(key: SubscriptionPatchKey): RuleId {
  return asRuleId(`billing.update-subscription.patch.${key}`);
}

/** The operations the table lists for a patch path (a cycle named as `@sequence==2`); undefined for a path it does not list. */
export function subscriptionPatchOps(path: string): readonly PatchOp[] | undefined {
  return SUBSCRIPTION_PATCH_PATHS.find((entry) => new RegExp(`^${entry.pointer}$`).test(path))?.ops;
}

export const PATCH_RULES: readonly Rule[] = [
  ...fieldRules(PATCH, Object.values(PATCH_FIELDS)),
  must(PATCH, 'billing.patch.value.required', 'patch', 'add, replace and test operations carry value'),
  must(PATCH, 'billing.patch.from.required', 'patch', 'move and copy operations carry from'),
  must(PATCH, 'billing.patch.value.unused', 'patch', 'A value member on remove, copy or move has no effect'),
  must(PATCH, 'billing.patch.replace-target-exists', 'patch', 'A replace whose target does not exist is refused and changes nothing'),
  must(PATCH, 'billing.patch.remove-target-exists', 'patch', 'A remove whose target does not exist is refused and changes nothing'),
  must(PATCH, 'billing.patch.move-from-exists', 'patch', 'A move whose from does not exist is refused and changes nothing'),
  must(PATCH, 'billing.patch.copy-from-exists', 'patch', 'A copy whose from does not exist is refused and changes nothing'),
  must(PATCH, 'billing.patch.add-replaces-member', 'patch', 'add on an existing object member replaces its value'),
  must(PATCH, 'billing.patch.add-inserts-at-index', 'patch', 'add on an array index inserts the value there'),
  must(PATCH, 'billing.patch.test-equality', 'patch', 'test succeeds only when the values are equal by JSON type (strings by code points, numbers numerically, arrays and objects member-wise); otherwise the patch is refused and changes nothing'),
  should(PATCH, 'billing.patch.atomic', 'patch', 'A refused patch applies none of its operations'),

  must(PLANS, 'billing.update-plan.replace-only', 'patch', 'Update plan refuses every operation other than replace that would change the plan (test changes nothing: accepting or refusing it both conform)'),
  must(PLANS, 'billing.update-plan.other-paths-refused', 'patch', 'Update plan refuses a path that is not a patchable attribute'),
  ...PLAN_PATCH_PATHS.map((p) =>
    must(PLANS, `billing.update-plan.replace.${p}`, 'patch', `Update plan applies replace of ${p} (read back, the plan has the new value)`),
  ),

  must(SUBS, 'billing.update-subscription.other-paths-refused', 'patch', 'Update subscription refuses a path that is not a patchable field'),
  must(SUBS, 'billing.update-subscription.ops-per-path', 'patch', 'Update subscription refuses an operation the table does not list for that path'),
  ...SUBSCRIPTION_PATCH_PATHS.map((p) =>
    must(SUBS, `billing.update-subscription.patch.${p.key}`, 'patch', `Update subscription applies ${p.ops.join(' and ')} of ${p.pointer.replace('[0-9]+', 'n')}${p.key === 'subscriber.payment_source' ? ' (card-funded subscriptions)' : ''}`),
  ),
  must(SUBS, 'billing.update-subscription.completed-cycles-refused', 'patch', 'Update subscription refuses changes to attributes of billing cycles already completed'),
  must(SUBS, 'billing.update-subscription.override-isolated', 'lifecycle', 'Once a subscription overrides its plan, later plan changes do not affect the subscription'),
  must(SUBS, 'billing.update-subscription.price-update-10-days', 'lifecycle', 'A price update does not affect billing cycles within the next 10 days (account-funded subscriptions)'),
];
