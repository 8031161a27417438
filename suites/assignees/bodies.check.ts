import fc from 'fast-check';
import { check } from '../../harness/check.js';
import { addAssigneesBodyInvalid, removeAssigneesBodyInvalid } from '../../generators/index.js';
import { ACCEPT, issueAssigneesPath, publicIssue } from './support/api.js';
import { expectLogins } from './support/expect.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { requireAssignable } from './support/pool.js';

// assignees.md, "Endpoints": the add and remove bodies are {assignees: array of usernames} and
// {assignees: array of strings}. A body whose assignees is not an array, or holds something
// other than a string, breaks that statement: refused (any 4xx), and nothing changes.

check(
  {
    name: 'add and remove with an assignees member that is not an array of strings are refused and change nothing',
    rules: [
      'assignees.add.assignees.type',
      'assignees.add.assignees.items-type',
      'assignees.remove.assignees.type',
      'assignees.remove.assignees.items-type',
      'assignees.errors.no-5xx-on-bad-input',
    ],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const logins = await requireAssignable(ctx, 3);
    const [assigned] = logins;
    await claimIssue(ctx, issue);
    await setAssignees(ctx, issue, [assigned]);
    const token = ctx.assignees.tokens.push as string;

    const bodies = fc.oneof(
      addAssigneesBodyInvalid({ logins }).map((invalid) => ({ method: 'POST', operation: 'add', invalid })),
      removeAssigneesBodyInvalid({ logins }).map((invalid) => ({ method: 'DELETE', operation: 'remove', invalid })),
    );
    await ctx.property(bodies, async ({ method, operation, invalid }) => {
      const what = `${operation} assignees with ${invalid.description}`;
      const reply = await ctx.send({ method, path: issueAssigneesPath(issue), json: invalid.value, headers: { accept: ACCEPT }, token });
      const back = await readAssignees(ctx, issue);
      expectLogins(ctx, back.logins, [assigned], invalid.rule, `${issue.label} read back after the ${what}`, [reply.exchange, back.reply.exchange]);
      ctx.expectRefused(reply, invalid.rule, what);
    });
    ctx.cover('assignees.errors.no-5xx-on-bad-input');
  },
);
