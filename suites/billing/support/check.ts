// The billing checks' `check`: the harness's, ended without a verdict on its declared rules when
// a read-back turns out to be about another resource than the check made (same-resource.ts).
// What the check judged before that, on its own resources, stays credited (ctx.cover); its
// declared rules are reported not tried with the reason, and the reason is also observed.

import { check as harnessCheck, type CheckContext, type CheckSpec } from '../../../harness/check.js';
import { AnotherResource } from './same-resource.js';

export type { CheckContext, CheckSpec };

export function check(spec: CheckSpec, body: (ctx: CheckContext) => Promise<void>): void {
  harnessCheck(spec, async (ctx) => {
    try {
      await body(ctx);
    } catch (error) {
      if (!(error instanceof AnotherResource)) throw error;
      ctx.notTried(spec.rules, error.reason);
      ctx.observe(error.reason);
    }
  });
}
