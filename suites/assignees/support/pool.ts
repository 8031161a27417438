import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { checkAssignable, listAssignees, type Caller, type RepoPath } from './api.js';
import { includesLogin } from './issue-state.js';

// Which logins a check may use: the profile names assignable users and (optionally) one that
// cannot be assigned; a login that names no account is made up from the run id.

/** Reads need no credential on the public repository, but the push token is the surer way. */
export function reader(ctx: CheckContext): Caller {
  return ctx.assignees.tokens.push ? 'push' : 'anonymous';
}

/** The profile's assignable logins, each once, never the one it says cannot be assigned. */
export function profileAssignable(ctx: CheckContext): string[] {
  const out: string[] = [];
  const notAssignable = ctx.assignees.notAssignable;
  for (const login of ctx.assignees.assignable) {
    if (!includesLogin(out, login) && !(notAssignable && includesLogin([notAssignable], login))) out.push(login);
  }
  return out;
}

/** A login that names no account (and so cannot be assigned anywhere). */
export function unknownLogin(ctx: CheckContext, tag = 'nobody'): string {
  return `${ctx.settings.runId}-${tag}-x9`;
}

export interface Listing {
  logins: string[];
  replies: Reply[];
}

const PAGE = 100;
const MAX_PAGES = 20;

/** Every user the list names, page by page (per_page 100), failing list.status-200 otherwise. */
export async function listAll(ctx: CheckContext, repo: RepoPath, caller: Caller): Promise<Listing> {
  const logins: string[] = [];
  const replies: Reply[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const reply = await listAssignees(ctx, repo, caller, { per_page: PAGE, page });
    replies.push(reply);
    ctx.expectStatus(reply, 200, 'assignees.list.status-200', `list assignees, per_page ${PAGE}, page ${page}`);
    const body = ctx.expectJson(reply, 'assignees.list.response.type', `list assignees page ${page}`);
    if (!Array.isArray(body)) {
      ctx.fail({ rule: 'assignees.list.response.type', message: `list assignees page ${page}: the body is not an array`, expected: 'an array of User', received: reply.text.slice(0, 160), exchanges: [reply.exchange] });
    }
    for (const user of body) {
      const login = (user as { login?: unknown } | null)?.login;
      if (typeof login === 'string') logins.push(login);
    }
    if (body.length < PAGE) break;
  }
  return { logins, replies };
}

/**
 * At least `count` logins that can be assigned in the public repository: the profile's first,
 * then users the list names that the repository check confirms (204). Undefined when fewer exist.
 */
export async function assignableLogins(ctx: CheckContext, count: number): Promise<string[] | undefined> {
  const pool = profileAssignable(ctx);
  if (pool.length >= count) return pool.slice(0, count);
  const repo = { owner: ctx.assignees.owner, repo: ctx.assignees.repo };
  const listed = await listAll(ctx, repo, reader(ctx));
  for (const login of listed.logins) {
    if (pool.length >= count) break;
    if (includesLogin(pool, login) || (ctx.assignees.notAssignable && includesLogin([ctx.assignees.notAssignable], login))) continue;
    const confirmed = await checkAssignable(ctx, repo, login, reader(ctx));
    if (confirmed.status === 204) pool.push(login);
  }
  return pool.length >= count ? pool : undefined;
}

/** Like assignableLogins, but skips the check (with the reason) when too few exist. */
export async function requireAssignable(ctx: CheckContext, count: number): Promise<string[]> {
  const logins = await assignableLogins(ctx, count);
  if (!logins) ctx.skip(`needs ${count} users who can be assigned in ${ctx.assignees.owner}/${ctx.assignees.repo}; the profile and the list name fewer`);
  return logins;
}
