import { SCHEMA_IDS as S } from './schema-ids.js';
import type { RuleId } from './rules/rule-ids.js';

// Each operation of both specs with its contracts: what the request carries (body, query,
// headers), the success status the spec states, and the contract of a success answer (by
// Prefer where the spec makes the answer depend on it). Keyed by the operation's name as the
// specs name it (operations.ts beside it holds its method and path).

export type PreferAnswer = 'minimal' | 'representation';

export interface OperationContracts {
  /** The success status the spec states ("Errors": 200, 201, 202, 204). */
  success: number;
  /** The rule that status is (`<operation>.status-<code>`). */
  successRule: RuleId;
  body?: string;
  query?: string;
  headers?: string;
  /** The contract of a success answer; by Prefer for the operations Prefer applies to. */
  response?: string | Readonly<Record<PreferAnswer, string>>;
  /** The rule a 204 success answer with a body breaks, where the spec states one. */
  emptyRule?: RuleId;
}

export const OPERATION_CONTRACTS: Readonly<Record<string, OperationContracts>> = {
  'create plan': {
    success: 201,
    successRule: 'billing.create-plan.status-201',
    body: S.createPlanRequest,
    response: { minimal: S.createPlanResponseMinimal, representation: S.createPlanResponseRepresentation },
  },
  'list plans': {
    success: 200,
    successRule: 'billing.list-plans.status-200',
    query: S.listPlansQuery,
    response: { minimal: S.listPlansResponse, representation: S.listPlansResponseRepresentation },
  },
  'show plan': { success: 200, successRule: 'billing.show-plan.status-200', response: S.showPlanResponse },
  'update plan': {
    success: 204,
    successRule: 'billing.update-plan.status-204',
    body: S.updatePlanRequest,
    emptyRule: 'billing.update-plan.empty-body',
  },
  'activate plan': { success: 204, successRule: 'billing.activate-plan.status-204' },
  'deactivate plan': { success: 204, successRule: 'billing.deactivate-plan.status-204' },
  'update pricing': { success: 204, successRule: 'billing.update-pricing.status-204', body: S.updatePricingRequest },
  'create subscription': {
    success: 201,
    successRule: 'billing.create-subscription.status-201',
    body: S.createSubscriptionRequest,
    headers: S.createSubscriptionHeaders,
    response: {
      minimal: S.createSubscriptionResponseMinimal,
      representation: S.createSubscriptionResponseRepresentation,
    },
  },
  'list subscriptions': {
    success: 200,
    successRule: 'billing.list-subscriptions.status-200',
    query: S.listSubscriptionsQuery,
    response: S.listSubscriptionsResponse,
  },
  'show subscription': {
    success: 200,
    successRule: 'billing.show-subscription.status-200',
    query: S.showSubscriptionQuery,
    response: S.showSubscriptionResponse,
  },
  'update subscription': {
    success: 204,
    successRule: 'billing.update-subscription.status-204',
    body: S.updateSubscriptionRequest,
  },
  'revise subscription': {
    success: 200,
    successRule: 'billing.revise.status-200',
    body: S.reviseRequest,
    response: S.reviseResponse,
  },
  'suspend subscription': { success: 204, successRule: 'billing.suspend.status-204', body: S.suspendRequest },
  'cancel subscription': { success: 204, successRule: 'billing.cancel.status-204', body: S.cancelRequest },
  'activate subscription': {
    success: 204,
    successRule: 'billing.activate-subscription.status-204',
    body: S.activateSubscriptionRequest,
  },
  'capture payment': {
    success: 202,
    successRule: 'billing.capture.status-202',
    body: S.captureRequest,
    response: S.captureResponse,
  },
  'list transactions': {
    success: 200,
    successRule: 'billing.list-transactions.status-200',
    query: S.listTransactionsQuery,
    response: S.listTransactionsResponse,
  },
  'list assignees': {
    success: 200,
    successRule: 'assignees.list.status-200',
    query: S.listAssigneesQuery,
    response: S.listAssigneesResponse,
  },
  'check assignee': { success: 204, successRule: 'assignees.check.status-204' },
  'add assignees': {
    success: 201,
    successRule: 'assignees.add.status-201',
    body: S.addAssigneesRequest,
    response: S.addAssigneesResponse,
  },
  'remove assignees': {
    success: 200,
    successRule: 'assignees.remove.status-200',
    body: S.removeAssigneesRequest,
    response: S.removeAssigneesResponse,
  },
  'check issue assignee': { success: 204, successRule: 'assignees.check-issue.status-204' },
};

/** Which answer Prefer asks for: representation only when it says so (the default is minimal). */
export function preferOf(header: string | undefined): PreferAnswer {
  return /\breturn\s*=\s*representation\b/i.test(header ?? '') ? 'representation' : 'minimal';
}

/** The contract of an operation's success answer under this Prefer header, if it has one. */
export function responseContract(contracts: OperationContracts, prefer: string | undefined): string | undefined {
  const response = contracts.response;
  return typeof response === 'string' || response === undefined ? response : response[preferOf(prefer)];
}
