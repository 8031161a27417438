// The billing checks' `check`: the harness's, with the check's writes noted for its read-backs
// (what a write named may show otherwise than its create sent), and ended without a verdict on
// its declared rules when a read-back turns out to be about another resource than the check made
// (same-resource.ts). What the check judged before that, on its own resources, stays credited
// (ctx.credit); its declared rules are reported not tried with the reason, also observed.

import { check as harnessCheck, type CheckContext, type CheckSpec } from '../../../harness/check.js';
import { AnotherResource, noteRequest } from './same-resource.js';

export type { CheckContext, CheckSpec };

/** The context with every request the check sends noted (a view of it: its getters and state stay the harness's). */
function watched(ctx: CheckContext): CheckContext {
  const view = Object.create(ctx) as CheckContext & Pick<CheckContext, 'send' | 'billingSend'>;
  view.send = (options) => {
    noteRequest(view, options.method, options.path);
    return ctx.send(options);
  };
  view.billingSend = (method, path, options) => {
    noteRequest(view, method, path);
    return ctx.billingSend(method, path, options);
  };
  return view;
}

export function check(spec: CheckSpec, body: (ctx: CheckContext) => Promise<void>): void {
  harnessCheck(spec, async (ctx) => {
    const view = watched(ctx);
    try {
      await body(view);
    } catch (error) {
      if (!(error instanceof AnotherResource)) throw error;
      ctx.notTried(spec.rules, error.reason);
      ctx.observe(error.reason);
    }
  });
}
