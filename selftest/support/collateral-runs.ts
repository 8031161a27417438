import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROOFS_FILE, type ProofsFile } from '../../contracts/proofs.js';
import { FAULTS, type FaultSpec } from '../../reference/faults/index.js';
import { REQUEST_FAULT_PREFIX } from '../../reference/faults/request-accepting.js';
import { RESPONSE_FAULT_PREFIX } from '../../reference/faults/response-breaking.js';
import { grepFor, modulesOf, reachingChecks } from './check-selection.js';
import { collateralOf, type Collateral } from './collateral.js';
import { groupFaults } from './fault-groups.js';
import { apiOf, generatorOf } from './fault-jobs.js';
import { runFaultJobs, type FaultJob } from './fault-runners.js';
import { ROOT } from './paths.js';
import type { CliRun, CoverageRun } from './runs.js';
import { PARALLEL_RUNS } from './settings.js';

// The collateral law, where a focused proof run cannot show it: every check that proves a fault
// runs once whole (unfocused: every case of a table check, every step of a model), with one of
// its faults on, and fails that fault's rule and no other (collateral.ts). The fault is the one
// that makes the server take a request it should refuse, if the check proves such a fault, and of
// those the one whose rule the check judges first: the more of the check comes after the taken
// write, the more of it is judged against the state that write changed.

/** One check run whole with one of its faults, and what it failed beyond that fault's rule. */
export interface CollateralResult {
  fault: string;
  check: string;
  collateral: Collateral[];
  command: string;
}

interface Pair {
  name: string;
  fault: FaultSpec;
  check: string;
  rule: string;
  suite: 'billing' | 'assignees';
  checks: string[];
  reaching: string[];
  generator?: string;
}

/** How surely a fault makes the server take a request it should refuse: lower is surer. */
function takesWrites(fault: FaultSpec, side: string | undefined): number {
  if (side === 'request') return 0;
  if (fault.name.startsWith(REQUEST_FAULT_PREFIX)) return 1;
  return fault.name.startsWith(RESPONSE_FAULT_PREFIX) ? 3 : 2;
}

/** The check -> fault pairs: one per check of the clean run that some fault's proof names. */
export function collateralPairs(clean: CoverageRun, only?: RegExp): Pair[] {
  const proofs = JSON.parse(readFileSync(join(ROOT, PROOFS_FILE), 'utf8')) as ProofsFile;
  const byName = new Map(FAULTS.map((fault) => [fault.name, fault]));
  const options = new Map<string, Array<{ fault: FaultSpec; side?: string }>>();
  for (const list of Object.values(proofs.rules))
    for (const proof of list) {
      const fault = byName.get(proof.fault);
      if (!fault || (only && !only.test(fault.name))) continue;
      for (const check of proof.checks)
        options.set(check.name, [...(options.get(check.name) ?? []), { fault, side: check.side }]);
    }
  return clean.checks.flatMap((check) => {
    const candidates = options.get(check.name);
    if (!candidates) return [];
    const order = (rule: string) => {
      const at = check.rules.indexOf(rule);
      return at < 0 ? check.rules.length : at;
    };
    const [{ fault }] = [...candidates].sort(
      (a, b) =>
        takesWrites(a.fault, a.side) - takesWrites(b.fault, b.side) ||
        order(a.fault.rule) - order(b.fault.rule) ||
        a.fault.name.localeCompare(b.fault.name),
    );
    const generator = generatorOf(fault);
    return [
      {
        name: `${fault.name} with "${check.name}"`,
        fault,
        check: check.name,
        rule: fault.rule,
        suite: apiOf(fault.rule),
        checks: [check.name],
        reaching: reachingChecks(clean.checks, fault.rule),
        ...(generator ? { generator } : {}),
      },
    ];
  });
}

function jobOf(group: readonly Pair[], clean: CoverageRun, label: string): FaultJob {
  const checks = group.map((pair) => pair.check);
  return {
    label,
    faults: [...new Set(group.map((pair) => pair.fault.name))],
    suite: group[0].suite,
    checks,
    grep: grepFor(checks),
    modules: modulesOf(clean.checks, checks),
  };
}

async function runGroups(groups: readonly Pair[][], clean: CoverageRun, prefix: string): Promise<CliRun[]> {
  const jobs = groups.map((group, index) => jobOf(group, clean, `${prefix}-${index}-${group[0].fault.name}`));
  return Promise.all(runFaultJobs(jobs, PARALLEL_RUNS));
}

const outcome = (pair: Pair, run: CliRun, mates: readonly Pair[]): CollateralResult => ({
  fault: pair.fault.name,
  check: pair.check,
  collateral: collateralOf(
    run,
    pair.fault,
    [pair.check],
    mates.filter((mate) => mate !== pair).map((mate) => mate.rule),
  ),
  command: run.command,
});

/**
 * Every pair, faults whose checks stay apart sharing a reference (fault-groups.ts); a pair that
 * shows collateral beside group-mates runs again alone (a mate can break a check's setup), and
 * that run is its result.
 */
export async function runCollateral(clean: CoverageRun, only?: RegExp): Promise<CollateralResult[]> {
  const groups = groupFaults(collateralPairs(clean, only));
  const runs = await runGroups(groups, clean, 'collateral');
  const results = groups.flatMap((group, index) =>
    group.map((pair) => ({ pair, result: outcome(pair, runs[index], group) })),
  );
  const sharedRun = new Set(groups.filter((group) => group.length > 1).flat());
  const alone = results
    .filter(({ pair, result }) => result.collateral.length > 0 && sharedRun.has(pair))
    .map(({ pair }) => [pair]);
  const aloneRuns = await runGroups(alone, clean, 'collateral-alone');
  const confirmed = new Map(alone.map(([pair], index) => [pair, outcome(pair, aloneRuns[index], [pair])]));
  return results.map(({ pair, result }) => confirmed.get(pair) ?? result);
}
