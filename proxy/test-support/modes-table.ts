import { SCHEMA_IDS as S } from '../../contracts/schema-ids.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';
import { FIELDS_PAST_MAX, STATUSES_PAST_MAX } from '../../generators/index.js';
import { judgeCoding } from '../../judging/coding.js';
import { judgeMinimalLean, MINIMAL_LEAN } from '../../judging/prefer.js';
import { queryOf } from '../../judging/query-values.js';
import { judgeRequiredRefusal } from '../../judging/refusal.js';
import { judgePerPagePastMax } from '../../suites/assignees/support/per-page.js';
import { judgeBrokenQuery } from '../../suites/billing/properties/query-leniency.js';
import type { PlanStatus } from '../../suites/billing/model/plan/model.js';
import {
  ACTIVATE_PLAN,
  createdPlanStatus,
  DEACTIVATE_PLAN,
  planPatchOutcome,
  subscriptionsOnPlan,
  UPDATE_KEEPS_STATE as PLAN_KEEPS,
} from '../../suites/billing/model/plan/state-table.js';
import {
  NEW_SUBSCRIPTION,
  reasonRequiredToActivate,
  UPDATE_KEEPS_STATE as SUBSCRIPTION_KEEPS,
} from '../../suites/billing/model/subscription/state-table.js';
import { linkHref } from '../../suites/billing/support/links.js';
import { expectRefusedAndUnchanged } from '../../suites/billing/support/patch.js';
import type { RawExchange } from '../judge-exchange.js';
import { recordingCtx, replyOf, type Verdict } from './recording-ctx.js';

// One table of exchanges for both modes. Each row is an exchange (with the exchanges before it
// that tell the proxy the state of what it names), the rule it is judged on, and `run`: the
// verdict of the function the corresponding suite check calls on the same exchange (the query
// checks' judgeBrokenQuery, the patch checks' expectRefusedAndUnchanged, the Prefer and content
// coding judges, the lifecycle model's state tables as its commands read them).

export interface Row {
  name: string;
  rule: RuleId;
  before?: RawExchange[];
  exchange: RawExchange;
  run: (exchange: RawExchange) => Verdict;
}

export const AUTH = { authorization: 'Bearer t0ken-value', 'content-type': 'application/json' };
export const PLAN_ID = `P-${'A'.repeat(24)}`;
const OTHER_PLAN = `P-${'B'.repeat(24)}`;
const SUB_ID = 'I-SUB0000001';
const LINKS = [{ href: `http://x.test/v1/billing/plans/${PLAN_ID}`, rel: 'self', method: 'GET' }];
const CYCLES = [
  {
    tenure_type: 'REGULAR',
    sequence: 1,
    total_cycles: 0,
    frequency: { interval_unit: 'MONTH', interval_count: 1 },
    pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10' } },
  },
];
const PLAN_BODY = {
  product_id: 'PROD-4CWK2S8EBB4FG3ZT1',
  name: 'n',
  billing_cycles: CYCLES,
  payment_preferences: { auto_bill_outstanding: true },
};

export function raw(
  method: string,
  target: string,
  status: number,
  request?: unknown,
  response?: unknown,
  headers: Record<string, string> = AUTH,
): RawExchange {
  return {
    method,
    target,
    requestHeaders: headers,
    requestBody: request === undefined ? '' : JSON.stringify(request),
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: response === undefined ? '' : JSON.stringify(response),
    truncated: false,
  };
}

const isRefusal = (status: number | undefined): boolean => status !== undefined && status >= 400 && status <= 499;
const items = (count: number, key = 'id') => Array.from({ length: count }, (_, i) => ({ [key]: `item${i}` }));

/** The query checks' judgement of a query past a limit (query-leniency.ts), on `param`. */
const runQuery =
  (rule: RuleId, param: string, contract: string, key?: 'plans' | 'subscriptions') =>
  (exchange: RawExchange): Verdict => {
    const recording = recordingCtx();
    const invalid = {
      value: queryOf(contract, exchange.target),
      rule,
      description: `${param} past its limit`,
      path: `/${param}`,
    };
    recording.judge(() =>
      judgeBrokenQuery(recording.ctx, { reply: replyOf(exchange), invalid, what: 'a list', ...(key ? { key } : {}) }),
    );
    return recording.verdict(rule);
  };

/** The pagination check's judgement of per_page past 100. */
const runPerPage = (exchange: RawExchange): Verdict => {
  const recording = recordingCtx();
  const reply = replyOf(exchange);
  const users = Array.isArray(reply.json) ? reply.json.map((user) => String((user as { login?: unknown }).login)) : [];
  recording.judge(() => judgePerPagePastMax(recording.ctx, reply, 250, users, 'list assignees with per_page 250'));
  return recording.verdict('assignees.list.per-page-max-100');
};

/** The plan patch checks' judgement of a patch that must be refused (expectRefusedAndUnchanged), the plan unchanged. */
const runRefusedPatch =
  (rule: RuleId) =>
  (exchange: RawExchange): Verdict => {
    const recording = recordingCtx();
    const reply = replyOf(exchange);
    recording.judge(() =>
      expectRefusedAndUnchanged(recording.ctx, {
        rule,
        what: 'a patch',
        reply,
        before: {},
        after: {},
        readBack: reply,
        members: [],
      }),
    );
    // a refusal the judgement lets pass credits the rule the check declares
    return recording.verdict(rule) === 'broken' ? 'broken' : 'held';
  };

/** A plan command's reading of an update plan in `state` (replace-attribute.ts, update-inactive-status.ts). */
const runPlanPatch =
  (state: PlanStatus, op: string, path: string, rule: RuleId) =>
  (exchange: RawExchange): Verdict => {
    const outcome = planPatchOutcome(state, op, path);
    if (typeof outcome !== 'object' || outcome.refuse !== rule) return 'not judged';
    return isRefusal(exchange.status) ? 'held' : 'broken';
  };

/** The subscribe command's reading of a create subscription on a plan in `state` (subscribe.ts). */
const runSubscribe =
  (state: PlanStatus) =>
  (exchange: RawExchange): Verdict => {
    const onPlan = subscriptionsOnPlan(state);
    const taken = exchange.status !== undefined && exchange.status >= 200 && exchange.status <= 299;
    if (onPlan.taken) return taken ? 'held' : 'not judged';
    return taken ? 'broken' : 'held';
  };

/** The reasons check's reading of an activate without a reason of a subscription in `status`. */
const runActivate =
  (status: string) =>
  (exchange: RawExchange): Verdict => {
    const rule = reasonRequiredToActivate(status);
    return rule === undefined
      ? 'not judged'
      : judgeRequiredRefusal(rule, exchange.status!, 'activate').held
        ? 'held'
        : 'broken';
  };

/** The create subscription command's look for the approve link (create-subscription.ts). */
const runApproveLink = (exchange: RawExchange): Verdict =>
  linkHref(JSON.parse(exchange.responseBody), 'approve') ? 'held' : 'broken';

/** A read-back after a transition or a create: the state the command expects (status-action.ts, create-plan.ts). */
const runShownStatus =
  (expected: string) =>
  (exchange: RawExchange): Verdict =>
    (JSON.parse(exchange.responseBody) as { status?: string }).status === expected ? 'held' : 'broken';

const runLean =
  (operation: keyof typeof MINIMAL_LEAN) =>
  (exchange: RawExchange): Verdict => {
    const finding = judgeMinimalLean(
      JSON.parse(exchange.responseBody),
      MINIMAL_LEAN[operation].content,
      MINIMAL_LEAN[operation].rule,
      operation,
    );
    return finding === undefined ? 'not judged' : finding.held ? 'held' : 'broken';
  };

/** The content coding checks: the checker asks for no coding. */
const runCoding = (exchange: RawExchange): Verdict =>
  judgeCoding({
    api: 'billing',
    acceptEncoding: undefined,
    codings: exchange.responseCodings ?? [],
    what: 'list plans',
  }).held
    ? 'held'
    : 'broken';

const createdPlan = (status?: PlanStatus): RawExchange =>
  raw(
    'POST',
    '/v1/billing/plans',
    201,
    { ...PLAN_BODY, ...(status ? { status } : {}) },
    { id: PLAN_ID, status: status ?? 'ACTIVE', links: LINKS },
  );
const deactivated = raw('POST', `/v1/billing/plans/${PLAN_ID}/deactivate`, 204);
const createdSubscription = raw(
  'POST',
  '/v1/billing/subscriptions',
  201,
  { plan_id: OTHER_PLAN },
  { id: SUB_ID, status: 'APPROVAL_PENDING', links: [{ href: 'http://x.test/a', rel: 'approve', method: 'GET' }] },
);
const shownSubscription = (status: string) =>
  raw('GET', `/v1/billing/subscriptions/${SUB_ID}`, 200, undefined, { id: SUB_ID, status });

const plansQuery = (query: string, status: number, count: number) =>
  raw(
    'GET',
    `/v1/billing/plans?${query}`,
    status,
    undefined,
    status === 200 ? { plans: items(count), links: [] } : { name: 'INVALID_REQUEST' },
  );
const subsQuery = (query: string, status: number) =>
  raw(
    'GET',
    `/v1/billing/subscriptions?${query}`,
    status,
    undefined,
    status === 200 ? { subscriptions: [], links: [] } : { name: 'INVALID_REQUEST' },
  );
const seventyOneIds = Array.from({ length: 71 }, (_, i) => `P-${String(i).padStart(24, '0')}`).join(',');

const QUERY_ROWS: Row[] = [
  {
    name: 'page_size 21 served clamped to 20',
    rule: 'billing.list-plans.page_size.range',
    exchange: plansQuery('page_size=21', 200, 20),
    run: runQuery('billing.list-plans.page_size.range', 'page_size', S.listPlansQuery, 'plans'),
  },
  {
    name: 'page_size 21 honoured',
    rule: 'billing.list-plans.page_size.range',
    exchange: plansQuery('page_size=21', 200, 21),
    run: runQuery('billing.list-plans.page_size.range', 'page_size', S.listPlansQuery, 'plans'),
  },
  {
    name: 'page_size 21 refused',
    rule: 'billing.list-plans.page_size.range',
    exchange: plansQuery('page_size=21', 400, 0),
    run: runQuery('billing.list-plans.page_size.range', 'page_size', S.listPlansQuery, 'plans'),
  },
  {
    name: 'page_size "ten" taken as absent',
    rule: 'billing.list-plans.page_size.type',
    exchange: plansQuery('page_size=ten', 200, 10),
    run: runQuery('billing.list-plans.page_size.type', 'page_size', S.listPlansQuery, 'plans'),
  },
  {
    name: 'page_size "ten" honoured as all 21 on one page',
    rule: 'billing.list-plans.page_size.type',
    exchange: plansQuery('page_size=ten', 200, 21),
    run: runQuery('billing.list-plans.page_size.type', 'page_size', S.listPlansQuery, 'plans'),
  },
  {
    name: 'page 0 clamped to page 1',
    rule: 'billing.list-plans.page.range',
    exchange: plansQuery('page=0&page_size=5', 200, 5),
    run: runQuery('billing.list-plans.page.range', 'page', S.listPlansQuery, 'plans'),
  },
  {
    name: 'page 0 honoured with 6 items of page_size 5',
    rule: 'billing.list-plans.page.range',
    exchange: plansQuery('page=0&page_size=5', 200, 6),
    run: runQuery('billing.list-plans.page.range', 'page', S.listPlansQuery, 'plans'),
  },
  {
    name: 'total_required "yes" ignored',
    rule: 'billing.list-plans.total_required.type',
    exchange: plansQuery('total_required=yes', 200, 3),
    run: runQuery('billing.list-plans.total_required.type', 'total_required', S.listPlansQuery, 'plans'),
  },
  {
    name: 'total_required "yes" answered 500',
    rule: 'billing.list-plans.total_required.type',
    exchange: plansQuery('total_required=yes', 500, 0),
    run: runQuery('billing.list-plans.total_required.type', 'total_required', S.listPlansQuery, 'plans'),
  },
  {
    name: 'product_id of 51 characters served as a filter',
    rule: 'billing.list-plans.product_id.length',
    exchange: plansQuery(`product_id=${'X'.repeat(51)}`, 200, 0),
    run: runQuery('billing.list-plans.product_id.length', 'product_id', S.listPlansQuery, 'plans'),
  },
  {
    name: 'product_id of 5 characters refused',
    rule: 'billing.list-plans.product_id.length',
    exchange: plansQuery('product_id=PROD-', 400, 0),
    run: runQuery('billing.list-plans.product_id.length', 'product_id', S.listPlansQuery, 'plans'),
  },
  {
    name: 'statuses outside its pattern served',
    rule: 'billing.list-subscriptions.statuses.pattern',
    exchange: subsQuery('statuses=active', 200),
    run: runQuery('billing.list-subscriptions.statuses.pattern', 'statuses', S.listSubscriptionsQuery, 'subscriptions'),
  },
  {
    name: 'statuses of 71 characters served',
    rule: 'billing.list-subscriptions.statuses.length',
    exchange: subsQuery(`statuses=${STATUSES_PAST_MAX}`, 200),
    run: runQuery('billing.list-subscriptions.statuses.length', 'statuses', S.listSubscriptionsQuery, 'subscriptions'),
  },
  {
    name: 'an empty statuses taken as absent',
    rule: 'billing.list-subscriptions.statuses.length',
    exchange: subsQuery('statuses=', 200),
    run: runQuery('billing.list-subscriptions.statuses.length', 'statuses', S.listSubscriptionsQuery, 'subscriptions'),
  },
  {
    name: 'a filter of 101 characters served',
    rule: 'billing.list-subscriptions.filter.length',
    exchange: subsQuery(`filter=${'x'.repeat(101)}`, 200),
    run: runQuery('billing.list-subscriptions.filter.length', 'filter', S.listSubscriptionsQuery, 'subscriptions'),
  },
  {
    name: 'plan_ids of 71 ids served',
    rule: 'billing.list-subscriptions.plan_ids.max-70',
    exchange: subsQuery(`plan_ids=${seventyOneIds}`, 200),
    run: runQuery('billing.list-subscriptions.plan_ids.max-70', 'plan_ids', S.listSubscriptionsQuery, 'subscriptions'),
  },
  {
    name: 'plan_ids of 71 ids refused',
    rule: 'billing.list-subscriptions.plan_ids.max-70',
    exchange: subsQuery(`plan_ids=${seventyOneIds}`, 422),
    run: runQuery('billing.list-subscriptions.plan_ids.max-70', 'plan_ids', S.listSubscriptionsQuery, 'subscriptions'),
  },
  {
    name: 'fields naming an unknown value served',
    rule: 'billing.show-subscription.fields.pattern',
    exchange: raw('GET', `/v1/billing/subscriptions/${SUB_ID}?fields=everything`, 200, undefined, {
      id: SUB_ID,
      status: 'ACTIVE',
    }),
    run: runQuery('billing.show-subscription.fields.pattern', 'fields', S.showSubscriptionQuery),
  },
  {
    name: 'fields of 101 characters served',
    rule: 'billing.show-subscription.fields.length',
    exchange: raw('GET', `/v1/billing/subscriptions/${SUB_ID}?fields=${FIELDS_PAST_MAX}`, 200, undefined, {
      id: SUB_ID,
      status: 'ACTIVE',
    }),
    run: runQuery('billing.show-subscription.fields.length', 'fields', S.showSubscriptionQuery),
  },
  {
    name: 'per_page 250 served clamped to 100',
    rule: 'assignees.list.per-page-max-100',
    exchange: raw('GET', '/repos/o/r/assignees?per_page=250', 200, undefined, items(100, 'login'), {}),
    run: runPerPage,
  },
  {
    name: 'per_page 250 honoured with 101 users',
    rule: 'assignees.list.per-page-max-100',
    exchange: raw('GET', '/repos/o/r/assignees?per_page=250', 200, undefined, items(101, 'login'), {}),
    run: runPerPage,
  },
  {
    name: 'per_page 250 refused',
    rule: 'assignees.list.per-page-max-100',
    exchange: raw('GET', '/repos/o/r/assignees?per_page=250', 422, undefined, { message: 'no' }, {}),
    run: runPerPage,
  },
];

const patch = (ops: unknown[], status: number) => raw('PATCH', `/v1/billing/plans/${PLAN_ID}`, status, ops);

const STATE_ROWS: Row[] = [
  {
    name: 'add on a patchable attribute taken',
    rule: 'billing.update-plan.replace-only',
    before: [createdPlan()],
    exchange: patch([{ op: 'add', path: '/name', value: 'x' }], 204),
    run: runRefusedPatch('billing.update-plan.replace-only'),
  },
  {
    name: 'add on a patchable attribute refused',
    rule: 'billing.update-plan.replace-only',
    before: [createdPlan()],
    exchange: patch([{ op: 'add', path: '/name', value: 'x' }], 400),
    run: runRefusedPatch('billing.update-plan.replace-only'),
  },
  {
    name: 'replace of a path that is not patchable taken',
    rule: 'billing.update-plan.other-paths-refused',
    before: [createdPlan()],
    exchange: patch([{ op: 'replace', path: '/quantity_supported', value: true }], 204),
    run: runRefusedPatch('billing.update-plan.other-paths-refused'),
  },
  {
    name: 'a patch opening with test taken',
    rule: 'billing.update-plan.replace-only',
    before: [createdPlan()],
    exchange: patch(
      [
        { op: 'test', path: '/name', value: 'n' },
        { op: 'replace', path: '/name', value: 'x' },
      ],
      204,
    ),
    run: runPlanPatch('ACTIVE', 'test', '/name', 'billing.update-plan.replace-only'),
  },
  {
    name: 'a status update of an INACTIVE plan taken',
    rule: 'billing.update-plan.other-paths-refused',
    before: [createdPlan(), deactivated],
    exchange: patch([{ op: 'replace', path: '/status', value: 'ACTIVE' }], 204),
    run: runPlanPatch('INACTIVE', 'replace', '/status', 'billing.update-plan.other-paths-refused'),
  },
  {
    name: 'a status update of a CREATED plan taken',
    rule: 'billing.update-plan.other-paths-refused',
    before: [createdPlan('CREATED')],
    exchange: patch([{ op: 'replace', path: '/status', value: 'ACTIVE' }], 204),
    run: runPlanPatch('CREATED', 'replace', '/status', 'billing.update-plan.other-paths-refused'),
  },
  {
    name: 'a replace of a patchable attribute of an INACTIVE plan taken',
    rule: 'billing.update-plan.inactive-status-only',
    before: [createdPlan(), deactivated],
    exchange: patch([{ op: 'replace', path: '/name', value: 'x' }], 204),
    run: runPlanPatch('INACTIVE', 'replace', '/name', 'billing.update-plan.inactive-status-only'),
  },
  {
    name: 'a replace of a patchable attribute of an INACTIVE plan refused',
    rule: 'billing.update-plan.inactive-status-only',
    before: [createdPlan(), deactivated],
    exchange: patch([{ op: 'replace', path: '/name', value: 'x' }], 422),
    run: runPlanPatch('INACTIVE', 'replace', '/name', 'billing.update-plan.inactive-status-only'),
  },
  {
    name: 'a subscription on an INACTIVE plan taken',
    rule: 'billing.plan-state.inactive-refuses-subscriptions',
    before: [createdPlan(), deactivated],
    exchange: raw(
      'POST',
      '/v1/billing/subscriptions',
      201,
      { plan_id: PLAN_ID },
      { id: SUB_ID, status: 'APPROVAL_PENDING', links: [] },
    ),
    run: runSubscribe('INACTIVE'),
  },
  {
    name: 'a subscription on a CREATED plan refused',
    rule: 'billing.plan-state.created-refuses-subscriptions',
    before: [createdPlan('CREATED')],
    exchange: raw('POST', '/v1/billing/subscriptions', 422, { plan_id: PLAN_ID }, { name: 'UNPROCESSABLE_ENTITY' }),
    run: runSubscribe('CREATED'),
  },
  {
    name: 'a subscription on an ACTIVE plan taken',
    rule: 'billing.plan-state.active-accepts-subscriptions',
    before: [createdPlan()],
    exchange: raw(
      'POST',
      '/v1/billing/subscriptions',
      201,
      { plan_id: PLAN_ID },
      { id: SUB_ID, status: 'APPROVAL_PENDING', links: [] },
    ),
    run: runSubscribe('ACTIVE'),
  },
  {
    name: 'an activate without a body of a SUSPENDED subscription taken',
    rule: 'billing.activate-subscription.reason.required-to-reactivate',
    before: [createdSubscription, shownSubscription('SUSPENDED')],
    exchange: raw('POST', `/v1/billing/subscriptions/${SUB_ID}/activate`, 204),
    run: runActivate('SUSPENDED'),
  },
  {
    name: 'an activate without a body of an APPROVED subscription taken',
    rule: 'billing.activate-subscription.reason.required-to-reactivate',
    before: [createdSubscription, shownSubscription('APPROVED')],
    exchange: raw('POST', `/v1/billing/subscriptions/${SUB_ID}/activate`, 204),
    run: runActivate('APPROVED'),
  },
  {
    name: 'a plan read after deactivate, still ACTIVE',
    rule: DEACTIVATE_PLAN.nextStateRule,
    before: [createdPlan(), deactivated],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { id: PLAN_ID, status: 'ACTIVE' }),
    run: runShownStatus(DEACTIVATE_PLAN.next),
  },
  {
    name: 'a plan read after activate, ACTIVE',
    rule: ACTIVATE_PLAN.nextStateRule,
    before: [createdPlan('CREATED'), raw('POST', `/v1/billing/plans/${PLAN_ID}/activate`, 204)],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { id: PLAN_ID, status: 'ACTIVE' }),
    run: runShownStatus(ACTIVATE_PLAN.next),
  },
  {
    name: 'a plan read after activate, still CREATED',
    rule: ACTIVATE_PLAN.nextStateRule,
    before: [createdPlan('CREATED'), raw('POST', `/v1/billing/plans/${PLAN_ID}/activate`, 204)],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { id: PLAN_ID, status: 'CREATED' }),
    run: runShownStatus(ACTIVATE_PLAN.next),
  },
  {
    name: 'a plan created CREATED reads ACTIVE',
    rule: createdPlanStatus('CREATED').rule,
    before: [raw('POST', '/v1/billing/plans', 201, { ...PLAN_BODY, status: 'CREATED' }, { id: PLAN_ID, links: LINKS })],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { id: PLAN_ID, status: 'ACTIVE' }),
    run: runShownStatus(createdPlanStatus('CREATED').status),
  },
  {
    name: 'a plan created without a status reads CREATED',
    rule: createdPlanStatus(undefined).rule,
    before: [raw('POST', '/v1/billing/plans', 201, PLAN_BODY, { id: PLAN_ID, links: LINKS })],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { id: PLAN_ID, status: 'CREATED' }),
    run: runShownStatus(createdPlanStatus(undefined).status),
  },
  {
    name: 'a plan created CREATED reads CREATED',
    rule: createdPlanStatus('CREATED').rule,
    before: [raw('POST', '/v1/billing/plans', 201, { ...PLAN_BODY, status: 'CREATED' }, { id: PLAN_ID, links: LINKS })],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { id: PLAN_ID, status: 'CREATED' }),
    run: runShownStatus(createdPlanStatus('CREATED').status),
  },
  {
    name: 'an ACTIVE plan read after a taken update, INACTIVE',
    rule: PLAN_KEEPS.rule,
    before: [createdPlan(), patch([{ op: 'replace', path: '/name', value: 'x' }], 204)],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, {
      id: PLAN_ID,
      status: 'INACTIVE',
      name: 'x',
    }),
    run: runShownStatus('ACTIVE'),
  },
  {
    name: 'an ACTIVE plan read after a taken update, ACTIVE',
    rule: PLAN_KEEPS.rule,
    before: [createdPlan(), patch([{ op: 'replace', path: '/name', value: 'x' }], 204)],
    exchange: raw('GET', `/v1/billing/plans/${PLAN_ID}`, 200, undefined, { id: PLAN_ID, status: 'ACTIVE', name: 'x' }),
    run: runShownStatus('ACTIVE'),
  },
  {
    name: 'a SUSPENDED subscription read after a taken update, ACTIVE',
    rule: SUBSCRIPTION_KEEPS.rule,
    before: [
      createdSubscription,
      shownSubscription('SUSPENDED'),
      raw('PATCH', `/v1/billing/subscriptions/${SUB_ID}`, 204, [{ op: 'replace', path: '/custom_id', value: 'c' }]),
    ],
    exchange: shownSubscription('ACTIVE'),
    run: runShownStatus('SUSPENDED'),
  },
  {
    name: 'a new subscription without an approve link',
    rule: NEW_SUBSCRIPTION.approveLinkRule,
    exchange: raw(
      'POST',
      '/v1/billing/subscriptions',
      201,
      { plan_id: OTHER_PLAN },
      { id: SUB_ID, status: 'APPROVAL_PENDING', links: [{ href: 'http://x.test/s', rel: 'self', method: 'GET' }] },
    ),
    run: runApproveLink,
  },
  {
    name: 'a new subscription with an approve link',
    rule: NEW_SUBSCRIPTION.approveLinkRule,
    exchange: createdSubscription,
    run: runApproveLink,
  },
  {
    name: 'a new subscription that is already ACTIVE',
    rule: NEW_SUBSCRIPTION.rule,
    exchange: raw(
      'POST',
      '/v1/billing/subscriptions',
      201,
      { plan_id: OTHER_PLAN },
      { id: SUB_ID, status: 'ACTIVE', links: [{ href: 'http://x.test/a', rel: 'approve', method: 'GET' }] },
    ),
    run: runShownStatus(NEW_SUBSCRIPTION.status),
  },
];

const fullPlan = { id: PLAN_ID, status: 'ACTIVE', links: LINKS, ...PLAN_BODY };
const gzipped: RawExchange = {
  ...raw('GET', '/v1/billing/plans', 200, undefined, { plans: [], links: [] }),
  responseHeaders: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  responseCodings: ['gzip'],
};

const ANSWER_ROWS: Row[] = [
  {
    name: 'a minimal create plan answer carrying the full plan',
    rule: 'billing.create-plan.prefer-minimal-lean',
    exchange: raw('POST', '/v1/billing/plans', 201, PLAN_BODY, fullPlan),
    run: runLean('create plan'),
  },
  {
    name: 'a minimal create plan answer',
    rule: 'billing.create-plan.prefer-minimal-lean',
    exchange: raw('POST', '/v1/billing/plans', 201, PLAN_BODY, { id: PLAN_ID, status: 'ACTIVE', links: LINKS }),
    run: runLean('create plan'),
  },
  {
    name: 'a minimal create subscription answer carrying the subscriber',
    rule: 'billing.create-subscription.prefer-minimal-lean',
    exchange: raw(
      'POST',
      '/v1/billing/subscriptions',
      201,
      { plan_id: OTHER_PLAN },
      {
        id: SUB_ID,
        status: 'APPROVAL_PENDING',
        links: [{ href: 'http://x.test/a', rel: 'approve', method: 'GET' }],
        subscriber: { email_address: 'a@b.test' },
      },
    ),
    run: runLean('create subscription'),
  },
  {
    name: 'a minimal list plans answer whose items carry the full plan',
    rule: 'billing.list-plans.prefer-minimal-lean',
    exchange: raw('GET', '/v1/billing/plans', 200, undefined, { plans: [{ ...fullPlan, name: 'n' }], links: [] }),
    run: (exchange) =>
      runLean('list plans')({
        ...exchange,
        responseBody: JSON.stringify((JSON.parse(exchange.responseBody) as { plans: unknown[] }).plans[0]),
      }),
  },
  {
    name: 'a minimal list plans answer of plan summaries',
    rule: 'billing.list-plans.prefer-minimal-lean',
    exchange: raw('GET', '/v1/billing/plans', 200, undefined, {
      plans: [{ id: PLAN_ID, name: 'n', links: LINKS }],
      links: [],
    }),
    run: (exchange) =>
      runLean('list plans')({
        ...exchange,
        responseBody: JSON.stringify((JSON.parse(exchange.responseBody) as { plans: unknown[] }).plans[0]),
      }),
  },
  {
    name: 'a list plans answer, gzip though no coding was asked for',
    rule: 'billing.http.coding-asked-for',
    exchange: gzipped,
    run: runCoding,
  },
  {
    name: 'a list plans answer sent as it is',
    rule: 'billing.http.coding-asked-for',
    exchange: raw('GET', '/v1/billing/plans', 200, undefined, { plans: [], links: [] }),
    run: runCoding,
  },
];

export const TABLE: readonly Row[] = [...QUERY_ROWS, ...STATE_ROWS, ...ANSWER_ROWS];
