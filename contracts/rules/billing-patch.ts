// billing.md: "JSON Patch body (plan and subscription)", the patchable plan attributes
// ("Plans") and the patchable subscription fields ("Subscriptions").

import { pointerOf } from '../json-pointer.js';
import type { Rule } from '../rule.js';
import { asRuleId, type RuleId } from './rule-ids.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { anchor, at, fieldRules, fields, must, notObservable, onLine, should, withFacts } from './define.js';

const PATCH = anchor('billing.md', 'JSON Patch body (plan and subscription)', [
  S.patchDocument,
  S.updatePlanRequest,
  S.updateSubscriptionRequest,
]);
const PLANS = anchor('billing.md', 'Plans', [S.updatePlanRequest]);
const SUBS = anchor('billing.md', 'Subscriptions', [S.updateSubscriptionRequest]);

export const JSON_POINTER_REGEX = '^(/([^~/]|~[01])*)*$';
export const PATCH_OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;
export type PatchOp = (typeof PATCH_OPS)[number];

export const PATCH_FIELDS = fields({
  document: { id: 'billing.patch.document', label: 'A JSON Patch body', type: 'array' },
  operation: { id: 'billing.patch.operation', label: 'A JSON Patch operation', type: 'object' },
  op: { id: 'billing.patch.op', label: 'Patch op', type: 'string', enum: PATCH_OPS, required: 'in every operation' },
  path: {
    id: 'billing.patch.path',
    label: 'Patch path',
    type: 'string',
    pattern: { regex: JSON_POINTER_REGEX, says: 'is a JSON Pointer' },
  },
  from: {
    id: 'billing.patch.from',
    label: 'Patch from',
    type: 'string',
    pattern: { regex: JSON_POINTER_REGEX, says: 'is a JSON Pointer' },
  },
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

const CYCLE = '/plan/billing_cycles/@sequence==[0-9]+';

/** Patchable subscription fields: rule-id suffix, JSON Pointer pattern, operations, and the line of their table row. */
export const SUBSCRIPTION_PATCH_PATHS = [
  {
    key: 'billing_info.outstanding_balance',
    pointer: '/billing_info/outstanding_balance',
    ops: ['replace'],
    line: 221,
  },
  { key: 'custom_id', pointer: '/custom_id', ops: ['add', 'replace'], line: 222 },
  {
    key: 'plan.billing_cycles.pricing_scheme.fixed_price',
    pointer: `${CYCLE}/pricing_scheme/fixed_price`,
    ops: ['add', 'replace'],
    line: 223,
  },
  {
    key: 'plan.billing_cycles.pricing_scheme.tiers',
    pointer: `${CYCLE}/pricing_scheme/tiers`,
    ops: ['replace'],
    line: 224,
  },
  { key: 'plan.billing_cycles.total_cycles', pointer: `${CYCLE}/total_cycles`, ops: ['replace'], line: 225 },
  {
    key: 'plan.payment_preferences.auto_bill_outstanding',
    pointer: '/plan/payment_preferences/auto_bill_outstanding',
    ops: ['replace'],
    line: 226,
  },
  {
    key: 'plan.payment_preferences.payment_failure_threshold',
    pointer: '/plan/payment_preferences/payment_failure_threshold',
    ops: ['replace'],
    line: 227,
  },
  { key: 'plan.taxes.inclusive', pointer: '/plan/taxes/inclusive', ops: ['add', 'replace'], line: 228 },
  { key: 'plan.taxes.percentage', pointer: '/plan/taxes/percentage', ops: ['add', 'replace'], line: 229 },
  { key: 'shipping_amount', pointer: '/shipping_amount', ops: ['add', 'replace'], line: 230 },
  { key: 'start_time', pointer: '/start_time', ops: ['replace'], line: 231 },
  { key: 'subscriber.shipping_address', pointer: '/subscriber/shipping_address', ops: ['add', 'replace'], line: 232 },
  { key: 'subscriber.payment_source', pointer: '/subscriber/payment_source', ops: ['replace'], line: 233 },
] as const satisfies ReadonlyArray<{ key: string; pointer: string; ops: readonly PatchOp[]; line: number }>;

export type SubscriptionPatchKey = (typeof SUBSCRIPTION_PATCH_PATHS)[number]['key'];

// The ids of the rules of each patchable member, written once: the catalog makes its rules with
// them, and the checks and faults name those rules through planReplaceRule and subscriptionPatchRule.
const planReplaceId = (member: PlanPatchMember) => `billing.update-plan.replace.${member}`;
const subscriptionPatchId = (key: SubscriptionPatchKey) => `billing.update-subscription.patch.${key}`;

/** The rule that a replace of a patchable plan attribute is applied (checked against the catalog once, when called). */
export function planReplaceRule(member: PlanPatchMember): RuleId {
  return asRuleId(planReplaceId(member));
}

/** The rule that an operation the table lists on a subscription field is applied. */
export function subscriptionPatchRule(key: SubscriptionPatchKey): RuleId {
  return asRuleId(subscriptionPatchId(key));
}

/**
 * The operations the table lists for a patch path (a cycle named as `@sequence==2`); undefined for
 * a path it does not list.
 */
export function subscriptionPatchOps(path: string): readonly PatchOp[] | undefined {
  return SUBSCRIPTION_PATCH_PATHS.find((entry) => new RegExp(`^${entry.pointer}$`).test(path))?.ops;
}

const BODY = at(PATCH, 239, 'Array of operation objects');
const PATCH_RULES_SENTENCE = (words: string) => at(PATCH, 239, words);
const SUBSCRIPTION_RULES_SENTENCE = (words: string) => at(SUBS, 235, words);
const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);

export const PATCH_RULES: readonly Rule[] = [
  ...fieldRules(onLine(PATCH, 239, 'Array of operation objects'), Object.values(PATCH_FIELDS)),
  must(
    at(PATCH, 239, 'required for add, replace, test'),
    'billing.patch.value.required',
    'patch',
    'add, replace and test operations carry value',
  ),
  must(
    at(PATCH, 239, 'required for move and copy'),
    'billing.patch.from.required',
    'patch',
    'move and copy operations carry from',
  ),
  notObservable(
    'remove, move and copy are refused on every path of both resources (plans take replace only, subscriptions add ' +
      'and ' +
      'replace), so no accepted operation can show whether its value member had an effect',
    must(
      at(PATCH, 239, 'not used by remove, copy, move'),
      'billing.patch.value.unused',
      'patch',
      'A value member on remove, copy or move has no effect',
    ),
  ),
  must(
    PATCH_RULES_SENTENCE('targets must exist'),
    'billing.patch.replace-target-exists',
    'patch',
    'A replace whose target does not exist is refused and changes nothing',
  ),
  must(
    PATCH_RULES_SENTENCE('targets must exist'),
    'billing.patch.remove-target-exists',
    'patch',
    'A remove whose target does not exist is refused and changes nothing',
  ),
  must(
    PATCH_RULES_SENTENCE('move-from'),
    'billing.patch.move-from-exists',
    'patch',
    'A move whose from does not exist is refused and changes nothing',
  ),
  must(
    PATCH_RULES_SENTENCE('copy-from'),
    'billing.patch.copy-from-exists',
    'patch',
    'A copy whose from does not exist is refused and changes nothing',
  ),
  must(
    PATCH_RULES_SENTENCE('add on an existing object member replaces it'),
    'billing.patch.add-replaces-member',
    'patch',
    'add on an existing object member replaces its value',
  ),
  notObservable(
    'no patchable path takes add at an array index (plans take replace only; subscriptions take add only on ' +
      'custom_id, ' +
      'fixed_price, taxes, shipping_amount and shipping_address, none an array item), so every such add is refused ' +
      'before it could insert',
    must(
      PATCH_RULES_SENTENCE('on an array index inserts'),
      'billing.patch.add-inserts-at-index',
      'patch',
      'add on an array index inserts the value there',
    ),
  ),
  must(
    PATCH_RULES_SENTENCE('test succeeds only when values are equal'),
    'billing.patch.test-equality',
    'patch',
    'test succeeds only when the values are equal by JSON type (strings by code points, numbers numerically, arrays ' +
      'and objects ' +
      'member-wise); otherwise the patch is refused and changes nothing',
  ),
  should(BODY, 'billing.patch.atomic', 'patch', 'A refused patch applies none of its operations'),

  withFacts(
    { allows: ['refusing a test operation', 'accepting a test operation (it changes nothing)'] },
    must(
      at(PLANS, 200, 'operation replace only'),
      'billing.update-plan.replace-only',
      'patch',
      'Update plan refuses every operation other than replace that would change the plan (test changes nothing: ' +
        'accepting or ' +
        'refusing it both conform)',
    ),
  ),
  must(
    at(PLANS, 200, 'Patchable plan attributes'),
    'billing.update-plan.other-paths-refused',
    'patch',
    'Update plan refuses a path that is not a patchable attribute',
  ),
  ...PLAN_PATCH_PATHS.map((p) =>
    must(
      at(PLANS, 200, p),
      planReplaceId(p),
      'patch',
      `Update plan applies replace of ${p} (read back, the plan has the new value)`,
    ),
  ),

  must(
    at(SUBS, 217, 'Patchable subscription fields'),
    'billing.update-subscription.other-paths-refused',
    'patch',
    'Update subscription refuses a path that is not a patchable field',
  ),
  must(
    at(SUBS, 217, 'Patchable subscription fields'),
    'billing.update-subscription.ops-per-path',
    'patch',
    'Update subscription refuses an operation the table does not list for that path',
  ),
  ...SUBSCRIPTION_PATCH_PATHS.map((p) =>
    must(
      at(SUBS, p.line, lastSegment(p.key)),
      subscriptionPatchId(p.key),
      'patch',
      `Update subscription applies ${p.ops.join(' and ')} of ${p.pointer.replace('[0-9]+', 'n')}` +
        (p.key === 'subscriber.payment_source' ? ' (card-funded subscriptions)' : ''),
    ),
  ),
  must(
    SUBSCRIPTION_RULES_SENTENCE('attributes of already completed cycles cannot be updated'),
    'billing.update-subscription.completed-cycles-refused',
    'patch',
    'Update subscription refuses changes to attributes of billing cycles already completed',
  ),
  must(
    SUBSCRIPTION_RULES_SENTENCE('once overridden, later plan changes do not affect'),
    'billing.update-subscription.override-isolated',
    'lifecycle',
    'Once a subscription overrides its plan, later plan changes do not affect the subscription',
  ),
  notObservable(
    'the effect shows only when the billing cycles of the next 10 days are billed, days after the run; and which ' +
      'subscriptions are account-funded is not shown',
    must(
      SUBSCRIPTION_RULES_SENTENCE('a price update does not affect billing cycles within the next 10 days'),
      'billing.update-subscription.price-update-10-days',
      'lifecycle',
      'A price update does not affect billing cycles within the next 10 days (account-funded subscriptions)',
    ),
  ),
];
