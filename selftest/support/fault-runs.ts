import { proofsOf, type ProofCheck } from '../../contracts/proofs.js';
import { FAULTS, SWITCHABLE_FAULTS, type FaultSpec } from '../../reference/faults/index.js';
import { GENERATED_PROOFS } from '../../reference/faults/generated-proofs.js';
import { reachingChecks } from './check-selection.js';
import { groupFaults } from './fault-groups.js';
import { apiOf, failedIn, generatorOf, isGenerated, jobFor, passedIn, type Planned } from './fault-jobs.js';
import { runFaultJobs } from './fault-runners.js';
import { describeVerdict, verdictOf, type CliRun, type CoverageRun, type RunVerdict } from './runs.js';
import { FULL_FAULT_RUNS, PARALLEL_RUNS } from './settings.js';
import { collateralOf, describeCollateral, type Collateral } from './collateral.js';

// Every fault on the fault runners (fault-runners.ts), each with the checks that prove it: those
// contracts/proofs.json lists (each must fail the fault's rule again), or, for a fault it does not
// list and on a refresh, every check that reaches the rule in the clean run (a generated fault: the
// quickest one). A refresh finds them alone; confirming a proof on record, faults whose checks stay
// apart share a reference and a run (fault-groups.ts), and a fault its group does not settle runs
// again alone.

export { isGenerated } from './fault-jobs.js';

export interface FaultResult {
  fault: FaultSpec;
  /** Checks of the clean run that declared or covered the fault's rule. */
  reaching: string[];
  /** The checks it ran with last (undefined: every check of its suite). */
  checks?: string[];
  run?: CliRun;
  verdict?: RunVerdict;
  caught: boolean;
  /** The checks that failed its rule (status "failed"), by name: what proves the rule. */
  proof: ProofCheck[];
  /** The faults switched on beside it in the run that judged it last. */
  alongside: string[];
  /** Checks of its proof on record that passed its rule with it on, never failing it: the record is stale. */
  unconfirmed: string[];
  /** Checks of its proof on record that neither failed nor passed its rule (an error, a timeout): kept. */
  unjudged: string[];
  /** Rules its last run failed beyond its own and the consequences its record names (collateral.ts): none. */
  collateral: Collateral[];
  /** What happened, in one paragraph a developer can act on. */
  account: string;
}

export interface FaultRunOptions {
  /** Every switchable fault, its checks found afresh (not read from contracts/proofs.json): what a refresh writes. */
  refresh: boolean;
  /** Only the faults whose name matches (SELFTEST_ONLY). */
  only?: RegExp;
}

/** What the runs of one fault showed so far. */
interface Tally {
  planned: Planned;
  failed: Map<string, ProofCheck>;
  passed: Set<string>;
  last?: { run: CliRun; alongside: string[]; checks?: string[] };
}

/** The faults a self-test runs: the proven ones; on a refresh, every generated one as well. */
export const faultsToRun = (options: FaultRunOptions): readonly FaultSpec[] =>
  (options.refresh ? SWITCHABLE_FAULTS : FAULTS).filter((fault) => !options.only || options.only.test(fault.name));

/**
 * The quickest check of the clean run among `names`: the fewest requests, then the first by name.
 * Both are the same on every run; a wall time among checks running side by side is not, and a
 * refresh picking by it rewrote a third of the generated proofs each time.
 */
function quickest(clean: CoverageRun, names: readonly string[]): string | undefined {
  const cost = (check: CoverageRun['checks'][number]) => check.requests ?? Number.MAX_SAFE_INTEGER;
  return clean.checks
    .filter((check) => names.includes(check.name))
    .sort((a, b) => cost(a) - cost(b) || a.name.localeCompare(b.name))[0]?.name;
}

/**
 * The checks that find a fault out: for a hand fault every reaching check; a generated fault breaks
 * a member in every answer, so any one check that validated the member fails it: the quickest.
 */
function discoveryChecks(
  fault: FaultSpec,
  clean: CoverageRun,
  reaching: readonly string[],
  refresh: boolean,
): string[] {
  if (!isGenerated(fault)) return [...reaching];
  const known = GENERATED_PROOFS[fault.name];
  if (!refresh && known !== undefined && reaching.includes(known)) return [known];
  const first = quickest(clean, reaching);
  return first ? [first] : [...reaching];
}

/** The fault with the checks contracts/proofs.json lists for it (those the clean run has), or found afresh. */
function planFault(fault: FaultSpec, clean: CoverageRun, refresh: boolean): Planned {
  const reaching = reachingChecks(clean.checks, fault.rule);
  if (FULL_FAULT_RUNS) return { fault, reaching, expected: false };
  const known = new Set(clean.checks.map((check) => check.name));
  const listed = refresh
    ? []
    : (proofsOf(fault.rule).find((proof) => proof.fault === fault.name)?.checks ?? []).map((check) => check.name);
  if (listed.length > 0 && listed.every((name) => known.has(name)))
    return { fault, reaching, checks: listed, expected: true };
  return { fault, reaching, checks: discoveryChecks(fault, clean, reaching, refresh), expected: false };
}

/** Groups of faults that can share a run (each fault alone under SELFTEST_FULL=1: every check overlaps). */
function grouped(planned: readonly Planned[]): Planned[][] {
  if (FULL_FAULT_RUNS) return planned.map((one) => [one]);
  const candidates = planned.map((one) => {
    const generator = generatorOf(one.fault);
    return {
      one,
      name: one.fault.name,
      rule: one.fault.rule,
      suite: apiOf(one.fault.rule),
      checks: one.checks!,
      reaching: one.reaching,
      ...(generator ? { generator } : {}),
    };
  });
  return groupFaults(candidates).map((group) => group.map((candidate) => candidate.one));
}

/**
 * Runs the groups side by side (`suffix` tells a repeat's runs apart) and adds what each showed to
 * the tallies. `focused`: a group that only confirms proofs on record runs its checks focused on
 * its faults' rules (RunJob.focus): the cases of other rules, most of a table check's requests,
 * are left out. What that misses, the unfocused runs alone that follow still find.
 */
async function attempt(
  groups: readonly Planned[][],
  tallies: ReadonlyMap<string, Tally>,
  clean: CoverageRun,
  suffix = '',
  focused = false,
): Promise<void> {
  const jobs = groups.map((group) => ({
    group,
    job: jobFor(group, clean, suffix, focused && group.every((planned) => planned.expected)),
  }));
  const runs = runFaultJobs(
    jobs.map(({ job }) => job),
    PARALLEL_RUNS,
  );
  await Promise.all(
    jobs.map(async ({ group }, index) => {
      const run = await runs[index];
      for (const planned of group) {
        const tally = tallies.get(planned.fault.name)!;
        for (const check of failedIn(run, planned.fault.rule, planned.checks)) tally.failed.set(check.name, check);
        for (const name of passedIn(run, planned.fault.rule, planned.checks)) tally.passed.add(name);
        tally.last = {
          run,
          alongside: group.filter((other) => other !== planned).map((other) => other.fault.name),
          ...(planned.checks ? { checks: planned.checks } : {}),
        };
      }
    }),
  );
}

const caught = (tally: Tally): boolean => tally.failed.size > 0;

const ruleOf = (name: string): string => SWITCHABLE_FAULTS.find((fault) => fault.name === name)?.rule ?? '';

/** What the fault's last run failed beyond its own rule, its consequences and its mates' rules. */
const collateralIn = ({ planned, last }: Tally): Collateral[] =>
  last ? collateralOf(last.run, planned.fault, last.checks, last.alongside.map(ruleOf)) : [];

/**
 * Collateral seen beside group-mates: a mate can break a check's setup, so the fault runs again
 * alone, where what it fails is its own doing.
 */
const collateralBeside = (tally: Tally): boolean =>
  (tally.last?.alongside.length ?? 0) > 0 && collateralIn(tally).length > 0;
const settled = (tally: Tally): boolean =>
  caught(tally) && (!tally.planned.expected || tally.planned.checks!.every((name) => tally.failed.has(name)));

/**
 * Runs the planned faults until each is settled: grouped first; then alone, up to twice for a
 * proof on record that did not show again (a check may depend on timing), once for a fault not caught;
 * then, with `widen`, a fault still not caught with every check reaching its rule. A proof on record
 * is confirmed focused on its rule (grouped, then alone), and the second time alone whole.
 */
async function settle(
  plan: readonly Planned[],
  clean: CoverageRun,
  widen: boolean,
  alone = false,
): Promise<Map<string, Tally>> {
  const tallies = new Map<string, Tally>(
    plan.map((planned) => [
      planned.fault.name,
      { planned, failed: new Map<string, ProofCheck>(), passed: new Set<string>() },
    ]),
  );
  const runnable = plan.filter((planned) => FULL_FAULT_RUNS || planned.reaching.length > 0);
  await attempt(alone ? runnable.map((planned) => [planned]) : grouped(runnable), tallies, clean, '', true);
  if (FULL_FAULT_RUNS) return tallies;
  const open = runnable.filter((planned) => !settled(tallies.get(planned.fault.name)!));
  // A proof that did not show in its group runs alone (a group-mate may have broken its setup),
  // still focused; once more alone and whole if it still does not (what focus left out).
  const expected = open.filter((planned) => planned.expected);
  await attempt(
    expected.map((planned) => [planned]),
    tallies,
    clean,
    '',
    true,
  );
  const still = expected.filter((planned) => !settled(tallies.get(planned.fault.name)!));
  await attempt(
    still.map((planned) => [planned]),
    tallies,
    clean,
    '-again-1',
  );
  await attempt(
    open
      .filter((planned) => !planned.expected && tallies.get(planned.fault.name)!.last!.alongside.length > 0)
      .map((planned) => [planned]),
    tallies,
    clean,
  );
  await attempt(
    runnable.filter((planned) => collateralBeside(tallies.get(planned.fault.name)!)).map((p) => [p]),
    tallies,
    clean,
    '-alone',
    true,
  );
  if (!widen) return tallies;
  const narrow = runnable.filter(
    (planned) => !caught(tallies.get(planned.fault.name)!) && planned.checks!.length < planned.reaching.length,
  );
  await attempt(
    narrow.map((planned) => [{ ...planned, checks: [...planned.reaching], expected: false }]),
    tallies,
    clean,
  );
  return tallies;
}

/** A check of the proof on record, as recorded (with its side). */
const recorded = (fault: FaultSpec, name: string): ProofCheck => {
  const proof = proofsOf(fault.rule).find((candidate) => candidate.fault === fault.name);
  return proof?.checks.find((check) => check.name === name) ?? { name };
};

function judged(tally: Tally): FaultResult {
  const { planned, failed, passed, last } = tally;
  const { fault, reaching } = planned;
  const head = `fault ${fault.name} (declares ${fault.rule}, kind ${fault.kind})`;
  const notFailed = planned.expected ? planned.checks!.filter((name) => !failed.has(name)) : [];
  // A check of the record that only errored or timed out (a loaded machine) says nothing against it.
  const unconfirmed = notFailed.filter((name) => passed.has(name));
  const unjudged = failed.size > 0 ? notFailed.filter((name) => !passed.has(name)) : [];
  const proof = [...failed.values(), ...unjudged.map((name) => recorded(fault, name))];
  proof.sort((a, b) => a.name.localeCompare(b.name));
  if (!last) {
    const why = `no check of the clean run declares or covers ${fault.rule}, so the full suite cannot fail it`;
    return {
      fault,
      reaching,
      caught: false,
      proof,
      alongside: [],
      unconfirmed: [],
      unjudged: [],
      collateral: [],
      account: `${head}: ${why}`,
    };
  }
  const verdict = verdictOf(last.run.report);
  let why = '';
  if (failed.size === 0 && verdict.verdict === 'NO_REPORT') {
    // The cause comes first (a runner's exit, a timeout, an error); then what the run printed last.
    const [cause = '', ...rest] = last.run.output.split('\n');
    why = ` the run wrote no report: ${cause}\n${rest.join('\n').slice(-1500)}`;
  } else if (failed.size === 0 && verdict.verdict === 'NON_CONFORMANT')
    why = ` caught, but on other rules than ${fault.rule}:`;
  else if (failed.size === 0)
    why =
      ` not caught by the ${reaching.length} checks reaching ${fault.rule} (` +
      reaching.map((name) => `"${name}"`).join(', ') +
      `):`;
  const quoted = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(', ');
  if (failed.size > 0 && unconfirmed.length > 0) {
    why = ` its proof on record no longer shows: ${quoted(unconfirmed)} passed ${fault.rule} with it on (3 runs):`;
  } else if (unjudged.length > 0) {
    why =
      ` caught; ${quoted(unjudged)} of its proof on record neither failed nor passed ` +
      `${fault.rule} in 3 runs (kept):`;
  }
  const collateral = collateralIn(tally);
  if (collateral.length > 0)
    why +=
      ` it also failed rules it does not break (judged against a state it changed? else name them in ` +
      `its record's consequences, with why):\n    ${describeCollateral(collateral)}\n   `;
  const beside = last.alongside.length ? ` (switched on with ${last.alongside.join(', ')})` : '';
  const account = `${head}${beside}:${why} ${describeVerdict(verdict)}\n    re-run: ${last.run.command}`;
  const result = {
    fault,
    reaching,
    run: last.run,
    verdict,
    caught: failed.size > 0,
    proof,
    alongside: last.alongside,
    unconfirmed,
    unjudged,
    collateral,
    account,
  };
  return last.checks ? { ...result, checks: last.checks } : result;
}

/**
 * Every fault to run, judged, in the order of faultsToRun. A refresh finds each fault's failing
 * checks with every reaching check, then runs those again as npm test will: what it records is
 * what the self-test shows again.
 */
export async function runFaults(clean: CoverageRun, options: FaultRunOptions): Promise<FaultResult[]> {
  const faults = faultsToRun(options);
  const plan = faults.map((fault) => planFault(fault, clean, options.refresh));
  // A refresh finds each fault alone: beside a group-mate, a check may fail the fault's rule because
  // the mate broke its setup (a plan id without its prefix made a valid create subscription
  // refused, failing the return_url limit it was sent for), and that would go on record as a proof.
  let tallies = await settle(plan, clean, true, options.refresh);
  if (options.refresh && !FULL_FAULT_RUNS) {
    const again = plan.flatMap((planned) => {
      const failed = [...tallies.get(planned.fault.name)!.failed.keys()];
      return failed.length > 0 ? [{ ...planned, checks: failed, expected: true }] : [];
    });
    tallies = new Map([...tallies, ...(await settle(again, clean, false))]);
  }
  return faults.map((fault) => judged(tallies.get(fault.name)!));
}
