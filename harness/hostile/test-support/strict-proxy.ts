import { startProxy, type Decision, type ProxiedRequest } from './proxy.js';

// A staging server stricter than the spec, as real providers are: in front of the reference, it
// refuses (422, naming the field) a create plan whose taxes lack percentage or inclusive or whose
// payment_preferences lack a member, and a create subscription without a subscriber's name and
// email address or without return and cancel URLs. `subscriberPayerId` also requires
// subscriber.payer_id, which no check sends: its setup is refused whatever it sends.

export interface StrictProxy {
  url: string;
  /** What it refused: "create plan: /taxes/inclusive". */
  refusals: string[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function missingPlanMember(body: Json): string | undefined {
  const preferences = body.payment_preferences;
  if (!isObject(preferences)) return '/payment_preferences';
  for (const member of [
    'auto_bill_outstanding',
    'setup_fee',
    'setup_fee_failure_action',
    'payment_failure_threshold',
  ]) {
    if (preferences[member] === undefined) return `/payment_preferences/${member}`;
  }
  if (body.taxes !== undefined) {
    const taxes = isObject(body.taxes) ? body.taxes : {};
    for (const member of ['percentage', 'inclusive']) if (taxes[member] === undefined) return `/taxes/${member}`;
  }
  return undefined;
}

function missingSubscriptionMember(body: Json, payerId: boolean): string | undefined {
  const subscriber = isObject(body.subscriber) ? body.subscriber : undefined;
  if (!subscriber) return '/subscriber';
  if (!isObject(subscriber.name)) return '/subscriber/name';
  if (subscriber.email_address === undefined) return '/subscriber/email_address';
  if (payerId && subscriber.payer_id === undefined) return '/subscriber/payer_id';
  const context = isObject(body.application_context) ? body.application_context : {};
  for (const member of ['return_url', 'cancel_url'])
    if (context[member] === undefined) return `/application_context/${member}`;
  return undefined;
}

export async function startStrictProxy(
  upstream: string,
  options: { subscriberPayerId?: boolean } = {},
): Promise<StrictProxy> {
  const refusals: string[] = [];
  const decide = (request: ProxiedRequest): Decision => {
    const path = request.url.replace(/\?.*$/, '');
    const operation =
      request.method === 'POST' && path === '/v1/billing/plans'
        ? 'create plan'
        : request.method === 'POST' && path === '/v1/billing/subscriptions'
          ? 'create subscription'
          : undefined;
    if (!operation) return { forward: true };
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return { forward: true };
    }
    if (!isObject(body)) return { forward: true };
    const missing =
      operation === 'create plan'
        ? missingPlanMember(body)
        : missingSubscriptionMember(body, options.subscriberPayerId === true);
    if (missing === undefined) return { forward: true };
    refusals.push(`${operation}: ${missing}`);
    return {
      forward: false,
      status: 422,
      body: {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed.',
        details: [{ field: missing, issue: 'MISSING_REQUIRED_PARAMETER' }],
      },
    };
  };
  const proxy = await startProxy(upstream, decide);
  return { url: proxy.url, refusals, close: () => proxy.close() };
}
