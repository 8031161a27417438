import { describe, expect, it } from 'vitest';
import type { Reply } from './exchange.js';
import { CheckSetupError } from './failure.js';
import { rateLimitOf, stopWhenRateLimited } from './rate-limit.js';

// A rate-limited answer ends a check as an error naming it (check.ts applies this to every
// request a check sends); suites/billing/rate-limit.test.ts shows it end to end.

function reply(status: number, headers: Record<string, string> = {}): Reply {
  const url = 'http://127.0.0.1:1/repos/o/r/assignees';
  return {
    status,
    headers,
    text: '',
    json: undefined,
    exchange: { request: { method: 'GET', url, headers: {} }, response: { status, headers, body: '' }, durationMs: 1 },
  };
}

describe('rate-limited answers', () => {
  it('are a 429 (with or without Retry-After) or a 403 with x-ratelimit-remaining 0', () => {
    expect(rateLimitOf(reply(429))).toMatch(/429 without Retry-After/);
    expect(rateLimitOf(reply(429, { 'retry-after': '60' }))).toMatch(/429 with Retry-After 60/);
    expect(rateLimitOf(reply(403, { 'x-ratelimit-remaining': '0' }))).toMatch(/403 with x-ratelimit-remaining: 0/);
  });

  it('are not any other 403, nor a success that reports a spent quota', () => {
    expect(rateLimitOf(reply(403))).toBeUndefined();
    expect(rateLimitOf(reply(403, { 'x-ratelimit-remaining': '12' }))).toBeUndefined();
    expect(rateLimitOf(reply(200, { 'x-ratelimit-remaining': '0' }))).toBeUndefined();
  });

  it('end the check as a setup error (no verdict) that names the limit and carries the exchange', () => {
    const limited = reply(429);
    let error: unknown;
    try {
      stopWhenRateLimited(limited);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CheckSetupError);
    expect((error as CheckSetupError).message).toMatch(
      /rate limited: GET http:\/\/127\.0\.0\.1:1\/repos\/o\/r\/assignees answered status 429/,
    );
    expect((error as CheckSetupError).exchanges).toEqual([limited.exchange]);
    expect(stopWhenRateLimited(reply(404))).toEqual(reply(404));
  });
});
