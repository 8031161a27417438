import type { FaultSpec } from '../../reference/faults/index.js';
import type { CliRun } from './runs.js';

// The collateral law: a fault run fails its fault's rule and no other, but the consequences the
// fault's record names (with why). One real bug is one failure: a check that judged a later step
// against a state an earlier, wrongly accepted request had changed would fail rules the fault
// never touched, and cry wolf on a real server with one bug.

/** A rule a fault run failed (or warned on) that is neither the fault's nor a consequence its record names. */
export interface Collateral {
  rule: string;
  check: string;
  message: string;
}

/**
 * What `run` failed beyond `fault`'s rule and its named consequences, among the rules `checks`
 * judged (all checks when undefined). `mates`: the rules of the faults switched on beside it,
 * whose failures are theirs.
 */
export function collateralOf(
  run: CliRun,
  fault: FaultSpec,
  checks: readonly string[] | undefined,
  mates: readonly string[] = [],
): Collateral[] {
  const allowed = new Set([fault.rule, ...Object.keys(fault.consequences ?? {}), ...mates]);
  const found: Collateral[] = [];
  for (const rule of run.report?.rules ?? []) {
    if (allowed.has(rule.id) || (rule.status !== 'failed' && rule.status !== 'warning')) continue;
    for (const check of rule.checks) {
      if (check.status !== 'failed' || (checks !== undefined && !checks.includes(check.name))) continue;
      found.push({ rule: rule.id, check: check.name, message: (check.message ?? '').split('\n')[0].slice(0, 300) });
    }
  }
  return found;
}

/** Collateral failures in a few lines a developer can act on. */
export function describeCollateral(collateral: readonly Collateral[]): string {
  return collateral.map((one) => `"${one.check}" failed ${one.rule}: ${one.message}`).join('\n    ');
}
