import { check } from '../../harness/check.js';
import { describeStatus } from '../../harness/describe.js';
import { addAssignees, publicIssue, pullRequest, removeAssignees } from './support/api.js';
import { served } from './support/operations.js';

// assignees.md, What the service does, 4: "Every pull request is an issue ..., so shared actions
// (assignees, labels, milestones) are under the issues paths". Add and remove naming nobody
// (they change nothing) go to the pull request's number and, as the control, to the plain
// issue's: what the issue gets served, the pull request must get served too. Other checks read
// a pull request's assignees through these paths, so there a refusal is only a setup error.

check(
  {
    name: "add and remove through the issues paths serve the pull request's number as they serve the issue's",
    rules: ['assignees.pull-request.issue-paths'],
    needs: ['assignees', 'push-token', 'pull-request'],
  },
  async (ctx) => {
    const issue = publicIssue(ctx);
    const pull = pullRequest(ctx);
    let compared = 0;
    for (const [operation, send] of [
      ['add', addAssignees],
      ['remove', removeAssignees],
    ] as const) {
      const control = await send(ctx, issue, [], 'push');
      const onPull = await send(ctx, pull, [], 'push');
      if (!served(control)) {
        ctx.observe(
          `${operation} naming nobody on ${issue.label} answered ${control.status}: ` +
            `no control to compare ${pull.label} with`,
        );
        continue;
      }
      compared += 1;
      if (!served(onPull)) {
        ctx.fail({
          rule: 'assignees.pull-request.issue-paths',
          message:
            `${operation} naming nobody on ${pull.label} through the issues path: not served, ` +
            `while the same request on ${issue.label} is (status ${control.status})`,
          expected: `a success status, as for ${issue.label}: every pull request is an issue`,
          received: describeStatus(onPull),
          exchanges: [control.exchange, onPull.exchange],
        });
      }
      ctx.credit('assignees.pull-request.issue-paths', [control, onPull], `served (${onPull.status})`);
    }
    if (compared === 0)
      ctx.skip(
        `neither add nor remove naming nobody was served on ${issue.label}, ` +
          `so ${pull.label} could not be compared with it`,
      );
  },
);
