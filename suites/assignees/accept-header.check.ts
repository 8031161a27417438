import { check } from '../../harness/check.js';
import { describeStatus } from '../../harness/describe.js';
import { ACCEPT } from './support/api.js';
import { harmlessOperations, sendOperation, served } from './support/operations.js';

// assignees.md, Endpoints: "All operations accept the header accept (string); the media type
// with the +json suffix and the vendor name written as vnd.service is recommended". Each
// operation is sent with application/json (the control) and with the recommended type: what
// the control gets served, the recommended type must get served too. Only the accept header
// differs between the two, so no other header can be the cause.

const CONTROL = 'application/json';

check(
  {
    name:
      'every operation serves the recommended accept header application/vnd.service+json ' +
      'as it serves application/json',
    rules: ['assignees.http.accept-header'],
    needs: ['assignees'],
  },
  async (ctx) => {
    let compared = 0;
    for (const operation of harmlessOperations(ctx)) {
      const control = await sendOperation(ctx, operation, { accept: CONTROL });
      const recommended = await sendOperation(ctx, operation, { accept: ACCEPT });
      if (!served(control)) {
        ctx.observe(
          `${operation.what} with accept ${CONTROL} answered ${control.status}: ` +
            `no control to compare the recommended type with`,
        );
        continue;
      }
      compared += 1;
      if (!served(recommended)) {
        ctx.fail({
          rule: 'assignees.http.accept-header',
          message:
            `${operation.what} with accept ${ACCEPT} (the recommended type): not served, ` +
            `while accept ${CONTROL} is (status ${control.status})`,
          expected: `a success status, as for accept ${CONTROL}`,
          received: describeStatus(recommended),
          exchanges: [control.exchange, recommended.exchange],
        });
      }
      ctx.credit('assignees.http.accept-header', [control, recommended], `served (${recommended.status})`);
    }
    if (compared === 0)
      ctx.skip(
        `no operation served the control request with accept ${CONTROL}, so the recommended type could not be compared`,
      );
  },
);
