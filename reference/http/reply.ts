// Turning errors into replies and replies into bytes on the wire.

import type { ServerResponse } from 'node:http';
import type { Behaviour } from '../behaviour.js';
import type { Reply } from './answer.js';
import { ApiError } from './errors.js';

/** The status and body of a refusal, after the variants that re-map codes and bodies. */
export function errorReply(error: unknown, behaviour: Behaviour): Reply {
  if (!(error instanceof ApiError)) {
    // A defect of the reference itself; the tests keep this path unreachable.
    console.error('reference: unexpected error', error);
    return {
      status: 500,
      body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', details: [] },
    };
  }
  let status = error.status;
  if (error.family === 'validation' && status === 400 && behaviour.variant('validation-422')) status = 422;
  if (error.family === 'unknown-id' && behaviour.variant('unknown-id-400')) status = 400;
  const headers: Record<string, string> = { ...error.headers };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  if (behaviour.variant('error-body-plain')) {
    const first = error.details[0];
    return { status, headers, body: { error: first ? `${first.field}: ${first.description}` : error.message } };
  }
  return {
    status,
    headers,
    body: { name: error.errorName, message: error.message, details: error.details.map((detail) => ({ ...detail })) },
  };
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...(reply.headers ?? {}) };
  let payload: string | undefined;
  if (reply.status !== 204 && reply.html !== undefined) {
    headers['content-type'] = 'text/html; charset=utf-8';
    payload = reply.html;
  } else if (reply.status !== 204 && reply.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(reply.body);
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}
