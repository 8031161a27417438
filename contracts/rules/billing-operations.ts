// billing.md: "Endpoints", "Plans", "Subscriptions", "Authentication", "Errors", "Limits",
// "Versioning": status codes, queries and bodies of each operation, Prefer, idempotency keys,
// paging and filters, credentials.

import type { Rule } from '../rule.js';
import { SCHEMA_IDS as S } from '../schema-ids.js';
import {
  anchor,
  at,
  fieldRules,
  fields,
  must,
  notObservable,
  onLine,
  should,
  withFacts,
  type Anchor,
} from './define.js';

const TOP = anchor('billing.md', 'Recurring Billing Service: Plans and Subscriptions');
const ENDPOINTS = anchor('billing.md', 'Endpoints');
const PLANS = anchor('billing.md', 'Plans');
const SUBS = anchor('billing.md', 'Subscriptions');
const AUTH = anchor('billing.md', 'Authentication');
const ERRORS = anchor('billing.md', 'Errors');
const LIMITS = anchor('billing.md', 'Limits');
const VERSIONING = anchor('billing.md', 'Versioning');

const QUERY_IS_PAIRS = {
  type: {
    notObservable:
      'a query string (or a header set) is always a set of name=value pairs: no request can carry one that is not an ' +
      'object',
  },
};
const QUERY_VALUE_IS_TEXT = {
  type: {
    notObservable:
      'every query parameter and header value is text (a list is comma-separated text): no request can carry a value ' +
      'that is not a string',
  },
};
/** A query value out of its range: refusing it and clamping it into the range both conform. */
const CLAMP_OR_REFUSE = { range: { allows: ['refusing the request', 'clamping the value into the range'] } };

/** The query (or header) set of an operation, as an object of parameter names and values. */
export const PARAMETER_SET_FIELDS = fields({
  listPlans: {
    id: 'billing.list-plans.query',
    label: 'The list plans query',
    type: 'object',
    line: 193,
    facts: QUERY_IS_PAIRS,
  },
  listSubscriptions: {
    id: 'billing.list-subscriptions.query',
    label: 'The list subscriptions query',
    type: 'object',
    line: 207,
    facts: QUERY_IS_PAIRS,
  },
  showSubscription: {
    id: 'billing.show-subscription.query',
    label: 'The show subscription query',
    type: 'object',
    line: 208,
    facts: QUERY_IS_PAIRS,
  },
  listTransactions: {
    id: 'billing.list-transactions.query',
    label: 'The list transactions query',
    type: 'object',
    line: 215,
    facts: QUERY_IS_PAIRS,
  },
  createSubscriptionHeaders: {
    id: 'billing.create-subscription.headers',
    label: 'The create subscription headers',
    type: 'object',
    line: 206,
    facts: QUERY_IS_PAIRS,
  },
});

export const LIST_PLANS_QUERY_FIELDS = fields({
  product_id: {
    id: 'billing.list-plans.product_id',
    label: 'List plans product_id',
    type: 'string',
    length: [6, 50],
    facts: QUERY_VALUE_IS_TEXT,
  },
  page_size: {
    id: 'billing.list-plans.page_size',
    label: 'List plans page_size',
    type: 'integer',
    range: [1, 20],
    facts: CLAMP_OR_REFUSE,
  },
  page: {
    id: 'billing.list-plans.page',
    label: 'List plans page',
    type: 'integer',
    range: [1, 100000],
    facts: CLAMP_OR_REFUSE,
  },
  total_required: {
    id: 'billing.list-plans.total_required',
    label: 'List plans total_required',
    type: 'boolean',
    facts: {
      type: {
        notObservable:
          'the spec states that total_required is a boolean, not what a server does with another value: refusing ' +
          'total_required=maybe, reading it as true and reading it as false are all legal, and an answer shows ' +
          'nothing ' +
          'beyond what true or false would show',
      },
    },
  },
});

export const LIST_PLANS_RESPONSE_FIELDS = fields({
  body: { id: 'billing.list-plans.response', label: 'The list plans body', type: 'object', words: '200, {plans' },
  plans: {
    id: 'billing.list-plans.plans',
    label: 'List plans plans',
    type: 'array',
    required: 'in the list plans body',
  },
});

export const UPDATE_PRICING_FIELDS = fields({
  body: {
    id: 'billing.update-pricing.body',
    label: 'The update pricing body',
    type: 'object',
    words: '{pricing_schemes',
  },
  pricing_schemes: {
    id: 'billing.update-pricing.pricing_schemes',
    label: 'Update pricing pricing_schemes',
    type: 'array',
    items: [1, 99],
    required: 'in the update pricing body',
  },
  item: { id: 'billing.update-pricing.item', label: 'An update pricing item', type: 'object' },
  billing_cycle_sequence: {
    id: 'billing.update-pricing.billing_cycle_sequence',
    label: 'Update pricing billing_cycle_sequence',
    type: 'integer',
    required: 'in every update pricing item',
  },
});

export const CREATE_SUBSCRIPTION_HEADER_FIELDS = fields({
  client_metadata_id: {
    id: 'billing.create-subscription.client_metadata_id',
    label: 'Create subscription header Platform-Client-Metadata-Id',
    type: 'string',
    length: [1, 36],
    words: 'Platform-Client-Metadata-Id',
    facts: QUERY_VALUE_IS_TEXT,
  },
});

export const LIST_SUBSCRIPTIONS_QUERY_FIELDS = fields({
  plan_ids: {
    id: 'billing.list-subscriptions.plan_ids',
    label: 'List subscriptions plan_ids',
    type: 'string',
    length: [3, 1890],
    facts: QUERY_VALUE_IS_TEXT,
  },
  statuses: {
    id: 'billing.list-subscriptions.statuses',
    label: 'List subscriptions statuses',
    type: 'string',
    length: [1, 70],
    pattern: { regex: '^[A-Z_,]+$', says: 'is capital letters, underscores and commas' },
    facts: QUERY_VALUE_IS_TEXT,
  },
  filter: {
    id: 'billing.list-subscriptions.filter',
    label: 'List subscriptions filter',
    type: 'string',
    length: [0, 100],
    facts: QUERY_VALUE_IS_TEXT,
  },
  page_size: {
    id: 'billing.list-subscriptions.page_size',
    label: 'List subscriptions page_size',
    type: 'integer',
    range: [1, 20],
    facts: CLAMP_OR_REFUSE,
  },
  page: {
    id: 'billing.list-subscriptions.page',
    label: 'List subscriptions page',
    type: 'integer',
    range: [1, 10000000],
    facts: CLAMP_OR_REFUSE,
  },
  customer_ids: {
    id: 'billing.list-subscriptions.customer_ids',
    label: 'List subscriptions customer_ids',
    type: 'array',
    items: [1, 10],
    itemType: 'string',
    facts: { ...QUERY_VALUE_IS_TEXT, 'items-type': QUERY_VALUE_IS_TEXT.type },
  },
});
export const PLAN_IDS_MAX_70_REGEX = '^[^,]*(,[^,]*){0,69}$';

export const LIST_SUBSCRIPTIONS_RESPONSE_FIELDS = fields({
  body: {
    id: 'billing.list-subscriptions.response',
    label: 'The list subscriptions body',
    type: 'object',
    words: '200, {subscriptions',
  },
  subscriptions: {
    id: 'billing.list-subscriptions.subscriptions',
    label: 'List subscriptions subscriptions',
    type: 'array',
    required: 'in the list subscriptions body',
  },
});

export const SHOW_SUBSCRIPTION_QUERY_FIELDS = fields({
  fields: {
    id: 'billing.show-subscription.fields',
    label: 'Show subscription fields',
    type: 'string',
    length: [1, 100],
    pattern: {
      regex: '^(last_failed_payment|plan)(,(last_failed_payment|plan))*$',
      says: 'lists last_failed_payment and plan (comma separated)',
    },
    facts: QUERY_VALUE_IS_TEXT,
  },
});

export const REVISE_REQUEST_FIELDS = fields({
  body: { id: 'billing.revise.body', label: 'The revise body', type: 'object', words: 'body plan_id' },
  plan_id: { id: 'billing.revise.plan_id', label: 'Revise plan_id', type: 'string', length: [26, 26] },
  quantity: { id: 'billing.revise.quantity', label: 'Revise quantity', type: 'string', length: [1, 32] },
});

export const REVISE_RESPONSE_FIELDS = fields({
  body: { id: 'billing.revise.response', label: 'The revise response body', type: 'object', words: '200, {plan_id' },
  plan_id: { id: 'billing.revise.response.plan_id', label: 'Revise response plan_id', type: 'string' },
  plan_overridden: {
    id: 'billing.revise.response.plan_overridden',
    label: 'Revise response plan_overridden',
    type: 'boolean',
  },
});

const reasonFields = (op: string, label: string, required?: string) =>
  fields({
    body: { id: `billing.${op}.body`, label: `The ${label} body`, type: 'object', words: '{reason' },
    reason: {
      id: `billing.${op}.reason`,
      label: `${label} reason`,
      type: 'string',
      length: [1, 128],
      ...(required ? { required } : {}),
    },
  });
export const SUSPEND_FIELDS = reasonFields('suspend', 'Suspend subscription', 'in the suspend body');
export const CANCEL_FIELDS = reasonFields('cancel', 'Cancel subscription', 'in the cancel body');
export const ACTIVATE_SUBSCRIPTION_FIELDS = reasonFields('activate-subscription', 'Activate subscription');

export const CAPTURE_FIELDS = fields({
  body: { id: 'billing.capture.body', label: 'The capture body', type: 'object', words: '{note' },
  note: {
    id: 'billing.capture.note',
    label: 'Capture note',
    type: 'string',
    length: [1, 128],
    required: 'in the capture body',
  },
  capture_type: {
    id: 'billing.capture.capture_type',
    label: 'Capture capture_type',
    type: 'string',
    length: [1, 24],
    enum: ['OUTSTANDING_BALANCE'],
    required: 'in the capture body',
  },
  response: {
    id: 'billing.capture.response',
    label: 'The capture response',
    type: 'object',
    words: '202, empty object',
  },
});

export const LIST_TRANSACTIONS_RESPONSE_FIELDS = fields({
  body: {
    id: 'billing.list-transactions.response',
    label: 'The list transactions body',
    type: 'object',
    words: '200, {transactions',
  },
  transactions: {
    id: 'billing.list-transactions.transactions',
    label: 'List transactions transactions',
    type: 'array',
    required: 'in the list transactions body',
  },
});

/** The three list bodies are {<items>, links} (billing.md, Endpoints): the rule of each links member. */
export const LIST_LINKS_REQUIRED = {
  plans: 'billing.list-plans.links.required',
  subscriptions: 'billing.list-subscriptions.links.required',
  transactions: 'billing.list-transactions.links.required',
} as const;

/** The success code of an operation, stated in its row of the Plans or Subscriptions table. */
const status = (a: Anchor, line: number, op: string, code: number, what: string) =>
  must(at(a, line, String(code)), `billing.${op}.status-${code}`, 'status-code', `${what} answers ${code} on success`);

const BEARER = at(ENDPOINTS, 186, 'requires the OAuth 2.0 bearer credential');
const SECURED = at(AUTH, 243, 'secured with OAuth 2.0');
const JSON_BODIES = at(TOP, 5, 'Request and response bodies are JSON');
const PREFER = at(ENDPOINTS, 186, 'Header Prefer');
const MINIMAL = at(ENDPOINTS, 186, 'Minimal returns');
const KEY = at(ENDPOINTS, 186, 'idempotency key');
/** "Behavior when an idempotency key is repeated: not shown." */
const REPEAT_OPEN = { allows: ['answering the repeat with the first result', 'refusing the repeat'] };
const ANY_REFUSAL = { allows: ['any 4xx refusal (401 is the SHOULD billing.auth.refusal-401)'] };
const LIST_PLANS = (words: string, contracts?: readonly string[]) => at(PLANS, 193, words, contracts);
const LIST_SUBS = (words: string, contracts?: readonly string[]) => at(SUBS, 207, words, contracts);
const CAPTURE = (words: string, contracts?: readonly string[]) => at(SUBS, 214, words, contracts);
const TRANSACTIONS = (words: string, contracts?: readonly string[]) => at(SUBS, 215, words, contracts);
const ERROR_CATEGORIES = at(ERRORS, 254, 'Named error categories');

const CREDENTIAL_RULES: readonly Rule[] = [
  withFacts(
    ANY_REFUSAL,
    must(
      BEARER,
      'billing.auth.bearer-required',
      'auth',
      'Every billing operation refuses a request without the bearer credential',
    ),
  ),
  withFacts(
    ANY_REFUSAL,
    must(
      BEARER,
      'billing.auth.invalid-token-refused',
      'auth',
      'Every billing operation refuses a request whose bearer credential is not valid',
    ),
  ),
  must(
    SECURED,
    'billing.auth.refused-changes-nothing',
    'auth',
    'A request refused for its credential creates or changes nothing',
  ),
  must(
    at(AUTH, 244, 'Authorization carrying the bearer credential'),
    'billing.auth.bearer-accepted',
    'auth',
    'A request with Authorization: Bearer <valid token>, Content-Type and Accept application/json is served',
  ),
  should(SECURED, 'billing.auth.refusal-401', 'auth', 'A missing or invalid bearer credential is refused with 401'),
  must(JSON_BODIES, 'billing.http.json-bodies', 'http', 'Every response body the billing service sends is JSON'),
  // HTTP practice (RFC 9110, Accept-Encoding): a body is coded (gzip, br) only for a client that
  // asked; the checker asks for none, so a coded answer would hide the JSON from a plain client.
  should(
    JSON_BODIES,
    'billing.http.coding-asked-for',
    'http',
    'A response body is sent without a content coding (gzip, deflate, br) unless the request asked for one',
  ),
  should(
    JSON_BODIES,
    'billing.http.json-content-type',
    'http',
    'A response with a JSON body says Content-Type: application/json',
  ),
];

const PREFER_RULES: readonly Rule[] = [
  withFacts(
    { allows: ['more members than id, status and links (the timestamps the create plan row lists, others)'] },
    must(
      MINIMAL,
      'billing.create-plan.prefer-minimal',
      'prefer',
      'With Prefer return=minimal or no Prefer, create plan returns id, status and links',
      [S.createPlanResponseMinimal],
    ),
  ),
  must(
    PREFER,
    'billing.create-plan.prefer-representation',
    'prefer',
    'With Prefer return=representation, create plan returns the full plan: id, product_id, name, status, ' +
      'billing_cycles, payment_preferences, create_time, update_time, links, and every member show plan details ' +
      'returns for it',
    [S.createPlanResponseRepresentation],
  ),
  must(
    MINIMAL,
    'billing.list-plans.prefer-minimal',
    'prefer',
    'With Prefer return=minimal or no Prefer, every listed plan carries id, name and links, and its description when ' +
      'it has one',
    [S.listPlansResponse],
  ),
  must(
    PREFER,
    'billing.list-plans.prefer-representation',
    'prefer',
    'With Prefer return=representation, every listed plan still carries at least id and name (a plan summary: the ' +
      'spec lists no more)',
    [S.listPlansResponseRepresentation],
  ),
  must(
    MINIMAL,
    'billing.create-subscription.prefer-minimal',
    'prefer',
    'With Prefer return=minimal or no Prefer, create subscription returns at least id, status and links',
    [S.createSubscriptionResponseMinimal],
  ),
  must(
    PREFER,
    'billing.create-subscription.prefer-representation',
    'prefer',
    'With Prefer return=representation, create subscription returns the full subscription: id, status, plan_id, ' +
      'links, and every member show subscription details returns for it',
    [S.createSubscriptionResponseRepresentation],
  ),
  // "Minimal returns id, status and links": what it returns, not that nothing else may come. An
  // answer that also carries the full representation conforms; leaving it out is what minimal is for.
  should(
    MINIMAL,
    'billing.create-plan.prefer-minimal-lean',
    'prefer',
    'With Prefer return=minimal or no Prefer, create plan leaves out the content of the full plan (billing cycles, ' +
      'preferences, taxes)',
  ),
  should(
    MINIMAL,
    'billing.list-plans.prefer-minimal-lean',
    'prefer',
    'With Prefer return=minimal or no Prefer, list plans items leave out the content of the full plan (billing ' +
      'cycles, preferences, taxes)',
  ),
  should(
    MINIMAL,
    'billing.create-subscription.prefer-minimal-lean',
    'prefer',
    'With Prefer return=minimal or no Prefer, create subscription leaves out the content of the full subscription ' +
      '(subscriber, billing_info, terms)',
  ),
];

const IDEMPOTENCY_RULES: readonly Rule[] = [
  withFacts(
    REPEAT_OPEN,
    must(
      KEY,
      'billing.create-plan.idempotency-key',
      'idempotency',
      'A create plan repeated with the same Platform-Request-Id creates no second plan',
    ),
  ),
  should(
    KEY,
    'billing.create-plan.idempotency-replay',
    'idempotency',
    'A create plan repeated with the same Platform-Request-Id returns the first result (same plan id)',
  ),
  withFacts(
    REPEAT_OPEN,
    must(
      KEY,
      'billing.create-subscription.idempotency-key',
      'idempotency',
      'A create subscription repeated with the same Platform-Request-Id creates no second subscription',
    ),
  ),
  should(
    KEY,
    'billing.create-subscription.idempotency-replay',
    'idempotency',
    'A create subscription repeated with the same Platform-Request-Id returns the first result (same subscription id)',
  ),
  withFacts(
    REPEAT_OPEN,
    must(
      KEY,
      'billing.capture.idempotency-key',
      'idempotency',
      'A capture repeated with the same Platform-Request-Id captures nothing more',
    ),
  ),
  should(
    KEY,
    'billing.capture.idempotency-replay',
    'idempotency',
    'A capture repeated with the same Platform-Request-Id answers as the first did',
  ),
  notObservable(
    'the retention is a span of 72 hours and a run lasts minutes: a key can only be repeated seconds apart, which ' +
      'shows the ' +
      'key honoured (the idempotency-key rules), not kept for 72 hours',
    must(
      at(LIMITS, 268, 'idempotency key retention'),
      'billing.limits.idempotency-retention-72h',
      'idempotency',
      'A Platform-Request-Id repeated within 72 hours still creates nothing new',
    ),
  ),
];

const LIST_PLANS_BODIES = [S.listPlansResponse, S.listPlansResponseRepresentation];

const PLAN_OPERATION_RULES: readonly Rule[] = [
  status(PLANS, 192, 'create-plan', 201, 'Create plan'),
  must(
    at(PLANS, 192, '201, plan body with id', [S.createPlanResponse]),
    'billing.create-plan.response-members',
    'schema',
    'The create plan response carries id and links',
  ),
  status(PLANS, 193, 'list-plans', 200, 'List plans'),
  ...fieldRules(PLANS, [PARAMETER_SET_FIELDS.listPlans], [S.listPlansQuery]),
  ...fieldRules(onLine(PLANS, 193), Object.values(LIST_PLANS_QUERY_FIELDS), [S.listPlansQuery]),
  ...fieldRules(onLine(PLANS, 193), Object.values(LIST_PLANS_RESPONSE_FIELDS), LIST_PLANS_BODIES),
  must(
    LIST_PLANS('[plan summaries], links', LIST_PLANS_BODIES),
    LIST_LINKS_REQUIRED.plans,
    'schema',
    'The list plans body carries links',
  ),
  must(
    LIST_PLANS('default 10'),
    'billing.list-plans.page_size.default-10',
    'pagination',
    'List plans without page_size returns 10 plans per page (when the list holds more than 10)',
  ),
  must(
    LIST_PLANS('page (integer 1..100000, default 1)'),
    'billing.list-plans.page.default-1',
    'pagination',
    'List plans without page returns the first page (the same as page=1)',
  ),
  must(
    LIST_PLANS('page_size (integer 1..20'),
    'billing.list-plans.page_size.honoured',
    'pagination',
    'List plans returns at most page_size plans',
  ),
  must(
    LIST_PLANS('page (integer 1..100000'),
    'billing.list-plans.pages-disjoint',
    'pagination',
    'page selects a slice of the list: while the list does not change, different pages of list plans never repeat a ' +
      'plan',
  ),
  must(
    LIST_PLANS('product_id (string 6..50)'),
    'billing.list-plans.product_id.filters',
    'pagination',
    'List plans with product_id returns only plans of that product',
  ),
  withFacts(
    { allows: ['any member names for the total (they are not shown)'] },
    must(
      LIST_PLANS('the response shows a total count'),
      'billing.list-plans.total_required.shows-total',
      'pagination',
      'List plans with total_required=true shows a total count (its member names are not shown by the spec)',
    ),
  ),
  must(
    LIST_PLANS('boolean, default false'),
    'billing.list-plans.total_required.default-false',
    'pagination',
    'List plans without total_required answers as with total_required=false',
  ),
  status(PLANS, 194, 'show-plan', 200, 'Show plan details'),
  withFacts(
    {
      noSchemaConstraint:
        'the response contract is a $ref to plan.json, whose rules report any shape error; the id match is a request ' +
        'check',
    },
    must(
      at(PLANS, 194, '200, plan', [S.showPlanResponse]),
      'billing.show-plan.returns-plan',
      'schema',
      'Show plan details returns the plan with the requested id',
    ),
  ),
  status(PLANS, 195, 'update-plan', 204, 'Update plan'),
  must(
    at(PLANS, 195, '204, empty'),
    'billing.update-plan.empty-body',
    'http',
    'Update plan answers 204 with an empty body',
  ),
  status(PLANS, 196, 'activate-plan', 204, 'Activate plan'),
  status(PLANS, 197, 'deactivate-plan', 204, 'Deactivate plan'),
  status(PLANS, 198, 'update-pricing', 204, 'Update pricing'),
  ...fieldRules(onLine(PLANS, 198), Object.values(UPDATE_PRICING_FIELDS), [S.updatePricingRequest]),
  must(
    at(PLANS, 198, 'pricing_scheme}}', [S.updatePricingRequest]),
    'billing.update-pricing.pricing_scheme.required',
    'schema',
    'Every update pricing item carries a pricing_scheme',
  ),
  must(
    at(PLANS, 198, 'update-pricing-schemes', [S.updatePricingRequest, S.plan]),
    'billing.update-pricing.applies',
    'lifecycle',
    "After update pricing, the plan's cycle with that sequence has the new pricing scheme",
  ),
];

const LIST_FILTER = (words: string, id: string, title: string) => must(LIST_SUBS(words), id, 'pagination', title);

const SUBSCRIPTION_OPERATION_RULES: readonly Rule[] = [
  status(SUBS, 206, 'create-subscription', 201, 'Create subscription'),
  must(
    at(SUBS, 206, '201, subscription with id, status, links', [S.createSubscriptionResponse]),
    'billing.create-subscription.response-members',
    'schema',
    'The create subscription response carries id, status and links',
  ),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.createSubscriptionHeaders], [S.createSubscriptionHeaders]),
  ...fieldRules(onLine(SUBS, 206), Object.values(CREATE_SUBSCRIPTION_HEADER_FIELDS), [S.createSubscriptionHeaders]),
  status(SUBS, 207, 'list-subscriptions', 200, 'List subscriptions'),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.listSubscriptions], [S.listSubscriptionsQuery]),
  ...fieldRules(onLine(SUBS, 207), Object.values(LIST_SUBSCRIPTIONS_QUERY_FIELDS), [S.listSubscriptionsQuery]),
  ...fieldRules(onLine(SUBS, 207), Object.values(LIST_SUBSCRIPTIONS_RESPONSE_FIELDS), [S.listSubscriptionsResponse]),
  must(
    LIST_SUBS('[subscription], links', [S.listSubscriptionsResponse]),
    LIST_LINKS_REQUIRED.subscriptions,
    'schema',
    'The list subscriptions body carries links',
  ),
  LIST_FILTER(
    'page_size (1..20, default 10)',
    'billing.list-subscriptions.page_size.default-10',
    'List subscriptions without page_size returns 10 subscriptions per page (when the list holds more than 10)',
  ),
  LIST_FILTER(
    'page (1..10000000, default 1)',
    'billing.list-subscriptions.page.default-1',
    'List subscriptions without page returns the first page (the same as page=1)',
  ),
  LIST_FILTER(
    'page_size (1..20',
    'billing.list-subscriptions.page_size.honoured',
    'List subscriptions returns at most page_size subscriptions',
  ),
  LIST_FILTER(
    'page (1..10000000',
    'billing.list-subscriptions.pages-disjoint',
    'page selects a slice of the list: while the list does not change, different pages of list subscriptions never ' +
      'repeat a subscription',
  ),
  LIST_FILTER(
    'plan_ids (string 3..1890',
    'billing.list-subscriptions.plan_ids.filters',
    'List subscriptions with plan_ids returns only subscriptions of those plans',
  ),
  LIST_FILTER(
    'statuses (string 1..70',
    'billing.list-subscriptions.statuses.filters',
    'List subscriptions with statuses returns only subscriptions in those statuses',
  ),
  LIST_FILTER(
    'created_after',
    'billing.list-subscriptions.created_after.filters',
    'List subscriptions with created_after returns only subscriptions created after that time',
  ),
  LIST_FILTER(
    'created_before',
    'billing.list-subscriptions.created_before.filters',
    'List subscriptions with created_before returns only subscriptions created before that time',
  ),
  LIST_FILTER(
    'status_updated_after',
    'billing.list-subscriptions.status_updated_after.filters',
    'List subscriptions with status_updated_after returns only subscriptions whose status changed after that time',
  ),
  LIST_FILTER(
    'status_updated_before',
    'billing.list-subscriptions.status_updated_before.filters',
    'List subscriptions with status_updated_before returns only subscriptions whose status changed before that time',
  ),
  notObservable(
    'the filter grammar (member names, literal syntax) is not shown, only its operators: there is no expression a ' +
      'server is bound to accept',
    LIST_FILTER(
      'operators ge, gt, le, lt, and, or',
      'billing.list-subscriptions.filter.operators',
      'List subscriptions accepts a filter expression built with ge, gt, le, lt, and, or',
    ),
  ),
  status(SUBS, 208, 'show-subscription', 200, 'Show subscription details'),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.showSubscription], [S.showSubscriptionQuery]),
  ...fieldRules(onLine(SUBS, 208), Object.values(SHOW_SUBSCRIPTION_QUERY_FIELDS), [S.showSubscriptionQuery]),
  withFacts(
    {
      noSchemaConstraint:
        'the response contract is a $ref to subscription.json, whose rules report any shape error; the id match is a ' +
        'request check',
    },
    must(
      at(SUBS, 208, '200, subscription', [S.showSubscriptionResponse]),
      'billing.show-subscription.returns-subscription',
      'schema',
      'Show subscription details returns the subscription with the requested id',
    ),
  ),
  status(SUBS, 209, 'update-subscription', 204, 'Update subscription'),
  status(SUBS, 210, 'revise', 200, 'Revise plan or quantity'),
  ...fieldRules(onLine(SUBS, 210), Object.values(REVISE_REQUEST_FIELDS), [S.reviseRequest]),
  ...fieldRules(onLine(SUBS, 210), Object.values(REVISE_RESPONSE_FIELDS), [S.reviseResponse]),
  must(
    at(SUBS, 210, '200, {plan_id, plan_overridden', [S.reviseResponse]),
    'billing.revise.response-members',
    'schema',
    'The revise response carries plan_id, plan_overridden and links, and the shipping_amount and shipping_address ' +
      'the revise was sent, as sent',
  ),
  must(
    at(SUBS, 210, 'earlier overrides are not carried forward'),
    'billing.revise.overrides-not-carried-forward',
    'lifecycle',
    'After a revise, overrides from earlier revisions no longer apply',
  ),
  status(SUBS, 211, 'suspend', 204, 'Suspend subscription'),
  ...fieldRules(onLine(SUBS, 211), Object.values(SUSPEND_FIELDS), [S.suspendRequest]),
  status(SUBS, 212, 'cancel', 204, 'Cancel subscription'),
  ...fieldRules(onLine(SUBS, 212), Object.values(CANCEL_FIELDS), [S.cancelRequest]),
  status(SUBS, 213, 'activate-subscription', 204, 'Activate subscription'),
  ...fieldRules(onLine(SUBS, 213), Object.values(ACTIVATE_SUBSCRIPTION_FIELDS), [S.activateSubscriptionRequest]),
  must(
    at(SUBS, 213, 'required to reactivate', [S.activateSubscriptionRequest]),
    'billing.activate-subscription.reason.required-to-reactivate',
    'lifecycle',
    'Reactivating a SUSPENDED subscription without a reason is refused',
  ),
  status(SUBS, 214, 'capture', 202, 'Capture authorized payment'),
  ...fieldRules(onLine(SUBS, 214), Object.values(CAPTURE_FIELDS), [S.captureRequest, S.captureResponse]),
  must(
    CAPTURE('amount: Money required', [S.captureRequest]),
    'billing.capture.amount.required',
    'schema',
    'The capture body carries amount (Money)',
  ),
  must(
    CAPTURE('202, empty object', [S.captureResponse]),
    'billing.capture.response.empty-object',
    'schema',
    'Capture answers 202 with an empty JSON object',
  ),
  status(SUBS, 215, 'list-transactions', 200, 'List transactions'),
  ...fieldRules(SUBS, [PARAMETER_SET_FIELDS.listTransactions], [S.listTransactionsQuery]),
  must(
    TRANSACTIONS('start_time (date_time, required)', [S.listTransactionsQuery]),
    'billing.list-transactions.start_time.required',
    'schema',
    'List transactions requires the start_time query parameter (a date_time)',
  ),
  must(
    TRANSACTIONS('end_time (date_time, required)', [S.listTransactionsQuery]),
    'billing.list-transactions.end_time.required',
    'schema',
    'List transactions requires the end_time query parameter (a date_time)',
  ),
  ...fieldRules(onLine(SUBS, 215), Object.values(LIST_TRANSACTIONS_RESPONSE_FIELDS), [S.listTransactionsResponse]),
  must(
    TRANSACTIONS('[Transaction], links', [S.listTransactionsResponse]),
    LIST_LINKS_REQUIRED.transactions,
    'schema',
    'The list transactions body carries links',
  ),
  should(
    TRANSACTIONS('query start_time'),
    'billing.list-transactions.window',
    'pagination',
    'List transactions returns only transactions whose time lies between start_time and end_time',
  ),
];

/** "204 (empty success for patch, activate, deactivate, update pricing, suspend, cancel, activate subscription)". */
const EMPTY_SUCCESS = at(ERRORS, 253, '204 (empty success');
const noContent = (op: string, what: string) =>
  must(EMPTY_SUCCESS, `billing.${op}.empty-body`, 'http', `${what} answers its success with no body`);

/** Update plan's own row says "204, empty" (billing.update-plan.empty-body); the others' say it here. */
const NO_CONTENT_RULES: readonly Rule[] = [
  noContent('activate-plan', 'Activate plan'),
  noContent('deactivate-plan', 'Deactivate plan'),
  noContent('update-pricing', 'Update pricing'),
  noContent('update-subscription', 'Update subscription'),
  noContent('suspend', 'Suspend subscription'),
  noContent('cancel', 'Cancel subscription'),
  noContent('activate-subscription', 'Activate subscription'),
];

export const OPERATION_RULES: readonly Rule[] = [
  ...CREDENTIAL_RULES,
  ...PREFER_RULES,
  ...IDEMPOTENCY_RULES,
  ...PLAN_OPERATION_RULES,
  ...SUBSCRIPTION_OPERATION_RULES,

  // limits stated only in the Limits table
  must(
    at(LIMITS, 266, 'up to 70 ids', [S.listSubscriptionsQuery]),
    'billing.list-subscriptions.plan_ids.max-70',
    'limit',
    'List subscriptions plan_ids names at most 70 plan ids',
  ),
  withFacts(
    { noSchemaConstraint: 'a bound on the whole request URL, not on a member' },
    must(
      at(LIMITS, 266, 'URL not over 2000 characters'),
      'billing.list-subscriptions.plan_ids.url-max-2000',
      'limit',
      'A list subscriptions URL with a plan_ids filter of up to 2000 characters is served',
    ),
  ),

  // HTTP practice the spec implies
  should(
    ERROR_CATEGORIES,
    'billing.errors.unknown-plan-404',
    'http',
    'An operation on a plan id that does not exist answers 404',
  ),
  should(
    ERROR_CATEGORIES,
    'billing.errors.unknown-subscription-404',
    'http',
    'An operation on a subscription id that does not exist answers 404',
  ),
  should(
    ERROR_CATEGORIES,
    'billing.errors.refusal-400-or-422',
    'http',
    'A request refused for its input answers 400 or 422',
  ),
  should(JSON_BODIES, 'billing.errors.json-error-body', 'http', 'An error response carries a JSON body'),
  should(
    ERROR_CATEGORIES,
    'billing.errors.no-5xx-on-bad-input',
    'http',
    'Input that breaks a stated limit never causes a 5xx',
  ),
  // Deprecated, still members of the create request the Subscriptions row lists: a request that
  // carries them is a valid one (what deprecation will lead to is "not shown").
  must(
    at(VERSIONING, 279, 'Deprecated members'),
    'billing.versioning.deprecated-accepted',
    'http',
    'Create subscription still takes the deprecated auto_renewal and application_context',
  ),
  ...NO_CONTENT_RULES,
];
