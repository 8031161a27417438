import { check } from '../../harness/check.js';
import { issueNumbersNotInteger } from '../../generators/index.js';
import { anyIssue, issueAssigneesPathAs, issueCheckPathAs, publicIssue, sendAs } from './support/api.js';
import { expectLogins } from './support/expect.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { sameLogins } from './support/logins.js';
import { profileAssignable, reader, requireAssignable } from './support/pool.js';

// assignees.md, Endpoints: add takes "path issue_number (integer, required)"; remove and the issue
// check name the same parameter of the same path. A path whose issue_number is no integer names no
// issue: it is refused (any 4xx: no code is stated, and 404, not found, is one) and changes no
// assignees. The texts name the profile's issue to a server that reads the number as parseInt does
// ("1.5", "1abc"), so such a server shows what it did.

/** The rules per operation, written out (the catalog test finds rule ids in the checks' code). */
const RULES = {
  add: 'assignees.add.issue_number.type',
  remove: 'assignees.remove.issue_number.type',
} as const;

check(
  {
    name: 'add and remove on an issue_number that is not an integer are refused and change no assignees',
    rules: [RULES.add, RULES.remove],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = anyIssue(ctx);
    const [kept, other] = await requireAssignable(ctx, 2);
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, [kept]);
    for (const text of issueNumbersNotInteger(issue.number)) {
      for (const [operation, method, named] of [
        ['add', 'POST', other],
        ['remove', 'DELETE', kept],
      ] as const) {
        if (!ctx.inFocus(RULES[operation])) continue;
        const what = `${operation} ${named} with issue_number "${text}" in place of ${issue.number}`;
        const path = issueAssigneesPathAs(issue, text);
        const reply = await sendAs(ctx, 'push', { method, path, json: { assignees: [named] } });
        const back = await readAssignees(ctx, issue);
        const exchanges = [reply.exchange, back.reply.exchange];
        expectLogins(
          ctx,
          back.logins,
          [kept],
          RULES[operation],
          `${issue.label} read back after the ${what}`,
          exchanges,
        );
        ctx.expectRefused(reply, RULES[operation], what);
        if (sameLogins(back.logins, [kept])) {
          ctx.credit(RULES[operation], back.reply, `${issue.label} read back unchanged after the ${what}`);
        } else {
          // The request was taken: the next one is judged from [kept] again, not from what it left.
          await setAssignees(ctx, issue, [kept]);
        }
      }
    }
  },
);

check(
  {
    name: 'check if a user can be assigned to an issue_number that is not an integer is refused',
    rules: ['assignees.check-issue.issue_number.type'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const [login] = profileAssignable(ctx);
    if (login === undefined) ctx.skip('the profile names no assignable user (assignees.assignable)');
    // An assignable login: a server that found the issue in the text would answer 204.
    for (const text of issueNumbersNotInteger(issue.number)) {
      const reply = await sendAs(ctx, reader(ctx), { method: 'GET', path: issueCheckPathAs(issue, text, login) });
      ctx.expectRefused(
        reply,
        'assignees.check-issue.issue_number.type',
        `check that ${login} can be assigned with issue_number "${text}" in place of ${issue.number}`,
      );
    }
  },
);
