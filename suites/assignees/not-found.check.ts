import { check } from '../../harness/check.js';
import {
  addAssignees,
  checkAssignable,
  checkAssignableToIssue,
  listAssignees,
  removeAssignees,
  type IssueRef,
} from './support/api.js';
import { expectJsonIfBody } from './support/expect.js';
import { reader, requireAssignable } from './support/pool.js';

// assignees.md, "Errors": 404 is "resource not found". A repository or an issue that does not
// exist is not found, whichever operation names it; "Bodies are JSON", a 404's too (its shape is
// not shown). The names below are made up for the run.

/** A number no issue of the repository is expected to have. */
const NO_SUCH_ISSUE = 987654321;

check(
  {
    name: 'list assignees of a repository that does not exist answers 404',
    rules: ['assignees.list.unknown-repo-404', 'assignees.http.json-bodies'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const repo = { owner: ctx.assignees.owner, repo: `${ctx.settings.runId}-no-such-repo` };
    const reply = await listAssignees(ctx, repo, reader(ctx));
    ctx.expectStatus(reply, 404, 'assignees.list.unknown-repo-404', `list assignees of ${repo.owner}/${repo.repo}`);
    expectJsonIfBody(ctx, reply, `the 404 of list assignees of ${repo.owner}/${repo.repo}`);
  },
);

check(
  {
    name: 'both checks, add and remove answer 404 for a repository or an issue that does not exist',
    rules: ['assignees.errors.not-found-404', 'assignees.http.json-bodies'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    // An assignable login, so that the 404 can only come from the repository or the issue.
    const [login] = await requireAssignable(ctx, 1);
    const a = ctx.assignees;
    const noRepo = { owner: a.owner, repo: `${ctx.settings.runId}-no-such-repo` };
    const noIssue: IssueRef = { owner: a.owner, repo: a.repo, number: NO_SUCH_ISSUE, label: `issue #${NO_SUCH_ISSUE}` };
    const attempts = [
      [await checkAssignable(ctx, noRepo, login, 'push'), `check ${login} in ${noRepo.owner}/${noRepo.repo}`],
      [
        await checkAssignableToIssue(ctx, { ...noIssue, ...noRepo, number: a.issueNumber }, login, 'push'),
        `check ${login} on issue #${a.issueNumber} of ${noRepo.owner}/${noRepo.repo}`,
      ],
      [
        await checkAssignableToIssue(ctx, noIssue, login, 'push'),
        `check ${login} on ${noIssue.label} of ${a.owner}/${a.repo}`,
      ],
      [await addAssignees(ctx, noIssue, [login], 'push'), `add ${login} to ${noIssue.label} of ${a.owner}/${a.repo}`],
      [
        await removeAssignees(ctx, noIssue, [login], 'push'),
        `remove ${login} from ${noIssue.label} of ${a.owner}/${a.repo}`,
      ],
    ] as const;
    for (const [reply, what] of attempts) {
      ctx.expectStatus(reply, 404, 'assignees.errors.not-found-404', what);
      expectJsonIfBody(ctx, reply, `the 404 of ${what}`);
    }
  },
);
