// Faults that share one reference and one check run. A job has a fixed cost, and most faults
// need only a few checks: grouped, the 597 faults run in about 350 jobs (the self-test file took
// 213 CPU-s so, and 269 with every fault alone). Two faults share a group only when no check
// either runs evaluates the other's rule (in the clean run). That does not keep a group-mate from
// breaking a check's setup, which can fail the check on its own fault's rule (a refused setup
// request of a case sent for that rule): so a proof is found alone (a refresh), and a group only
// confirms it; a fault its group does not catch runs again alone before it counts as not caught.

export interface GroupCandidate {
  name: string;
  rule: string;
  suite: 'billing' | 'assignees';
  /** The checks the fault runs with. */
  checks: readonly string[];
  /** The checks of the clean run that declared or covered the fault's rule (its checks among them). */
  reaching: readonly string[];
  /**
   * A reference takes one fault of each generator (it breaks one response rule, and stops
   * enforcing one request rule): faults of the same generator never share a group.
   */
  generator?: string;
}

interface Group<T> {
  members: T[];
  suite: string;
  rules: Set<string>;
  generators: Set<string>;
  checks: Set<string>;
  reaching: Set<string>;
}

const meets = (names: readonly string[], set: ReadonlySet<string>): boolean => names.some((name) => set.has(name));

/** Whether `fault` can join `group`: same suite, another rule and generator, no check reaching across. */
function fits<T extends GroupCandidate>(group: Group<T>, fault: T): boolean {
  if (group.suite !== fault.suite || group.rules.has(fault.rule)) return false;
  if (fault.generator !== undefined && group.generators.has(fault.generator)) return false;
  return !meets(fault.reaching, group.checks) && !meets(fault.checks, group.reaching);
}

/**
 * Greedy, the faults with the most checks first (they are the hardest to place): each joins the
 * first group it fits, or starts one. Deterministic for the same faults and clean run.
 */
export function groupFaults<T extends GroupCandidate>(faults: readonly T[]): T[][] {
  const groups: Array<Group<T>> = [];
  const order = faults
    .map((fault, index) => ({ fault, index }))
    .sort((a, b) => b.fault.checks.length - a.fault.checks.length || a.index - b.index);
  for (const { fault } of order) {
    let group = groups.find((candidate) => fits(candidate, fault));
    if (!group) {
      group = {
        members: [],
        suite: fault.suite,
        rules: new Set(),
        generators: new Set(),
        checks: new Set(),
        reaching: new Set(),
      };
      groups.push(group);
    }
    group.members.push(fault);
    group.rules.add(fault.rule);
    if (fault.generator !== undefined) group.generators.add(fault.generator);
    for (const name of fault.checks) group.checks.add(name);
    for (const name of fault.reaching) group.reaching.add(name);
  }
  return groups.map((group) => group.members);
}
