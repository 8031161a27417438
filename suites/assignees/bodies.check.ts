import fc from 'fast-check';
import { check } from '../../harness/check.js';
import { addAssigneesBodyInvalid, removeAssigneesBodyInvalid, type Invalid } from '../../generators/index.js';
import { issueAssigneesPath, publicIssue, sendAs } from './support/api.js';
import { expectLogins } from './support/expect.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { requireAssignable } from './support/pool.js';

// assignees.md, "Endpoints": the add and remove bodies are {assignees: array of usernames} and
// {assignees: array of strings}. A body that is not an object, or whose assignees is not an
// array or holds something other than a string, breaks that: refused (any 4xx), nothing changes.

/** Bodies that are JSON but not an object: the logins bare, as an array, a string or a number. */
function bodyNotAnObject(logins: readonly string[], operation: 'add' | 'remove'): fc.Arbitrary<Invalid> {
  const rule = `assignees.${operation}.body.type`;
  return fc.oneof(
    fc.subarray([...logins], { minLength: 1 }).map((names) => ({ value: names, rule, description: 'a JSON array of logins as the body (an object)', path: '' })),
    fc.constantFrom(...logins).map((name) => ({ value: name, rule, description: 'a JSON string as the body (an object)', path: '' })),
    fc.integer({ min: 1, max: 99999 }).map((n) => ({ value: n, rule, description: 'a JSON number as the body (an object)', path: '' })),
  );
}

check(
  {
    name: 'add and remove with a body that is not {assignees: array of strings} are refused and change nothing',
    rules: [
      'assignees.add.assignees.type',
      'assignees.add.assignees.items-type',
      'assignees.remove.assignees.type',
      'assignees.remove.assignees.items-type',
      'assignees.add.body.type',
      'assignees.remove.body.type',
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

    const bodies = fc.oneof(
      addAssigneesBodyInvalid({ logins }).map((invalid) => ({ method: 'POST', operation: 'add', invalid })),
      removeAssigneesBodyInvalid({ logins }).map((invalid) => ({ method: 'DELETE', operation: 'remove', invalid })),
      bodyNotAnObject(logins, 'add').map((invalid) => ({ method: 'POST', operation: 'add', invalid })),
      bodyNotAnObject(logins, 'remove').map((invalid) => ({ method: 'DELETE', operation: 'remove', invalid })),
    );
    await ctx.property(bodies, async ({ method, operation, invalid }) => {
      const what = `${operation} assignees with ${invalid.description}`;
      const reply = await sendAs(ctx, 'push', { method, path: issueAssigneesPath(issue), json: invalid.value });
      const back = await readAssignees(ctx, issue);
      expectLogins(ctx, back.logins, [assigned], invalid.rule, `${issue.label} read back after the ${what}`, [reply.exchange, back.reply.exchange]);
      ctx.expectRefused(reply, invalid.rule, what);
    });
    ctx.cover('assignees.errors.no-5xx-on-bad-input');
  },
);
