// The five assignee operations.

import type { RequestContext } from '../http/context.js';
import type { Reply } from '../http/answer.js';
import { ApiError, forbidden, notAuthorized, notFound, unprocessable } from '../http/errors.js';
import { Validator } from '../http/validator.js';
import { timestamp } from '../time.js';
import { FIXTURES } from '../fixtures.js';
import { canPush, findIssue, findRepo, isAssignable, viewer } from './access.js';
import type { IssueRecord, RepoRecord, UserRecord } from './model.js';
import { renderIssue, renderUser, userOf } from './views.js';

const MAX_PER_PAGE = 100;
/** The page size a server may choose below what per_page asks (variant per-page-cap-50). */
const CAPPED_PER_PAGE = 50;

function pageParameter(v: Validator, query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  // fault assignees-page-fraction-offset: a page of 1.5 is read as it is, half a page in
  if (name === 'page' && v.behaviour.fault('assignees-page-fraction-offset') && /^\d+\.\d+$/.test(raw)) return Number(raw);
  // fault assignees-per-page-text-all: a per_page that is not a number lists everyone
  if (name === 'per_page' && v.behaviour.fault('assignees-per-page-text-all') && !/^\d+$/.test(raw)) return Number.MAX_SAFE_INTEGER;
  if (!/^\d{1,9}$/.test(raw)) {
    v.fail(name, 'INVALID_PARAMETER_TYPE', `${name} must be a positive integer.`);
    return fallback;
  }
  return Number(raw);
}

function outOfRange(field: string, description: string): ApiError {
  return new ApiError(422, 'UNPROCESSABLE_ENTITY', description, 'validation', [{ field, issue: 'INVALID_PARAMETER_VALUE', description }]);
}

export function listAssignees(ctx: RequestContext): Reply {
  if (ctx.behaviour.fault('unknown-repo-list-empty') && !ctx.state.assignees.repos.some((repo) => repo.owner.toLowerCase() === ctx.params.owner.toLowerCase() && repo.name.toLowerCase() === ctx.params.repo.toLowerCase())) {
    return { status: 200, body: [] };
  }
  const user = viewer(ctx);
  if (user === undefined && ctx.behaviour.fault('anonymous-public-list-401')) throw notAuthorized('Listing assignees needs a token.');
  const repo = findRepo(ctx, user);
  const v = new Validator(ctx.behaviour);
  let perPage = pageParameter(v, ctx.query, 'per_page', ctx.behaviour.variant('assignees-paging-defaults') ? 5 : 30);
  const page = pageParameter(v, ctx.query, 'page', 1);
  v.done();
  const honoured = ctx.behaviour.fault('assignees-per-page-over-100-honoured') || ctx.behaviour.fault('assignees-per-page-text-all');
  if (perPage > MAX_PER_PAGE && !honoured) {
    if (!ctx.behaviour.variant('assignees-per-page-clamp')) throw outOfRange('per_page', `per_page is at most ${MAX_PER_PAGE}.`);
    perPage = MAX_PER_PAGE;
  }
  if (perPage < 1) throw outOfRange('per_page', 'per_page is at least 1.');
  if (ctx.behaviour.variant('per-page-cap-50')) perPage = Math.min(perPage, CAPPED_PER_PAGE);
  if (page < 1) throw outOfRange('page', 'page is at least 1.');
  let logins = ctx.behaviour.fault('list-includes-not-assignable') ? [...repo.assignable, FIXTURES.notAssignable] : [...repo.assignable];
  if (ctx.behaviour.fault('list-omits-last-assignable')) logins = logins.slice(0, -1);
  if (ctx.behaviour.variant('list-reverse-order')) logins.reverse();
  if (ctx.behaviour.fault('assignees-per-page-ignored')) perPage = logins.length;
  const lastPage = Math.max(1, Math.ceil(logins.length / perPage));
  const shown = ctx.behaviour.fault('assignees-page-repeats-past-2') && page > 2 ? page - 1 : page;
  const start = Math.floor((shown - 1) * perPage);
  logins = logins.slice(start, start + perPage);
  const href = (n: number) => `<${ctx.baseUrl}/repos/${repo.owner}/${repo.name}/assignees?per_page=${perPage}&page=${n}>`;
  const relations = [...(page < lastPage ? [`${href(page + 1)}; rel="next"`] : []), `${href(lastPage)}; rel="last"`, `${href(1)}; rel="first"`];
  return {
    status: 200,
    body: logins.map((login) => renderUser(userOf(ctx.state.assignees, login), ctx.baseUrl, ctx.behaviour)),
    headers: { link: relations.join(', ') },
  };
}

function assignableReply(ctx: RequestContext, repo: RepoRecord): Reply {
  const login = ctx.params.assignee;
  const assignable = isAssignable(repo, login) !== undefined || ctx.behaviour.fault('check-not-assignable-204');
  if (!assignable) throw notFound('assignee', `${login} cannot be assigned in ${repo.owner}/${repo.name}.`);
  return ctx.behaviour.fault('check-assignable-200') ? { status: 200, body: {} } : { status: 204 };
}

export function checkAssignable(ctx: RequestContext): Reply {
  return assignableReply(ctx, findRepo(ctx, viewer(ctx)));
}

export function checkIssueAssignable(ctx: RequestContext): Reply {
  const repo = findRepo(ctx, viewer(ctx));
  findIssue(ctx, repo);
  if (ctx.behaviour.fault('check-issue-not-assignable-204') && isAssignable(repo, ctx.params.assignee) === undefined) return { status: 204 };
  return assignableReply(ctx, repo);
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
function mayChange(ctx: RequestContext, repo: RepoRecord, user: UserRecord | undefined, operation: 'add' | 'remove'): boolean {
  if (user === undefined && ctx.behaviour.variant('anonymous-write-401')) throw notAuthorized('Changing assignees needs a token with write permission.');
  const readOnlyMay = operation === 'add' ? ctx.behaviour.fault('read-only-can-add') : ctx.behaviour.fault('read-only-can-remove');
  const anonymousMay = operation === 'add' && ctx.behaviour.fault('anonymous-can-add');
  const may = canPush(repo, user) || (user !== undefined ? readOnlyMay : anonymousMay);
  if (!may && user !== undefined && ctx.behaviour.variant('read-token-403')) throw forbidden('Changing assignees needs Issues or Pull requests repository permission (write).');
  const erring = operation === 'add' ? ctx.behaviour.fault('read-only-add-422') : ctx.behaviour.fault('read-only-remove-422');
  if (!may && user !== undefined && erring) throw unprocessable('/assignees', 'ASSIGNEES_NOT_CHANGED', `${user.login} cannot change the assignees of ${repo.owner}/${repo.name}.`);
  return may;
}

/** Under a variant, a push-access user naming someone who cannot be assigned is refused. */
function refuseNotAssignable(ctx: RequestContext, repo: RepoRecord, logins: readonly string[]): void {
  if (!ctx.behaviour.variant('assignees-unknown-login-422')) return;
  const cannot = logins.filter((login) => isAssignable(repo, login) === undefined);
  if (cannot.length > 0) throw unprocessable('/assignees', 'NOT_ASSIGNABLE', `${cannot.join(', ')} cannot be assigned in ${repo.owner}/${repo.name}.`);
}

/** Under a fault, assignee changes on a pull request's number are answered 404. */
function issueOf(ctx: RequestContext, repo: RepoRecord): IssueRecord {
  // fault add-unknown-issue-422: an issue that does not exist is answered 422, not 404
  if (ctx.behaviour.fault('add-unknown-issue-422') && !repo.issues.has(Number(ctx.params.issue_number))) {
    throw unprocessable('issue_number', 'ISSUE_INVALID', `Issue ${ctx.params.issue_number} cannot take assignees.`);
  }
  const issue = findIssue(ctx, repo);
  if (issue.isPullRequest && ctx.behaviour.fault('pull-request-assign-404')) throw notFound('issue_number', `No issue ${issue.number} in ${repo.owner}/${repo.name}.`);
  return issue;
}

function touched(ctx: RequestContext, issue: IssueRecord, before: string[]): void {
  if (before.join('\n') !== issue.assignees.join('\n')) issue.updated_at = timestamp(ctx.now());
}

export function addAssignees(ctx: RequestContext): Reply {
  const user = viewer(ctx);
  const repo = findRepo(ctx, user);
  const issue = issueOf(ctx, repo);
  const logins = readLogins(ctx, ctx.behaviour.fault('add-more-than-10') ? undefined : 10);
  if (ctx.behaviour.fault('non-ascii-login-500') && logins.some((login) => /[^\x20-\x7e]/.test(login))) {
    throw new ApiError(500, 'INTERNAL_SERVER_ERROR', 'A login could not be handled.', 'server');
  }
  if (mayChange(ctx, repo, user, 'add')) {
    refuseNotAssignable(ctx, repo, logins);
    const before = [...issue.assignees];
    const kept = ctx.behaviour.fault('add-replaces-existing') ? [] : [...issue.assignees];
    const named = ctx.behaviour.fault('add-ignores-last-named') && logins.length > 1 ? logins.slice(0, -1) : logins;
    for (const login of named) {
      const known = ctx.behaviour.fault('add-non-assignable') ? ctx.state.assignees.users.get(login.toLowerCase())?.login : undefined;
      const canonical = isAssignable(repo, login) ?? known;
      if (canonical && !kept.some((existing) => existing.toLowerCase() === canonical.toLowerCase())) kept.push(canonical);
    }
    issue.assignees = kept;
    touched(ctx, issue, before);
  }
  const status = ctx.behaviour.fault('add-assignees-200') ? 200 : 201;
  // fault add-answers-issue-1: the add is made, but the answer is issue 1 of the repository
  const answered = ctx.behaviour.fault('add-answers-issue-1') ? (repo.issues.get(1) ?? issue) : issue;
  return { status, body: renderIssue(ctx.state.assignees, repo, answered, ctx.baseUrl, ctx.behaviour) };
}

export function removeAssignees(ctx: RequestContext): Reply {
  const user = viewer(ctx);
  const repo = findRepo(ctx, user);
  const issue = issueOf(ctx, repo);
  const named = readLogins(ctx, undefined).map((login) => login.toLowerCase());
  const logins = ctx.behaviour.fault('remove-first-named-only') ? named.slice(0, 1) : named;
  if (mayChange(ctx, repo, user, 'remove')) {
    refuseNotAssignable(ctx, repo, named);
    const before = [...issue.assignees];
    issue.assignees = issue.assignees.filter((login) => !logins.includes(login.toLowerCase()));
    touched(ctx, issue, before);
  }
  if (ctx.behaviour.fault('remove-assignees-204')) return { status: 204 };
  const body = renderIssue(ctx.state.assignees, repo, issue, ctx.baseUrl, ctx.behaviour);
  if (ctx.behaviour.fault('remove-answer-no-pull-request')) delete body.pull_request;
  return { status: 200, body };
}
