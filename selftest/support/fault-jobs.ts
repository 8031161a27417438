import type { ProofCheck, ProofSide } from '../../contracts/proofs.js';
import type { CheckReport } from '../../reports/model.js';
import type { FaultSpec } from '../../reference/faults/index.js';
import { REQUEST_FAULT_PREFIX } from '../../reference/faults/request-accepting.js';
import { RESPONSE_FAULT_PREFIX } from '../../reference/faults/response-breaking.js';
import { grepFor, modulesOf } from './check-selection.js';
import type { FaultJob } from './fault-runners.js';
import type { CliRun, CoverageRun } from './runs.js';

// One fault run: the job that switches a group of faults on in one reference with their checks,
// and what its report shows for each fault: the checks that failed the fault's rule.

/** A fault as the self-test plans to run it. */
export interface Planned {
  fault: FaultSpec;
  /** Checks of the clean run that declared or covered the fault's rule. */
  reaching: string[];
  /** The checks it runs with (undefined: every check of its suite). */
  checks?: string[];
  /** Its checks are the proof on record: each must fail its rule again (not only one of them). */
  expected: boolean;
}

/** The generator a fault comes from (its name's prefix), or undefined for a fault by hand or table. */
export const generatorOf = (fault: FaultSpec): string | undefined =>
  [RESPONSE_FAULT_PREFIX, REQUEST_FAULT_PREFIX].find((prefix) => fault.name.startsWith(prefix));

export const isGenerated = (fault: FaultSpec): boolean => generatorOf(fault) !== undefined;

export const apiOf = (rule: string): 'billing' | 'assignees' =>
  rule.startsWith('assignees.') ? 'assignees' : 'billing';

/**
 * The job that certifies one reference with the group's faults on, running their checks.
 * `focused`: the checks judge only the faults' rules where they can leave other cases out.
 */
export function jobFor(group: readonly Planned[], clean: CoverageRun, suffix = '', focused = false): FaultJob {
  const [first] = group;
  const label =
    String(group.length === 1 ? `fault-${first.fault.name}` : `group-${first.fault.name}-and-${group.length - 1}`) +
    `${suffix}`;
  const job: FaultJob = { label, faults: group.map((planned) => planned.fault.name), suite: apiOf(first.fault.rule) };
  if (group.some((planned) => planned.checks === undefined)) return job;
  const checks = [...new Set(group.flatMap((planned) => planned.checks!))];
  const focus = focused ? { focus: [...new Set(group.map((planned) => planned.fault.rule))] } : {};
  return { ...job, checks, grep: grepFor(checks), modules: modulesOf(clean.checks, checks), ...focus };
}

/** What a failed check judged, when the report says: one side, or both when its failures differ. */
export function sideOf(checks: readonly CheckReport[]): ProofSide | undefined {
  const sides = new Set(checks.flatMap((check) => (check.side ? [check.side] : [])));
  if (sides.size === 0) return undefined;
  return sides.size === 1 ? [...sides][0] : 'both';
}

/** The checks the fault ran with that failed its rule (an error proves nothing). */
export function failedIn(run: CliRun, rule: string, checks: readonly string[] | undefined): ProofCheck[] {
  const report = run.report?.rules.find((candidate) => candidate.id === rule);
  if (report?.status !== 'failed') return [];
  const failed = report.checks.filter(
    (check) => check.status === 'failed' && (checks === undefined || checks.includes(check.name)),
  );
  return [...new Set(failed.map((check) => check.name))].map((name) => {
    const side = sideOf(failed.filter((check) => check.name === name));
    return side ? { name, side } : { name };
  });
}

/** The checks the fault ran with that passed its rule: with the fault on, a pass contradicts a proof. */
export function passedIn(run: CliRun, rule: string, checks: readonly string[] | undefined): string[] {
  const report = run.report?.rules.find((candidate) => candidate.id === rule);
  const selected = (name: string): boolean => checks === undefined || checks.includes(name);
  const passed = (report?.checks ?? []).filter((check) => check.status === 'passed' && selected(check.name));
  return [...new Set(passed.map((check) => check.name))];
}
