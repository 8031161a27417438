import type { CheckContext } from '../../../harness/check.js';
import { describeStatus } from '../../../harness/describe.js';
import type { Reply } from '../../../harness/exchange.js';
import { ASSIGNEES_PAGING, judgeBrokenQuery } from '../../../judging/query-answer.js';

// assignees.md, Limits: "per_page | max 100". What a server does with more is not written out:
// a refusal, or a page clamped to at most 100 users, conforms; a page of more fails the limit.
// Judged as the proxy judges the same answer (judging/query-answer.ts).

export const PER_PAGE_MAX_RULE = 'assignees.list.per-page-max-100';

/** Judges a list assignees answer to per_page past 100; `users` are the logins a 200 listed. */
export function judgePerPagePastMax(
  ctx: CheckContext,
  reply: Reply,
  perPage: number,
  users: readonly string[],
  what: string,
): void {
  const list = { key: 'users', items: users.map((login) => ({ login })), paging: ASSIGNEES_PAGING };
  const judgement = judgeBrokenQuery({
    rule: PER_PAGE_MAX_RULE,
    param: 'per_page',
    query: { per_page: perPage, page: 1 },
    status: reply.status,
    what,
    list,
  });
  if (judgement.outcome === 'broken') {
    const { message = what, expected = 'a 4xx refusal, or 200 with at most 100 users' } = judgement.finding;
    ctx.fail({
      rule: PER_PAGE_MAX_RULE,
      message,
      expected,
      received: `${describeStatus(reply)}${users.length > 0 ? ` (${users.length} users)` : ''}`,
      exchanges: [reply.exchange],
    });
  }
  ctx.credit(
    PER_PAGE_MAX_RULE,
    reply,
    judgement.outcome === 'refused' ? `refused with ${reply.status}` : `${users.length} users`,
  );
  ctx.observe(
    judgement.outcome === 'refused'
      ? `${what} was refused with ${reply.status}`
      : `${what} answered 200 with ${users.length} users`,
  );
}
