// billing.md: "Plan", "billing_cycle", "pricing_scheme", "billing_cycle_override
// (subscription-level)", "plan_override".

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { DECIMAL_REGEX } from './billing-shared-types.js';
import { anchor, fieldRules, fields, must } from './define.js';

const PLAN_CONTRACTS = [
  S.plan, S.createPlanRequest, S.createPlanResponse, S.createPlanResponseMinimal, S.createPlanResponseRepresentation,
  S.showPlanResponse, S.listPlansResponse, S.listPlansResponseRepresentation,
];
const PLAN = anchor('billing.md', 'Plan', PLAN_CONTRACTS);

export const PLAN_FIELDS = fields({
  plan: { id: 'billing.plan', label: 'A plan', type: 'object' },
  id: {
    id: 'billing.plan.id', label: 'Plan id', type: 'string', length: [26, 26],
    pattern: { regex: '^P-[A-Z0-9]+$', says: 'is P- followed by capital letters and digits' },
    required: 'in every plan the service returns',
  },
  product_id: {
    id: 'billing.plan.product_id', label: 'Plan product_id', type: 'string', length: [22, 22],
    pattern: { regex: '^PROD-[A-Z0-9]+$', says: 'is PROD- followed by capital letters and digits' },
    required: 'on create',
  },
  name: { id: 'billing.plan.name', label: 'Plan name', type: 'string', length: [1, 127], required: 'on create' },
  status: {
    id: 'billing.plan.status', label: 'Plan status', type: 'string', length: [1, 24],
    pattern: { regex: '^[A-Z_]+$', says: 'is capital letters and underscores' },
    enum: ['CREATED', 'INACTIVE', 'ACTIVE'],
  },
  description: { id: 'billing.plan.description', label: 'Plan description', type: 'string', length: [1, 127] },
  billing_cycles: {
    id: 'billing.plan.billing_cycles', label: 'Plan billing_cycles', type: 'array', items: [1, 12], required: 'on create',
  },
  quantity_supported: { id: 'billing.plan.quantity_supported', label: 'Plan quantity_supported', type: 'boolean' },
  payment_preferences: {
    id: 'billing.plan.payment_preferences', label: 'Plan payment_preferences', type: 'object', required: 'on create',
  },
  merchant_preferences: { id: 'billing.plan.merchant_preferences', label: 'Plan merchant_preferences', type: 'object' },
  taxes: { id: 'billing.plan.taxes', label: 'Plan taxes', type: 'object' },
  usage_type: { id: 'billing.plan.usage_type', label: 'Plan usage_type', type: 'string' },
});

export const PLAN_STATUS_CREATE_VALUES = ['CREATED', 'ACTIVE'] as const;

export const PAYMENT_PREFERENCES_FIELDS = fields({
  auto_bill_outstanding: { id: 'billing.payment_preferences.auto_bill_outstanding', label: 'payment_preferences.auto_bill_outstanding', type: 'boolean' },
  setup_fee_failure_action: { id: 'billing.payment_preferences.setup_fee_failure_action', label: 'payment_preferences.setup_fee_failure_action', type: 'string' },
  payment_failure_threshold: { id: 'billing.payment_preferences.payment_failure_threshold', label: 'payment_preferences.payment_failure_threshold', type: 'integer' },
});

export const TAXES_FIELDS = fields({
  percentage: {
    id: 'billing.taxes.percentage', label: 'taxes.percentage', type: 'string',
    pattern: { regex: DECIMAL_REGEX, says: 'is decimal text' },
  },
  inclusive: { id: 'billing.taxes.inclusive', label: 'taxes.inclusive', type: 'boolean' },
});

const CYCLE = anchor('billing.md', 'billing_cycle', [S.billingCycle, ...PLAN_CONTRACTS]);

export const BILLING_CYCLE_FIELDS = fields({
  billing_cycle: { id: 'billing.billing_cycle', label: 'A billing_cycle', type: 'object' },
  tenure_type: {
    id: 'billing.billing_cycle.tenure_type', label: 'billing_cycle tenure_type', type: 'string', length: [1, 24],
    enum: ['REGULAR', 'TRIAL'], required: 'in every billing cycle',
  },
  sequence: { id: 'billing.billing_cycle.sequence', label: 'billing_cycle sequence', type: 'integer', range: [1, 99], required: 'in every billing cycle' },
  total_cycles: { id: 'billing.billing_cycle.total_cycles', label: 'billing_cycle total_cycles', type: 'integer', range: [0, 999] },
  frequency: { id: 'billing.billing_cycle.frequency', label: 'billing_cycle frequency', type: 'object', required: 'in every billing cycle' },
  interval_unit: { id: 'billing.billing_cycle.frequency.interval_unit', label: 'frequency.interval_unit', type: 'string' },
  interval_count: { id: 'billing.billing_cycle.frequency.interval_count', label: 'frequency.interval_count', type: 'integer' },
});

const SCHEME = anchor('billing.md', 'pricing_scheme', [S.pricingScheme, S.pricingTier, S.updatePricingRequest, ...PLAN_CONTRACTS]);

export const PRICING_SCHEME_FIELDS = fields({
  pricing_scheme: { id: 'billing.pricing_scheme', label: 'A pricing_scheme', type: 'object' },
  version: { id: 'billing.pricing_scheme.version', label: 'pricing_scheme version', type: 'integer', range: [null, 999] },
  pricing_model: { id: 'billing.pricing_scheme.pricing_model', label: 'pricing_scheme pricing_model', type: 'string' },
  tiers: { id: 'billing.pricing_scheme.tiers', label: 'pricing_scheme tiers', type: 'array' },
  status: { id: 'billing.pricing_scheme.status', label: 'pricing_scheme status', type: 'string' },
});

export const PRICING_TIER_FIELDS = fields({
  tier: { id: 'billing.pricing_tier', label: 'A pricing tier', type: 'object' },
  starting_quantity: { id: 'billing.pricing_tier.starting_quantity', label: 'tier starting_quantity', type: 'string', required: 'in every tier' },
  ending_quantity: { id: 'billing.pricing_tier.ending_quantity', label: 'tier ending_quantity', type: 'string' },
});

const OVERRIDE = anchor('billing.md', 'billing_cycle_override (subscription-level)', [S.billingCycleOverride, S.planOverride]);

export const BILLING_CYCLE_OVERRIDE_FIELDS = fields({
  override: { id: 'billing.billing_cycle_override', label: 'A billing_cycle_override', type: 'object' },
  sequence: {
    id: 'billing.billing_cycle_override.sequence', label: 'billing_cycle_override sequence', type: 'integer', range: [1, 99],
    required: 'in every billing cycle override',
  },
  total_cycles: { id: 'billing.billing_cycle_override.total_cycles', label: 'billing_cycle_override total_cycles', type: 'integer', range: [0, 999] },
});

const PLAN_OVERRIDE = anchor('billing.md', 'plan_override', [S.planOverride, S.createSubscriptionRequest, S.reviseRequest, S.subscription]);

export const PLAN_OVERRIDE_FIELDS = fields({
  plan_override: { id: 'billing.plan_override', label: 'A plan_override', type: 'object' },
  billing_cycles: { id: 'billing.plan_override.billing_cycles', label: 'plan_override billing_cycles', type: 'array' },
  payment_preferences: { id: 'billing.plan_override.payment_preferences', label: 'plan_override payment_preferences', type: 'object' },
  taxes: { id: 'billing.plan_override.taxes', label: 'plan_override taxes', type: 'object' },
});

export const PLAN_FIELD_RULES: readonly Rule[] = [
  ...fieldRules(PLAN, Object.values(PLAN_FIELDS)),
  must(PLAN, 'billing.plan.status.create-values', 'schema', 'On create, plan status is CREATED or ACTIVE', [S.createPlanRequest]),
  must(PLAN, 'billing.plan.status.default-active', 'lifecycle', 'A plan created without status is ACTIVE', [S.createPlanRequest, S.plan]),
  must(PLAN, 'billing.plan.billing_cycles.trial-max-2', 'limit', 'A plan has at most two TRIAL billing cycles'),
  must(PLAN, 'billing.plan.billing_cycles.regular-max-1', 'limit', 'A plan has at most one REGULAR billing cycle'),
  must(PLAN, 'billing.plan.quantity_supported.default-false', 'lifecycle', 'A plan created without quantity_supported has quantity_supported false', [S.createPlanRequest, S.plan]),
  must(PLAN, 'billing.plan.quantity_supported.allows-quantity', 'lifecycle', 'On a plan with quantity_supported true, a subscription with a quantity can be created', [S.plan, S.createSubscriptionRequest]),
  must(anchor('billing.md', 'What the service does'), 'billing.plan.product_id.refers-to-product', 'lifecycle', 'A plan refers to the product it was created with: read back, its product_id is the one sent', [S.createPlanRequest, S.plan]),
  ...fieldRules(PLAN, Object.values(PAYMENT_PREFERENCES_FIELDS), [S.plan, S.createPlanRequest, S.planOverride]),
  ...fieldRules(PLAN, Object.values(TAXES_FIELDS), [S.plan, S.createPlanRequest, S.planOverride]),
  ...fieldRules(CYCLE, Object.values(BILLING_CYCLE_FIELDS)),
  must(CYCLE, 'billing.billing_cycle.total_cycles.default-1', 'lifecycle', 'A billing cycle created without total_cycles has total_cycles 1'),
  must(CYCLE, 'billing.billing_cycle.total_cycles.trial-finite', 'limit', 'A TRIAL billing cycle has finite total_cycles, 1 to 999'),
  must(CYCLE, 'billing.billing_cycle.total_cycles.regular-zero-infinite', 'lifecycle', 'A REGULAR billing cycle accepts total_cycles 0, meaning infinite'),
  must(CYCLE, 'billing.billing_cycle.pricing_scheme.free-trial-optional', 'limit', 'A free TRIAL billing cycle is accepted without pricing_scheme'),
  must(CYCLE, 'billing.billing_cycle.sequence.run-order', 'lifecycle', 'Billing cycles run in sequence order, lower sequence first'),
  ...fieldRules(SCHEME, Object.values(PRICING_SCHEME_FIELDS)),
  must(SCHEME, 'billing.pricing_scheme.version.set-by-service', 'lifecycle', 'The service sets pricing_scheme version; a plan read back carries it as an integer'),
  ...fieldRules(SCHEME, Object.values(PRICING_TIER_FIELDS)),
  must(SCHEME, 'billing.pricing_tier.amount.required', 'schema', 'tier amount (Money) is present in every tier'),
  must(SCHEME, 'billing.pricing_tier.ending_quantity.last-omitted', 'schema', 'Every tier but the last has ending_quantity; the last tier omits it'),
  ...fieldRules(OVERRIDE, Object.values(BILLING_CYCLE_OVERRIDE_FIELDS)),
  must(OVERRIDE, 'billing.billing_cycle_override.adheres-to-plan', 'limit', "A billing cycle override that does not match a cycle of the plan (by sequence) is refused", [S.billingCycleOverride, S.createSubscriptionRequest]),
  // "total_cycles (integer 0..999, same rules as above)": a TRIAL cycle stays finite when overridden
  must(OVERRIDE, 'billing.billing_cycle_override.total_cycles.trial-finite', 'limit', 'A billing cycle override of a TRIAL cycle keeps total_cycles finite, 1 to 999: 0 (infinite) is refused', [S.billingCycleOverride, S.createSubscriptionRequest, S.reviseRequest]),
  ...fieldRules(PLAN_OVERRIDE, Object.values(PLAN_OVERRIDE_FIELDS)),
];
