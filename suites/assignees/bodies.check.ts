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

/** The rules of each operation's body, written out (the catalog test finds rule ids in the checks' code). */
const BODY_RULES = {
  add: {
    body: 'assignees.add.body.type',
    type: 'assignees.add.assignees.type',
    items: 'assignees.add.assignees.items-type',
  },
  remove: {
    body: 'assignees.remove.body.type',
    type: 'assignees.remove.assignees.type',
    items: 'assignees.remove.assignees.items-type',
  },
} as const;

/** Bodies that are JSON but not an object: the logins bare, as an array, a string or a number. */
function bodyNotAnObject(logins: readonly string[], operation: 'add' | 'remove'): fc.Arbitrary<Invalid> {
  const rule = BODY_RULES[operation].body;
  return fc.oneof(
    fc.subarray([...logins], { minLength: 1 }).map((names) => ({
      value: names,
      rule,
      description: 'a JSON array of logins as the body (an object)',
      path: '',
    })),
    fc
      .constantFrom(...logins)
      .map((name) => ({ value: name, rule, description: 'a JSON string as the body (an object)', path: '' })),
    fc
      .integer({ min: 1, max: 99999 })
      .map((n) => ({ value: n, rule, description: 'a JSON number as the body (an object)', path: '' })),
  );
}

/** One body per stated break, so that every run tries each of them at least once. */
function eachBreak(logins: readonly string[], operation: 'add' | 'remove'): Invalid[] {
  const { body: bodyRule, type: typeRule, items: itemsRule } = BODY_RULES[operation];
  return [
    { value: [...logins], rule: bodyRule, description: 'a JSON array of logins as the body (an object)', path: '' },
    { value: logins[0], rule: bodyRule, description: 'a JSON string as the body (an object)', path: '' },
    {
      value: { assignees: logins.join(',') },
      rule: typeRule,
      description: 'assignees as a comma-separated string (an array)',
      path: '/assignees',
    },
    {
      value: { assignees: [logins[1], 4242] },
      rule: itemsRule,
      description: 'assignees holding the number 4242 (an array of strings)',
      path: '/assignees/1',
    },
  ];
}

// One check per operation: a server that takes one operation's broken bodies fails that
// operation's rule, whatever it does with the other's.
for (const [operation, method, invalidBodies] of [
  ['add', 'POST', addAssigneesBodyInvalid],
  ['remove', 'DELETE', removeAssigneesBodyInvalid],
] as const) {
  check(
    {
      name: `${operation} with a body that is not {assignees: array of strings} is refused and changes nothing`,
      rules: [...Object.values(BODY_RULES[operation]), 'assignees.errors.no-5xx-on-bad-input'],
      needs: ['assignees', 'push-token'],
    },
    async (ctx) => {
      const issue = publicIssue(ctx);
      const logins = await requireAssignable(ctx, 3);
      // one assigned (what a remove would take away), two not (what an add would bring)
      const [assigned, ...others] = operation === 'remove' ? logins : [...logins].reverse();
      await claimIssue(ctx, issue);
      await setAssignees(ctx, issue, [assigned]);

      const named = operation === 'remove' ? [assigned, ...others] : others;
      const judge = async (invalid: Invalid) => {
        const what = `${operation} assignees with ${invalid.description}`;
        const reply = await sendAs(ctx, 'push', { method, path: issueAssigneesPath(issue), json: invalid.value });
        const back = await readAssignees(ctx, issue);
        expectLogins(ctx, back.logins, [assigned], invalid.rule, `${issue.label} read back after the ${what}`, [
          reply.exchange,
          back.reply.exchange,
        ]);
        ctx.expectRefused(reply, invalid.rule, what);
        if (reply.status < 500) ctx.credit('assignees.errors.no-5xx-on-bad-input', reply, `status ${reply.status}`);
      };
      for (const invalid of eachBreak(named, operation)) await judge(invalid);
      await ctx.property(fc.oneof(invalidBodies({ logins: named }), bodyNotAnObject(named, operation)), judge);
    },
  );
}
