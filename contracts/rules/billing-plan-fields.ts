// billing.md: "Plan", "billing_cycle", "pricing_scheme", "billing_cycle_override
// (subscription-level)", "plan_override".

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { DECIMAL_REGEX } from './billing-shared-types.js';
import { anchor, at, fieldRules, fields, must, onLine, withFacts } from './define.js';

const PLAN_CONTRACTS = [
  S.plan,
  S.createPlanRequest,
  S.createPlanResponse,
  S.createPlanResponseMinimal,
  S.createPlanResponseRepresentation,
  S.showPlanResponse,
  S.listPlansResponse,
  S.listPlansResponseRepresentation,
];
const PLAN = anchor('billing.md', 'Plan', PLAN_CONTRACTS);
/** A plan is what show plan details answers (its members, the rows of the Plan table). */
const PLAN_BODY = at(anchor('billing.md', 'Plans', PLAN_CONTRACTS), 194, '200, plan');

export const PLAN_FIELDS = fields({
  plan: { id: 'billing.plan', label: 'A plan', type: 'object' },
  id: {
    id: 'billing.plan.id',
    label: 'Plan id',
    type: 'string',
    length: [26, 26],
    line: 39,
    pattern: { regex: '^P-[A-Z0-9]+$', says: 'is P- followed by capital letters and digits' },
    required: 'in every plan the service returns',
  },
  product_id: {
    id: 'billing.plan.product_id',
    label: 'Plan product_id',
    type: 'string',
    length: [22, 22],
    line: 40,
    pattern: { regex: '^PROD-[A-Z0-9]+$', says: 'is PROD- followed by capital letters and digits' },
    required: 'on create',
  },
  name: {
    id: 'billing.plan.name',
    label: 'Plan name',
    type: 'string',
    length: [1, 127],
    required: 'on create',
    line: 41,
  },
  status: {
    id: 'billing.plan.status',
    label: 'Plan status',
    type: 'string',
    length: [1, 24],
    line: 42,
    pattern: { regex: '^[A-Z_]+$', says: 'is capital letters and underscores' },
    enum: ['CREATED', 'INACTIVE', 'ACTIVE'],
  },
  description: {
    id: 'billing.plan.description',
    label: 'Plan description',
    type: 'string',
    length: [1, 127],
    line: 43,
  },
  billing_cycles: {
    id: 'billing.plan.billing_cycles',
    label: 'Plan billing_cycles',
    type: 'array',
    items: [1, 12],
    required: 'on create',
    line: 44,
  },
  quantity_supported: {
    id: 'billing.plan.quantity_supported',
    label: 'Plan quantity_supported',
    type: 'boolean',
    line: 45,
  },
  payment_preferences: {
    id: 'billing.plan.payment_preferences',
    label: 'Plan payment_preferences',
    type: 'object',
    required: 'on create',
    line: 46,
  },
  merchant_preferences: {
    id: 'billing.plan.merchant_preferences',
    label: 'Plan merchant_preferences',
    type: 'object',
    line: 47,
  },
  taxes: { id: 'billing.plan.taxes', label: 'Plan taxes', type: 'object', line: 48 },
  usage_type: { id: 'billing.plan.usage_type', label: 'Plan usage_type', type: 'string', line: 49 },
});

export const PLAN_STATUS_CREATE_VALUES = ['CREATED', 'ACTIVE'] as const;

export const PAYMENT_PREFERENCES_FIELDS = fields({
  auto_bill_outstanding: {
    id: 'billing.payment_preferences.auto_bill_outstanding',
    label: 'payment_preferences.auto_bill_outstanding',
    type: 'boolean',
  },
  setup_fee_failure_action: {
    id: 'billing.payment_preferences.setup_fee_failure_action',
    label: 'payment_preferences.setup_fee_failure_action',
    type: 'string',
  },
  payment_failure_threshold: {
    id: 'billing.payment_preferences.payment_failure_threshold',
    label: 'payment_preferences.payment_failure_threshold',
    type: 'integer',
  },
});

export const TAXES_FIELDS = fields({
  percentage: {
    id: 'billing.taxes.percentage',
    label: 'taxes.percentage',
    type: 'string',
    pattern: { regex: DECIMAL_REGEX, says: 'is decimal text' },
  },
  inclusive: { id: 'billing.taxes.inclusive', label: 'taxes.inclusive', type: 'boolean' },
});

const CYCLE = anchor('billing.md', 'billing_cycle', [S.billingCycle, ...PLAN_CONTRACTS]);
/** "billing_cycles | array of billing_cycle": the Plan row that makes a billing_cycle a member of a plan. */
const CYCLE_ITEM = at(PLAN, 44, 'array of billing_cycle', CYCLE.contracts);

export const BILLING_CYCLE_FIELDS = fields({
  billing_cycle: { id: 'billing.billing_cycle', label: 'A billing_cycle', type: 'object' },
  tenure_type: {
    id: 'billing.billing_cycle.tenure_type',
    label: 'billing_cycle tenure_type',
    type: 'string',
    length: [1, 24],
    enum: ['REGULAR', 'TRIAL'],
    required: 'in every billing cycle',
    line: 59,
  },
  sequence: {
    id: 'billing.billing_cycle.sequence',
    label: 'billing_cycle sequence',
    type: 'integer',
    range: [1, 99],
    required: 'in every billing cycle',
    line: 60,
  },
  total_cycles: {
    id: 'billing.billing_cycle.total_cycles',
    label: 'billing_cycle total_cycles',
    type: 'integer',
    range: [0, 999],
    line: 61,
  },
  frequency: {
    id: 'billing.billing_cycle.frequency',
    label: 'billing_cycle frequency',
    type: 'object',
    required: 'in every billing cycle',
    line: 63,
  },
  interval_unit: {
    id: 'billing.billing_cycle.frequency.interval_unit',
    label: 'frequency.interval_unit',
    type: 'string',
    line: 63,
  },
  interval_count: {
    id: 'billing.billing_cycle.frequency.interval_count',
    label: 'frequency.interval_count',
    type: 'integer',
    line: 63,
  },
});

const SCHEME = anchor('billing.md', 'pricing_scheme', [
  S.pricingScheme,
  S.pricingTier,
  S.updatePricingRequest,
  ...PLAN_CONTRACTS,
]);
/** "pricing_scheme | object": the billing_cycle row that makes a pricing_scheme a member of a cycle. */
const SCHEME_MEMBER = at(anchor('billing.md', 'billing_cycle'), 62, 'pricing_scheme | object', SCHEME.contracts);
const TIERS = onLine(SCHEME, 71);

export const PRICING_SCHEME_FIELDS = fields({
  pricing_scheme: { id: 'billing.pricing_scheme', label: 'A pricing_scheme', type: 'object' },
  version: {
    id: 'billing.pricing_scheme.version',
    label: 'pricing_scheme version',
    type: 'integer',
    range: [null, 999],
    line: 69,
  },
  pricing_model: {
    id: 'billing.pricing_scheme.pricing_model',
    label: 'pricing_scheme pricing_model',
    type: 'string',
    line: 70,
  },
  tiers: { id: 'billing.pricing_scheme.tiers', label: 'pricing_scheme tiers', type: 'array', line: 71 },
  status: { id: 'billing.pricing_scheme.status', label: 'pricing_scheme status', type: 'string', line: 73 },
});

export const PRICING_TIER_FIELDS = fields({
  tier: { id: 'billing.pricing_tier', label: 'A pricing tier', type: 'object', words: 'each:' },
  starting_quantity: {
    id: 'billing.pricing_tier.starting_quantity',
    label: 'tier starting_quantity',
    type: 'string',
    required: 'in every tier',
  },
  ending_quantity: { id: 'billing.pricing_tier.ending_quantity', label: 'tier ending_quantity', type: 'string' },
});

const OVERRIDE_SECTION = anchor('billing.md', 'billing_cycle_override (subscription-level)', [
  S.billingCycleOverride,
  S.planOverride,
]);
const OVERRIDE = onLine(OVERRIDE_SECTION, 78, 'sequence (integer 1..99, required)');

export const BILLING_CYCLE_OVERRIDE_FIELDS = fields({
  override: { id: 'billing.billing_cycle_override', label: 'A billing_cycle_override', type: 'object' },
  sequence: {
    id: 'billing.billing_cycle_override.sequence',
    label: 'billing_cycle_override sequence',
    type: 'integer',
    range: [1, 99],
    required: 'in every billing cycle override',
  },
  total_cycles: {
    id: 'billing.billing_cycle_override.total_cycles',
    label: 'billing_cycle_override total_cycles',
    type: 'integer',
    range: [0, 999],
  },
});

const PLAN_OVERRIDE = onLine(
  anchor('billing.md', 'plan_override', [S.planOverride, S.createSubscriptionRequest, S.reviseRequest, S.subscription]),
  82,
);

export const PLAN_OVERRIDE_FIELDS = fields({
  plan_override: {
    id: 'billing.plan_override',
    label: 'A plan_override',
    type: 'object',
    words: 'An inline plan object',
  },
  billing_cycles: {
    id: 'billing.plan_override.billing_cycles',
    label: 'plan_override billing_cycles',
    type: 'array',
    words: 'It holds billing cycle overrides',
  },
  payment_preferences: {
    id: 'billing.plan_override.payment_preferences',
    label: 'plan_override payment_preferences',
    type: 'object',
    words: 'plan.payment_preferences',
  },
  taxes: { id: 'billing.plan_override.taxes', label: 'plan_override taxes', type: 'object', words: 'plan.taxes imply' },
});

const { plan: PLAN_OBJECT, ...PLAN_MEMBERS } = PLAN_FIELDS;
const { billing_cycle: CYCLE_OBJECT, ...CYCLE_MEMBERS } = BILLING_CYCLE_FIELDS;
const { pricing_scheme: SCHEME_OBJECT, ...SCHEME_MEMBERS } = PRICING_SCHEME_FIELDS;

export const PLAN_FIELD_RULES: readonly Rule[] = [
  ...fieldRules(PLAN_BODY, [PLAN_OBJECT]),
  ...fieldRules(PLAN, Object.values(PLAN_MEMBERS)),
  must(
    at(PLAN, 42, 'Allowed input on create', [S.createPlanRequest]),
    'billing.plan.status.create-values',
    'schema',
    'On create, plan status is CREATED or ACTIVE',
  ),
  must(
    at(PLAN, 42, 'Default ACTIVE', [S.createPlanRequest, S.plan]),
    'billing.plan.status.default-active',
    'lifecycle',
    'A plan created without status is ACTIVE',
  ),
  must(
    at(PLAN, 44, 'At most two TRIAL'),
    'billing.plan.billing_cycles.trial-max-2',
    'limit',
    'A plan has at most two TRIAL billing cycles',
  ),
  must(
    at(PLAN, 44, 'one REGULAR cycle'),
    'billing.plan.billing_cycles.regular-max-1',
    'limit',
    'A plan has at most one REGULAR billing cycle',
  ),
  must(
    at(PLAN, 45, 'default false', [S.createPlanRequest, S.plan]),
    'billing.plan.quantity_supported.default-false',
    'lifecycle',
    'A plan created without quantity_supported has quantity_supported false',
  ),
  must(
    at(PLAN, 45, 'When true', [S.plan, S.createSubscriptionRequest]),
    'billing.plan.quantity_supported.allows-quantity',
    'lifecycle',
    'On a plan with quantity_supported true, a subscription with a quantity can be created',
  ),
  must(
    at(anchor('billing.md', 'What the service does'), 11, 'refers to a product', [S.createPlanRequest, S.plan]),
    'billing.plan.product_id.refers-to-product',
    'lifecycle',
    'A plan refers to the product it was created with: read back, its product_id is the one sent',
  ),
  ...fieldRules(onLine(PLAN, 53), Object.values(PAYMENT_PREFERENCES_FIELDS), [
    S.plan,
    S.createPlanRequest,
    S.planOverride,
  ]),
  ...fieldRules(onLine(PLAN, 48), Object.values(TAXES_FIELDS), [S.plan, S.createPlanRequest, S.planOverride]),
  ...fieldRules(CYCLE_ITEM, [CYCLE_OBJECT]),
  ...fieldRules(CYCLE, Object.values(CYCLE_MEMBERS)),
  must(
    at(CYCLE, 61, 'default 1'),
    'billing.billing_cycle.total_cycles.default-1',
    'lifecycle',
    'A billing cycle created without total_cycles has total_cycles 1',
  ),
  must(
    at(CYCLE, 61, 'TRIAL: finite'),
    'billing.billing_cycle.total_cycles.trial-finite',
    'limit',
    'A TRIAL billing cycle has finite total_cycles, 1 to 999',
  ),
  must(
    at(CYCLE, 61, '0 means infinite'),
    'billing.billing_cycle.total_cycles.regular-zero-infinite',
    'lifecycle',
    'A REGULAR billing cycle accepts total_cycles 0, meaning infinite',
  ),
  withFacts(
    {
      noSchemaConstraint:
        'an acceptance rule: a create request with a free TRIAL cycle and no pricing_scheme must succeed ' +
        '(pricing_scheme is optional in the schemas)',
    },
    must(
      at(CYCLE, 62, 'a free trial cycle needs none'),
      'billing.billing_cycle.pricing_scheme.free-trial-optional',
      'limit',
      'A free TRIAL billing cycle is accepted without pricing_scheme',
    ),
  ),
  must(
    at(CYCLE, 60, 'a lower sequence runs first'),
    'billing.billing_cycle.sequence.run-order',
    'lifecycle',
    'Billing cycles run in sequence order, lower sequence first',
  ),
  ...fieldRules(SCHEME_MEMBER, [SCHEME_OBJECT]),
  ...fieldRules(SCHEME, Object.values(SCHEME_MEMBERS)),
  must(
    at(SCHEME, 69, 'set by the service'),
    'billing.pricing_scheme.version.set-by-service',
    'lifecycle',
    'The service sets pricing_scheme version; a plan read back carries it as an integer',
  ),
  ...fieldRules(TIERS, Object.values(PRICING_TIER_FIELDS)),
  must(
    at(SCHEME, 71, 'amount (Money)'),
    'billing.pricing_tier.amount.required',
    'schema',
    'tier amount (Money) is present in every tier',
  ),
  withFacts(
    { noSchemaConstraint: 'depends on the position of the tier in its array, which JSON Schema cannot address' },
    must(
      at(SCHEME, 71, 'omitted on the last tier'),
      'billing.pricing_tier.ending_quantity.last-omitted',
      'schema',
      'Every tier but the last has ending_quantity; the last tier omits it',
    ),
  ),
  ...fieldRules(OVERRIDE, Object.values(BILLING_CYCLE_OVERRIDE_FIELDS)),
  withFacts(
    { noSchemaConstraint: "depends on the plan's billing cycles, which the override does not carry" },
    must(
      at(OVERRIDE_SECTION, 78, 'must adhere', [S.billingCycleOverride, S.createSubscriptionRequest]),
      'billing.billing_cycle_override.adheres-to-plan',
      'limit',
      'A billing cycle override that does not match a cycle of the plan (by sequence) is refused',
    ),
  ),
  // "total_cycles (integer 0..999, same rules as above)": a TRIAL cycle stays finite when overridden
  withFacts(
    {
      noSchemaConstraint:
        "depends on the tenure_type of the plan's cycle with that sequence, which the override does not carry",
    },
    must(
      at(OVERRIDE_SECTION, 78, 'same rules as above', [
        S.billingCycleOverride,
        S.createSubscriptionRequest,
        S.reviseRequest,
      ]),
      'billing.billing_cycle_override.total_cycles.trial-finite',
      'limit',
      'A billing cycle override of a TRIAL cycle keeps total_cycles finite, 1 to 999: 0 (infinite) is refused',
    ),
  ),
  ...fieldRules(PLAN_OVERRIDE, Object.values(PLAN_OVERRIDE_FIELDS)),
];
