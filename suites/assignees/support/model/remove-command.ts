import type fc from 'fast-check';
import { describeStatus } from '../../../../harness/describe.js';
import { removeAssignees, type Caller } from '../api.js';
import { expectIssueReply, expectLogins, expectRemoved } from '../expect.js';
import { loginsOf, minus, readAssignees } from '../issue-state.js';
import { CALLER_NAMES, type AssigneesModel, type RealIssue } from './model.js';

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
    if (this.caller === 'push') {
      ctx.expectStatus(reply, 200, 'assignees.remove.status-200', what);
      const after = loginsOf(expectIssueReply(ctx, reply, 'remove', what));
      expectRemoved(ctx, model.assigned, this.logins, after, `the Issue answering ${what}`, [reply.exchange]);
      model.assigned = minus(model.assigned, this.logins);
      return;
    }
    const back = await readAssignees(ctx, issue);
    expectLogins(ctx, back.logins, model.assigned, 'assignees.remove.no-push-ignored', `${issue.label} read back after the ${what}`, [reply.exchange, back.reply.exchange]);
    if (this.caller === 'read' && (reply.status < 200 || reply.status > 299)) {
      ctx.fail({ rule: 'assignees.remove.no-push-no-error', message: `${what}: answered with an error`, expected: 'a success status (the names are silently ignored)', received: describeStatus(reply), exchanges: [reply.exchange] });
    }
  }

  toString(): string {
    return `remove [${this.logins.join(', ')}] as ${this.caller}`;
  }
}
