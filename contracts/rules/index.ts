// The rule catalog: every atomic normative statement of spec/billing.md and spec/assignees.md.
// Ids are stable: never rename or reuse one.

import type { Rule } from '../rule.js';
import { ASSIGNEES_RULES } from './assignees.js';
import { CARD_RULES } from './billing-cards.js';
import { LIFECYCLE_RULES } from './billing-lifecycle.js';
import { OPERATION_RULES } from './billing-operations.js';
import { PATCH_RULES } from './billing-patch.js';
import { PLAN_FIELD_RULES } from './billing-plan-fields.js';
import { SHARED_TYPE_RULES } from './billing-shared-types.js';
import { SUBSCRIPTION_FIELD_RULES } from './billing-subscription-fields.js';

export const RULES: readonly Rule[] = Object.freeze([
  ...SHARED_TYPE_RULES,
  ...PLAN_FIELD_RULES,
  ...SUBSCRIPTION_FIELD_RULES,
  ...CARD_RULES,
  ...OPERATION_RULES,
  ...LIFECYCLE_RULES,
  ...PATCH_RULES,
  ...ASSIGNEES_RULES,
]);

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
