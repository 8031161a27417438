import { check, type CheckContext, type Need } from '../../harness/check.js';
import {
  checkAssignable,
  checkAssignableToIssue,
  publicIssue,
  publicRepo,
  pullRequest,
  type IssueRef,
} from './support/api.js';
import { expectNoContent } from './support/expect.js';
import { nonAsciiLogin, profileAssignable, reader, unknownLogin } from './support/pool.js';
import type { RuleId } from '../../contracts/rules/rule-ids.js';

// assignees.md, "Endpoints": check if a user can be assigned, for the repository and for one
// issue: "204, no content (user can be assigned)", "404 otherwise". Every pull request is an
// issue, so the issue check also answers for the pull request's number. A 204 can carry no body
// (HTTP ends it with its header section): "no content" is judged on what that section announces.

function assignableOrSkip(ctx: CheckContext): string[] {
  const logins = profileAssignable(ctx);
  if (logins.length === 0) ctx.skip('the profile names no assignable user (assignees.assignable)');
  return logins;
}

/**
 * Logins that cannot be assigned: the profile's non-assignable one (if any) and two naming nobody,
 * one beyond ASCII.
 */
function notAssignable(ctx: CheckContext): string[] {
  return [...(ctx.assignees.notAssignable ? [ctx.assignees.notAssignable] : []), unknownLogin(ctx), nonAsciiLogin(ctx)];
}

check(
  {
    name: 'check if a user can be assigned answers 204 with no content for each assignable login',
    rules: ['assignees.check.status-204', 'assignees.check.no-content'],
    needs: ['assignees'],
  },
  async (ctx) => {
    for (const login of assignableOrSkip(ctx)) {
      const reply = await checkAssignable(ctx, publicRepo(ctx), login, reader(ctx));
      const what = `check that ${login} can be assigned in the repository`;
      ctx.expectStatus(reply, 204, 'assignees.check.status-204', what);
      expectNoContent(ctx, reply, 'assignees.check.no-content', what);
    }
  },
);

check(
  {
    name: 'check if a user can be assigned answers 404 for a login that cannot be assigned and for an unknown login',
    rules: ['assignees.check.not-assignable-404'],
    needs: ['assignees'],
  },
  async (ctx) => {
    for (const login of notAssignable(ctx)) {
      const reply = await checkAssignable(ctx, publicRepo(ctx), login, reader(ctx));
      ctx.expectStatus(
        reply,
        404,
        'assignees.check.not-assignable-404',
        `check ${login}, who cannot be assigned, in the repository`,
      );
    }
  },
);

/** `rules`: what a 204 for the kind shows besides its status. */
const ISSUES: Array<{ kind: string; needs: Need[]; ref: (ctx: CheckContext) => IssueRef; rules: RuleId[] }> = [
  { kind: 'issue', needs: ['assignees'], ref: publicIssue, rules: [] },
  {
    kind: 'pull request',
    needs: ['assignees', 'pull-request'],
    ref: pullRequest,
    rules: ['assignees.pull-request.issue-paths'],
  },
];

for (const { kind, needs, ref, rules } of ISSUES) {
  check(
    {
      name: `check if a user can be assigned to the ${kind} answers 204 with no content for each assignable login`,
      rules: ['assignees.check-issue.status-204', 'assignees.check-issue.no-content', ...rules],
      needs,
    },
    async (ctx) => {
      const issue = ref(ctx);
      for (const login of assignableOrSkip(ctx)) {
        const reply = await checkAssignableToIssue(ctx, issue, login, reader(ctx));
        const what = `check that ${login} can be assigned to ${issue.label}`;
        ctx.expectStatus(reply, 204, 'assignees.check-issue.status-204', what);
        expectNoContent(ctx, reply, 'assignees.check-issue.no-content', what);
        ctx.credit(rules, reply, `${issue.label} served through the issues path (${reply.status})`);
      }
    },
  );

  check(
    {
      name:
        `check if a user can be assigned to the ${kind} ` +
        `answers 404 for a login that cannot be assigned and for an unknown login`,
      // A 404 shows nothing of whether the issues path serves the pull request: a path that
      // does not would answer it too.
      rules: ['assignees.check-issue.not-assignable-404'],
      needs,
    },
    async (ctx) => {
      const issue = ref(ctx);
      for (const login of notAssignable(ctx)) {
        const reply = await checkAssignableToIssue(ctx, issue, login, reader(ctx));
        ctx.expectStatus(
          reply,
          404,
          'assignees.check-issue.not-assignable-404',
          `check ${login}, who cannot be assigned, on ${issue.label}`,
        );
      }
    },
  );
}
