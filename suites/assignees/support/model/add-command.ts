import type fc from 'fast-check';
import { addAssignees, type Caller } from '../api.js';
import {
  expectAdded,
  expectedAfterAdd,
  expectIgnoredOrRefused,
  expectIssueReply,
  expectLogins,
  isRefusal,
} from '../expect.js';
import { readAssignees } from '../issue-state.js';
import { loginsOf, sameLogins } from '../logins.js';
import { CALLER_NAMES, canBeAssigned, namesUnassignable, type AssigneesModel, type RealIssue } from './model.js';

/** Add assignees: by the push-access user it adds; by anyone else it changes nothing. */
export class AddCommand implements fc.AsyncCommand<AssigneesModel, RealIssue> {
  constructor(
    readonly logins: readonly string[],
    readonly caller: Caller,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: AssigneesModel, real: RealIssue): Promise<void> {
    const { ctx, issue } = real;
    const what = `add ${this.logins.join(', ')} to ${issue.label} as ${CALLER_NAMES[this.caller]}`;
    const reply = await addAssignees(ctx, issue, this.logins, this.caller);
    // No answer to a login that cannot be assigned is stated: the name ignored, or the request refused.
    const mayRefuse = namesUnassignable(model, this.logins) && isRefusal(reply);
    const assignable = (login: string) => canBeAssigned(model, login);
    if (this.caller === 'push' && mayRefuse) {
      ctx.observe(`${what}: refused with ${reply.status} (it names a login that cannot be assigned)`);
      const back = await readAssignees(ctx, issue);
      // A refusal changes nothing; a server that still applied the add must have applied it right.
      if (sameLogins(back.logins, model.assigned)) return;
      expectAdded(
        ctx,
        { before: model.assigned, named: this.logins, assignable, after: back.logins },
        `${issue.label} read back after the refused ${what}`,
        [reply.exchange, back.reply.exchange],
      );
      model.assigned = expectedAfterAdd(model.assigned, this.logins, assignable);
      return;
    }
    if (this.caller === 'push') {
      ctx.expectStatus(reply, 201, 'assignees.add.status-201', what);
      const after = loginsOf(expectIssueReply(ctx, reply, 'add', what, real.issue));
      expectAdded(
        ctx,
        { before: model.assigned, named: this.logins, assignable, after },
        `the Issue answering ${what}`,
        [reply.exchange],
      );
      model.assigned = expectedAfterAdd(model.assigned, this.logins, assignable);
      return;
    }
    const back = await readAssignees(ctx, issue);
    expectLogins(
      ctx,
      back.logins,
      model.assigned,
      'assignees.add.no-push-ignored',
      `${issue.label} read back after the ${what}`,
      [reply.exchange, back.reply.exchange],
    );
    if (this.caller === 'read' && !mayRefuse) expectIgnoredOrRefused(ctx, reply, 'add', what);
  }

  toString(): string {
    return `add [${this.logins.join(', ')}] as ${this.caller}`;
  }
}
