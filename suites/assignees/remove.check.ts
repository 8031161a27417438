import { check, type CheckContext, type Need } from '../../harness/check.js';
import { publicIssue, pullRequest, removeAssignees, type IssueRef } from './support/api.js';
import { expectIssueReply, expectRemoved } from './support/expect.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { loginsOf } from './support/logins.js';
import { nonAsciiLogin, requireAssignable } from './support/pool.js';
import { describeStatus } from '../../harness/describe.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

// assignees.md, "Endpoints", remove assignees from an issue: "200, Issue". By the push-access
// user (rule 2), the named users are unassigned and everyone else stays.

const ISSUES: Array<{ kind: string; needs: Need[]; ref: (ctx: CheckContext) => IssueRef; rules: RuleId[] }> = [
  { kind: 'issue', needs: ['assignees', 'push-token'], ref: publicIssue, rules: [] },
  {
    kind: 'pull request',
    needs: ['assignees', 'push-token', 'pull-request'],
    ref: pullRequest,
    rules: ['assignees.pull-request.issue-paths'],
  },
];

for (const { kind, needs, ref, rules } of ISSUES) {
  check(
    {
      name: `remove assignees from the ${kind} answers 200 without the named users and keeps the others`,
      rules: [
        'assignees.remove.status-200',
        'assignees.remove.removes-named',
        'assignees.remove.returns-issue',
        ...rules,
      ],
      needs,
    },
    async (ctx) => {
      const issue = ref(ctx);
      const [kept, removed] = await requireAssignable(ctx, 2);
      await claimIssue(ctx, issue);
      await setAssignees(ctx, issue, [kept, removed]);

      const reply = await removeAssignees(ctx, issue, [removed], 'push');
      ctx.expectStatus(reply, 200, 'assignees.remove.status-200', `remove ${removed} from ${issue.label}`);
      const answered = loginsOf(expectIssueReply(ctx, reply, 'remove', `remove ${removed} from ${issue.label}`, issue));
      expectRemoved(
        ctx,
        [kept, removed],
        [removed],
        answered,
        `the Issue the removal of ${removed} from ${issue.label} returned`,
        [reply.exchange],
      );
      const back = await readAssignees(ctx, issue);
      expectRemoved(
        ctx,
        [kept, removed],
        [removed],
        back.logins,
        `${issue.label} read back after removing ${removed}`,
        [reply.exchange, back.reply.exchange],
      );
      ctx.credit(rules, [reply, back.reply], `${issue.label} served through the issues path`);
    },
  );
}

check(
  {
    name: 'remove assignees naming two users in one request unassigns both and keeps the third',
    rules: ['assignees.remove.removes-named', 'assignees.remove.status-200'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const [first, second, kept] = await requireAssignable(ctx, 3);
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, [first, second, kept]);

    // "body {assignees: array of strings}": every name of the array is removed, not only the first.
    const what = `remove ${first} and ${second} from ${issue.label} in one request`;
    const reply = await removeAssignees(ctx, issue, [first, second], 'push');
    ctx.expectStatus(reply, 200, 'assignees.remove.status-200', what);
    const answered = loginsOf(expectIssueReply(ctx, reply, 'remove', what, issue));
    expectRemoved(ctx, [first, second, kept], [first, second], answered, `the Issue answering the ${what}`, [
      reply.exchange,
    ]);
    const back = await readAssignees(ctx, issue);
    expectRemoved(
      ctx,
      [first, second, kept],
      [first, second],
      back.logins,
      `${issue.label} read back after the ${what}`,
      [reply.exchange, back.reply.exchange],
    );
  },
);

check(
  {
    name:
      'remove assignees naming an assigned user and a login beyond ASCII ' +
      'that names nobody unassigns the user, ' +
      'or is refused and changes nothing',
    rules: ['assignees.remove.removes-named'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const [removed, kept] = await requireAssignable(ctx, 2);
    const stranger = nonAsciiLogin(ctx);
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, [removed, kept]);

    // The spec names no error for a login that names nobody: it is ignored, or the request refused.
    const what = `remove ${removed} and ${stranger} from ${issue.label}`;
    const reply = await removeAssignees(ctx, issue, [removed, stranger], 'push');
    const back = await readAssignees(ctx, issue);
    if (reply.status >= 400 && reply.status < 500) {
      ctx.observe(`a remove naming a login that names nobody was refused with ${reply.status}`);
      expectRemoved(ctx, [removed, kept], [], back.logins, `${issue.label} read back after the refused ${what}`, [
        reply.exchange,
        back.reply.exchange,
      ]);
      return;
    }
    if (reply.status < 200 || reply.status > 299) {
      ctx.fail({
        rule: 'assignees.remove.removes-named',
        message: `${what}: neither taken nor refused`,
        expected: 'status 200 or a 4xx refusal',
        received: describeStatus(reply),
        exchanges: [reply.exchange],
      });
    }
    expectRemoved(ctx, [removed, kept], [removed], back.logins, `${issue.label} read back after the ${what}`, [
      reply.exchange,
      back.reply.exchange,
    ]);
  },
);
