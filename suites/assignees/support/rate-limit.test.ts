import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { addAssignees, listAssignees } from './api.js';
import { rateLimitOf } from './rate-limit.js';

// A rate-limited answer ends an assignee check as an error naming it, never as a verdict: a
// dedicated test rather than a reference variant, because the self-test requires every variant
// to certify with no MUST rule errored, and a rate-limited check is an error by design.

function reply(status: number, headers: Record<string, string> = {}): Reply {
  const url = 'http://127.0.0.1:1/repos/o/r/assignees';
  return { status, headers, text: '', json: undefined, exchange: { request: { method: 'GET', url, headers: {} }, response: { status, headers, body: '' }, durationMs: 1 } };
}

/** Just enough of a check context for the operation helpers: every request gets `answer`. */
function answering(answer: Reply): CheckContext {
  const assignees = { owner: 'o', repo: 'r', issueNumber: 1, tokens: { push: 'p' }, assignable: ['a'] };
  return { assignees, send: async () => answer } as unknown as CheckContext;
}

describe('rate-limited answers to assignee requests', () => {
  it('are a 429 (with or without Retry-After) or a 403 with x-ratelimit-remaining 0', () => {
    expect(rateLimitOf(reply(429))).toMatch(/429 without Retry-After/);
    expect(rateLimitOf(reply(429, { 'retry-after': '60' }))).toMatch(/429 with Retry-After 60/);
    expect(rateLimitOf(reply(403, { 'x-ratelimit-remaining': '0' }))).toMatch(/403 with x-ratelimit-remaining: 0/);
  });

  it('exclude a plain 403 refusal and a 403 with requests left', () => {
    expect(rateLimitOf(reply(403))).toBeUndefined();
    expect(rateLimitOf(reply(403, { 'x-ratelimit-remaining': '12' }))).toBeUndefined();
    expect(rateLimitOf(reply(200, { 'x-ratelimit-remaining': '0' }))).toBeUndefined();
  });

  it('end the check as a setup error carrying the exchange, before any status is judged', async () => {
    const limited = reply(429, { 'retry-after': '60' });
    const error = await listAssignees(answering(limited), { owner: 'o', repo: 'r' }, 'push').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckSetupError);
    expect((error as CheckSetupError).message).toMatch(/rate limited: GET .* answered status 429/);
    expect((error as CheckSetupError).exchanges).toEqual([limited.exchange]);
    const forbidden = reply(403, { 'x-ratelimit-remaining': '0' });
    await expect(addAssignees(answering(forbidden), { owner: 'o', repo: 'r', number: 1, label: 'issue #1' }, ['a'], 'read')).rejects.toBeInstanceOf(CheckSetupError);
  });

  it('leave every other answer to the checks', async () => {
    const refused = reply(403);
    await expect(addAssignees(answering(refused), { owner: 'o', repo: 'r', number: 1, label: 'issue #1' }, ['a'], 'read')).resolves.toBe(refused);
  });
});
