import { verdictsOf } from './check-verdicts.js';
import type { CheckCounts, CheckResult } from './model.js';

// What one check came to, in the one set of words the terminal, summary.md, the diagnosis and
// conformance.json (summary.checks) all count by, so that their numbers agree:
// - no verdict: it stopped on an error (a timeout, a refused setup) before it judged every rule
//   it declares, whatever it judged before: those rules are errors (report.html's "Checks
//   without a verdict", the diagnosis's causes);
// - failed: it failed a rule (its own, or the no-5xx rule of its API) and ended;
// - passed: it credited a rule and failed none;
// - skipped: it ran and judged nothing, and said why (the profile lacks a fixture, a read-back
//   showed another resource): its rules are skipped with that reason;
// - not run: it was not selected (--grep, --rule, --shard) or never started.

export type CheckOutcome = 'passed' | 'failed' | 'no verdict' | 'skipped' | 'not run';

export function checkOutcome(result: CheckResult): CheckOutcome {
  const meta = result.meta;
  if (result.state === 'skipped') return meta ? 'skipped' : 'not run';
  // Judged as the report judges its rules (reports/rule-checks.ts): from the same verdicts.
  const verdicts = verdictsOf(result);
  const judged = new Set([
    ...verdicts.failed.flatMap((failure) => [failure.rule, ...(failure.more ?? []).map((other) => other.rule)]),
    ...verdicts.passed.map((pass) => pass.rule),
    ...verdicts.skipped.flatMap((skip) => skip.rules),
  ]);
  const stopped = result.state === 'failed' && (meta?.error !== undefined || !meta?.failure);
  if (stopped && (!meta || meta.rules.some((rule) => !judged.has(rule)))) return 'no verdict';
  if (verdicts.failed.length > 0 || meta?.serverErrors) return 'failed';
  return verdicts.passed.length > 0 ? 'passed' : 'skipped';
}

/** The outcomes of the checks that ran (every one but those not run), counted. */
export function checkCounts(results: readonly CheckResult[]): CheckCounts {
  const counts: CheckCounts = { run: 0, passed: 0, failed: 0, noVerdict: 0, skipped: 0 };
  for (const result of results) {
    const outcome = checkOutcome(result);
    if (outcome === 'not run') continue;
    counts.run += 1;
    if (outcome === 'no verdict') counts.noVerdict += 1;
    else counts[outcome] += 1;
  }
  return counts;
}

/** "183 checks ran: 150 passed, 3 failed, 10 without a verdict, 20 skipped". */
export function checkCountsText(counts: CheckCounts): string {
  return (
    `${counts.run} check${counts.run === 1 ? '' : 's'} ran: ${counts.passed} passed, ${counts.failed} failed, ` +
    `${counts.noVerdict} without a verdict, ${counts.skipped} skipped`
  );
}
