// billing.md: "Endpoints", "Plans", "Subscriptions", "Authentication", "Errors", "Limits",
// "Versioning": status codes, queries and bodies of each operation, Prefer, idempotency keys,
// paging and filters, credentials.

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import { anchor, fieldRules, fields, must, should } from './define.js';

const ENDPOINTS = anchor('billing.md', 'Endpoints');
const PLANS = anchor('billing.md', 'Plans');
const SUBS = anchor('billing.md', 'Subscriptions');
const AUTH = anchor('billing.md', 'Authentication');
const ERRORS = anchor('billing.md', 'Errors');
const LIMITS = anchor('billing.md', 'Limits');
const VERSIONING = anchor('billing.md', 'Versioning');

/** The query (or header) set of an operation, as an object of parameter names and values. */
export const PARAMETER_SET_FIELDS = fields({
  listPlans: { id: 'billing.list-plans.query', label: 'The list plans query', type: 'object' },
  listSubscriptions: { id: 'billing.list-subscriptions.query', label: 'The list subscriptions query', type: 'object' },
  showSubscription: { id: 'billing.show-subscription.query', label: 'The show subscription query', type: 'object' },
  listTransactions: { id: 'billing.list-transactions.query', label: 'The list transactions query', type: 'object' },
  createSubscriptionHeaders: { id: 'billing.create-subscription.headers', label: 'The create subscription headers', type: 'object' },
});

export const LIST_PLANS_QUERY_FIELDS = fields({
  product_id: { id: 'billing.list-plans.product_id', label: 'List plans product_id', type: 'string', length: [6, 50] },
  page_size: { id: 'billing.list-plans.page_size', label: 'List plans page_size', type: 'integer', range: [1, 20] },
  page: { id: 'billing.list-plans.page', label: 'List plans page', type: 'integer', range: [1, 100000] },
  total_required: { id: 'billing.list-plans.total_required', label: 'List plans total_required', type: 'boolean' },
});

export const LIST_PLANS_RESPONSE_FIELDS = fields({
  body: { id: 'billing.list-plans.response', label: 'The list plans body', type: 'object' },
  plans: { id: 'billing.list-plans.plans', label: 'List plans plans', type: 'array', required: 'in the list plans body' },
});

export const UPDATE_PRICING_FIELDS = fields({
  body: { id: 'billing.update-pricing.body', label: 'The update pricing body', type: 'object' },
  pricing_schemes: {
    id: 'billing.update-pricing.pricing_schemes', label: 'Update pricing pricing_schemes', type: 'array', items: [1, 99],
    required: 'in the update pricing body',
  },
  item: { id: 'billing.update-pricing.item', label: 'An update pricing item', type: 'object' },
  billing_cycle_sequence: {
    id: 'billing.update-pricing.billing_cycle_sequence', label: 'Update pricing billing_cycle_sequence', type: 'integer',
    required: 'in every update pricing item',
  },
});

export const CREATE_SUBSCRIPTION_HEADER_FIELDS = fields({
  client_metadata_id: {
    id: 'billing.create-subscription.client_metadata_id', label: 'Create subscription header Platform-Client-Metadata-Id',
    type: 'string', length: [1, 36],
  },
});

export const LIST_SUBSCRIPTIONS_QUERY_FIELDS = fields({
  plan_ids: { id: 'billing.list-subscriptions.plan_ids', label: 'List subscriptions plan_ids', type: 'string', length: [3, 1890] },
  statuses: {
    id: 'billing.list-subscriptions.statuses', label: 'List subscriptions statuses', type: 'string', length: [1, 70],
    pattern: { regex: '^[A-Z_,]+$', says: 'is capital letters, underscores and commas' },
  },
  filter: { id: 'billing.list-subscriptions.filter', label: 'List subscriptions filter', type: 'string', length: [0, 100] },
  page_size: { id: 'billing.list-subscriptions.page_size', label: 'List subscriptions page_size', type: 'integer', range: [1, 20] },
  page: { id: 'billing.list-subscriptions.page', label: 'List subscriptions page', type: 'integer', range: [1, 10000000] },
  customer_ids: {
    id: 'billing.list-subscriptions.customer_ids', label: 'List subscriptions customer_ids', type: 'array', items: [1, 10],
    itemType: 'string',
  },
});
export const PLAN_IDS_MAX_70_REGEX = '^[^,]*(,[^,]*){0,69}$';

export const LIST_SUBSCRIPTIONS_RESPONSE_FIELDS = fields({
  body: { id: 'billing.list-subscriptions.response', label: 'The list subscriptions body', type: 'object' },
  subscriptions: {
    id: 'billing.list-subscriptions.subscriptions', label: 'List subscriptions subscriptions', type: 'array',
    required: 'in the list subscriptions body',
  },
});

export const SHOW_SUBSCRIPTION_QUERY_FIELDS = fields({
  fields: {
    id: 'billing.show-subscription.fields', label: 'Show subscription fields', type: 'string', length: [1, 100],
    pattern: {
      regex: '^(last_failed_payment|plan)(,(last_failed_payment|plan))*$',
      says: 'lists last_failed_payment and plan (comma separated)',
    },
  },
});

export const REVISE_REQUEST_FIELDS = fields({
  body: { id: 'billing.revise.body', label: 'The revise body', type: 'object' },
  plan_id: { id: 'billing.revise.plan_id', label: 'Revise plan_id', type: 'string', length: [26, 26] },
  quantity: { id: 'billing.revise.quantity', label: 'Revise quantity', type: 'string', length: [1, 32] },
});

export const REVISE_RESPONSE_FIELDS = fields({
  body: { id: 'billing.revise.response', label: 'The revise response body', type: 'object' },
  plan_id: { id: 'billing.revise.response.plan_id', label: 'Revise response plan_id', type: 'string' },
  plan_overridden: { id: 'billing.revise.response.plan_overridden', label: 'Revise response plan_overridden', type: 'boolean' },
});

const reasonFields = (op: string, label: string, required?: string) =>
  fields({
    body: { id: `billing.${op}.body`, label: `The ${label} body`, type: 'object' },
    reason: { id: `billing.${op}.reason`, label: `${label} reason`, type: 'string', length: [1, 128], ...(required ? { required } : {}) },
  });
export const SUSPEND_FIELDS = reasonFields('suspend', 'Suspend subscription', 'in the suspend body');
export const CANCEL_FIELDS = reasonFields('cancel', 'Cancel subscription', 'in the cancel body');
export const ACTIVATE_SUBSCRIPTION_FIELDS = reasonFields('activate-subscription', 'Activate subscription');

export const CAPTURE_FIELDS = fields({
  body: { id: 'billing.capture.body', label: 'The capture body', type: 'object' },
  note: { id: 'billing.capture.note', label: 'Capture note', type: 'string', length: [1, 128], required: 'in the capture body' },
  capture_type: {
    id: 'billing.capture.capture_type', label: 'Capture capture_type', type: 'string', length: [1, 24],
    enum: ['OUTSTANDING_BALANCE'], required: 'in the capture body',
  },
  response: { id: 'billing.capture.response', label: 'The capture response', type: 'object' },
});

export const LIST_TRANSACTIONS_RESPONSE_FIELDS = fields({
  body: { id: 'billing.list-transactions.response', label: 'The list transactions body', type: 'object' },
  transactions: {
    id: 'billing.list-transactions.transactions', label: 'List transactions transactions', type: 'array',
    required: 'in the list transactions body',
  },
});

/** The three list bodies are {<items>, links} (billing.md, Endpoints): the rule of each links member. */
export const LIST_LINKS_REQUIRED = {
  plans: 'billing.list-plans.links.required',
  subscriptions: 'billing.list-subscriptions.links.required',
  transactions: 'billing.list-transactions.links.required',
} as const;

const status = (a: typeof PLANS, op: string, code: number, what: string) =>
  must(a, `billing.${op}.status-${code}`, 'status-code', `${what} answers ${code} on success`);

export const OPERATION_RULES: readonly Rule[] = [
  // credentials
  must(AUTH, 'billing.auth.bearer-required', 'auth', 'Every billing operation refuses a request without the bearer credential'),
  must(AUTH, 'billing.auth.invalid-token-refused', 'auth', 'Every billing operation refuses a request whose bearer credential is not valid'),
  must(AUTH, 'billing.auth.refused-changes-nothing', 'auth', 'A request refused for its credential creates or changes nothing'),
  must(AUTH, 'billing.auth.bearer-accepted', 'auth', 'A request with Authorization: Bearer <valid token>, Content-Type and Accept application/json is served'),
  should(AUTH, 'billing.auth.refusal-401', 'auth', 'A missing or invalid bearer credential is refused with 401'),
  must(AUTH, 'billing.http.json-bodies', 'http', 'Every response body the billing service sends is JSON'),
  should(AUTH, 'billing.http.json-content-type', 'http', 'A response with a JSON body says Content-Type: application/json'),
  // HTTP practice (RFC 9110, Accept-Encoding): a body is coded (gzip, br) only for a client that
  // asked; the checker asks for none, so a coded answer would hide the JSON from a plain client.
  should(AUTH, 'billing.http.coding-asked-for', 'http', 'A response body is sent without a content coding (gzip, deflate, br) unless the request asked for one'),

  // Prefer
  must(ENDPOINTS, 'billing.create-plan.prefer-minimal', 'prefer', 'With Prefer return=minimal or no Prefer, create plan returns at least id and links (status or timestamps may come too)', [S.createPlanResponseMinimal]),
  must(ENDPOINTS, 'billing.create-plan.prefer-representation', 'prefer', 'With Prefer return=representation, create plan returns the full plan: id, product_id, name, status, billing_cycles, create_time, update_time, links', [S.createPlanResponseRepresentation]),
  must(ENDPOINTS, 'billing.list-plans.prefer-minimal', 'prefer', 'With Prefer return=minimal or no Prefer, every listed plan carries at least id and name (description and links when it has them)', [S.listPlansResponse]),
  must(ENDPOINTS, 'billing.list-plans.prefer-representation', 'prefer', 'With Prefer return=representation, every listed plan still carries at least id and name (a plan summary: the spec lists no more)', [S.listPlansResponseRepresentation]),
  must(ENDPOINTS, 'billing.create-subscription.prefer-minimal', 'prefer', 'With Prefer return=minimal or no Prefer, create subscription returns at least id, status and links', [S.createSubscriptionResponseMinimal]),
  must(ENDPOINTS, 'billing.create-subscription.prefer-representation', 'prefer', 'With Prefer return=representation, create subscription returns the full subscription: id, status, plan_id, links', [S.createSubscriptionResponseRepresentation]),
  // "Minimal returns id, status and links": what it returns, not that nothing else may come. An
  // answer that also carries the full representation conforms; leaving it out is what minimal is for.
  should(ENDPOINTS, 'billing.create-plan.prefer-minimal-lean', 'prefer', 'With Prefer return=minimal or no Prefer, create plan leaves out the content of the full plan (billing cycles, preferences, taxes)'),
  should(ENDPOINTS, 'billing.list-plans.prefer-minimal-lean', 'prefer', 'With Prefer return=minimal or no Prefer, list plans items leave out the content of the full plan (billing cycles, preferences, taxes)'),
  should(ENDPOINTS, 'billing.create-subscription.prefer-minimal-lean', 'prefer', 'With Prefer return=minimal or no Prefer, create subscription leaves out the content of the full subscription (subscriber, billing_info, terms)'),

  // idempotency keys
  must(ENDPOINTS, 'billing.create-plan.idempotency-key', 'idempotency', 'A create plan repeated with the same Platform-Request-Id creates no second plan'),
  should(ENDPOINTS, 'billing.create-plan.idempotency-replay', 'idempotency', 'A create plan repeated with the same Platform-Request-Id returns the first result (same plan id)'),
  must(ENDPOINTS, 'billing.create-subscription.idempotency-key', 'idempotency', 'A create subscription repeated with the same Platform-Request-Id creates no second subscription'),
  should(ENDPOINTS, 'billing.create-subscription.idempotency-replay', 'idempotency', 'A create subscription repeated with the same Platform-Request-Id returns the first result (same subscription id)'),
  must(ENDPOINTS, 'billing.capture.idempotency-key', 'idempotency', 'A capture repeated with the same Platform-Request-Id captures nothing more'),
  should(ENDPOINTS, 'billing.capture.idempotency-replay', 'idempotency', 'A capture repeated with the same Platform-Request-Id answers as the first did'),
  must(LIMITS, 'billing.limits.idempotency-retention-72h', 'idempotency', 'A Platform-Request-Id repeated within 72 hours still creates nothing new'),

  // plans
  status(PLANS, 'create-plan', 201, 'Create plan'),
  must(PLANS, 'billing.create-plan.response-members', 'schema', 'The create plan response carries id and links', [S.createPlanResponse]),
  status(PLANS, 'list-plans', 200, 'List plans'),
  ...fieldRules(PLANS, [PARAMETER_SET_FIELDS.listPlans], [S.listPlansQuery]),
  ...fieldRules(PLANS, Object.values(LIST_PLANS_QUERY_FIELDS), [S.listPlansQuery]),
  ...fieldRules(PLANS, Object.values(LIST_PLANS_RESPONSE_FIELDS), [S.listPlansResponse, S.listPlansResponseRepresentation]),
  must(PLANS, LIST_LINKS_REQUIRED.plans, 'schema', 'The list plans body carries links', [S.listPlansResponse, S.listPlansResponseRepresentation]),
  must(PLANS, 'billing.list-plans.page_size.default-10', 'pagination', 'List plans without page_size returns 10 plans per page (when the list holds more than 10)'),
  must(PLANS, 'billing.list-plans.page.default-1', 'pagination', 'List plans without page returns the first page (the same as page=1)'),
  must(PLANS, 'billing.list-plans.page_size.honoured', 'pagination', 'List plans returns at most page_size plans'),
  must(PLANS, 'billing.list-plans.pages-disjoint', 'pagination', 'page selects a slice of the list: while the list does not change, different pages of list plans never repeat a plan'),
  must(PLANS, 'billing.list-plans.product_id.filters', 'pagination', 'List plans with product_id returns only plans of that product'),
  must(PLANS, 'billing.list-plans.total_required.shows-total', 'pagination', 'List plans with total_required=true shows a total count (its member names are not shown by the spec)'),
  must(PLANS, 'billing.list-plans.total_required.default-false', 'pagination', 'List plans without total_required answers as with total_required=false'),
  status(PLANS, 'show-plan', 200, 'Show plan details'),
  must(PLANS, 'billing.show-plan.returns-plan', 'schema', 'Show plan details returns the plan with the requested id', [S.showPlanResponse]),
  status(PLANS, 'update-plan', 204, 'Update plan'),
  must(PLANS, 'billing.update-plan.empty-body', 'http', 'Update plan answers 204 with an empty body'),
  status(PLANS, 'activate-plan', 204, 'Activate plan'),
  status(PLANS, 'deactivate-plan', 204, 'Deactivate plan'),
  status(PLANS, 'update-pricing', 204, 'Update pricing'),
  ...fieldRules(PLANS, Object.values(UPDATE_PRICING_FIELDS), [S.updatePricingRequest]),
  must(PLANS, 'billing.update-pricing.pricing_scheme.required', 'schema', 'Every update pricing item carries a pricing_scheme', [S.updatePricingRequest]),
  must(PLANS, 'billing.update-pricing.applies', 'lifecycle', "After update pricing, the plan's cycle with that sequence has the new pricing scheme", [S.updatePricingRequest, S.plan]),

  // subscriptions
  status(SUBS, 'create-subscription', 201, 'Create subscription'),
  must(SUBS, 'billing.create-subscription.response-members', 'schema', 'The create subscription response carries id, status and links', [S.createSubscriptionResponse]),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.createSubscriptionHeaders], [S.createSubscriptionHeaders]),
  ...fieldRules(SUBS, Object.values(CREATE_SUBSCRIPTION_HEADER_FIELDS), [S.createSubscriptionHeaders]),
  status(SUBS, 'list-subscriptions', 200, 'List subscriptions'),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.listSubscriptions], [S.listSubscriptionsQuery]),
  ...fieldRules(SUBS, Object.values(LIST_SUBSCRIPTIONS_QUERY_FIELDS), [S.listSubscriptionsQuery]),
  ...fieldRules(SUBS, Object.values(LIST_SUBSCRIPTIONS_RESPONSE_FIELDS), [S.listSubscriptionsResponse]),
  must(SUBS, LIST_LINKS_REQUIRED.subscriptions, 'schema', 'The list subscriptions body carries links', [S.listSubscriptionsResponse]),
  must(SUBS, 'billing.list-subscriptions.page_size.default-10', 'pagination', 'List subscriptions without page_size returns 10 subscriptions per page (when the list holds more than 10)'),
  must(SUBS, 'billing.list-subscriptions.page.default-1', 'pagination', 'List subscriptions without page returns the first page (the same as page=1)'),
  must(SUBS, 'billing.list-subscriptions.page_size.honoured', 'pagination', 'List subscriptions returns at most page_size subscriptions'),
  must(SUBS, 'billing.list-subscriptions.pages-disjoint', 'pagination', 'page selects a slice of the list: while the list does not change, different pages of list subscriptions never repeat a subscription'),
  must(SUBS, 'billing.list-subscriptions.plan_ids.filters', 'pagination', 'List subscriptions with plan_ids returns only subscriptions of those plans'),
  must(SUBS, 'billing.list-subscriptions.statuses.filters', 'pagination', 'List subscriptions with statuses returns only subscriptions in those statuses'),
  must(SUBS, 'billing.list-subscriptions.created_after.filters', 'pagination', 'List subscriptions with created_after returns only subscriptions created after that time'),
  must(SUBS, 'billing.list-subscriptions.created_before.filters', 'pagination', 'List subscriptions with created_before returns only subscriptions created before that time'),
  must(SUBS, 'billing.list-subscriptions.status_updated_after.filters', 'pagination', 'List subscriptions with status_updated_after returns only subscriptions whose status changed after that time'),
  must(SUBS, 'billing.list-subscriptions.status_updated_before.filters', 'pagination', 'List subscriptions with status_updated_before returns only subscriptions whose status changed before that time'),
  must(SUBS, 'billing.list-subscriptions.filter.operators', 'pagination', 'List subscriptions accepts a filter expression built with ge, gt, le, lt, and, or'),
  status(SUBS, 'show-subscription', 200, 'Show subscription details'),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.showSubscription], [S.showSubscriptionQuery]),
  ...fieldRules(SUBS, Object.values(SHOW_SUBSCRIPTION_QUERY_FIELDS), [S.showSubscriptionQuery]),
  must(SUBS, 'billing.show-subscription.returns-subscription', 'schema', 'Show subscription details returns the subscription with the requested id', [S.showSubscriptionResponse]),
  status(SUBS, 'update-subscription', 204, 'Update subscription'),
  status(SUBS, 'revise', 200, 'Revise plan or quantity'),
  ...fieldRules(SUBS, Object.values(REVISE_REQUEST_FIELDS), [S.reviseRequest]),
  ...fieldRules(SUBS, Object.values(REVISE_RESPONSE_FIELDS), [S.reviseResponse]),
  must(SUBS, 'billing.revise.response-members', 'schema', 'The revise response carries plan_id, plan_overridden and links, and the shipping_amount and shipping_address the revise was sent, as sent', [S.reviseResponse]),
  must(SUBS, 'billing.revise.overrides-not-carried-forward', 'lifecycle', 'After a revise, overrides from earlier revisions no longer apply'),
  status(SUBS, 'suspend', 204, 'Suspend subscription'),
  ...fieldRules(SUBS, Object.values(SUSPEND_FIELDS), [S.suspendRequest]),
  status(SUBS, 'cancel', 204, 'Cancel subscription'),
  ...fieldRules(SUBS, Object.values(CANCEL_FIELDS), [S.cancelRequest]),
  status(SUBS, 'activate-subscription', 204, 'Activate subscription'),
  ...fieldRules(SUBS, Object.values(ACTIVATE_SUBSCRIPTION_FIELDS), [S.activateSubscriptionRequest]),
  must(SUBS, 'billing.activate-subscription.reason.required-to-reactivate', 'lifecycle', 'Reactivating a SUSPENDED subscription without a reason is refused', [S.activateSubscriptionRequest]),
  status(SUBS, 'capture', 202, 'Capture authorized payment'),
  ...fieldRules(SUBS, Object.values(CAPTURE_FIELDS), [S.captureRequest, S.captureResponse]),
  must(SUBS, 'billing.capture.amount.required', 'schema', 'The capture body carries amount (Money)', [S.captureRequest]),
  must(SUBS, 'billing.capture.response.empty-object', 'schema', 'Capture answers 202 with an empty JSON object', [S.captureResponse]),
  status(SUBS, 'list-transactions', 200, 'List transactions'),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.listTransactions], [S.listTransactionsQuery]),
  must(SUBS, 'billing.list-transactions.start_time.required', 'schema', 'List transactions requires the start_time query parameter (a date_time)', [S.listTransactionsQuery]),
  must(SUBS, 'billing.list-transactions.end_time.required', 'schema', 'List transactions requires the end_time query parameter (a date_time)', [S.listTransactionsQuery]),
  ...fieldRules(SUBS, Object.values(LIST_TRANSACTIONS_RESPONSE_FIELDS), [S.listTransactionsResponse]),
  must(SUBS, LIST_LINKS_REQUIRED.transactions, 'schema', 'The list transactions body carries links', [S.listTransactionsResponse]),
  should(SUBS, 'billing.list-transactions.window', 'pagination', 'List transactions returns only transactions whose time lies between start_time and end_time'),

  // limits stated only in the Limits table
  must(LIMITS, 'billing.list-subscriptions.plan_ids.max-70', 'limit', 'List subscriptions plan_ids names at most 70 plan ids', [S.listSubscriptionsQuery]),
  must(LIMITS, 'billing.list-subscriptions.plan_ids.url-max-2000', 'limit', 'A list subscriptions URL with a plan_ids filter of up to 2000 characters is served'),

  // HTTP practice the spec implies
  should(ERRORS, 'billing.errors.unknown-plan-404', 'http', 'An operation on a plan id that does not exist answers 404'),
  should(ERRORS, 'billing.errors.unknown-subscription-404', 'http', 'An operation on a subscription id that does not exist answers 404'),
  should(ERRORS, 'billing.errors.refusal-400-or-422', 'http', 'A request refused for its input answers 400 or 422'),
  should(ERRORS, 'billing.errors.json-error-body', 'http', 'An error response carries a JSON body'),
  should(ERRORS, 'billing.errors.no-5xx-on-bad-input', 'http', 'Input that breaks a stated limit never causes a 5xx'),
  should(VERSIONING, 'billing.versioning.deprecated-accepted', 'http', 'Create subscription still accepts the deprecated auto_renewal and application_context'),
];
