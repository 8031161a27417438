// Platform-Request-Id: the first answer to a key is kept 72 hours and replayed for every repeat.

import type { Reply } from '../http/answer.js';
import { header, type RequestContext } from '../http/context.js';
import { duplicateRequest, invalidRequest } from '../http/errors.js';

/**
 * Runs `create` once per key and scope. Only successful answers are kept: a refused request
 * created nothing, so the caller may correct it and send it again under the same key.
 * `create` is synchronous, so concurrent repeats cannot both pass the lookup.
 */
export function idempotent(ctx: RequestContext, scope: string, create: () => Reply): Reply {
  const key = header(ctx, 'platform-request-id');
  if (key === undefined || !ctx.behaviour.accepted('idempotency key honoured', true, { scope })) return create();
  if (key.length === 0)
    throw invalidRequest('Platform-Request-Id', 'INVALID_STRING_MIN_LENGTH', 'Platform-Request-Id must not be empty.');
  const now = ctx.now().getTime();
  const first = ctx.state.idempotency.lookup(scope, key, now);
  if (first) {
    if (ctx.behaviour.variant('idempotency-repeat-conflict')) throw duplicateRequest(key);
    return first;
  }
  const reply = create();
  if (reply.status >= 200 && reply.status < 300) ctx.state.idempotency.remember(scope, key, reply, now);
  return reply;
}
