import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { sendingWrite } from './seen-assignees.js';

// The five operations of assignees.md, Endpoints, as one call each, for a caller named by the
// access it has: the push-access token, the read-only token, or no credential at all.

export type Caller = 'push' | 'read' | 'anonymous';

/** A repository as the paths name it. */
export interface RepoPath {
  owner: string;
  repo: string;
}

/** An issue or a pull request (every pull request is an issue: the same paths serve both). */
export interface IssueRef extends RepoPath {
  number: number;
  /** For messages: "issue #1", "pull request #2". */
  label: string;
  /** The profile names it as a pull request: its Issue carries pull_request. */
  pullRequest?: true;
}

/** The media type assignees.md, Endpoints recommends for the accept header. */
export const ACCEPT = 'application/vnd.service+json';

export function publicRepo(ctx: CheckContext): RepoPath {
  return { owner: ctx.assignees.owner, repo: ctx.assignees.repo };
}

export function publicIssue(ctx: CheckContext): IssueRef {
  const a = ctx.assignees;
  return { owner: a.owner, repo: a.repo, number: a.issueNumber, label: `issue #${a.issueNumber}` };
}

/** Only for checks that declare the `pull-request` need. */
export function pullRequest(ctx: CheckContext): IssueRef {
  const a = ctx.assignees;
  if (a.pullNumber === undefined) throw new Error('pullRequest() used by a check that does not need pull-request');
  return {
    owner: a.owner,
    repo: a.repo,
    number: a.pullNumber,
    label: `pull request #${a.pullNumber}`,
    pullRequest: true,
  };
}

/**
 * The issue a check changes when any issue will do: the pull request when the profile names one
 * (every pull request is an issue: What the service does, 4), else the issue. A check that
 * changes an issue holds it alone, so the checks that change the plain issue form one queue:
 * the longest of these checks goes to the pull request's shorter queue instead.
 */
export function anyIssue(ctx: CheckContext): IssueRef {
  return ctx.assignees.pullNumber !== undefined ? pullRequest(ctx) : publicIssue(ctx);
}

/** Only for checks that declare the `private-repo` need. */
export function privateRepo(ctx: CheckContext): RepoPath {
  const p = ctx.assignees.privateRepo;
  if (!p) throw new Error('privateRepo() used by a check that does not need private-repo');
  return { owner: p.owner, repo: p.repo };
}

export function privateIssue(ctx: CheckContext): IssueRef {
  const p = ctx.assignees.privateRepo;
  if (!p) throw new Error('privateIssue() used by a check that does not need private-repo');
  return { owner: p.owner, repo: p.repo, number: p.issueNumber, label: `private issue #${p.issueNumber}` };
}

const seg = encodeURIComponent;

export function assigneesPath(r: RepoPath): string {
  return `/repos/${seg(r.owner)}/${seg(r.repo)}/assignees`;
}

export function checkPath(r: RepoPath, login: string): string {
  return `${assigneesPath(r)}/${seg(login)}`;
}

/** The assignees path of an issue, with its number written as `number` (text where an integer belongs). */
export function issueAssigneesPathAs(r: RepoPath, number: string): string {
  return `/repos/${seg(r.owner)}/${seg(r.repo)}/issues/${seg(number)}/assignees`;
}

export function issueAssigneesPath(i: IssueRef): string {
  return issueAssigneesPathAs(i, String(i.number));
}

export function issueCheckPath(i: IssueRef, login: string): string {
  return issueCheckPathAs(i, String(i.number), login);
}

/** The issue check's path, with the issue number written as `number`. */
export function issueCheckPathAs(r: RepoPath, number: string, login: string): string {
  return `${issueAssigneesPathAs(r, number)}/${seg(login)}`;
}

/** The token a caller sends, or undefined for anonymous (and for a token the profile lacks). */
export function tokenOf(ctx: CheckContext, caller: Caller): string | undefined {
  if (caller === 'push') return ctx.assignees.tokens.push;
  if (caller === 'read') return ctx.assignees.tokens.read;
  return undefined;
}

/** One request of an assignee operation, before the caller's credential and headers are added. */
export interface OperationRequest {
  method: string;
  path: string;
  json?: unknown;
  query?: Record<string, string | number>;
}

/**
 * Sends one assignee request as `caller`, with the recommended accept header unless `headers`
 * says otherwise. (ctx.send has already turned a rate-limited answer into an error.) Anything
 * but a GET may change an issue's assignees: what the check saw of them is forgotten. A 204 is
 * read as no content whatever its Content-Length says: the checks judge that header themselves.
 */
export async function sendAs(
  ctx: CheckContext,
  caller: Caller,
  request: OperationRequest,
  headers: Record<string, string> = { accept: ACCEPT },
): Promise<Reply> {
  const token = tokenOf(ctx, caller);
  const options = { ...request, headers, noContentOn204: true, ...(token !== undefined ? { token } : {}) };
  const send = () => ctx.send(options);
  return request.method.toUpperCase() === 'GET' ? send() : sendingWrite(ctx, send);
}

export function listAssignees(
  ctx: CheckContext,
  repo: RepoPath,
  caller: Caller,
  query: Record<string, string | number> = {},
): Promise<Reply> {
  return sendAs(ctx, caller, { method: 'GET', path: assigneesPath(repo), query });
}

export function checkAssignable(ctx: CheckContext, repo: RepoPath, login: string, caller: Caller): Promise<Reply> {
  return sendAs(ctx, caller, { method: 'GET', path: checkPath(repo, login) });
}

export function checkAssignableToIssue(
  ctx: CheckContext,
  issue: IssueRef,
  login: string,
  caller: Caller,
): Promise<Reply> {
  return sendAs(ctx, caller, { method: 'GET', path: issueCheckPath(issue, login) });
}

export function addAssignees(
  ctx: CheckContext,
  issue: IssueRef,
  logins: readonly string[],
  caller: Caller,
): Promise<Reply> {
  return sendAs(ctx, caller, { method: 'POST', path: issueAssigneesPath(issue), json: { assignees: logins } });
}

export function removeAssignees(
  ctx: CheckContext,
  issue: IssueRef,
  logins: readonly string[],
  caller: Caller,
): Promise<Reply> {
  return sendAs(ctx, caller, { method: 'DELETE', path: issueAssigneesPath(issue), json: { assignees: logins } });
}
