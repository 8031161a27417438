import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import {
  assigneesPath,
  checkPath,
  issueAssigneesPath,
  issueCheckPath,
  publicIssue,
  publicRepo,
  sendAs,
  type OperationRequest,
} from './api.js';
import { profileAssignable, reader } from './pool.js';

// The five operations of assignees.md, Endpoints, each as one request that changes nothing
// (add and remove name nobody), for checks about what every operation accepts: the same
// request is sent twice, with different headers, and the answers compared.

export interface Operation {
  /** For messages: "list assignees", "add no assignees to issue #1". */
  what: string;
  request: OperationRequest;
}

export function harmlessOperations(ctx: CheckContext): Operation[] {
  const repo = publicRepo(ctx);
  const issue = publicIssue(ctx);
  const [login] = profileAssignable(ctx);
  return [
    { what: `list assignees of ${repo.owner}/${repo.repo}`, request: { method: 'GET', path: assigneesPath(repo) } },
    ...(login === undefined
      ? []
      : [
          {
            what: `check that ${login} can be assigned in ${repo.owner}/${repo.repo}`,
            request: { method: 'GET', path: checkPath(repo, login) },
          },
          {
            what: `check that ${login} can be assigned to ${issue.label}`,
            request: { method: 'GET', path: issueCheckPath(issue, login) },
          },
        ]),
    {
      what: `add no assignees to ${issue.label}`,
      request: { method: 'POST', path: issueAssigneesPath(issue), json: { assignees: [] } },
    },
    {
      what: `remove no assignees from ${issue.label}`,
      request: { method: 'DELETE', path: issueAssigneesPath(issue), json: { assignees: [] } },
    },
  ];
}

/** The operation sent as the surest caller the profile has (push token, else none). */
export function sendOperation(
  ctx: CheckContext,
  operation: Operation,
  headers: Record<string, string>,
): Promise<Reply> {
  return sendAs(ctx, reader(ctx), operation.request, headers);
}

export function served(reply: Reply): boolean {
  return reply.status >= 200 && reply.status < 300;
}
