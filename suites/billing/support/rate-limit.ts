// billing.md, Limits: "Rate limits: not shown". A 429 says nothing about the rule a check
// judges: the client waits out a Retry-After within its bound, and a 429 that remains (or comes
// without Retry-After) ends the check as an error that names it, never as a verdict, and never
// as the refusal a limit check waits for.

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';

/** Throws the check's error when `reply` is a 429. */
export function throwIfRateLimited(reply: Reply, what = 'a request'): void {
  if (reply.status !== 429) return;
  const after = reply.headers['retry-after'];
  const why = after === undefined ? 'without Retry-After' : `still after waiting out Retry-After (${after}) as far as the client's bound allows`;
  throw new CheckSetupError(`${what} was answered 429 (rate limited) ${why}: no verdict could be reached`, [reply.exchange]);
}

/** `ctx` whose requests end the check as an error on a 429 (setup, verdicts and read-backs alike). */
export function guardRateLimit(ctx: CheckContext): CheckContext {
  const guarded = Object.create(ctx) as CheckContext;
  guarded.billingSend = async (method, path, options) => {
    const reply = await ctx.billingSend(method, path, options);
    throwIfRateLimited(reply, `${method} ${path.split('?')[0]}`);
    return reply;
  };
  guarded.send = async (options) => {
    const reply = await ctx.send(options);
    throwIfRateLimited(reply, `${options.method} ${options.path.split('?')[0]}`);
    return reply;
  };
  return guarded;
}
