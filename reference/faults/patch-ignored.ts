import type { RuleKind } from '../../contracts/rule.js';
import { asRuleId, type RuleId } from '../../contracts/rules/rule-ids.js';

// Faults that answer a patch of one patchable attribute with 204 and leave the attribute as it
// was: one per attribute whose "the patch is applied" rule no hand fault breaks.

export interface PatchIgnoredFault {
  name: string;
  rule: RuleId;
  kind: RuleKind;
  description: string;
  resource: 'plan' | 'subscription';
  /** The patch path as the policy lists it (a cycle selector as @sequence==n). */
  path: string;
}

const dotted = (path: string): string =>
  path
    .split('/')
    .filter((segment) => segment !== '' && segment !== '@sequence==n')
    .join('.');

const plan = (path: string): PatchIgnoredFault => ({
  name: `update-plan-ignores-${dotted(path).replace(/[._]/g, '-')}`,
  rule: asRuleId(`billing.update-plan.replace.${dotted(path)}`),
  kind: 'patch',
  description: `Update plan answers 204 to a replace of ${path} and keeps the old value.`,
  resource: 'plan',
  path,
});

const subscription = (path: string): PatchIgnoredFault => ({
  name: `update-subscription-ignores-${dotted(path).replace(/[._]/g, '-')}`,
  rule: asRuleId(`billing.update-subscription.patch.${dotted(path)}`),
  kind: 'patch',
  description: `Update subscription answers 204 to an add or replace of ${path} and keeps the old value.`,
  resource: 'subscription',
  path,
});

export const PATCH_IGNORED_FAULTS: readonly PatchIgnoredFault[] = [
  plan('/description'),
  plan('/name'),
  plan('/payment_preferences/auto_bill_outstanding'),
  plan('/payment_preferences/payment_failure_threshold'),
  plan('/payment_preferences/setup_fee'),
  // setup_fee_failure_action: the spec shows one value only (CONTINUE), so a replace cannot show
  // whether it was applied; no fault can be caught there.
  plan('/taxes/percentage'),
  subscription('/billing_info/outstanding_balance'),
  subscription('/custom_id'),
  subscription('/plan/billing_cycles/@sequence==n/pricing_scheme/fixed_price'),
  subscription('/plan/billing_cycles/@sequence==n/pricing_scheme/tiers'),
  subscription('/plan/payment_preferences/auto_bill_outstanding'),
  subscription('/plan/payment_preferences/payment_failure_threshold'),
  subscription('/plan/taxes/inclusive'),
  subscription('/plan/taxes/percentage'),
  subscription('/shipping_amount'),
  subscription('/start_time'),
  subscription('/subscriber/shipping_address'),
];

/** Whether a fault that is on ignores patches of this path of this resource. */
export function patchIgnored(resource: PatchIgnoredFault['resource'], path: string, isOn: (name: string) => boolean): boolean {
  return PATCH_IGNORED_FAULTS.some((spec) => spec.resource === resource && spec.path === path && isOn(spec.name));
}
