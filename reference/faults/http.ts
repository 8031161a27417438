// HTTP around both APIs: the billing credential, routes, media types, and the bodies of refusals.
// One entry a fault: its name, the rule it breaks (its kind is the rule's), what it does, and
// where it plugs in (faults/points.ts).

import { methodNotAllowed, unsupportedMediaType } from '../http/errors.js';
import type { Reply } from '../http/answer.js';
import type { FaultPlugin } from './plugin.js';

const NOT_FOUND_PAGE: Reply = { status: 404, html: '<html><body><h1>404 Not Found</h1></body></html>' };

export const HTTP_FAULTS = [
  {
    name: 'billing-no-token-accepted',
    rule: 'billing.auth.bearer-required',
    description: 'Billing operations succeed without an Authorization header.',
    at: { 'billing credential required': () => false },
  },
  {
    name: 'billing-any-token-accepted',
    rule: 'billing.auth.invalid-token-refused',
    description: 'Billing operations accept any bearer token.',
    at: { 'billing credential valid': () => true },
  },
  {
    name: 'billing-refused-token-acts',
    rule: 'billing.auth.refused-changes-nothing',
    description: 'A billing request with a wrong bearer token is refused with 401, but carried out first.',
    at: { 'refused request carried out': (_, { headers }) => headers.authorization !== undefined },
  },
  {
    name: 'billing-not-found-html',
    rule: 'billing.http.json-bodies',
    description: 'An unknown plan or subscription id is answered 404 with an HTML page.',
    at: {
      'refusal answer': (reply, { url }) =>
        reply.status === 404 && url.startsWith('/v1/billing/') ? NOT_FOUND_PAGE : reply,
    },
  },
  {
    name: 'billing-get-with-content-type-refused',
    rule: 'billing.auth.bearer-accepted',
    description:
      'A GET with a valid bearer token that also carries Content-Type: application/json is refused with ' + '415.',
    at: {
      'credential checked': (_, { method, billing, headers }) => {
        const contentType = headers['content-type'];
        if (billing && method === 'GET' && typeof contentType === 'string') throw unsupportedMediaType(contentType);
        return undefined;
      },
    },
  },
  {
    name: 'list-subscriptions-route-missing',
    rule: 'billing.list-subscriptions.status-200',
    description:
      'GET /v1/billing/subscriptions is answered 405 (no method matched), valid requests and broken ' + 'ones alike.',
    at: {
      'route matched': (_, { method, path }) => {
        if (method === 'GET' && path === '/v1/billing/subscriptions') throw methodNotAllowed(method, ['POST']);
        return undefined;
      },
    },
  },
  {
    name: 'assignees-not-found-html',
    rule: 'assignees.http.json-bodies',
    description: 'A repository or issue that does not exist is answered 404 with an HTML page.',
    at: {
      'refusal answer': (reply, { url }) =>
        reply.status === 404 && url.startsWith('/repos/') ? NOT_FOUND_PAGE : reply,
    },
  },
] as const satisfies readonly FaultPlugin[];
