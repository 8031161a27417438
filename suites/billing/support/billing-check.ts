// The harness's check for the billing suites: the same, with every request guarded against a
// 429 that remains after the client's bounded wait (rate-limit.ts).

import { check as harnessCheck, type CheckContext, type CheckSpec } from '../../../harness/check.js';
import { guardRateLimit } from './rate-limit.js';

export type { CheckContext };

export function check(spec: CheckSpec, body: (ctx: CheckContext) => Promise<void>): void {
  harnessCheck(spec, (ctx) => body(guardRateLimit(ctx)));
}
