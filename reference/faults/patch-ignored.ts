import {
  planPatchPointer,
  planReplaceRule,
  SUBSCRIPTION_PATCH_PATHS,
  subscriptionPatchRule,
  type PlanPatchMember,
  type SubscriptionPatchKey,
} from '../../contracts/rules/billing-patch.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { Plugs } from './points.js';

// Faults that answer a patch of one patchable attribute with 204 and leave the attribute as it
// was: one per attribute whose "the patch is applied" rule no hand fault breaks.

export interface PatchIgnoredFault {
  name: string;
  rule: RuleId;
  description: string;
  resource: 'plan' | 'subscription';
  /** The patch path as the policy lists it (a cycle selector as @sequence==n). */
  path: string;
  at: Plugs;
}

/** The plug-in that leaves `path` of `resource` as it was when a patch names it. */
export const ignoresPatchesOf = (resource: PatchIgnoredFault['resource'], path: string): Plugs => ({
  'patch operation applied': (applied, operation) =>
    applied && !(operation.resource === resource && operation.path === path),
});

const hyphens = (member: string): string => member.replace(/[._]/g, '-');

const plan = (member: PlanPatchMember): PatchIgnoredFault => {
  const path = planPatchPointer(member);
  return {
    name: `update-plan-ignores-${hyphens(member)}`,
    rule: planReplaceRule(member),
    description: `Update plan answers 204 to a replace of ${path} and keeps the old value.`,
    resource: 'plan',
    path,
    at: ignoresPatchesOf('plan', path),
  };
};

const subscription = (key: SubscriptionPatchKey): PatchIgnoredFault => {
  const pointer = SUBSCRIPTION_PATCH_PATHS.find((entry) => entry.key === key)?.pointer ?? '';
  const path = pointer.replace('[0-9]+', 'n');
  return {
    name: `update-subscription-ignores-${hyphens(key)}`,
    rule: subscriptionPatchRule(key),
    description: `Update subscription answers 204 to an add or replace of ${path} and keeps the old value.`,
    resource: 'subscription',
    path,
    at: ignoresPatchesOf('subscription', path),
  };
};

export const PATCH_IGNORED_FAULTS: readonly PatchIgnoredFault[] = [
  plan('description'),
  plan('name'),
  plan('payment_preferences.auto_bill_outstanding'),
  plan('payment_preferences.payment_failure_threshold'),
  plan('payment_preferences.setup_fee'),
  // setup_fee_failure_action: the spec shows one value only (CONTINUE), so a replace cannot show
  // whether it was applied; no fault can be caught there.
  plan('taxes.percentage'),
  subscription('billing_info.outstanding_balance'),
  subscription('custom_id'),
  subscription('plan.billing_cycles.pricing_scheme.fixed_price'),
  subscription('plan.billing_cycles.pricing_scheme.tiers'),
  subscription('plan.payment_preferences.auto_bill_outstanding'),
  subscription('plan.payment_preferences.payment_failure_threshold'),
  subscription('plan.taxes.inclusive'),
  subscription('plan.taxes.percentage'),
  subscription('shipping_amount'),
  subscription('start_time'),
  subscription('subscriber.shipping_address'),
];
