import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { checkAssignable, listAssignees, type Caller, type RepoPath } from './api.js';
import { includesLogin } from './logins.js';

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

/**
 * A login with letters beyond ASCII, naming no account: text a server must handle in every
 * position that takes a login (a body's array, a path segment) without a 5xx.
 */
export function nonAsciiLogin(ctx: CheckContext): string {
  return `${ctx.settings.runId}-zoë-ångström-月`;
}

export interface Listing {
  logins: string[];
  replies: Reply[];
}

const PAGE = 100;
/** Pages read before the scan gives up without a verdict: 50 pages of per_page 100. */
const MAX_PAGES = 50;

/**
 * Every user the list names, page by page (per_page 100), failing list.status-200 otherwise.
 * A short page is not the end: per_page is only a maximum and the spec shows no paging links,
 * so only an empty page ends the list (or a page that names nobody new, which would repeat
 * forever). A list that does not end within MAX_PAGES is a setup error, not a verdict.
 */
export async function listAll(ctx: CheckContext, repo: RepoPath, caller: Caller): Promise<Listing> {
  const logins: string[] = [];
  const replies: Reply[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const reply = await listAssignees(ctx, repo, caller, { per_page: PAGE, page });
    replies.push(reply);
    ctx.expectStatus(reply, 200, 'assignees.list.status-200', `list assignees, per_page ${PAGE}, page ${page}`);
    const body = ctx.expectJson(reply, 'assignees.list.response.type', `list assignees page ${page}`);
    if (!Array.isArray(body)) {
      ctx.fail({
        rule: 'assignees.list.response.type',
        message: `list assignees page ${page}: the body is not an array`,
        expected: 'an array of User',
        received: reply.text.slice(0, 160),
        exchanges: [reply.exchange],
      });
    }
    if (body.length === 0) return { logins, replies };
    const named = body
      .map((user) => (user as { login?: unknown } | null)?.login)
      .filter((login): login is string => typeof login === 'string');
    const fresh = named.filter((login) => !includesLogin(logins, login));
    logins.push(...named);
    if (fresh.length === 0) {
      ctx.observe(
        `list assignees of ${repo.owner}/${repo.repo}: page ${page} (per_page ${PAGE}) ` +
          `names only users of earlier pages; the scan stopped there`,
      );
      return { logins, replies };
    }
  }
  throw new CheckSetupError(
    `the list of assignees of ${repo.owner}/${repo.repo} did not end within ${MAX_PAGES} pages of per_page ${PAGE} ` +
      `(no empty page; ${logins.length} users so far): ` +
      `too long to scan, no verdict`,
    replies.slice(-2).map((reply) => reply.exchange),
  );
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
    if (
      includesLogin(pool, login) ||
      (ctx.assignees.notAssignable && includesLogin([ctx.assignees.notAssignable], login))
    )
      continue;
    const confirmed = await checkAssignable(ctx, repo, login, reader(ctx));
    if (confirmed.status === 204) pool.push(login);
  }
  return pool.length >= count ? pool : undefined;
}

/** Like assignableLogins, but skips the check (with the reason) when too few exist. */
export async function requireAssignable(ctx: CheckContext, count: number): Promise<string[]> {
  const logins = await assignableLogins(ctx, count);
  if (!logins)
    ctx.skip(
      `needs ${count} users who can be assigned in ${ctx.assignees.owner}/${ctx.assignees.repo}; ` +
        `the profile and the list name fewer`,
    );
  return logins;
}
