// Shared by the reference's own tests: a small HTTP client over 127.0.0.1 and fixture builders.

import { Agent, request } from 'undici';
import { FIXTURES } from '../fixtures.js';
import { startReference, type ReferenceOptions, type RunningReference } from '../server.js';

export const agent = new Agent({ connections: 16, pipelining: 1, keepAliveTimeout: 2_000 });

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Tests read members freely; the shapes are what the assertions check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** What the fixture builders read of a 201's body: the created resource's id and links. */
interface Created {
  id: string;
  links: Array<{ rel: string; href: string }>;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (invalid JSON, other media types). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** A bearer token; null sends none. Default: the billing token for /v1/ paths, none otherwise. */
  token?: string | null;
}

export class Client {
  constructor(readonly reference: RunningReference) {}

  get baseUrl(): string {
    return this.reference.baseUrl;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token =
      options.token === undefined ? (path.startsWith('/v1/') ? FIXTURES.billingToken : null) : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let payload: string | Buffer | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers ?? {});
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await request(url, { method: method as 'GET', headers, body: payload, dispatcher: agent });
    const text = await response.body.text();
    let body: unknown;
    try {
      body = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text, body };
  }

  get = (path: string, options?: CallOptions) => this.call('GET', path, options);
  post = (path: string, body?: unknown, options: CallOptions = {}) => this.call('POST', path, { ...options, body });
  patch = (path: string, body?: unknown, options: CallOptions = {}) => this.call('PATCH', path, { ...options, body });
  delete = (path: string, body?: unknown, options: CallOptions = {}) => this.call('DELETE', path, { ...options, body });
}

export async function startClient(options: ReferenceOptions = {}): Promise<Client> {
  return new Client(await startReference(options));
}

export function planBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product_id: FIXTURES.productId,
    name: 'Video streaming',
    description: 'Monthly plan',
    billing_cycles: [
      { tenure_type: 'TRIAL', sequence: 1, total_cycles: 1, frequency: { interval_unit: 'MONTH', interval_count: 1 } },
      {
        tenure_type: 'REGULAR',
        sequence: 2,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10.00' } },
      },
    ],
    payment_preferences: {
      auto_bill_outstanding: true,
      setup_fee: { currency_code: 'USD', value: '1.00' },
      setup_fee_failure_action: 'CONTINUE',
      payment_failure_threshold: 3,
    },
    taxes: { percentage: '10', inclusive: false },
    ...overrides,
  };
}

export function cycle(
  sequence: number,
  tenure: 'TRIAL' | 'REGULAR' = 'TRIAL',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    tenure_type: tenure,
    sequence,
    total_cycles: 1,
    frequency: { interval_unit: 'DAY', interval_count: 7 },
    ...extra,
  };
}

export async function createPlan(client: Client, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await client.post('/v1/billing/plans', planBody(overrides));
  if (answer.status !== 201) throw new Error(`create plan: ${answer.status} ${answer.text}`);
  return (answer.body as Created).id;
}

export function subscriptionBody(planId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    plan_id: planId,
    quantity: '1',
    custom_id: 'INV-0001',
    subscriber: { name: { given_name: 'Ada', surname: 'Lovelace' }, email_address: 'ada@example.com' },
    application_context: { return_url: 'https://example.com/return', cancel_url: 'https://example.com/cancel' },
    ...overrides,
  };
}

export async function createSubscription(
  client: Client,
  planId: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; approve: string }> {
  const answer = await client.post('/v1/billing/subscriptions', subscriptionBody(planId, overrides));
  if (answer.status !== 201) throw new Error(`create subscription: ${answer.status} ${answer.text}`);
  const created = answer.body as Created;
  const approve = created.links.find((link) => link.rel === 'approve')!.href;
  return { id: created.id, approve };
}

/** A plan and an ACTIVE (approved) subscription on it. */
export async function activeSubscription(
  client: Client,
  overrides: Record<string, unknown> = {},
): Promise<{ planId: string; id: string }> {
  const planId = await createPlan(client);
  const { id, approve } = await createSubscription(client, planId, overrides);
  const approved = await client.get(approve);
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  return { planId, id };
}

export function capture(client: Client, id: string, headers: Record<string, string> = {}): Promise<Answer> {
  return client.post(
    `/v1/billing/subscriptions/${id}/capture`,
    {
      note: 'Charging as the balance reached the limit',
      capture_type: 'OUTSTANDING_BALANCE',
      amount: { currency_code: 'USD', value: '10.00' },
    },
    { headers },
  );
}

export function chars(n: number, char = 'a'): string {
  return char.repeat(n);
}
