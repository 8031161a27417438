import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAULTS, SWITCHABLE_FAULTS, type FaultSpec } from '../../reference/faults/index.js';
import { RESPONSE_FAULT_PREFIX } from '../../reference/faults/response-breaking.js';
import { GENERATED_PROOFS } from '../../reference/faults/generated-proofs.js';
import { REQUEST_FAULT_PREFIX } from '../../reference/faults/request-accepting.js';
import { VARIANTS } from '../../reference/variants.js';
import { variantGroups } from '../variant-groups.js';
import { OUT } from './paths.js';
import { Pool, runCli, runCoverage, verdictOf, type CheckOutcome, type CliRun, type CoverageRun, type RunVerdict } from './runs.js';
import { runFaultJobs, type FaultJob } from './fault-runners.js';
import { FULL_FAULT_RUNS, ONLY, PARALLEL_RUNS, UPDATE } from './settings.js';

// Runs the whole self-validation: the clean reference once (in-process from dist, for the map
// of which checks reach which rule), the legal variants in a few combined references through the
// built command line (bisected when one fails), and each fault with the checks that reach its
// declared rule, each on a reference of its own, all of them side by side in the vitest run of a
// fault runner (fault-runners.ts): one vitest start-up per runner, not one per fault.

export interface FaultResult {
  fault: FaultSpec;
  /** Checks of the clean run that declared or covered the fault's rule. */
  reaching: string[];
  /** The checks it ran with (undefined: every check of its suite). */
  checks?: string[];
  run?: CliRun;
  verdict?: RunVerdict;
  caught: boolean;
  /** What happened, in one paragraph a developer can act on. */
  account: string;
}

export interface VariantResult {
  name: string;
  passed: boolean;
  account: string;
  /** Checks that failed (or errored) with this variant on, with their rule. */
  failingChecks: RunVerdict['failingChecks'];
  command: string;
}

export interface SelfTestResults {
  clean: CoverageRun;
  faults: FaultResult[];
  variants: VariantResult[];
  variantRuns: CliRun[];
  timings: Record<string, number>;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A --grep that selects exactly these checks (names are whole vitest test names). */
export function grepFor(names: readonly string[]): string {
  return [...new Set(names)].map(escapeRegExp).join('|');
}

export function reachingChecks(checks: readonly CheckOutcome[], rule: string): string[] {
  return checks.filter((check) => check.rules.includes(rule) || check.covered.includes(rule)).map((check) => check.name);
}

const apiOf = (rule: string): 'billing' | 'assignees' => (rule.startsWith('assignees.') ? 'assignees' : 'billing');

function describeVerdict(verdict: RunVerdict): string {
  const failing = verdict.failingChecks.map((failure) => `"${failure.check}" failed ${failure.rule}: ${failure.message}`);
  return `verdict ${verdict.verdict}; failed rules [${verdict.failed.join(', ')}]${verdict.errors.length ? `; errors [${verdict.errors.join(', ')}]` : ''}${failing.length ? `\n    ${failing.join('\n    ')}` : ''}`;
}

export const isGenerated = (fault: FaultSpec): boolean => fault.name.startsWith(RESPONSE_FAULT_PREFIX) || fault.name.startsWith(REQUEST_FAULT_PREFIX);

/**
 * The checks a fault runs with: those reaching its rule. A generated fault breaks a member in
 * every answer, so any one check that validated the member fails it: the quickest is enough.
 */
function checksFor(fault: FaultSpec, clean: CoverageRun, reaching: readonly string[], all = false): string[] {
  if (!isGenerated(fault) || all) return [...reaching];
  const known = GENERATED_PROOFS[fault.name];
  if (!UPDATE && known !== undefined && reaching.includes(known)) return [known];
  const quickest = clean.checks.filter((check) => reaching.includes(check.name)).sort((a, b) => (a.durationMs ?? 0) - (b.durationMs ?? 0))[0];
  return quickest ? [quickest.name] : [...reaching];
}

/** The job that certifies the reference with this fault on, running only these checks. */
function jobFor(fault: FaultSpec, clean: CoverageRun, checks: readonly string[] | undefined): FaultJob {
  const job: FaultJob = { label: `fault-${fault.name}`, faults: [fault.name], suite: apiOf(fault.rule) };
  if (checks === undefined) return job;
  const modules = [...new Set(clean.checks.filter((check) => checks.includes(check.name)).map((check) => check.file))];
  return { ...job, checks: [...checks], grep: grepFor(checks), modules };
}

/** The faults a self-test runs: the proven ones; on a refresh, every generated one as well. */
export const faultsToRun = (): readonly FaultSpec[] => (UPDATE ? SWITCHABLE_FAULTS : FAULTS).filter((fault) => !ONLY || ONLY.test(fault.name));

/** A check the fault ran with failed its rule (an error proves nothing). */
function caughtBy(run: CliRun, rule: string, checks: readonly string[] | undefined): boolean {
  const report = run.report?.rules.find((candidate) => candidate.id === rule);
  return report?.status === 'failed' && report.checks.some((check) => check.status === 'failed' && (checks === undefined || checks.includes(check.name)));
}

function judgeFault(fault: FaultSpec, reaching: string[], checks: string[] | undefined, run: CliRun): FaultResult {
  const head = `fault ${fault.name} (declares ${fault.rule}, kind ${fault.kind})`;
  const verdict = verdictOf(run.report);
  const caught = caughtBy(run, fault.rule, checks);
  let why = '';
  if (!caught) {
    if (verdict.verdict === 'NO_REPORT') {
      // The cause comes first (a runner's exit, a timeout, an error); then what the run printed last.
      const [cause = '', ...rest] = run.output.split('\n');
      why = ` the run wrote no report: ${cause}\n${rest.join('\n').slice(-1500)}`;
    }
    else if (verdict.verdict === 'NON_CONFORMANT') why = ` caught, but on other rules than ${fault.rule}:`;
    else why = ` not caught by the ${reaching.length} checks reaching ${fault.rule} (${reaching.map((name) => `"${name}"`).join(', ')}):`;
  }
  return {
    fault,
    reaching,
    ...(checks ? { checks } : {}),
    run,
    verdict,
    caught,
    account: `${head}:${why} ${describeVerdict(verdict)}\n    re-run: ${run.command}`,
  };
}

/** Every fault, each on its own reference, on the fault runners (fault-runners.ts). */
async function runFaults(clean: CoverageRun): Promise<FaultResult[]> {
  const faults = faultsToRun();
  const reachingOf = new Map(faults.map((fault) => [fault.name, reachingChecks(clean.checks, fault.rule)]));
  const runnable = faults.filter((fault) => FULL_FAULT_RUNS || reachingOf.get(fault.name)!.length > 0);
  const checksOf = new Map(runnable.map((fault) => [fault.name, FULL_FAULT_RUNS ? undefined : checksFor(fault, clean, reachingOf.get(fault.name)!)]));
  const runAll = async (list: readonly FaultSpec[]): Promise<void> => {
    const runs = runFaultJobs(list.map((fault) => jobFor(fault, clean, checksOf.get(fault.name))), PARALLEL_RUNS);
    await Promise.all(list.map(async (fault, index) => results.set(fault.name, judgeFault(fault, reachingOf.get(fault.name)!, checksOf.get(fault.name), await runs[index]))));
  };
  const results = new Map<string, FaultResult>();
  await runAll(runnable);
  // A generated fault runs with one check (the quickest, or the one that caught it last time);
  // whether that one check sees the broken member can depend on timing (a listed page), so one
  // it missed gets every reaching check before it counts as not caught.
  const retried = runnable.filter((fault) => !results.get(fault.name)!.caught && isGenerated(fault) && reachingOf.get(fault.name)!.length > 1);
  for (const fault of retried) checksOf.set(fault.name, checksFor(fault, clean, reachingOf.get(fault.name)!, true));
  await runAll(retried);
  return faults.map(
    (fault) =>
      results.get(fault.name) ?? {
        fault,
        reaching: reachingOf.get(fault.name)!,
        caught: false,
        account: `fault ${fault.name} (declares ${fault.rule}, kind ${fault.kind}): no check of the clean run declares or covers ${fault.rule}, so the full suite cannot fail it`,
      },
  );
}

/** A variant run passes when no MUST rule failed or errored (SHOULD warnings do not gate). */
function variantPasses(verdict: RunVerdict, tolerated: ReadonlySet<string>): boolean {
  if (verdict.verdict === 'NO_REPORT' || verdict.failed.length > 0 || verdict.errors.length > 0) return false;
  return verdict.unverified.every((rule) => rule.status === 'skipped' && tolerated.has(rule.id));
}

async function bisect(pool: Pool, members: string[], grep: string, tolerated: ReadonlySet<string>, runs: CliRun[]): Promise<Map<string, { run: CliRun; verdict: RunVerdict }>> {
  const found = new Map<string, { run: CliRun; verdict: RunVerdict }>();
  const run = await pool.run(() => runCli({ label: `variant-${members.length === 1 ? members[0] : `bisect-${members[0]}-${members.length}`}`, variants: members, grep }));
  runs.push(run);
  const verdict = verdictOf(run.report);
  if (variantPasses(verdict, tolerated)) return found;
  if (members.length === 1) {
    found.set(members[0], { run, verdict });
    return found;
  }
  const middle = Math.ceil(members.length / 2);
  const halves = await Promise.all([members.slice(0, middle), members.slice(middle)].map((half) => bisect(pool, half, grep, tolerated, runs)));
  for (const half of halves) for (const [name, value] of half) found.set(name, value);
  if (found.size === 0) for (const name of members) found.set(name, { run, verdict });
  return found;
}

async function runVariants(pool: Pool, tolerated: ReadonlySet<string>, runs: CliRun[]): Promise<VariantResult[]> {
  const results: VariantResult[] = [];
  await Promise.all(
    variantGroups().map(async (group, index) => {
      const run = await pool.run(() => runCli({ label: `variants-${index + 1}`, variants: group }));
      runs.push(run);
      const verdict = verdictOf(run.report);
      if (variantPasses(verdict, tolerated)) {
        for (const name of group) results.push({ name, passed: true, account: `variant ${name}: passed in group ${index + 1}`, failingChecks: [], command: run.command });
        return;
      }
      const grep = grepFor(verdict.failingChecks.map((failure) => failure.check));
      const culprits = verdict.verdict === 'NO_REPORT' || grep === '' ? new Map(group.map((name) => [name, { run, verdict }])) : await bisect(pool, group, grep, tolerated, runs);
      for (const name of group) {
        const culprit = culprits.get(name);
        if (!culprit) {
          results.push({ name, passed: true, account: `variant ${name}: passed (bisected out of group ${index + 1})`, failingChecks: [], command: run.command });
          continue;
        }
        const alone = culprit.run.label === `variant-${name}`;
        results.push({
          name,
          passed: false,
          failingChecks: culprit.verdict.failingChecks,
          command: culprit.run.command,
          account: `variant ${name}${alone ? '' : ` (only in combination: ${group.join(',')})`}: a legal answer is refused, the failing check over-asserts: ${describeVerdict(culprit.verdict)}${culprit.verdict.unverified.length ? `\n    unverified MUST rules: ${culprit.verdict.unverified.map((rule) => `${rule.id} ${rule.status}${rule.reason ? ` (${rule.reason})` : ''}`).join('; ')}` : ''}\n    re-run: ${culprit.run.command}`,
        });
      }
    }),
  );
  const order = VARIANTS.map((variant) => variant.name);
  return results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

export async function runSelfTest(tolerated: ReadonlySet<string>): Promise<SelfTestResults> {
  mkdirSync(OUT, { recursive: true });
  const started = Date.now();
  const timings: Record<string, number> = {};
  const pool = new Pool(PARALLEL_RUNS);
  const variantRuns: CliRun[] = [];
  const cleanPromise = pool.run(() => runCoverage()).then((clean) => {
    timings.cleanMs = Date.now() - started;
    return clean;
  });
  const variantsPromise = runVariants(pool, tolerated, variantRuns).then((variants) => {
    timings.variantsMs = Date.now() - started;
    return variants;
  });
  const clean = await cleanPromise;
  const faults = await runFaults(clean);
  timings.faultsMs = Date.now() - started;
  const variants = await variantsPromise;
  timings.totalMs = Date.now() - started;
  const results: SelfTestResults = { clean, faults, variants, variantRuns, timings };
  const runDurations = [...faults.flatMap((fault) => (fault.run ? [[fault.run.label, fault.run.durationMs] as const] : [])), ...variantRuns.map((run) => [run.label, run.durationMs] as const)];
  writeFileSync(
    join(OUT, 'results.json'),
    `${JSON.stringify(
      {
        timings,
        runDurations: Object.fromEntries(runDurations),
        faults: faults.map((fault) => ({ name: fault.fault.name, rule: fault.fault.rule, kind: fault.fault.kind, caught: fault.caught, reaching: fault.reaching, account: fault.account })),
        variants,
      },
      null,
      2,
    )}\n`,
  );
  return results;
}
