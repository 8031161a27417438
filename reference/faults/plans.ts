// Plans: ids, the create body and its defaults, billing cycles, pricing updates, states, list plans and show plan.
// One entry a fault: its name, the rule it breaks (its kind is the rule's), what it does, and
// where it plugs in (faults/points.ts).

import { unprocessable } from '../http/errors.js';
import { isObject, type JsonObject } from '../http/json.js';
import { randomCode } from '../ids.js';
import { fullPlan } from '../billing/plan-view.js';
import type { Plan } from '../billing/model.js';
import { answered, unwrapOne, withoutMember, type FaultPlugin } from './plugin.js';
import type { RequestFacts } from './points.js';

/** The plan an update plan request names (it exists: the update was answered). */
const planOf = (ctx: RequestFacts): Plan => ctx.state.billing.plans.get(ctx.params.id)!;

export const PLAN_FAULTS = [
  {
    name: 'plan-id-no-prefix',
    rule: 'billing.plan.id.pattern',
    description: 'Plan ids are issued without the P- prefix (26 capitals and digits).',
    at: { 'new plan id': () => randomCode(26) },
  },
  {
    name: 'plan-id-25-chars',
    rule: 'billing.plan.id.length',
    description: 'Plan ids are issued with 23 characters after P- (25 in all).',
    at: { 'new plan id': () => `P-${randomCode(23)}` },
  },
  {
    name: 'plan-create-time-no-seconds',
    rule: 'billing.date_time.pattern',
    description:
      'create_time and update_time of plans are written without seconds, with a numeric offset ' +
      '(2024-01-01T10:00+00:00: a length the spec allows, a pattern it does not).',
    at: { 'plan time': (time) => time.replace(/^(.{16}):\d\d(\.\d+)?Z$/, '$1+00:00') },
  },
  {
    name: 'plan-name-127-refused',
    rule: 'billing.plan.name.length',
    description: 'A plan name of exactly 127 characters is refused (limit applied as 126).',
    at: { 'plan name max': () => 126 },
  },
  {
    name: 'plan-name-128-accepted',
    rule: 'billing.plan.name.length',
    description: 'A plan name of 128 characters is accepted.',
    at: { 'plan name max': () => 128 },
  },
  {
    name: 'plan-regular-2-accepted',
    rule: 'billing.plan.billing_cycles.regular-max-1',
    description: 'A plan with two REGULAR cycles is accepted.',
    at: { 'plan REGULAR cycles max': () => 2 },
  },
  {
    name: 'plan-trial-3-accepted',
    rule: 'billing.plan.billing_cycles.trial-max-2',
    description: 'A plan with three TRIAL cycles is accepted.',
    at: { 'plan TRIAL cycles max': () => 3 },
  },
  {
    name: 'trial-total-cycles-0-accepted',
    rule: 'billing.billing_cycle.total_cycles.trial-finite',
    description: 'A TRIAL cycle with total_cycles 0 (infinite) is accepted.',
    at: { 'trial total_cycles min': () => 0 },
  },
  {
    name: 'trial-total-cycles-1000-taken',
    rule: 'billing.billing_cycle.total_cycles.range',
    besideGenerated: true,
    description:
      'A TRIAL cycle of total_cycles 1000 is taken: the limit 999 is checked on REGULAR cycles only (an ' +
      'override of a TRIAL cycle is read alike).',
    at: { 'trial total_cycles max': () => Number.MAX_SAFE_INTEGER },
  },
  {
    name: 'last-tier-ending-quantity-required',
    rule: 'billing.pricing_tier.ending_quantity.last-omitted',
    description: 'Create plan refuses tiers whose last one omits ending_quantity: every tier must carry one.',
    at: { 'tier ending_quantity required': () => true },
  },
  {
    name: 'sequence-100-accepted',
    rule: 'billing.billing_cycle.sequence.range',
    description: 'A billing cycle sequence of 100 is accepted.',
    at: { 'billing cycle sequence max': () => 100 },
  },
  {
    name: 'pricing-100-accepted',
    rule: 'billing.update-pricing.pricing_schemes.items',
    description: 'An update-pricing request with 100 items is accepted.',
    at: { 'update pricing items max': () => 100 },
  },
  {
    name: 'pricing-99-refused',
    rule: 'billing.update-pricing.pricing_schemes.items',
    description: 'An update-pricing request with 99 items is refused (limit applied as 98).',
    at: { 'update pricing items max': () => 98 },
  },
  {
    name: 'deactivate-keeps-status',
    rule: 'billing.deactivate-plan.to-inactive',
    description: 'Deactivate answers 204 but the plan keeps its status.',
    at: { 'plan deactivated': () => false },
  },
  {
    name: 'activate-plan-keeps-status',
    rule: 'billing.activate-plan.to-active',
    description: 'Activate answers 204 but the plan keeps its status.',
    at: { 'plan activated': () => false },
  },
  {
    name: 'plan-default-status-created',
    rule: 'billing.plan.status.default-active',
    description: 'A plan created without status starts CREATED instead of ACTIVE.',
    at: { 'new plan status': (status, { requested }) => (requested === undefined ? 'CREATED' : status) },
  },
  {
    name: 'create-plan-status-ignored',
    rule: 'billing.create-plan.requested-status',
    description: 'A plan created with status CREATED starts ACTIVE: the requested status is ignored.',
    at: { 'new plan status': () => 'ACTIVE' },
  },
  {
    name: 'regular-total-cycles-0-refused',
    rule: 'billing.billing_cycle.total_cycles.regular-zero-infinite',
    description: 'A REGULAR billing cycle with total_cycles 0 (infinite) is refused.',
    at: { 'regular total_cycles min': () => 1 },
  },
  {
    name: 'update-pricing-not-applied',
    rule: 'billing.update-pricing.applies',
    description: 'Update pricing answers 204 and leaves the pricing schemes as they were.',
    at: { 'pricing updates applied': () => [] },
  },
  {
    name: 'pricing-version-missing',
    rule: 'billing.pricing_scheme.version.set-by-service',
    description: 'Plans read back with pricing schemes that lack version.',
    at: {
      'plan billing cycle': (cycle) => {
        if (isObject(cycle.pricing_scheme)) delete cycle.pricing_scheme.version;
        return cycle;
      },
    },
  },
  {
    name: 'idempotency-plan-duplicate',
    rule: 'billing.create-plan.idempotency-key',
    description: 'A repeated Platform-Request-Id on create plan creates a second plan.',
    at: { 'idempotency key honoured': (honoured, { scope }) => honoured && scope !== 'create-plan' },
  },
  {
    name: 'create-plan-minimal-no-links',
    rule: 'billing.create-plan.prefer-minimal',
    description: 'The minimal create-plan answer (no Prefer, or return=minimal) lacks links.',
    at: { 'minimal created plan': ({ links: _links, ...rest }) => rest },
  },
  {
    name: 'create-plan-minimal-no-status',
    rule: 'billing.create-plan.prefer-minimal',
    description: 'The minimal create-plan answer (no Prefer, or return=minimal) lacks status.',
    at: { 'minimal created plan': ({ status: _status, ...rest }) => rest },
  },
  {
    name: 'create-plan-representation-no-payment-preferences',
    rule: 'billing.create-plan.prefer-representation',
    description:
      'Create plan with Prefer return=representation leaves out payment_preferences, which show plan returns.',
    at: answered('create plan', (reply) => withoutMember(reply, 'payment_preferences')),
  },
  {
    name: 'list-plans-minimal-no-links',
    rule: 'billing.list-plans.prefer-minimal',
    description: 'Minimal list-plans items lack links.',
    at: { 'minimal listed plan': ({ links: _links, ...rest }) => rest },
  },
  {
    name: 'list-plans-minimal-no-description',
    rule: 'billing.list-plans.prefer-minimal',
    description: 'Minimal list-plans items lack the description of a plan that has one.',
    at: { 'minimal listed plan': ({ description: _description, ...rest }) => rest },
  },
  {
    name: 'create-plan-representation-minimal',
    rule: 'billing.create-plan.prefer-representation',
    description: 'Prefer: return=representation on create plan returns only id, status and links.',
    at: { 'create plan representation': () => false },
  },
  {
    name: 'list-plans-representation-no-name',
    rule: 'billing.list-plans.prefer-representation',
    description: 'Prefer: return=representation on list plans returns items without name.',
    at: { 'listed plan': ({ name: _name, ...rest }) => rest },
  },
  {
    name: 'list-plans-minimal-no-name',
    rule: 'billing.list-plans.prefer-minimal',
    description: 'Minimal list-plans items lack name.',
    at: { 'minimal listed plan': ({ name: _name, ...rest }) => rest },
  },
  {
    name: 'product-id-filter-ignored',
    rule: 'billing.list-plans.product_id.filters',
    description: 'List plans ignores the product_id filter.',
    at: {
      'product_id filter': (read) => () => {
        read();
        return undefined;
      },
    },
  },
  {
    name: 'create-plan-200',
    rule: 'billing.create-plan.status-201',
    description: 'Create plan answers 200 instead of 201.',
    at: answered('create plan', (reply) => ({ ...reply, status: 200 })),
  },
  {
    name: 'update-plan-200',
    rule: 'billing.update-plan.status-204',
    description: 'Update plan answers 200 with the plan instead of 204.',
    at: answered('update plan', (_reply, ctx) => ({
      status: 200,
      body: fullPlan(planOf(ctx), ctx.baseUrl, ctx.behaviour),
    })),
  },
  {
    name: 'plan-quantity-supported-default-true',
    rule: 'billing.plan.quantity_supported.default-false',
    description: 'A plan created without quantity_supported has quantity_supported true.',
    at: { 'new plan quantity_supported': () => true },
  },
  {
    name: 'cycle-total-cycles-default-infinite',
    rule: 'billing.billing_cycle.total_cycles.default-1',
    description: 'A billing cycle created without total_cycles gets 0 (infinite) instead of 1.',
    at: { 'new billing cycle total_cycles': (total, { tenure }) => (tenure === 'REGULAR' ? 0 : total) },
  },
  {
    name: 'plan-product-id-not-stored',
    rule: 'billing.plan.product_id.refers-to-product',
    description: 'Plans read back with the product id PROD-00000000000000000 whatever product they were created for.',
    at: { 'plan product_id': () => 'PROD-00000000000000000' },
  },
  {
    name: 'override-follows-plan-pricing',
    rule: 'billing.update-subscription.override-isolated',
    description: 'Update pricing of a plan also rewrites the pricing of subscriptions that override that cycle.',
    at: {
      'plan cycle repriced': (_, { plan, cycle, subscriptions }) => {
        for (const subscription of subscriptions.values()) {
          const own =
            subscription.plan_id === plan.id
              ? subscription.override?.billing_cycles.find((item) => item.sequence === cycle.sequence)
              : undefined;
          if (own) own.pricing_scheme = structuredClone(cycle.pricing_scheme);
        }
        return undefined;
      },
    },
  },
  {
    name: 'update-pricing-sequence-text-accepted',
    rule: 'billing.update-pricing.billing_cycle_sequence.type',
    description: 'Update pricing accepts billing_cycle_sequence written as text ("2").',
    at: {
      'update pricing billing_cycle_sequence': (sequence) =>
        typeof sequence === 'string' && /^\d+$/.test(sequence) ? Number(sequence) : sequence,
    },
  },
  {
    name: 'last-tier-ending-quantity',
    rule: 'billing.pricing_tier.ending_quantity.last-omitted',
    description: 'Plans read back with an ending_quantity on the last tier of a tiered pricing scheme.',
    at: {
      'plan billing cycle': (cycle) => {
        const tiers = isObject(cycle.pricing_scheme) ? cycle.pricing_scheme.tiers : undefined;
        if (Array.isArray(tiers) && tiers.length > 0)
          (tiers[tiers.length - 1] as JsonObject).ending_quantity = '999999';
        return cycle;
      },
    },
  },
  {
    name: 'update-plan-200-echo',
    rule: 'billing.update-plan.empty-body',
    description: 'Update plan answers 200 with {id, status} instead of 204 with no body.',
    at: answered('update plan', (_reply, ctx) => ({
      status: 200,
      body: { id: planOf(ctx).id, status: planOf(ctx).status },
    })),
  },
  {
    name: 'list-plans-total-missing',
    rule: 'billing.list-plans.total_required.shows-total',
    description: 'List plans with total_required=true shows no total.',
    at: { 'totals shown': () => false },
  },
  {
    name: 'list-plans-total-by-default',
    rule: 'billing.list-plans.total_required.default-false',
    description: 'List plans without total_required shows the totals, as with true (total_required=false hides them).',
    at: { 'totals shown': (shown, { absent }) => shown || absent },
  },
  {
    name: 'product-id-short-prefix-match',
    rule: 'billing.list-plans.product_id.length',
    description:
      'List plans takes a product_id under 6 characters (PROD-) as a prefix: plans of every product are ' + 'listed.',
    at: {
      'product_id filter': (read, { raw }) =>
        raw !== null && raw.length < 6 ? () => (plan) => plan.product_id.startsWith(raw) : read,
    },
  },
  {
    name: 'list-plans-no-links',
    rule: 'billing.list-plans.links.required',
    description: 'List plans answers {plans} without links.',
    at: answered('list plans', (reply) => withoutMember(reply, 'links')),
  },
  {
    name: 'activated-plan-refuses-subscriptions',
    rule: 'billing.plan-state.active-accepts-subscriptions',
    description:
      'A plan made ACTIVE by activate plan (created CREATED) refuses subscriptions with 422; plans ' +
      'created ACTIVE take them.',
    at: {
      'plan takes subscriptions': (takes, { plan }) => {
        if (plan.status === 'ACTIVE' && plan.activated) {
          throw unprocessable(
            '/plan_id',
            'PLAN_STATUS_INVALID',
            `Plan ${plan.id} was activated after creation; it takes no subscriptions.`,
          );
        }
        return takes;
      },
    },
  },
  {
    name: 'free-trial-pricing-required',
    rule: 'billing.billing_cycle.pricing_scheme.free-trial-optional',
    description: 'A TRIAL billing cycle without pricing_scheme (a free trial) is refused.',
    at: {
      'billing cycle checked': (_, { v, at, tenure, cycle }) => {
        if (tenure === 'TRIAL' && cycle.pricing_scheme === undefined)
          v.fail(`${at}/pricing_scheme`, 'MISSING_REQUIRED_PARAMETER', 'A TRIAL cycle needs a pricing_scheme.');
        return undefined;
      },
    },
  },
  {
    name: 'update-pricing-array-body-unwrapped',
    rule: 'billing.update-pricing.body.type',
    description: 'An update-pricing body that is an array holding one body object is read as that object.',
    at: { 'update pricing body': unwrapOne },
  },
  {
    name: 'show-plan-no-payment-preferences',
    rule: 'billing.show-plan.returns-plan',
    description: 'Show plan answers the plan without its payment_preferences.',
    at: answered('show plan', (reply) => withoutMember(reply, 'payment_preferences')),
  },
  {
    name: 'plan-setup-fee-rounded',
    rule: 'billing.show-plan.returns-plan',
    description: 'Create plan stores a setup fee rounded to whole units (2.75 reads back as 3).',
    at: {
      'new plan payment_preferences': (prefs) => {
        const fee = prefs.setup_fee;
        if (isObject(fee) && typeof fee.value === 'string') fee.value = String(Math.round(Number(fee.value)));
        return prefs;
      },
    },
  },
] as const satisfies readonly FaultPlugin[];
