// Who is calling, which repository and issue the path names, and what the caller may do there.

import { header, type RequestContext } from '../http/context.js';
import { invalidRequest, notAuthorized, notFound } from '../http/errors.js';
import type { IssueRecord, RepoRecord, UserRecord } from './model.js';

/** "a date-formatted version (YYYY-MM-DD)": a month 01 to 12, a day 01 to 31. */
const VERSION_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The one version served under the variant api-version-older. */
const OLDER_VERSION = '2022-11-28';

/** undefined: anonymous. A token that names nobody is refused with 401. */
export function viewer(ctx: RequestContext): UserRecord | undefined {
  const authorization = header(ctx, 'authorization');
  const version = header(ctx, 'x-service-api-version');
  if (
    version !== undefined &&
    !VERSION_DATE.test(version) &&
    ctx.behaviour.checks('assignees.http.api-version.pattern')
  ) {
    throw invalidRequest(
      'X-Service-Api-Version',
      'INVALID_PARAMETER_SYNTAX',
      'X-Service-Api-Version is a date, YYYY-MM-DD.',
    );
  }
  if (version !== undefined && version !== OLDER_VERSION && ctx.behaviour.variant('api-version-older')) {
    throw invalidRequest(
      'X-Service-Api-Version',
      'UNSUPPORTED_VERSION',
      `X-Service-Api-Version ${version} is not supported; the supported version is ${OLDER_VERSION}.`,
    );
  }
  ctx.behaviour.routed('assignees headers read', undefined, { version, accept: header(ctx, 'accept') });
  if (authorization === undefined) return undefined;
  const match = ctx.behaviour
    .routed('assignees credential forms', /^(?:bearer|token)\s+(\S+)\s*$/i)
    .exec(authorization);
  const user = match
    ? [...ctx.state.assignees.users.values()].find((candidate) => candidate.token === match[1])
    : undefined;
  if (!user) throw notAuthorized('The token is not valid.');
  return user;
}

export function canRead(repo: RepoRecord, user: UserRecord | undefined): boolean {
  return !repo.private || (user !== undefined && (repo.readers.has(user.login) || repo.pushers.has(user.login)));
}

export function canPush(repo: RepoRecord, user: UserRecord | undefined): boolean {
  return user !== undefined && repo.pushers.has(user.login);
}

/** The repository of the path; a private one is 404 to callers who cannot read it. */
export function findRepo(ctx: RequestContext, user: UserRecord | undefined): RepoRecord {
  const { owner, repo: name } = ctx.params;
  const sameOwner = ctx.behaviour.accepted(
    'owner matches',
    (candidate: string) => candidate.toLowerCase() === owner.toLowerCase(),
    { owner },
  );
  const repo = ctx.state.assignees.repos.find(
    (candidate) => sameOwner(candidate.owner) && candidate.name.toLowerCase() === name.toLowerCase(),
  );
  if (!repo || !ctx.behaviour.accepted('repository visible', canRead(repo, user), { repo, user })) {
    throw notFound('repo', `No repository ${owner}/${name} is visible to this caller.`);
  }
  return repo;
}

/** The operations whose path names an issue. */
export type IssueOperation = 'add' | 'remove' | 'check';

/** The issue of the path: an issue_number that is no integer names none (404, as any unknown issue). */
export function findIssue(ctx: RequestContext, repo: RepoRecord, operation: IssueOperation): IssueRecord {
  const text = ctx.params.issue_number;
  const read = () => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined);
  const number = ctx.behaviour.accepted('issue_number reading', read, { operation, raw: text })();
  const issue = number === undefined ? undefined : repo.issues.get(number);
  if (!issue) throw notFound('issue_number', `No issue ${text} in ${repo.owner}/${repo.name}.`);
  return issue;
}

export function isAssignable(repo: RepoRecord, login: string): string | undefined {
  return repo.assignable.find((candidate) => candidate.toLowerCase() === login.toLowerCase());
}
