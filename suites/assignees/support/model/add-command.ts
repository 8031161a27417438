import type fc from 'fast-check';
import { describeStatus } from '../../../../harness/describe.js';
import { addAssignees, type Caller } from '../api.js';
import { expectAdded, expectedAfterAdd, expectIssueReply, expectLogins } from '../expect.js';
import { loginsOf, readAssignees } from '../issue-state.js';
import { CALLER_NAMES, canBeAssigned, type AssigneesModel, type RealIssue } from './model.js';

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
    if (this.caller === 'push') {
      ctx.expectStatus(reply, 201, 'assignees.add.status-201', what);
      const after = loginsOf(expectIssueReply(ctx, reply, 'add', what));
      const assignable = (login: string) => canBeAssigned(model, login);
      expectAdded(ctx, { before: model.assigned, named: this.logins, assignable, after }, `the Issue answering ${what}`, [reply.exchange]);
      model.assigned = expectedAfterAdd(model.assigned, this.logins, assignable);
      return;
    }
    const back = await readAssignees(ctx, issue);
    expectLogins(ctx, back.logins, model.assigned, 'assignees.add.no-push-ignored', `${issue.label} read back after the ${what}`, [reply.exchange, back.reply.exchange]);
    if (this.caller === 'read' && (reply.status < 200 || reply.status > 299)) {
      ctx.fail({ rule: 'assignees.add.no-push-no-error', message: `${what}: answered with an error`, expected: 'a success status (the names are silently ignored)', received: describeStatus(reply), exchanges: [reply.exchange] });
    }
  }

  toString(): string {
    return `add [${this.logins.join(', ')}] as ${this.caller}`;
  }
}
