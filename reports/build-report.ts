import { contractsEnforcing } from '../contracts/enforcing-contracts.js';
import { apiOfRule } from '../contracts/operations.js';
import type { Rule } from '../contracts/rule.js';
import { addStats, type OperationStats } from '../harness/request-stats.js';
import { schemaFile } from '../contracts/schema-ids.js';
import { proofsOf } from '../contracts/proofs.js';
import { bindProof, type BoundProof } from './proof-binding.js';
import { diagnose } from './diagnosis.js';
import { checksByRule } from './rule-checks.js';
import { sectionVerdicts } from './section-verdicts.js';
import { checkCounts } from './check-outcome.js';
import type {
  CheckReport,
  CheckResult,
  ConformanceReport,
  Diagnosis,
  RuleReport,
  RuleStatus,
  SectionReport,
  Verdict,
} from './model.js';

// Turns what the checks reported into per-rule verdicts and the run's verdict (README.md,
// "Reading the report"). A rule no check reached in a certified section is "not exercised":
// listed, never counted as passed, and it does not gate (the catalog test keeps those few).
// A rule whose record says it is not observable through the API (Rule.notObservable) is
// skipped with that reason whatever a check claimed: no check can have verified it.

export interface RunInfo {
  tool: { name: string; version: string };
  baseUrl: string;
  sections: { billing: SectionReport; assignees: SectionReport };
  startedAt: string;
  durationMs: number;
  seed: number;
  settings: ConformanceReport['settings'];
  /** Errors outside any check (a suite file that did not load): the run cannot be CONFORMANT. */
  runErrors: string[];
}

/** Passing checks listed per rule; the rest are counted in the rule's reason. */
const PASSED_CHECKS_LISTED = 3;

/**
 * Why a run certifies nothing, whatever flags started it: no API section is certified (a quick
 * look, a profile without the sections --suite asks for), or no MUST rule passed. Such a run is
 * never a pass.
 */
function certifiesNothing(sections: RunInfo['sections'], mustPassed: number): string | undefined {
  const reasons = [...new Set(Object.values(sections).map((section) => section.reason))];
  if (!Object.values(sections).some((section) => section.certified))
    return `nothing is certified: no API section is (${reasons.join('; ')})`;
  if (mustPassed === 0) return 'nothing is certified: no MUST rule passed';
  return undefined;
}

/** Why a run is INCOMPLETE, in one sentence: what kept its checks from a verdict, most often. */
function incompleteCause(
  errored: readonly RuleReport[],
  runErrors: readonly string[],
  nothing: string | undefined,
  causes: Diagnosis['causes'],
): string {
  if (runErrors.length > 0)
    return `${runErrors.length} run error(s), the first: ${runErrors[0].split('\n')[0].slice(0, 200)}`;
  if (nothing !== undefined && errored.length === 0) return nothing;
  const top = causes[0];
  return (
    `${errored.length} MUST rule(s) checked without a verdict: their checks could not finish ` +
    `(most often, ${top ? `${top.checks} check(s): ${top.cause}` : 'no verdict'})`
  );
}

/** --grep, --rule, or one shard not yet merged: the run saw only some of the checks. */
function subsetOf(settings: RunInfo['settings']): string | undefined {
  if (settings.grep !== null) return `--grep ${settings.grep}`;
  if (settings.rule !== undefined) return `--rule ${settings.rule.join(' --rule ')}`;
  if (settings.shard !== null && /^\d+\/\d+$/.test(settings.shard))
    return `--shard ${settings.shard}; merge the shards with --merge-reports`;
  return undefined;
}

/** Why a rule of a certified section has no check: with the contracts that would check it. */
function notExercised(ruleId: string): string {
  const contracts = contractsEnforcing(ruleId).map(schemaFile);
  if (contracts.length === 0) return 'not exercised: no check of this run reached it';
  return (
    `not exercised: no check of this run reached it; it is enforced by ${contracts.join(', ')}: ` +
    `a check validating a value that has the member it constrains would verify it`
  );
}

/** The run's requests per operation, added up from its checks': once, for the verdicts and the diagnosis. */
export function runStatsOf(results: readonly CheckResult[]): Record<string, OperationStats> {
  const runStats: Record<string, OperationStats> = {};
  for (const result of results) if (result.meta?.operations) addStats(runStats, result.meta.operations);
  return runStats;
}

/** The status of a rule from its checks', and why when it is not plain. */
function statusOf(
  rule: Rule,
  checks: readonly CheckReport[],
  section: SectionReport,
): { status: RuleStatus; reason?: string } {
  if (checks.some((c) => c.status === 'failed')) return { status: rule.level === 'MUST' ? 'failed' : 'warning' };
  if (checks.some((c) => c.status === 'error')) return { status: 'error' };
  if (checks.some((c) => c.status === 'passed')) return { status: 'passed' };
  const why =
    checks.length > 0
      ? checks.find((c) => c.message)?.message
      : section.certified
        ? notExercised(rule.id)
        : section.reason;
  return why === undefined ? { status: 'skipped' } : { status: 'skipped', reason: why };
}

/** A pass's evidence without its curl line (the first listed check shows one). */
function withoutCurl(item: CheckReport['evidence'][number]): CheckReport['evidence'][number] {
  if ('request' in item || item.curl === undefined) return item;
  const { curl: _curl, ...rest } = item;
  return rest;
}

/**
 * The checks a rule lists: every one that did not pass, and the first passing ones (those with
 * evidence first); only the first passing one keeps the curl lines of its evidence, the others
 * name their exchanges in exchanges.har.
 */
function listedChecks(checks: readonly CheckReport[], prover?: string): CheckReport[] {
  // The check the proof names first, then those with evidence.
  const rank = (c: CheckReport): number => (c.name === prover ? 2 : 0) + Number(c.evidence.length > 0);
  const passed = checks.filter((c) => c.status === 'passed').sort((a, b) => rank(b) - rank(a));
  const shown = passed
    .slice(0, PASSED_CHECKS_LISTED)
    .map((check, index) => (index === 0 ? check : { ...check, evidence: check.evidence.map(withoutCurl) }));
  return [...checks.filter((c) => c.status !== 'passed'), ...shown];
}

/**
 * A passed rule's proof is bound to the checks that credited it in this run (proof-binding.ts);
 * another rule names the first fault the self-test saw failing it, for information.
 */
function proofFor(rule: Rule, status: RuleStatus, checks: readonly CheckReport[]): BoundProof {
  const proofs = proofsOf(rule.id);
  if (status !== 'passed') return { proof: proofs[0] ? { fault: proofs[0].fault } : null };
  return bindProof(
    checks.filter((c) => c.status === 'passed'),
    proofs,
  );
}

function ruleReport(rule: Rule, checks: readonly CheckReport[], section: SectionReport): RuleReport {
  const head = { id: rule.id, title: rule.title, level: rule.level, kind: rule.kind, spec: rule.spec };
  const notObservable = rule.notObservable;
  if (notObservable !== undefined)
    return {
      ...head,
      status: 'skipped',
      reason: `not observable through the API: ${notObservable}`,
      proof: null,
      checks: [],
    };
  const { status, reason: why } = statusOf(rule, checks, section);
  const passed = checks.filter((c) => c.status === 'passed').length;
  const reason =
    status === 'passed' && passed > PASSED_CHECKS_LISTED
      ? `${passed} checks passed; ${PASSED_CHECKS_LISTED} are listed`
      : why;
  const bound = proofFor(rule, status, checks);
  return {
    ...head,
    status,
    ...(reason ? { reason } : {}),
    proof: bound.proof,
    ...(bound.note !== undefined ? { proofNote: bound.note } : {}),
    checks: listedChecks(checks, bound.check),
  };
}

export function buildReport(
  results: readonly CheckResult[],
  catalog: readonly Rule[],
  info: RunInfo,
): ConformanceReport {
  const known = new Set(catalog.map((rule) => rule.id));
  const runStats = runStatsOf(results);
  const byRule = checksByRule(results, known, runStats);
  const requests = results.reduce((sum, result) => sum + (result.meta?.requests ?? 0), 0);

  const rules: RuleReport[] = catalog.map((rule) =>
    ruleReport(rule, byRule.get(rule.id) ?? [], info.sections[apiOfRule(rule.id)]),
  );

  const diagnosis = diagnose(results, info, runStats);
  const count = (status: RuleStatus): number => rules.filter((r) => r.status === status).length;
  const mustPassed = rules.filter((r) => r.level === 'MUST' && r.status === 'passed');
  const gating = rules.filter((r) => r.level === 'MUST' && r.checks.length > 0);
  const unverified = gating.filter((r) => r.status !== 'passed' && r.status !== 'failed');
  const subset = subsetOf(info.settings);
  let verdict: Verdict;
  let verdictNote: string | undefined;
  const errored = unverified.filter((r) => r.status === 'error');
  const nothing = certifiesNothing(info.sections, mustPassed.length);
  if (gating.some((r) => r.status === 'failed')) verdict = 'NON_CONFORMANT';
  else if (info.runErrors.length > 0 || nothing !== undefined || errored.length > 0) {
    // Checks that could not reach a verdict, or nothing certified at all: never a pass.
    verdict = 'INCOMPLETE';
    verdictNote = incompleteCause(errored, info.runErrors, nothing, diagnosis?.causes ?? []);
  } else if (unverified.length > 0 || subset) {
    verdict = 'PARTIAL';
    const why = [
      ...(subset ? [`only some checks ran (${subset}); a CONFORMANT verdict needs every check`] : []),
      ...(info.runErrors.length > 0 ? [`${info.runErrors.length} run error(s)`] : []),
      ...(unverified.length > 0
        ? [
            `${unverified.length} MUST rule(s) checked without a verdict (${unverified
              .slice(0, 3)
              .map((r) => `${r.id} ${r.status}`)
              .join(', ')}${unverified.length > 3 ? ', ...' : ''})`,
          ]
        : []),
    ];
    verdictNote = why.join('; ');
  } else verdict = 'CONFORMANT';

  return {
    tool: info.tool,
    target: { baseUrl: info.baseUrl, sections: info.sections },
    startedAt: info.startedAt,
    durationMs: info.durationMs,
    seed: info.seed,
    settings: info.settings,
    summary: {
      verdict,
      rules: rules.length,
      passed: count('passed'),
      failed: count('failed'),
      warnings: count('warning'),
      skipped: count('skipped'),
      errors: count('error') + info.runErrors.length,
      requests,
      mustPassed: mustPassed.length,
      mustPassedProven: mustPassed.filter((rule) => rule.proof !== null).length,
      checks: checkCounts(results),
      sections: sectionVerdicts(rules, catalog, info.sections, { runErrors: info.runErrors.length, subset }),
      ...(verdictNote ? { verdictNote } : {}),
      ...(info.runErrors.length > 0 ? { runErrors: [...info.runErrors] } : {}),
      ...(diagnosis ? { diagnosis } : {}),
    },
    rules,
  };
}
