import type { ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from '../../test-support/local-server.js';
import {
  APPROVAL_PAGE,
  EXAMPLE_PLAN_ID,
  examplePlan,
  examplePlanItem,
  exampleSubscription,
} from './example-mock-bodies.js';

// A stateless mock such as one generated from a provider's published OpenAPI description: each
// billing operation answers its example (example-mock-bodies.ts), whatever was sent, and forgets
// it (create plan picks its full or minimal example by Prefer). Like such mocks it checks only
// that a credential is there and that a create plan body has the members its schema requires,
// two of which billing.md does not require; list subscriptions has no example and answers 405;
// the approve link's page takes any approval. A run against it may credit nothing it never
// showed about what was sent.

/** What the mock's create plan schema requires as billing.md does. */
const REQUIRED = ['product_id', 'name', 'billing_cycles', 'payment_preferences'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the mock's schema requires beyond billing.md, as a published description may mark more
 * members required than the spec: payment_failure_threshold, and total_cycles on a TRIAL cycle
 * (billing.md gives it a default).
 */
function beyondSpec(sent: Record<string, unknown>): string[] {
  const cycles = Array.isArray(sent.billing_cycles) ? (sent.billing_cycles as unknown[]) : [];
  const trialWithout = cycles.some((c) => isObject(c) && c.tenure_type === 'TRIAL' && !('total_cycles' in c));
  const preferences = isObject(sent.payment_preferences) ? sent.payment_preferences : {};
  return [
    ...(trialWithout ? ['/billing_cycles/total_cycles'] : []),
    ...('payment_failure_threshold' in preferences ? [] : ['/payment_preferences/payment_failure_threshold']),
  ];
}

type Answer = [status: number, body?: unknown];

function createPlan(body: string, base: string, representation: boolean): Answer {
  let sent: unknown;
  try {
    sent = JSON.parse(body);
  } catch {
    sent = undefined;
  }
  if (!isObject(sent)) return [400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed' }];
  const fields = [...REQUIRED.filter((member) => !(member in sent)).map((member) => `/${member}`), ...beyondSpec(sent)];
  if (fields.length > 0) return [400, { name: 'INVALID_REQUEST', details: fields.map((field) => ({ field })) }];
  // the example of the answer the request prefers: the full plan, or its minimal form
  const plan = examplePlan(base);
  return [201, representation ? plan : { id: plan.id, status: plan.status, links: plan.links }];
}

function subscriptionAnswer(method: string, action: string | undefined, base: string): Answer {
  if (!action) return method === 'GET' ? [200, exampleSubscription(base, 'ACTIVE')] : [204];
  const links = (exampleSubscription(base, 'ACTIVE').links as unknown[]).slice(0, 3);
  if (action === 'revise') return [200, { plan_id: EXAMPLE_PLAN_ID, plan_overridden: false, links }];
  if (action === 'capture') return [202, {}];
  if (action === 'transactions') return [200, { transactions: [], links }];
  return [204];
}

/** The example answer of the operation a request names (a path of none: 404). */
function answer(method: string, path: string, body: string, base: string, representation: boolean): Answer {
  const self = [{ href: `${base}${path}`, rel: 'self', method: 'GET' }];
  if (path === '/v1/billing/plans') {
    if (method === 'POST') return createPlan(body, base, representation);
    return method === 'GET' ? [200, { plans: [examplePlanItem(base)], links: self }] : [405];
  }
  if (path === '/v1/billing/subscriptions')
    return method === 'POST' ? [201, exampleSubscription(base, 'APPROVAL_PENDING')] : [405];
  const plan = /^\/v1\/billing\/plans\/[^/]+(\/(activate|deactivate|update-pricing-schemes))?$/.exec(path);
  if (plan) return plan[1] || method !== 'GET' ? [204] : [200, examplePlan(base)];
  const subscription = /^\/v1\/billing\/subscriptions\/[^/]+(\/([a-z]+))?$/.exec(path);
  if (subscription) return subscriptionAnswer(method, subscription[2], base);
  return [404, { name: 'RESOURCE_NOT_FOUND', message: 'nothing here' }];
}

function send(res: ServerResponse, [status, body]: Answer): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers =
    body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
  res.writeHead(status, headers);
  res.end(text);
}

export function startExampleMockServer(): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const base = `http://${req.headers.host}`;
      const path = new URL(req.url ?? '/', base).pathname.replace(/\/+$/, '');
      // the approve link's page: the subscriber "approves" whatever it names
      if (path === APPROVAL_PAGE) return send(res, [200, { ok: true }]);
      if (!path.startsWith('/v1/')) return send(res, [404, { name: 'RESOURCE_NOT_FOUND', message: 'nothing here' }]);
      if (!/^Bearer \S+$/.test(req.headers.authorization ?? ''))
        return send(res, [401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' }]);
      const representation = /return=representation/i.test(String(req.headers.prefer ?? ''));
      send(res, answer(req.method ?? 'GET', path, Buffer.concat(chunks).toString('utf8'), base, representation));
    });
  });
}
