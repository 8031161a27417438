// One request from bytes to answer: route, size, auth, body, handler, error mapping, latency.
// The handler runs synchronously once the body is read, so state changes never interleave.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { Behaviour } from '../behaviour.js';
import type { ReferenceState } from '../state.js';
import { assertSize, decodeJsonBody, readBody } from './body.js';
import type { RequestContext } from './context.js';
import type { Reply } from './answer.js';
import { ApiError, invalidRequest, methodNotAllowed, notAuthorized, unknownPath, unsupportedMediaType, uriTooLong } from './errors.js';
import { errorReply, writeReply } from './reply.js';
import { matchRoute, type Route } from './router.js';
import { breakResponse } from '../faults/response-breaking.js';
import { statusInstead } from '../faults/status-codes.js';
import type { Json } from './validator.js';

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
    return mark < 0 ? { path: raw, query: new URLSearchParams() } : { path: raw.slice(0, mark), query: new URLSearchParams(raw.slice(mark + 1)) };
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
    if (options.behaviour.fault('billing-no-token-accepted')) return;
    throw notAuthorized('The Authorization header with a bearer credential is missing.');
  }
  const match = /^bearer\s+(\S+)\s*$/i.exec(value);
  if (match && (match[1] === options.billingToken || options.behaviour.fault('billing-any-token-accepted'))) return;
  throw notAuthorized('The bearer credential is not valid.');
}

/** The longest request URL served under the variant url-limit-2000 (billing.md, Limits). */
const URL_LIMIT = 2000;

function dispatch(req: IncomingMessage, raw: Buffer | 'too-large', options: AppOptions): Reply {
  if (options.behaviour.variant('url-limit-2000') && `${options.baseUrl()}${req.url ?? ''}`.length > URL_LIMIT) throw uriTooLong(URL_LIMIT);
  const { path, query } = splitTarget(req.url);
  const method = req.method ?? 'GET';
  if (options.behaviour.fault('list-subscriptions-route-missing') && method === 'GET' && path === '/v1/billing/subscriptions') throw methodNotAllowed(method, ['POST']);
  const match = matchRoute(options.routes, method, path);
  if (match instanceof ApiError) throw match;
  const bytes = assertSize(raw);
  let refused: unknown;
  if (match.route.auth === 'billing') {
    try {
      checkBillingAuth(req, options);
    } catch (error) {
      if (req.headers.authorization === undefined || !options.behaviour.fault('billing-refused-token-acts')) throw error;
      refused = error;
    }
  }
  const contentType = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : undefined;
  if (match.route.auth === 'billing' && method === 'GET' && contentType !== undefined && options.behaviour.fault('billing-get-with-content-type-refused')) {
    throw unsupportedMediaType(contentType);
  }
  let body: RequestContext['body'];
  if (match.route.body !== 'ignored') {
    body = decodeJsonBody(bytes, typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : undefined);
    const bodyless = options.behaviour.fault('suspend-no-body-accepted') && /\/suspend$/.test(path);
    if (body === undefined && match.route.body === 'required' && !bodyless) throw invalidRequest('body', 'MISSING_REQUEST_BODY', 'This operation needs a JSON body.');
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
    // The fault: the operation is carried out, then refused for its credential.
    try {
      match.route.handle(ctx);
    } catch {
      // the answer is the refusal whatever the operation did
    }
    throw refused;
  }
  return breakAnswer(match.route.operation, match.route.handle(ctx), options.behaviour);
}

/** A status fault answers another success code; a fault generated from the response contracts breaks its rule. */
function breakAnswer(operation: string | undefined, reply: Reply, behaviour: Behaviour): Reply {
  if (reply.status < 200 || reply.status > 299 || operation === undefined) return reply;
  const status = statusInstead(operation, (name) => behaviour.has(name));
  const rule = behaviour.responseRuleBroken();
  const body = rule !== undefined && reply.body !== undefined ? (breakResponse(operation, reply.body, rule) as Json) : reply.body;
  return { ...reply, status: status ?? reply.status, ...(body !== undefined ? { body } : {}) };
}

const RATE_LIMITED: Reply = { status: 429, body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests.', details: [] } };

export function createRequestHandler(options: AppOptions): (req: IncomingMessage, res: ServerResponse) => void {
  let apiRequests = 0;
  // Requests to either API (the run's own GET / probe aside) count towards the limit.
  const rateLimited = (req: IncomingMessage): boolean =>
    options.rateLimitEvery !== undefined && /^\/(v1\/billing|repos)\//.test(req.url ?? '') && (apiRequests += 1) % options.rateLimitEvery === 0;
  return (req, res) => {
    void (async () => {
      let reply: Reply;
      try {
        const raw = await readBody(req);
        try {
          reply = rateLimited(req) ? RATE_LIMITED : dispatch(req, raw, options);
        } catch (error) {
          reply = errorReply(error, options.behaviour);
          const htmlFault = (req.url ?? '').startsWith('/repos/') ? 'assignees-not-found-html' : 'billing-not-found-html';
          if (reply.status === 404 && /^\/(v1\/billing|repos)\//.test(req.url ?? '') && options.behaviour.fault(htmlFault)) {
            reply = { status: 404, html: '<html><body><h1>404 Not Found</h1></body></html>' };
          }
        }
      } catch (error) {
        reply = errorReply(error, options.behaviour);
      }
      if (options.latencyMs > 0) await delay(options.latencyMs);
      writeReply(res, reply);
    })().catch((error: unknown) => {
      console.error('reference: failed to answer', error);
      if (!res.headersSent && !res.destroyed) writeReply(res, { status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', details: [] } });
    });
  };
}
