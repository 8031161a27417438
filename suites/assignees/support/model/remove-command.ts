import type fc from 'fast-check';
import { removeAssignees, type Caller } from '../api.js';
import { expectIgnoredOrRefused, expectIssueReply, expectLogins, expectRemoved, isRefusal } from '../expect.js';
import { readAssignees } from '../issue-state.js';
import { loginsOf, minus, sameLogins } from '../logins.js';
import { CALLER_NAMES, namesUnassignable, type AssigneesModel, type RealIssue } from './model.js';

/** Remove assignees: by the push-access user it unassigns the named; by anyone else nothing. */
export class RemoveCommand implements fc.AsyncCommand<AssigneesModel, RealIssue> {
  constructor(
    readonly logins: readonly string[],
    readonly caller: Caller,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: AssigneesModel, real: RealIssue): Promise<void> {
    const { ctx, issue } = real;
    const what = `remove ${this.logins.join(', ')} from ${issue.label} as ${CALLER_NAMES[this.caller]}`;
    const reply = await removeAssignees(ctx, issue, this.logins, this.caller);
    // No answer to a login that cannot be assigned is stated: the name ignored, or the request refused.
    const mayRefuse = namesUnassignable(model, this.logins) && isRefusal(reply);
    if (this.caller === 'push' && mayRefuse) {
      ctx.observe(`${what}: refused with ${reply.status} (it names a login that cannot be assigned)`);
      const back = await readAssignees(ctx, issue);
      // A refusal changes nothing; a server that still applied the remove must have applied it right.
      if (sameLogins(back.logins, model.assigned)) return;
      expectRemoved(
        ctx,
        model.assigned,
        this.logins,
        back.logins,
        `${issue.label} read back after the refused ${what}`,
        [reply.exchange, back.reply.exchange],
      );
      model.assigned = minus(model.assigned, this.logins);
      return;
    }
    if (this.caller === 'push') {
      ctx.expectStatus(reply, 200, 'assignees.remove.status-200', what);
      const after = loginsOf(expectIssueReply(ctx, reply, 'remove', what, real.issue));
      expectRemoved(ctx, model.assigned, this.logins, after, `the Issue answering ${what}`, [reply.exchange]);
      model.assigned = minus(model.assigned, this.logins);
      return;
    }
    const back = await readAssignees(ctx, issue);
    expectLogins(
      ctx,
      back.logins,
      model.assigned,
      'assignees.remove.no-push-ignored',
      `${issue.label} read back after the ${what}`,
      [reply.exchange, back.reply.exchange],
    );
    if (this.caller === 'read' && !mayRefuse) expectIgnoredOrRefused(ctx, reply, 'remove', what);
  }

  toString(): string {
    return `remove [${this.logins.join(', ')}] as ${this.caller}`;
  }
}
