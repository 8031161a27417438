// The five assignee operations.

import type { RequestContext } from '../http/context.js';
import type { Reply } from '../http/answer.js';
import { ApiError, forbidden, notAuthorized, notFound, unprocessable } from '../http/errors.js';
import { Validator } from '../http/validator.js';
import { timestamp } from '../time.js';
import { canPush, findIssue, findRepo, isAssignable, viewer } from './access.js';
import type { IssueRecord, RepoRecord, UserRecord } from './model.js';
import { renderIssue, renderUser, userOf } from './views.js';

const MAX_PER_PAGE = 100;
/** The page size a server may choose below what per_page asks (variant per-page-cap-50). */
const CAPPED_PER_PAGE = 50;

function pageParameter(v: Validator, query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const read = () => {
    if (/^\d{1,9}$/.test(raw)) return Number(raw);
    v.fail(name, 'INVALID_PARAMETER_TYPE', `${name} must be a positive integer.`);
    return fallback;
  };
  return v.behaviour.accepted('assignees paging reading', read, { name, raw })();
}

function outOfRange(field: string, description: string): ApiError {
  return new ApiError(422, 'UNPROCESSABLE_ENTITY', description, 'validation', [
    { field, issue: 'INVALID_PARAMETER_VALUE', description },
  ]);
}

export function listAssignees(ctx: RequestContext): Reply {
  const user = ctx.behaviour.routed('assignees lister', viewer(ctx));
  const repo = findRepo(ctx, user);
  const v = new Validator(ctx.behaviour);
  let perPage = pageParameter(v, ctx.query, 'per_page', ctx.behaviour.variant('assignees-paging-defaults') ? 5 : 30);
  const page = pageParameter(v, ctx.query, 'page', 1);
  v.done();
  if (perPage > MAX_PER_PAGE && ctx.behaviour.accepted('per_page over 100 refused', true)) {
    if (!ctx.behaviour.variant('assignees-per-page-clamp'))
      throw outOfRange('per_page', `per_page is at most ${MAX_PER_PAGE}.`);
    perPage = MAX_PER_PAGE;
  }
  if (perPage < 1) throw outOfRange('per_page', 'per_page is at least 1.');
  if (ctx.behaviour.variant('per-page-cap-50')) perPage = Math.min(perPage, CAPPED_PER_PAGE);
  if (page < 1) throw outOfRange('page', 'page is at least 1.');
  let logins = ctx.behaviour.rendered('assignable users listed', [...repo.assignable]);
  if (ctx.behaviour.variant('list-reverse-order')) logins.reverse();
  perPage = ctx.behaviour.rendered('assignees per page', perPage, { logins });
  const lastPage = Math.max(1, Math.ceil(logins.length / perPage));
  const start = ctx.behaviour.rendered('assignees page start', Math.floor((page - 1) * perPage), { page, perPage });
  logins = logins.slice(start, start + perPage);
  const href = (n: number) =>
    `<${ctx.baseUrl}/repos/${repo.owner}/${repo.name}/assignees?per_page=${perPage}&page=${n}>`;
  const relations = [
    ...(page < lastPage ? [`${href(page + 1)}; rel="next"`] : []),
    `${href(lastPage)}; rel="last"`,
    `${href(1)}; rel="first"`,
  ];
  return {
    status: 200,
    body: logins.map((login) => renderUser(userOf(ctx.state.assignees, login), ctx.baseUrl, ctx.behaviour)),
    headers: { link: relations.join(', ') },
  };
}

/** 204 when the user of the path can be assigned in `repo` (on an issue of it, for `onIssue`), else 404. */
function assignableReply(ctx: RequestContext, repo: RepoRecord, onIssue: boolean): Reply {
  const login = ctx.params.assignee;
  const assignable = ctx.behaviour.rendered('assignee assignable', isAssignable(repo, login) !== undefined, {
    onIssue,
  });
  if (!assignable) throw notFound('assignee', `${login} cannot be assigned in ${repo.owner}/${repo.name}.`);
  return { status: 204 };
}

export function checkAssignable(ctx: RequestContext): Reply {
  return assignableReply(ctx, findRepo(ctx, viewer(ctx)), false);
}

export function checkIssueAssignable(ctx: RequestContext): Reply {
  const repo = findRepo(ctx, viewer(ctx));
  findIssue(ctx, repo, 'check');
  return assignableReply(ctx, repo, true);
}

/** {assignees: array of logins}; a missing member means no names. */
function readLogins(ctx: RequestContext, max: number | undefined): string[] {
  const v = new Validator(ctx.behaviour);
  const body = v.object('body', ctx.body ?? {});
  const items = v.array('/assignees', body?.assignees, { max }) ?? [];
  const logins = items.map((item, index) => v.string(`/assignees/${index}`, item, { min: 1, max: 100 }));
  v.done();
  return logins.filter((login): login is string => login !== undefined);
}

/**
 * Without push access the names are silently ignored (or, under variants, an anonymous caller
 * gets 401 and a token without write permission 403).
 */
function mayChange(
  ctx: RequestContext,
  repo: RepoRecord,
  user: UserRecord | undefined,
  operation: 'add' | 'remove',
): boolean {
  if (user === undefined && ctx.behaviour.variant('anonymous-write-401'))
    throw notAuthorized('Changing assignees needs a token with write permission.');
  const may = ctx.behaviour.accepted('assignees may change', canPush(repo, user), { user, operation });
  if (!may && user !== undefined && ctx.behaviour.variant('read-token-403'))
    throw forbidden('Changing assignees needs Issues or Pull requests repository permission (write).');
  if (!may && user !== undefined)
    ctx.behaviour.accepted('assignees change refused', undefined, { user, repo, operation });
  return may;
}

/** Under a variant, a push-access user naming someone who cannot be assigned is refused. */
function refuseNotAssignable(ctx: RequestContext, repo: RepoRecord, logins: readonly string[]): void {
  if (!ctx.behaviour.variant('assignees-unknown-login-422')) return;
  const cannot = logins.filter((login) => isAssignable(repo, login) === undefined);
  if (cannot.length > 0)
    throw unprocessable(
      '/assignees',
      'NOT_ASSIGNABLE',
      `${cannot.join(', ')} cannot be assigned in ${repo.owner}/${repo.name}.`,
    );
}

/** The issue (or pull request) of the path whose assignees change. */
function issueOf(ctx: RequestContext, repo: RepoRecord, operation: 'add' | 'remove'): IssueRecord {
  return ctx.behaviour.accepted('issue whose assignees change', () => findIssue(ctx, repo, operation), {
    repo,
    number: ctx.params.issue_number,
  })();
}

function touched(ctx: RequestContext, issue: IssueRecord, before: string[]): void {
  if (before.join('\n') !== issue.assignees.join('\n')) issue.updated_at = timestamp(ctx.now());
}

export function addAssignees(ctx: RequestContext): Reply {
  const user = viewer(ctx);
  const repo = findRepo(ctx, user);
  const issue = issueOf(ctx, repo, 'add');
  const logins = ctx.behaviour.accepted(
    'logins to add',
    readLogins(ctx, ctx.behaviour.accepted('logins to add max', 10)),
  );
  if (mayChange(ctx, repo, user, 'add')) {
    refuseNotAssignable(ctx, repo, logins);
    const before = [...issue.assignees];
    const kept = ctx.behaviour.changed('assignees kept on add', [...issue.assignees]);
    for (const login of ctx.behaviour.changed('logins added', logins)) {
      const canonical = ctx.behaviour.changed('login assigned', isAssignable(repo, login), {
        login,
        users: ctx.state.assignees.users,
      });
      if (canonical && !kept.some((existing) => existing.toLowerCase() === canonical.toLowerCase()))
        kept.push(canonical);
    }
    issue.assignees = kept;
    touched(ctx, issue, before);
  }
  const answered = ctx.behaviour.rendered('issue answered', issue, { repo });
  return { status: 201, body: renderIssue(ctx.state.assignees, repo, answered, ctx.baseUrl, ctx.behaviour) };
}

export function removeAssignees(ctx: RequestContext): Reply {
  const user = viewer(ctx);
  const repo = findRepo(ctx, user);
  const issue = issueOf(ctx, repo, 'remove');
  const named = readLogins(ctx, undefined).map((login) => login.toLowerCase());
  const logins = ctx.behaviour.changed('logins removed', named);
  if (mayChange(ctx, repo, user, 'remove')) {
    refuseNotAssignable(ctx, repo, named);
    const before = [...issue.assignees];
    issue.assignees = issue.assignees.filter((login) => !logins.includes(login.toLowerCase()));
    touched(ctx, issue, before);
  }
  return { status: 200, body: renderIssue(ctx.state.assignees, repo, issue, ctx.baseUrl, ctx.behaviour) };
}
