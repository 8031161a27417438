import type { RuleId } from './rules/rule-ids.js';

// The operations of both specs, named as the specs name them, and which one a request is.
// One table: a refusal is judged against the operation it refused, a diagnosis groups requests
// by operation, a traffic recorder tags what it saw with it.

export type Api = 'billing' | 'assignees';
export const APIS: readonly Api[] = ['billing', 'assignees'];

/** The API a rule belongs to: the first word of its id. */
export function apiOfRule(ruleId: string): Api {
  return ruleId.startsWith('assignees.') ? 'assignees' : 'billing';
}

export interface Operation {
  /** The spec's name for it, lower case: "create plan", "add assignees". */
  name: string;
  api: Api;
  method: string;
  /** How the path reads in the spec. */
  template: string;
  /** Matches the end of a request path (a target may serve the API below a path prefix). */
  pattern: RegExp;
}

/**
 * The path pattern of a template: each `{name}` is one path segment, a group of that name; it
 * matches the end of a path.
 */
function patternOf(template: string): RegExp {
  return new RegExp(`${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([a-z_]+)\}/g, '(?<$1>[^/]+)')}$`);
}

function op(api: Api, name: string, method: string, template: string): Operation {
  return { api, name, method, template, pattern: patternOf(template) };
}

export const OPERATIONS: readonly Operation[] = [
  op('billing', 'create plan', 'POST', '/v1/billing/plans'),
  op('billing', 'list plans', 'GET', '/v1/billing/plans'),
  op('billing', 'show plan', 'GET', '/v1/billing/plans/{id}'),
  op('billing', 'update plan', 'PATCH', '/v1/billing/plans/{id}'),
  op('billing', 'activate plan', 'POST', '/v1/billing/plans/{id}/activate'),
  op('billing', 'deactivate plan', 'POST', '/v1/billing/plans/{id}/deactivate'),
  op('billing', 'update pricing', 'POST', '/v1/billing/plans/{id}/update-pricing-schemes'),
  op('billing', 'create subscription', 'POST', '/v1/billing/subscriptions'),
  op('billing', 'list subscriptions', 'GET', '/v1/billing/subscriptions'),
  op('billing', 'show subscription', 'GET', '/v1/billing/subscriptions/{id}'),
  op('billing', 'update subscription', 'PATCH', '/v1/billing/subscriptions/{id}'),
  op('billing', 'revise subscription', 'POST', '/v1/billing/subscriptions/{id}/revise'),
  op('billing', 'suspend subscription', 'POST', '/v1/billing/subscriptions/{id}/suspend'),
  op('billing', 'cancel subscription', 'POST', '/v1/billing/subscriptions/{id}/cancel'),
  op('billing', 'activate subscription', 'POST', '/v1/billing/subscriptions/{id}/activate'),
  op('billing', 'capture payment', 'POST', '/v1/billing/subscriptions/{id}/capture'),
  op('billing', 'list transactions', 'GET', '/v1/billing/subscriptions/{id}/transactions'),
  op('assignees', 'list assignees', 'GET', '/repos/{owner}/{repo}/assignees'),
  op('assignees', 'check assignee', 'GET', '/repos/{owner}/{repo}/assignees/{assignee}'),
  op('assignees', 'add assignees', 'POST', '/repos/{owner}/{repo}/issues/{issue_number}/assignees'),
  op('assignees', 'remove assignees', 'DELETE', '/repos/{owner}/{repo}/issues/{issue_number}/assignees'),
  op('assignees', 'check issue assignee', 'GET', '/repos/{owner}/{repo}/issues/{issue_number}/assignees/{assignee}'),
];

/** The rules every answer of an API is judged on, whatever its operation. */
export interface ApiRules {
  /** No answer is a 5xx. */
  noServerError: RuleId;
  /** Every body the API sends is JSON. */
  jsonBodies: RuleId;
  /** A body is not content-coded (gzip, br, ...) for a request that did not ask for it. */
  unaskedCoding: RuleId;
}

const API_RULES: Readonly<Record<Api, ApiRules>> = {
  billing: {
    noServerError: 'billing.errors.no-5xx-on-bad-input',
    jsonBodies: 'billing.http.json-bodies',
    unaskedCoding: 'billing.http.coding-asked-for',
  },
  assignees: {
    noServerError: 'assignees.errors.no-5xx-on-bad-input',
    jsonBodies: 'assignees.http.json-bodies',
    unaskedCoding: 'assignees.http.coding-asked-for',
  },
};

/** The rules of `api` that every answer is judged on: one place names them for `run` and the proxy. */
export function apiRules(api: Api): ApiRules {
  return API_RULES[api];
}

/** The API a request belongs to, by its operation; undefined for a request neither spec has. */
export function apiOf(method: string, urlOrPath: string): Api | undefined {
  return operationOf(method, urlOrPath)?.api;
}

/** The path of a request URL or path, without query or fragment (a URL that does not parse is read as a path). */
function pathOf(urlOrPath: string): string {
  let path = urlOrPath;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(urlOrPath)) {
    try {
      path = new URL(urlOrPath).pathname;
    } catch {
      // a request target is the client's text: judging never throws on it
    }
  }
  return path.replace(/[?#].*$/s, '').replace(/\/+$/, '') || '/';
}

/** The operation a request is, or undefined for a path or method neither spec has. */
export function operationOf(method: string, urlOrPath: string): Operation | undefined {
  const path = pathOf(urlOrPath);
  const upper = method.toUpperCase();
  return OPERATIONS.find((operation) => operation.method === upper && operation.pattern.test(path));
}

/**
 * The path parameters of a request of `operation`, by the template's names, percent-decoded.
 * Read from the end of the path, as the operation is matched (a target may serve the API below
 * a prefix). A segment that is not valid percent-encoding is left out: it names nothing the
 * judges could compare. Undefined when the path is not of that operation.
 */
export function pathParams(operation: Operation, urlOrPath: string): Partial<Record<string, string>> | undefined {
  const match = operation.pattern.exec(pathOf(urlOrPath));
  if (!match) return undefined;
  const params: Partial<Record<string, string>> = {};
  for (const [name, raw] of Object.entries(match.groups ?? {})) {
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      // malformed percent-encoding: left out
    }
  }
  return params;
}
