import { inject, test } from 'vitest';
import type { TestContext } from 'vitest';
import { collectingJob } from './run-jobs.js';
import { openListing } from './check-declarations.js';
import { runCheck, type CheckSpec } from './check-run.js';
import type { CheckContext } from './check-context.js';
import './settings.js';
import './check-meta.js';

// `check` is how a suite states one conformance check: the rules it verifies, what the target
// must offer for it to apply, and its body. Everything a reporter needs travels in task meta;
// how one check runs is harness/check-run.ts.

export type { CheckContext, BillingSendOptions } from './check-context.js';
export type { CheckSpec } from './check-run.js';
export type { Need } from './check-needs.js';
export { judgedExchange } from './check-run.js';
export { TrafficWriteError } from './check-connection.js';

export function check(spec: CheckSpec, body: (ctx: CheckContext) => Promise<void>): void {
  const listing = openListing();
  if (listing) return listing({ name: spec.name, rules: spec.rules, needs: spec.needs ?? [] });
  // In a run of several jobs, the job being loaded gives the target and the checks it runs.
  const job = collectingJob();
  if (job?.checks && !job.checks.includes(spec.name)) return;
  // run --rule: only the checks that declare one of the rules asked for.
  const onlyRules = inject('conformanceSettings').onlyRules;
  if (onlyRules && !spec.rules.some((rule) => onlyRules.includes(rule))) return;
  test(spec.name, (vitest: TestContext) => runCheck(spec, body, vitest, job), spec.timeoutMs);
}
