import { check, type CheckContext, type Need } from '../../harness/check.js';
import { describeStatus } from '../../harness/describe.js';
import { addAssignees, publicIssue, pullRequest, type IssueRef } from './support/api.js';
import { expectAdded, expectIssueReply } from './support/expect.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { includesLogin, loginsOf, minus, showLogins } from './support/logins.js';
import { nonAsciiLogin, requireAssignable, unknownLogin } from './support/pool.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

// assignees.md, "Endpoints", add assignees to an issue: "201, Issue"; rule 1: "up to 10
// assignees per request; users already assigned are not replaced". Only users with push access
// change assignees (rule 2), so every add here is by the push-access user.

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
      name: `add assignees to the ${kind} adds the named users and keeps those already assigned`,
      rules: ['assignees.add.keeps-existing', 'assignees.add.adds-named', 'assignees.add.status-201', ...rules],
      needs,
    },
    async (ctx) => {
      const issue = ref(ctx);
      const [earlier, added] = await requireAssignable(ctx, 2);
      await claimIssue(ctx, issue);
      await setAssignees(ctx, issue, [earlier]);

      const reply = await addAssignees(ctx, issue, [added], 'push');
      ctx.expectStatus(reply, 201, 'assignees.add.status-201', `add ${added} to ${issue.label}`);
      const answered = loginsOf(expectIssueReply(ctx, reply, 'add', `add ${added} to ${issue.label}`, issue));
      const outcome = { before: [earlier], named: [added], assignable: () => true };
      expectAdded(
        ctx,
        { ...outcome, after: answered },
        `the Issue the add of ${added} to ${issue.label} returned (${earlier} was assigned)`,
        [reply.exchange],
      );
      const back = await readAssignees(ctx, issue);
      expectAdded(
        ctx,
        { ...outcome, after: back.logins },
        `${issue.label} read back after adding ${added} (${earlier} was assigned)`,
        [reply.exchange, back.reply.exchange],
      );
      ctx.credit(rules, [reply, back.reply], `${issue.label} served through the issues path`);
    },
  );
}

check(
  {
    name: 'add assignees takes 10 users in one request and assigns them all',
    rules: ['assignees.add.max-10', 'assignees.add.adds-named', 'assignees.add.status-201'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const ten = await requireAssignable(ctx, 10);
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, []);

    const reply = await addAssignees(ctx, issue, ten, 'push');
    // "Up to 10 assignees per request": 10 is within the limit, so it is a plain add.
    if (reply.status < 200 || reply.status > 299) {
      ctx.fail({
        rule: 'assignees.add.max-10',
        message: `add 10 assignees to ${issue.label}: not accepted`,
        expected: 'status 201: 10 is within "up to 10 per request"',
        received: describeStatus(reply),
        exchanges: [reply.exchange],
      });
    }
    ctx.expectStatus(reply, 201, 'assignees.add.status-201', `add 10 assignees to ${issue.label}`);
    const answered = loginsOf(expectIssueReply(ctx, reply, 'add', `add 10 assignees to ${issue.label}`, issue));
    expectAdded(
      ctx,
      { before: [], named: ten, assignable: () => true, after: answered },
      `the Issue the add of 10 returned`,
      [reply.exchange],
    );
    ctx.credit('assignees.add.max-10', reply, `10 taken, ${answered.length} assigned`);
  },
);

check(
  {
    name: 'add assignees naming 11 users is refused or assigns at most 10 of them',
    rules: ['assignees.add.max-10'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const eleven = await requireAssignable(ctx, 11);
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, []);

    // What a server does with 11 is not stated: a refusal and a partial add both conform, as
    // long as no more than 10 end up assigned by the one request.
    const reply = await addAssignees(ctx, issue, eleven, 'push');
    const back = await readAssignees(ctx, issue);
    if (reply.status >= 200 && reply.status < 300)
      ctx.observe(`an add of 11 answered ${reply.status} and assigned ${back.logins.length}`);
    else if (reply.status >= 400 && reply.status < 500) ctx.observe(`an add of 11 was refused with ${reply.status}`);
    else {
      ctx.fail({
        rule: 'assignees.add.max-10',
        message: `add 11 assignees to ${issue.label}: neither refused nor accepted`,
        expected: 'a 4xx refusal, or a success that assigns at most 10',
        received: describeStatus(reply),
        exchanges: [reply.exchange],
      });
    }
    const strangers = minus(back.logins, eleven);
    if (back.logins.length > 10 || strangers.length > 0) {
      ctx.fail({
        rule: 'assignees.add.max-10',
        message: `one add of 11 to ${issue.label} (which had none) left ${back.logins.length} assigned`,
        expected: 'at most 10 assigned, all of them among the 11 named',
        received: `status ${reply.status}; assignees ${showLogins(back.logins)}`,
        exchanges: [reply.exchange, back.reply.exchange],
      });
    }
    ctx.credit('assignees.add.max-10', [reply, back.reply], `status ${reply.status}, ${back.logins.length} assigned`);
  },
);

check(
  {
    name: 'add assignees does not assign a login that cannot be assigned',
    rules: ['assignees.add.ignores-not-assignable'],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const [assignable] = await requireAssignable(ctx, 1);
    const cannot = [
      ...(ctx.assignees.notAssignable ? [ctx.assignees.notAssignable] : []),
      unknownLogin(ctx),
      nonAsciiLogin(ctx),
    ];
    const named = [assignable, ...cannot];
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, []);

    // The spec names no error for such a login: it is ignored, or the request is refused.
    const reply = await addAssignees(ctx, issue, named, 'push');
    const back = await readAssignees(ctx, issue);
    const what = `${issue.label} read back after adding ${showLogins(named)} (only ${assignable} can be assigned)`;
    if (reply.status >= 400 && reply.status < 500) {
      ctx.observe(`an add naming logins that cannot be assigned was refused with ${reply.status}`);
      const wrong = back.logins.filter((login) => includesLogin(cannot, login));
      if (wrong.length > 0) {
        ctx.fail({
          rule: 'assignees.add.ignores-not-assignable',
          message: `${what}: ${showLogins(wrong)} assigned`,
          expected: `none of ${showLogins(cannot)} assigned`,
          received: `assignees ${showLogins(back.logins)}`,
          exchanges: [reply.exchange, back.reply.exchange],
        });
      }
      return;
    }
    // neither refused nor taken (a 5xx, say): the logins that cannot be assigned were not ignored
    if (reply.status < 200 || reply.status > 299) {
      ctx.fail({
        rule: 'assignees.add.ignores-not-assignable',
        message: `add ${showLogins(named)} to ${issue.label}: neither taken nor refused`,
        expected: 'status 201 (the logins that cannot be assigned ignored) or a 4xx refusal',
        received: describeStatus(reply),
        exchanges: [reply.exchange],
      });
    }
    ctx.expectStatus(reply, 201, 'assignees.add.status-201', `add ${showLogins(named)} to ${issue.label}`);
    const assignableOnly = (login: string) => !includesLogin(cannot, login);
    expectAdded(ctx, { before: [], named, assignable: assignableOnly, after: back.logins }, what, [
      reply.exchange,
      back.reply.exchange,
    ]);
  },
);
