import { VARIANTS } from '../../reference/variants.js';
import { variantGroups } from '../variant-groups.js';
import { grepFor } from './check-selection.js';
import { describeVerdict, runCli, verdictOf, type CliRun, type Pool, type RunVerdict } from './runs.js';

// The legal variants, a few combined references through the built command line; a group that
// fails is bisected down to the variant (or the combination) that a check refuses.

export interface VariantResult {
  name: string;
  passed: boolean;
  account: string;
  /** Checks that failed (or errored) with this variant on, with their rule. */
  failingChecks: RunVerdict['failingChecks'];
  command: string;
}

/**
 * A variant run passes when no MUST rule failed or errored (SHOULD warnings do not gate), and, in a
 * whole run, every MUST rule was verified. A bisecting run holds only the checks that failed: a rule
 * the others verified is skipped there, which says nothing about the variants.
 */
function variantPasses(verdict: RunVerdict, tolerated: ReadonlySet<string>, narrowed = false): boolean {
  if (verdict.verdict === 'NO_REPORT' || verdict.failed.length > 0 || verdict.errors.length > 0) return false;
  return narrowed || verdict.unverified.every((rule) => rule.status === 'skipped' && tolerated.has(rule.id));
}

type Culprits = Map<string, { run: CliRun; verdict: RunVerdict }>;

async function bisect(
  pool: Pool,
  members: string[],
  grep: string,
  tolerated: ReadonlySet<string>,
  runs: CliRun[],
): Promise<Culprits> {
  const found: Culprits = new Map();
  const run = await pool.run(() =>
    runCli({
      label: `variant-${members.length === 1 ? members[0] : `bisect-${members[0]}-${members.length}`}`,
      variants: members,
      grep,
    }),
  );
  runs.push(run);
  const verdict = verdictOf(run.report);
  if (variantPasses(verdict, tolerated, true)) return found;
  if (members.length === 1) {
    found.set(members[0], { run, verdict });
    return found;
  }
  const middle = Math.ceil(members.length / 2);
  const halves = await Promise.all(
    [members.slice(0, middle), members.slice(middle)].map((half) => bisect(pool, half, grep, tolerated, runs)),
  );
  for (const half of halves) for (const [name, value] of half) found.set(name, value);
  if (found.size === 0) for (const name of members) found.set(name, { run, verdict });
  return found;
}

function failedVariant(
  name: string,
  group: readonly string[],
  culprit: { run: CliRun; verdict: RunVerdict },
): VariantResult {
  const alone = culprit.run.label === `variant-${name}`;
  const { verdict } = culprit;
  const unverified = verdict.unverified.map(
    (rule) => `${rule.id} ${rule.status}${rule.reason ? ` (${rule.reason})` : ''}`,
  );
  return {
    name,
    passed: false,
    failingChecks: verdict.failingChecks,
    command: culprit.run.command,
    account:
      `variant ${name}${alone ? '' : ` (only in combination: ${group.join(',')})`}: a legal ` +
      `answer is refused, the failing check over-asserts: ${describeVerdict(verdict)}` +
      `${unverified.length ? `\n    unverified MUST rules: ${unverified.join('; ')}` : ''}\n    ` +
      `re-run: ${culprit.run.command}`,
  };
}

async function runGroup(
  pool: Pool,
  group: string[],
  index: number,
  tolerated: ReadonlySet<string>,
  runs: CliRun[],
): Promise<VariantResult[]> {
  const run = await pool.run(() => runCli({ label: `variants-${index + 1}`, variants: group }));
  runs.push(run);
  const verdict = verdictOf(run.report);
  const passed = (name: string, how: string): VariantResult => ({
    name,
    passed: true,
    account: `variant ${name}: ${how}`,
    failingChecks: [],
    command: run.command,
  });
  if (variantPasses(verdict, tolerated)) return group.map((name) => passed(name, `passed in group ${index + 1}`));
  const grep = grepFor(verdict.failingChecks.map((failure) => failure.check));
  const culprits: Culprits =
    verdict.verdict === 'NO_REPORT' || grep === ''
      ? new Map(group.map((name) => [name, { run, verdict }]))
      : await bisect(pool, group, grep, tolerated, runs);
  return group.map((name) => {
    const culprit = culprits.get(name);
    return culprit ? failedVariant(name, group, culprit) : passed(name, `passed (bisected out of group ${index + 1})`);
  });
}

/** Every legal variant, in catalog order; the runs made go to `runs`. */
export async function runVariants(
  pool: Pool,
  tolerated: ReadonlySet<string>,
  runs: CliRun[],
): Promise<VariantResult[]> {
  const results = (
    await Promise.all(variantGroups().map((group, index) => runGroup(pool, group, index, tolerated, runs)))
  ).flat();
  const order = VARIANTS.map((variant) => variant.name);
  return results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}
