import { check, type CheckContext, type Need } from '../../harness/check.js';
import { addAssignees, publicIssue, pullRequest, removeAssignees, type Caller, type IssueRef } from './support/api.js';
import { expectIgnoredOrRefused, expectLogins, NO_PUSH_NO_ERROR } from './support/expect.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { requireAssignable } from './support/pool.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

// assignees.md, "Endpoints", rule 2: "only users with push access can change assignees;
// otherwise the names are silently ignored (no error)"; "Authentication", 4: add and remove
// need write permission, so a credential without it may also be refused (401, 403 or 404).
// Either way nothing changes (read back). For a caller with no credential at all any status is
// accepted; what counts is that nothing changed, and what forbids the change is "Add and remove
// need ... (write)" (Authentication 4): a caller with no credential has no permission at all.

const CALLERS: Array<{ caller: Exclude<Caller, 'push'>; who: string; needs: Need[] }> = [
  { caller: 'read', who: 'the read-only user', needs: ['read-token'] },
  { caller: 'anonymous', who: 'an anonymous caller', needs: [] },
];

const ISSUES: Array<{ kind: string; needs: Need[]; ref: (ctx: CheckContext) => IssueRef; rules: RuleId[] }> = [
  { kind: 'issue', needs: [], ref: publicIssue, rules: [] },
  { kind: 'pull request', needs: ['pull-request'], ref: pullRequest, rules: ['assignees.pull-request.issue-paths'] },
];

for (const { caller, who, needs: callerNeeds } of CALLERS) {
  for (const { kind, needs: issueNeeds, ref, rules } of ISSUES) {
    for (const operation of ['add', 'remove'] as const) {
      const ignored = `assignees.${operation}.no-push-ignored` as const;
      check(
        {
          name: `${operation} assignees by ${who} on the ${kind} changes nothing`,
          rules: [
            ignored,
            'assignees.auth.write-requires-permission',
            ...(caller === 'read' ? [NO_PUSH_NO_ERROR[operation]] : []),
            ...rules,
          ],
          needs: ['assignees', 'push-token', ...callerNeeds, ...issueNeeds],
        },
        async (ctx) => {
          const issue = ref(ctx);
          // One user assigned, one not: the add names the unassigned one, the remove the assigned.
          const [assigned, other] = await requireAssignable(ctx, 2);
          await claimIssue(ctx, issue);
          await setAssignees(ctx, issue, [assigned]);

          const named = operation === 'add' ? other : assigned;
          const what = `${operation} ${named} on ${issue.label} by ${who}`;
          const reply =
            operation === 'add'
              ? await addAssignees(ctx, issue, [named], caller)
              : await removeAssignees(ctx, issue, [named], caller);
          const back = await readAssignees(ctx, issue);
          const unchanged = caller === 'anonymous' ? 'assignees.auth.write-requires-permission' : ignored;
          expectLogins(ctx, back.logins, [assigned], unchanged, `${issue.label} read back after the ${what}`, [
            reply.exchange,
            back.reply.exchange,
          ]);
          const unchangedBy = [reply.exchange, back.reply.exchange];
          ctx.credit(['assignees.auth.write-requires-permission', ignored], unchangedBy, 'the assignees unchanged');
          ctx.credit(rules, back.reply, `${issue.label} read back through the issues path`);
          if (caller === 'read') expectIgnoredOrRefused(ctx, reply, operation, what);
          else ctx.observe(`the ${what} answered ${reply.status}`);
        },
      );
    }
  }
}
