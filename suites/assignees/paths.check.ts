import { check, type CheckContext } from '../../harness/check.js';
import { describeStatus } from '../../harness/describe.js';
import type { Reply } from '../../harness/exchange.js';
import { issueAssigneeCheckPath } from '../../generators/index.js';
import {
  addAssignees,
  checkAssignable,
  checkAssignableToIssue,
  listAssignees,
  publicIssue,
  publicRepo,
  type IssueRef,
} from './support/api.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { includesLogin } from './support/logins.js';
import { listAll, profileAssignable, reader, requireAssignable } from './support/pool.js';

// assignees.md, "Endpoints": owner ("account owner, case-insensitive") and repo appear in every
// path. (The accept and X-Service-Api-Version headers have checks of their own.)

const OWNER_RULE = 'assignees.path.owner-case-insensitive' as const;

/** The owner in another letter case, or a skip when it has no letters to change. */
function otherCase(ctx: CheckContext): string {
  const owner = ctx.assignees.owner;
  const flipped = [...owner].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  if (flipped === owner) ctx.skip(`the owner "${owner}" has no letters whose case could change`);
  return flipped;
}

/** Fails the owner rule when the other case is not served as the profile's case is. */
function expectSameAnswer(ctx: CheckContext, exact: Reply, other: Reply, what: string): void {
  const served = (reply: Reply) => reply.status >= 200 && reply.status < 300;
  if (served(exact) && !served(other)) {
    ctx.fail({
      rule: 'assignees.path.owner-case-insensitive',
      message: `${what}: the owner in another letter case is not served as the same account`,
      expected: `the answer given with the profile's owner (status ${exact.status})`,
      received: describeStatus(other),
      exchanges: [exact.exchange, other.exchange],
    });
  }
  if (served(exact)) ctx.credit('assignees.path.owner-case-insensitive', [exact, other], `served (${other.status})`);
}

check(
  {
    name: 'the owner path parameter is case-insensitive for list, both checks and add',
    rules: ['assignees.path.owner-case-insensitive'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const owner = otherCase(ctx);
    const [login] = await requireAssignable(ctx, 1);
    const exactIssue = publicIssue(ctx);
    const otherIssue: IssueRef = { ...exactIssue, owner, label: `${exactIssue.label} (owner ${owner})` };
    const otherRepo = { owner, repo: ctx.assignees.repo };

    expectSameAnswer(
      ctx,
      await listAssignees(ctx, publicRepo(ctx), 'push'),
      await listAssignees(ctx, otherRepo, 'push'),
      `list assignees of ${owner}/${otherRepo.repo}`,
    );
    expectSameAnswer(
      ctx,
      await checkAssignable(ctx, publicRepo(ctx), login, 'push'),
      await checkAssignable(ctx, otherRepo, login, 'push'),
      `check ${login} in ${owner}/${otherRepo.repo}`,
    );
    expectSameAnswer(
      ctx,
      await checkAssignableToIssue(ctx, exactIssue, login, 'push'),
      await checkAssignableToIssue(ctx, otherIssue, login, 'push'),
      `check ${login} on ${otherIssue.label}`,
    );

    await claimIssue(ctx, exactIssue);
    await setAssignees(ctx, exactIssue, []);
    const add = await addAssignees(ctx, otherIssue, [login], 'push');
    const back = await readAssignees(ctx, exactIssue);
    if (add.status < 200 || add.status > 299 || !includesLogin(back.logins, login)) {
      ctx.fail({
        rule: 'assignees.path.owner-case-insensitive',
        message: `add ${login} to ${otherIssue.label}: the issue of ${ctx.assignees.owner} did not get the assignee`,
        expected: `a success, and ${login} assigned to ${exactIssue.label}`,
        received: `${describeStatus(add)}; assignees read back: ${back.logins.join(', ') || '(none)'}`,
        exchanges: [add.exchange, back.reply.exchange],
      });
    }
    ctx.credit('assignees.path.owner-case-insensitive', [add, back.reply], `${login} assigned to ${exactIssue.label}`);
  },
);

check(
  {
    name: 'both checks answer 204 for assignable logins and 404 for others, with the owner in any letter case',
    rules: [
      'assignees.check.status-204',
      'assignees.check.not-assignable-404',
      'assignees.check-issue.status-204',
      'assignees.check-issue.not-assignable-404',
      'assignees.path.owner-case-insensitive',
    ],
    needs: ['assignees'],
  },
  async (ctx) => {
    // A real target may have more assignable users than the profile names: the list says who.
    const listed = await listAll(ctx, publicRepo(ctx), reader(ctx));
    const assignable = [
      ...profileAssignable(ctx),
      ...listed.logins.filter((l) => !includesLogin(profileAssignable(ctx), l)),
    ];
    const a = ctx.assignees;
    const numbers = [a.issueNumber, ...(a.pullNumber !== undefined ? [a.pullNumber] : [])];
    const paths = issueAssigneeCheckPath({
      owner: a.owner,
      repo: a.repo,
      assignable,
      notAssignable: a.notAssignable,
      issueNumbers: numbers,
    });
    await ctx.property(
      paths,
      async ({ path, expect }) => {
        const repo = { owner: path.owner, repo: path.repo };
        const issue: IssueRef = {
          ...repo,
          number: path.issue_number,
          label: `issue #${path.issue_number} of ${path.owner}/${path.repo}`,
        };
        const wanted = expect === 'assignable' ? 204 : 404;
        const ownerChanged = path.owner !== a.owner;
        for (const [reply, scope] of [
          [await checkAssignable(ctx, repo, path.assignee, reader(ctx)), 'check'],
          [await checkAssignableToIssue(ctx, issue, path.assignee, reader(ctx)), 'check-issue'],
        ] as const) {
          if (reply.status === wanted) {
            const judged = `status ${reply.status}`;
            if (expect === 'not-assignable') ctx.credit(`assignees.${scope}.not-assignable-404`, reply, judged);
            else ctx.credit([`assignees.${scope}.status-204`, ...(ownerChanged ? [OWNER_RULE] : [])], reply, judged);
            continue;
          }
          const rule =
            expect === 'not-assignable'
              ? (`assignees.${scope}.not-assignable-404` as const)
              : ownerChanged && reply.status === 404
                ? 'assignees.path.owner-case-insensitive'
                : (`assignees.${scope}.status-204` as const);
          const where = scope === 'check' ? `${path.owner}/${path.repo}` : issue.label;
          ctx.fail({
            rule,
            message:
              `check ${path.assignee} (${expect === 'assignable' ? 'can' : 'cannot'} be assigned) ` +
              `in ${where}: status ${reply.status}`,
            expected: `status ${wanted}`,
            received: describeStatus(reply),
            exchanges: [reply.exchange],
          });
        }
      },
      { independentCases: true },
    );
  },
);
