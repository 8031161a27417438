// One request from bytes to answer: route, size, auth, body, handler, error mapping, latency.
// The handler runs synchronously once the body is read, so state changes never interleave.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { Behaviour } from '../behaviour.js';
import type { ReferenceState } from '../state.js';
import { assertSize, decodeJsonBody, readBody } from './body.js';
import type { RequestContext } from './context.js';
import type { Reply } from './answer.js';
import { ApiError, invalidRequest, notAuthorized, unknownPath, uriTooLong } from './errors.js';
import { errorReply, writeReply } from './reply.js';
import { matchRoute, type Route } from './router.js';

export interface AppOptions {
  routes: readonly Route[];
  behaviour: Behaviour;
  state: ReferenceState;
  now: () => Date;
  latencyMs: number;
  billingToken: string;
  baseUrl: () => string;
  /** When set, every n-th billing request is answered 429 without Retry-After, before it is handled. */
  rateLimitEvery?: number;
}

function splitTarget(target: string | undefined): { path: string; query: URLSearchParams } {
  const raw = target ?? '';
  if (raw.startsWith('/')) {
    const mark = raw.indexOf('?');
    return mark < 0
      ? { path: raw, query: new URLSearchParams() }
      : { path: raw.slice(0, mark), query: new URLSearchParams(raw.slice(mark + 1)) };
  }
  try {
    const url = new URL(raw);
    return { path: url.pathname, query: url.searchParams };
  } catch {
    throw unknownPath(raw.slice(0, 200));
  }
}

function checkBillingAuth(req: IncomingMessage, options: AppOptions): void {
  const value = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
  if (value === undefined) {
    if (!options.behaviour.routed('billing credential required', true)) return;
    throw notAuthorized('The Authorization header with a bearer credential is missing.');
  }
  const match = /^bearer\s+(\S+)\s*$/i.exec(value);
  if (match && options.behaviour.routed('billing credential valid', match[1] === options.billingToken)) return;
  throw notAuthorized('The bearer credential is not valid.');
}

/** The longest request URL served under the variant url-limit-2000 (billing.md, Limits). */
const URL_LIMIT = 2000;

function dispatch(req: IncomingMessage, raw: Buffer | 'too-large', options: AppOptions): Reply {
  if (options.behaviour.variant('url-limit-2000') && `${options.baseUrl()}${req.url ?? ''}`.length > URL_LIMIT)
    throw uriTooLong(URL_LIMIT);
  const { path, query } = splitTarget(req.url);
  const method = req.method ?? 'GET';
  options.behaviour.routed('route matched', undefined, { method, path });
  const match = matchRoute(options.routes, method, path);
  if (match instanceof ApiError) throw match;
  const bytes = assertSize(raw);
  let refused: unknown;
  if (match.route.auth === 'billing') {
    try {
      checkBillingAuth(req, options);
    } catch (error) {
      if (!options.behaviour.routed('refused request carried out', false, { headers: req.headers })) throw error;
      refused = error;
    }
  }
  options.behaviour.routed('credential checked', undefined, {
    method,
    billing: match.route.auth === 'billing',
    headers: req.headers,
  });
  let body: RequestContext['body'];
  if (match.route.body !== 'ignored') {
    body = decodeJsonBody(
      bytes,
      typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : undefined,
    );
    const required = match.route.body === 'required' && options.behaviour.routed('body required', true, { path });
    if (body === undefined && required)
      throw invalidRequest('body', 'MISSING_REQUEST_BODY', 'This operation needs a JSON body.');
  }
  const ctx: RequestContext = {
    method,
    path,
    query,
    headers: req.headers,
    params: match.params,
    body,
    behaviour: options.behaviour,
    now: options.now,
    baseUrl: options.baseUrl(),
    state: options.state,
  };
  if (refused !== undefined) {
    // Carried out (under a fault), then refused for its credential.
    try {
      match.route.handle(ctx);
    } catch {
      // the answer is the refusal whatever the operation did
    }
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what the route threw, as it was
    throw refused;
  }
  const operation = match.route.operation;
  const reply =
    (operation !== undefined
      ? options.behaviour.routed('answered instead', undefined, { operation, ctx })
      : undefined) ?? match.route.handle(ctx);
  if (reply.status < 200 || reply.status > 299 || operation === undefined) return reply;
  return options.behaviour.rendered('success answer', reply, { operation, ctx });
}

const RATE_LIMITED: Reply = {
  status: 429,
  body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests.', details: [] },
};

export function createRequestHandler(options: AppOptions): (req: IncomingMessage, res: ServerResponse) => void {
  let apiRequests = 0;
  // Requests to either API (the run's own GET / probe aside) count towards the limit.
  const rateLimited = (req: IncomingMessage): boolean =>
    options.rateLimitEvery !== undefined &&
    /^\/(v1\/billing|repos)\//.test(req.url ?? '') &&
    (apiRequests += 1) % options.rateLimitEvery === 0;
  return (req, res) => {
    void (async () => {
      let reply: Reply;
      try {
        const raw = await readBody(req);
        try {
          reply = rateLimited(req) ? RATE_LIMITED : dispatch(req, raw, options);
        } catch (error) {
          reply = options.behaviour.rendered('refusal answer', errorReply(error, options.behaviour), {
            url: req.url ?? '',
          });
        }
      } catch (error) {
        reply = errorReply(error, options.behaviour);
      }
      if (options.latencyMs > 0) await delay(options.latencyMs);
      writeReply(res, reply);
    })().catch((error: unknown) => {
      console.error('reference: failed to answer', error);
      if (!res.headersSent && !res.destroyed)
        writeReply(res, {
          status: 500,
          body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', details: [] },
        });
    });
  };
}
