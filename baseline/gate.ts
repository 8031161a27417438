import type { BaselineEntry, BaselineGate, ConformanceReport, RuleReport, Verdict } from '../reports/model.js';
import type { LoadedBaseline } from './file.js';
import { failuresOf } from './fingerprint.js';

// What a baseline of known failures makes of a run (docs/baseline.md). Each failure of a MUST
// rule is new unless an entry names it; each entry is known (its failure seen again), expired
// (seen again after its date), fixed (its check judged its rule without it) or unchecked (this
// run cannot speak for it). Only new and expired ones fail the gate. The report's verdict is
// never touched: the gate decides the exit code only.

/** The day a run started (UTC): an entry is expired once a run starts after its `expires` day. */
const dayOf = (report: Pick<ConformanceReport, 'startedAt'>): string => report.startedAt.slice(0, 10);

/** A run of every check, not a part of one (--grep, --rule, a shard, an interruption, a quick look). */
function wholeRun(report: ConformanceReport): boolean {
  const { settings, summary } = report;
  const shard = settings.shard !== null && /^\d+\/\d+$/.test(settings.shard);
  return settings.grep === null && settings.rule === undefined && !shard && !summary.interrupted && !settings.quickLook;
}

/** The checks that judged some rule in this run (a rule lists each check that failed it, and a few that passed it). */
function checksThatRan(report: ConformanceReport): Set<string> {
  const ran = new Set<string>();
  for (const rule of report.rules)
    for (const check of rule.checks) if (check.status === 'passed' || check.status === 'failed') ran.add(check.name);
  return ran;
}

/**
 * Whether the run shows the entry's failure gone. Its check, listed on its rule, judged it (passed
 * or failed it otherwise); or, not listed there (a rule lists only a few of the checks that passed
 * it), the rule was judged and the check ran: had it failed the rule so again, it would be listed.
 * A run of every check speaks for a check or a rule that a newer catalog no longer has too.
 */
function fixedIn(entry: BaselineEntry, rule: RuleReport | undefined, whole: boolean, ran: Set<string>): boolean {
  if (!rule) return whole;
  const check = rule.checks.find((c) => c.name === entry.check);
  if (check) return check.status === 'passed' || check.status === 'failed';
  return (rule.status === 'passed' || rule.status === 'failed') && (whole || ran.has(entry.check));
}

export function gateOf(report: ConformanceReport, baseline: LoadedBaseline): BaselineGate {
  const failures = failuresOf(report);
  const seen = new Map(failures.map((failure) => [failure.fingerprint, failure]));
  const named = new Set(baseline.entries.map((entry) => entry.fingerprint));
  const rules = new Map(report.rules.map((rule) => [rule.id, rule]));
  const today = dayOf(report);
  const whole = wholeRun(report);
  const ran = checksThatRan(report);
  const gate: BaselineGate = {
    file: baseline.file,
    sha256: baseline.sha256,
    entries: baseline.entries.length,
    new: failures
      .filter((failure) => failure.gating && !named.has(failure.fingerprint))
      .map(({ gating: _gating, ...failure }) => failure),
    known: [],
    expired: [],
    fixed: [],
    unchecked: [],
  };
  for (const entry of baseline.entries) {
    const failure = seen.get(entry.fingerprint);
    if (failure) {
      // A SHOULD rule's failure is a warning and never gates, expired or not.
      const expired = failure.gating && entry.expires !== undefined && entry.expires < today;
      gate[expired ? 'expired' : 'known'].push(entry);
    } else gate[fixedIn(entry, rules.get(entry.rule), whole, ran) ? 'fixed' : 'unchecked'].push(entry);
  }
  return gate;
}

/** The gate holds: every failure of the run is known and unexpired. */
export const gateHolds = (gate: BaselineGate): boolean => gate.new.length === 0 && gate.expired.length === 0;

/**
 * The verdict a gated run's exit code is taken from (never shown as the run's verdict). Only a
 * NON_CONFORMANT run whose gate holds is judged again, with its known failures set aside as
 * reports/build-report.ts would judge it without them: checks that reached no verdict still
 * make it INCOMPLETE, a run of some checks PARTIAL, and a run that certified nothing is never a pass.
 */
export function gatedVerdict(report: ConformanceReport, gate: BaselineGate): Verdict {
  const s = report.summary;
  if (s.verdict !== 'NON_CONFORMANT' || !gateHolds(gate)) return s.verdict;
  const gating = report.rules.filter((rule) => rule.level === 'MUST' && rule.checks.length > 0);
  const certified = Object.values(report.target.sections).some((section) => section.certified);
  if ((s.runErrors ?? []).length > 0 || !certified || s.mustPassed === 0) return 'INCOMPLETE';
  if (gating.some((rule) => rule.status === 'error')) return 'INCOMPLETE';
  const unverified = gating.some((rule) => rule.status !== 'passed' && rule.status !== 'failed');
  return unverified || !wholeRun(report) ? 'PARTIAL' : 'CONFORMANT';
}
