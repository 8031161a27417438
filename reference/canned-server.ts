import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A billing API that keeps no state, on 127.0.0.1: what a mock generated from a provider's
// published examples answers. Every create is answered with the same id, every show and list with
// the same plan and the same subscription, whatever was sent; every write with its success status,
// and forgotten. Shapes are valid, the bearer token is checked: only what is read back is canned.
// For the test that no read-back of another resource credits a rule, and no idempotency pass.

export const CANNED_PLAN_ID = 'P-5ML4271244454362WXNWU5NQ';
export const CANNED_SUBSCRIPTION_ID = 'I-BW452GLLEP1G';
const TIME = '2024-01-01T10:00:00Z';
const USD = (value: string) => ({ currency_code: 'USD', value });

function plan(base: string): Record<string, unknown> {
  const href = `${base}/v1/billing/plans/${CANNED_PLAN_ID}`;
  return {
    id: CANNED_PLAN_ID,
    product_id: 'PROD-XXCD1234QWER65782',
    name: 'Video Streaming Service Plan',
    description: 'Video Streaming Service basic plan',
    status: 'ACTIVE',
    usage_type: 'LICENSED',
    billing_cycles: [
      {
        tenure_type: 'TRIAL',
        sequence: 1,
        total_cycles: 2,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: {
          version: 1,
          fixed_price: USD('3.00'),
          status: 'ACTIVE',
          create_time: TIME,
          update_time: TIME,
        },
      },
      {
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 1,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: {
          version: 1,
          fixed_price: USD('10.00'),
          status: 'ACTIVE',
          create_time: TIME,
          update_time: TIME,
        },
      },
    ],
    quantity_supported: false,
    payment_preferences: {
      auto_bill_outstanding: true,
      setup_fee: USD('10.00'),
      setup_fee_failure_action: 'CONTINUE',
      payment_failure_threshold: 3,
    },
    taxes: { percentage: '10', inclusive: false },
    create_time: TIME,
    update_time: TIME,
    links: [
      { href, rel: 'self', method: 'GET' },
      { href, rel: 'edit', method: 'PATCH' },
      { href: `${href}/deactivate`, rel: 'deactivate', method: 'POST' },
    ],
  };
}

function subscription(base: string, withPlan: boolean): Record<string, unknown> {
  const href = `${base}/v1/billing/subscriptions/${CANNED_SUBSCRIPTION_ID}`;
  const {
    id: _id,
    product_id: _product,
    name: _name,
    description: _description,
    status: _status,
    usage_type: _usage,
    create_time: _c,
    update_time: _u,
    links: _links,
    ...terms
  } = plan(base);
  return {
    id: CANNED_SUBSCRIPTION_ID,
    plan_id: CANNED_PLAN_ID,
    status: 'ACTIVE',
    status_update_time: TIME,
    start_time: TIME,
    quantity: '1',
    custom_id: 'CANNED-CUSTOM-ID',
    auto_renewal: false,
    plan_overridden: false,
    subscriber: {
      name: { given_name: 'John', surname: 'Doe' },
      email_address: 'customer@example.com',
      payer_id: '2J6QB8YJQSJRJ',
    },
    billing_info: {
      outstanding_balance: USD('0.00'),
      cycle_executions: [
        {
          tenure_type: 'TRIAL',
          sequence: 1,
          cycles_completed: 0,
          cycles_remaining: 2,
          total_cycles: 2,
        },
      ],
      failed_payments_count: 0,
    },
    ...(withPlan ? { plan: terms } : {}),
    create_time: TIME,
    update_time: TIME,
    links: [
      { href: `${base}/approve?token=${CANNED_SUBSCRIPTION_ID}`, rel: 'approve', method: 'GET' },
      { href, rel: 'edit', method: 'PATCH' },
      { href, rel: 'self', method: 'GET' },
      { href: `${href}/cancel`, rel: 'cancel', method: 'POST' },
      { href: `${href}/suspend`, rel: 'suspend', method: 'POST' },
      { href: `${href}/capture`, rel: 'capture', method: 'POST' },
    ],
  };
}

type Answer = [status: number, body?: unknown];

/** The canned answer to one request of the billing API (a path neither operation has: 404). */
function answer(method: string, url: URL, base: string): Answer {
  const path = url.pathname.replace(/\/+$/, '');
  const links = [{ href: `${base}${path}`, rel: 'self', method: 'GET' }];
  if (path === '/v1/billing/plans') {
    if (method === 'POST') return [201, plan(base)];
    return method === 'GET' ? [200, { plans: [plan(base)], links }] : [405];
  }
  if (path === '/v1/billing/subscriptions') {
    if (method === 'POST') return [201, subscription(base, false)];
    return method === 'GET' ? [200, { subscriptions: [subscription(base, false)], links }] : [405];
  }
  const planPath = /^\/v1\/billing\/plans\/[^/]+(\/(activate|deactivate|update-pricing-schemes))?$/.exec(path);
  if (planPath) return planPath[1] ? [204] : method === 'GET' ? [200, plan(base)] : [204];
  const subPath = /^\/v1\/billing\/subscriptions\/[^/]+(\/([a-z]+))?$/.exec(path);
  if (subPath) {
    const action = subPath[2];
    const withPlan = (url.searchParams.get('fields') ?? '').includes('plan');
    if (!action) return method === 'GET' ? [200, subscription(base, withPlan)] : [204];
    const links = (subscription(base, false).links as unknown[]).slice(0, 3);
    if (action === 'revise') return [200, { plan_id: CANNED_PLAN_ID, plan_overridden: false, links }];
    if (action === 'capture') return [202, {}];
    if (action === 'transactions') return [200, { transactions: [], links }];
    return [204];
  }
  return [404, { name: 'RESOURCE_NOT_FOUND', message: 'nothing here' }];
}

function send(res: ServerResponse, [status, body]: Answer): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(
    status,
    body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
  );
  res.end(text);
}

export interface CannedServer {
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** Starts the canned billing API; `token` is the bearer credential it takes. */
export async function startCannedServer(token: string): Promise<CannedServer> {
  const state = { requests: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const base = `http://${req.headers.host}`;
      const url = new URL(req.url ?? '/', base);
      if (url.pathname === '/') return send(res, [404, { name: 'RESOURCE_NOT_FOUND', message: 'nothing here' }]);
      state.requests += 1;
      if (url.pathname === '/approve') return send(res, [200, { id: CANNED_SUBSCRIPTION_ID, status: 'ACTIVE' }]);
      const refused: Answer = [401, { name: 'NOT_AUTHORIZED', message: 'Authentication failed' }];
      if (req.headers.authorization !== `Bearer ${token}`) return send(res, refused);
      send(res, answer(req.method ?? 'GET', url, base));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
