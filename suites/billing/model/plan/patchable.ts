// The patchable plan attributes of billing.md "Endpoints / Plans" (operation replace only), as
// the catalog lists them (contracts/rules/billing-patch.ts), each with values a replace may carry.

import type fc from 'fast-check';
import { PLAN_PATCH_PATHS, planPatchPointer, type PlanPatchMember } from '../../../../contracts/rules/billing-patch.js';
import { planPatchValue } from '../../../../generators/index.js';
import type { Json } from '../../support/api.js';
import { SETUP_CURRENCY } from '../../support/setup-bodies.js';

export interface PlanAttribute {
  /** JSON Pointer of the attribute. */
  pointer: string;
  /** The same attribute as a dotted member path of the plan document. */
  member: PlanPatchMember;
  /** Values a replace may carry; `tag` starts every name the run writes. */
  values: (tag: string) => fc.Arbitrary<Json>;
}

export const PATCHABLE_PLAN_ATTRIBUTES: readonly PlanAttribute[] = PLAN_PATCH_PATHS.map((member) => ({
  pointer: planPatchPointer(member),
  member,
  // the plan's own currency for setup_fee: a currency mismatch is a named error category
  values: (tag: string) => planPatchValue(member, { tag, currency: SETUP_CURRENCY }) as fc.Arbitrary<Json>,
}));
