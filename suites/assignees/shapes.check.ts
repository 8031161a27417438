import { check, type CheckContext } from '../../harness/check.js';
import { PULL_REQUEST_LINKS } from '../../contracts/rules/assignees.js';
import { SCHEMA_IDS } from '../../contracts/schema-ids.js';
import {
  addAssignees,
  listAssignees,
  publicIssue,
  publicRepo,
  pullRequest,
  removeAssignees,
  type IssueRef,
} from './support/api.js';
import { expectIssueReply } from './support/expect.js';
import { claimIssue, setAssignees } from './support/issue-state.js';
import { profileAssignable, reader } from './support/pool.js';
import { preview } from '../../harness/describe.js';
import type { Reply } from '../../harness/exchange.js';

// assignees.md, "Resources and their fields" and "Endpoints": what list, add and remove return.
// The values of state, author_association, state_reason, active_lock_reason and type are
// "not shown": the contracts check their types only, and so do these checks.

check(
  {
    name: 'list assignees answers 200 with an array of full User objects',
    rules: ['assignees.list.status-200', 'assignees.list.response.type', 'assignees.user.members'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const reply = await listAssignees(ctx, publicRepo(ctx), reader(ctx));
    ctx.expectStatus(reply, 200, 'assignees.list.status-200', 'list assignees of the public repository');
    const body = ctx.expectJson(reply, 'assignees.list.response.type', 'list assignees');
    ctx.expectContract(body, SCHEMA_IDS.listAssigneesResponse, reply, 'list assignees');
    ctx.credit(['assignees.http.json-bodies', 'assignees.http.accept-header'], reply, 'a JSON body, served');
    if (Array.isArray(body) && body.length === 0) ctx.observe('the list was empty: no User was there to validate');
  },
);

/** One assignable login for a shape check, or a skip when the profile names none. */
function someAssignable(ctx: CheckContext): string {
  const [login] = profileAssignable(ctx);
  if (!login) ctx.skip('the profile names no assignable user (assignees.assignable)');
  return login;
}

async function addReturnsIssue(ctx: CheckContext, issue: IssueRef): Promise<{ body: unknown; reply: Reply }> {
  const login = someAssignable(ctx);
  await claimIssue(ctx, issue);
  const reply = await addAssignees(ctx, issue, [login], 'push');
  ctx.expectStatus(reply, 201, 'assignees.add.status-201', `add ${login} to ${issue.label}`);
  return { body: expectIssueReply(ctx, reply, 'add', `add ${login} to ${issue.label}`, issue), reply };
}

check(
  {
    name: 'add assignees answers 201 with the full Issue',
    rules: ['assignees.add.status-201', 'assignees.add.returns-issue', 'assignees.issue.members'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    await addReturnsIssue(ctx, publicIssue(ctx));
  },
);

check(
  {
    name: 'remove assignees answers 200 with the full Issue',
    rules: ['assignees.remove.status-200', 'assignees.remove.returns-issue', 'assignees.issue.members'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const login = someAssignable(ctx);
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, [login]);
    const reply = await removeAssignees(ctx, issue, [login], 'push');
    ctx.expectStatus(reply, 200, 'assignees.remove.status-200', `remove ${login} from ${issue.label}`);
    expectIssueReply(ctx, reply, 'remove', `remove ${login} from ${issue.label}`, issue);
  },
);

check(
  {
    name: 'a pull request is an Issue carrying pull_request {url, html_url, diff_url, patch_url}',
    rules: [
      'assignees.pull-request.issue-paths',
      'assignees.issue.pull_request.type',
      'assignees.issue.pull_request.members',
    ],
    needs: ['assignees', 'push-token', 'pull-request'],
  },
  async (ctx) => {
    const pull = pullRequest(ctx);
    const { body, reply } = await addReturnsIssue(ctx, pull);
    const links = (body as { pull_request?: unknown }).pull_request;
    // Every pull request is an issue (What the service does, 4), and Issue lists pull_request
    // as {url, html_url, diff_url, patch_url}: a pull request's Issue carries all four. Their
    // types are not given (null is as good as a string), so only their presence is checked.
    if (links === null || typeof links !== 'object' || Array.isArray(links)) {
      ctx.fail({
        rule: 'assignees.issue.pull_request.type',
        message: `the Issue of ${pull.label} has no pull_request object`,
        expected: 'pull_request: {url, html_url, diff_url, patch_url}',
        received: `pull_request: ${preview(links)}`,
        exchanges: [reply.exchange],
      });
    }
    const missing = PULL_REQUEST_LINKS.filter((member) => !(member in (links as object)));
    if (missing.length > 0) {
      ctx.fail({
        rule: 'assignees.issue.pull_request.members',
        message: `the pull_request of ${pull.label} lacks ${missing.join(', ')}`,
        expected: `pull_request with ${PULL_REQUEST_LINKS.join(', ')}`,
        received: `pull_request: ${preview(links)}`,
        exchanges: [reply.exchange],
      });
    }
    ctx.credit(
      [
        'assignees.pull-request.issue-paths',
        'assignees.issue.pull_request.type',
        'assignees.issue.pull_request.members',
      ],
      reply,
      `the Issue of ${pull.label}, with pull_request ${PULL_REQUEST_LINKS.join(', ')}`,
    );
  },
);
