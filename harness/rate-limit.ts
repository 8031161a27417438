import type { Reply } from './exchange.js';
import { CheckSetupError } from './failure.js';

// Both specs: "Rate limits: not shown". A target that rate-limits the checker says nothing about
// the rule a check is verifying, so such an answer ends the check as an error (no verdict) that
// names it: never a failure, and never the refusal a limit check waits for. The HTTP client has
// already waited out a Retry-After within its bound when a 429 gets here.

/** What makes `reply` a rate-limit answer, or undefined when it is not one. */
export function rateLimitOf(reply: Reply): string | undefined {
  if (reply.status === 429) {
    const retryAfter = reply.headers['retry-after'];
    return retryAfter === undefined
      ? 'status 429 without Retry-After'
      : `status 429 with Retry-After ${retryAfter} (still limited after the client's bounded wait)`;
  }
  // The repository-hosting convention (GitHub's): a spent quota answers 403 with a zero remaining.
  if (reply.status === 403 && reply.headers['x-ratelimit-remaining']?.trim() === '0')
    return 'status 403 with x-ratelimit-remaining: 0';
  return undefined;
}

/** Throws a CheckSetupError carrying the exchange when the target rate-limited the request. */
export function stopWhenRateLimited(reply: Reply): Reply {
  const limit = rateLimitOf(reply);
  if (limit === undefined) return reply;
  const { method, url } = reply.exchange.request;
  throw new CheckSetupError(
    `rate limited: ${method} ${url} answered ${limit}; the check cannot reach a verdict (run ` +
      `again later or with a lower --concurrency)`,
    [reply.exchange],
  );
}
