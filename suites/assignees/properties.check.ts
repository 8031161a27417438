import fc from 'fast-check';
import { check } from '../../harness/check.js';
import { anyIssue, type Caller } from './support/api.js';
import { claimIssue, readAssignees, setAssignees } from './support/issue-state.js';
import { minus, showLogins } from './support/logins.js';
import { assigneeCommands } from './support/model/commands.js';
import type { AssigneesModel, RealIssue } from './support/model/model.js';
import { requireAssignable, unknownLogin } from './support/pool.js';

// assignees.md, "Endpoints", rules 1 and 2, over generated sequences: adds and removes of random
// subsets of assignable logins (with logins that cannot be assigned mixed in), by callers with
// and without push access, in random order. After every step the issue's assignees are what
// the model says: earlier ones kept, assignable named ones added, removed ones gone, nothing
// changed by callers without push access, never a login that cannot be assigned. The longest
// check that changes an issue: it runs on the pull request when there is one (support/api.ts).

const POOL_SIZE = 5;
const MAX_COMMANDS = 8;

check(
  {
    name: 'random adds and removes by callers with and without push access leave the assignees the model expects',
    rules: [
      'assignees.add.adds-named',
      'assignees.add.keeps-existing',
      'assignees.add.ignores-not-assignable',
      'assignees.remove.removes-named',
      'assignees.add.no-push-ignored',
      'assignees.remove.no-push-ignored',
    ],
    needs: ['assignees', 'push-token'],
  },
  async (ctx) => {
    const issue = anyIssue(ctx);
    const assignable = (await requireAssignable(ctx, 2)).slice(0, POOL_SIZE);
    const cannot = [...(ctx.assignees.notAssignable ? [ctx.assignees.notAssignable] : []), unknownLogin(ctx, 'ghost')];
    const callers: Caller[] = ['push', ...(ctx.assignees.tokens.read ? (['read'] as const) : []), 'anonymous'];
    await claimIssue(ctx, issue);

    await ctx.property(assigneeCommands({ assignable, cannot, callers }, MAX_COMMANDS), async (commands) => {
      await setAssignees(ctx, issue, []);
      const model: AssigneesModel = { assigned: [], assignable };
      const real: RealIssue = { ctx, issue };
      await fc.asyncModelRun(() => ({ model, real }), commands);
      // The answers matched the model step by step; the stored state must match it too.
      const back = await readAssignees(ctx, issue);
      const lost = minus(model.assigned, back.logins);
      const stray = minus(back.logins, model.assigned);
      if (lost.length > 0 || stray.length > 0) {
        ctx.fail({
          rule: lost.length > 0 ? 'assignees.add.adds-named' : 'assignees.remove.removes-named',
          message: `${issue.label} read back after the sequence differs from what the answers said`,
          expected: `assignees ${showLogins(model.assigned)}`,
          received: `assignees ${showLogins(back.logins)}`,
          exchanges: [back.reply.exchange],
        });
      }
    });
  },
);
