import { contractsEnforcing } from '../contracts/enforcing-contracts.js';
import type { Rule } from '../contracts/rule.js';
import type { CheckMeta } from '../harness/check-meta.js';
import { addStats, tookARequest, type OperationStats } from '../harness/request-stats.js';
import { schemaFile } from '../contracts/schema-ids.js';
import { proofOf } from './proofs.js';
import { diagnose } from './diagnosis.js';
import type { CheckReport, CheckResult, ConformanceReport, Diagnosis, RuleReport, RuleStatus, SectionReport, Verdict } from './model.js';

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

function apiOf(ruleId: string): 'billing' | 'assignees' {
  return ruleId.startsWith('assignees.') ? 'assignees' : 'billing';
}

function checkEntry(result: CheckResult, status: CheckReport['status']): CheckReport {
  const meta = result.meta;
  const entry: CheckReport = { name: result.name, file: result.file, status, durationMs: Math.round(result.durationMs), evidence: [] };
  if (meta?.seed !== undefined) entry.seed = meta.seed;
  if (status === 'failed' && meta?.failure) {
    const f = meta.failure;
    Object.assign(entry, {
      message: f.message,
      evidence: f.exchanges,
      ...(f.expected !== undefined ? { expected: f.expected } : {}),
      ...(f.received !== undefined ? { received: f.received } : {}),
      ...(f.seed !== undefined ? { seed: f.seed } : {}),
      ...(f.path !== undefined ? { path: f.path } : {}),
      ...(f.rerun !== undefined ? { rerun: f.rerun } : {}),
      ...(f.curl !== undefined ? { curl: f.curl } : {}),
    });
    if (f.counterexample !== undefined) entry.message = `${f.message} (counterexample: ${f.counterexample})`;
  } else if (status === 'error') {
    entry.message = meta?.error ?? result.errorMessage ?? 'the check stopped without a verdict';
    entry.evidence = meta?.errorExchanges ?? [];
  } else if (status === 'skipped') {
    entry.message = meta?.skipReason ?? 'skipped';
  } else if (meta && meta.observations.length > 0) {
    entry.message = `observed: ${meta.observations.join('; ')}`;
  }
  return entry;
}

/** Why a run is INCOMPLETE, in one sentence: what kept its checks from a verdict, most often. */
function incompleteCause(errored: readonly RuleReport[], runErrors: readonly string[], nothing: boolean, causes: Diagnosis['causes']): string {
  if (runErrors.length > 0) return `${runErrors.length} run error(s), the first: ${runErrors[0].split('\n')[0].slice(0, 200)}`;
  if (nothing && errored.length === 0) return 'no MUST rule was checked: nothing was verified';
  const top = causes[0];
  return `${errored.length} MUST rule(s) checked without a verdict: their checks could not finish (most often, ${top ? `${top.checks} check(s): ${top.cause}` : 'no verdict'})`;
}

/** --grep, or one shard not yet merged: the run saw only some of the checks. */
function subsetOf(settings: RunInfo['settings']): string | undefined {
  if (settings.grep !== null) return `--grep ${settings.grep}`;
  if (settings.shard !== null && /^\d+\/\d+$/.test(settings.shard)) return `--shard ${settings.shard}; merge the shards with --merge-reports`;
  return undefined;
}

/** Why a rule of a certified section has no check: with the contracts that would check it. */
function notExercised(ruleId: string): string {
  const contracts = contractsEnforcing(ruleId).map(schemaFile);
  if (contracts.length === 0) return 'not exercised: no check of this run reached it';
  return `not exercised: no check of this run reached it; it is enforced by ${contracts.join(', ')}: a check validating a value that has the member it constrains would verify it`;
}

/**
 * The operations on whose refusals a check credited `rule`, when none of them took a single
 * request in the whole run: then the refusals prove nothing (a missing route refuses everything).
 */
function refusedEverything(rule: string, meta: CheckMeta | undefined, runStats: Readonly<Record<string, OperationStats>>): string[] | undefined {
  const operations = [...new Set((meta?.refusals ?? []).filter((refusal) => refusal.rule === rule).map((refusal) => refusal.operation))];
  return operations.length > 0 && operations.every((operation) => !tookARequest(runStats[operation])) ? operations : undefined;
}

function refusedEverythingReason(operations: readonly string[]): string {
  return `not tried: no request to ${operations.join(' or ')} was taken in this run (every one was refused), so refusing a broken one proves nothing`;
}

/** The run's requests per operation, added up from its checks': once, for the verdicts and the diagnosis. */
export function runStatsOf(results: readonly CheckResult[]): Record<string, OperationStats> {
  const runStats: Record<string, OperationStats> = {};
  for (const result of results) if (result.meta?.operations) addStats(runStats, result.meta.operations);
  return runStats;
}

export function buildReport(results: readonly CheckResult[], catalog: readonly Rule[], info: RunInfo): ConformanceReport {
  const known = new Set(catalog.map((rule) => rule.id));
  const byRule = new Map<string, CheckReport[]>();
  const add = (ruleId: string, entry: CheckReport): void => {
    const list = byRule.get(ruleId) ?? [];
    list.push(entry);
    byRule.set(ruleId, list);
  };

  const runStats = runStatsOf(results);
  /** A pass of `rule` by this check, unless it rests on refusals of an operation that took nothing. */
  const passOf = (result: CheckResult, rule: string): CheckReport => {
    const refusedAll = refusedEverything(rule, result.meta, runStats);
    return refusedAll ? { ...checkEntry(result, 'skipped'), message: refusedEverythingReason(refusedAll) } : checkEntry(result, 'passed');
  };

  let requests = 0;
  for (const result of results) {
    const meta = result.meta;
    requests += meta?.requests ?? 0;
    // Whatever the check's own verdict, its 5xx answers fail the no-5xx rule of its API.
    if (meta?.serverErrors && known.has(meta.serverErrors.rule)) add(meta.serverErrors.rule, checkEntry({ ...result, meta: { ...meta, failure: meta.serverErrors } }, 'failed'));
    const declared = meta?.rules ?? [];
    if (result.state === 'skipped') {
      for (const rule of declared) add(rule, checkEntry(result, 'skipped'));
    } else if (result.state === 'passed') {
      // A declared rule the check says it did not evaluate is skipped with the reason, unless
      // the check evaluated it on the way all the same (covered).
      const untried = new Map((meta?.notTried ?? []).flatMap(({ rules, reason }) => rules.map((rule) => [rule, reason] as const)));
      for (const rule of new Set([...declared, ...(meta?.covered ?? [])])) {
        const reason = meta?.covered.includes(rule) ? undefined : untried.get(rule);
        if (reason === undefined) add(rule, passOf(result, rule));
        else add(rule, { ...checkEntry(result, 'skipped'), message: `not tried: ${reason}` });
      }
    } else if (meta?.failure && known.has(meta.failure.rule)) {
      const failed = checkEntry(result, 'failed');
      add(meta.failure.rule, failed);
      // The same answer broke these too: each is failed with its own words and the same evidence.
      const more = (meta.failure.more ?? []).filter((other) => known.has(other.rule));
      for (const other of more) {
        const { expected: _expected, received: _received, ...rest } = failed;
        add(other.rule, { ...rest, message: other.message, ...(other.expected !== undefined ? { expected: other.expected } : {}), ...(other.received !== undefined ? { received: other.received } : {}) });
      }
      // What the check evaluated and saw hold before it failed is credited like any pass.
      const broken = new Set([meta.failure.rule, ...more.map((other) => other.rule)]);
      for (const rule of meta.covered) if (!broken.has(rule)) add(rule, passOf(result, rule));
    } else {
      const entry = checkEntry(result, 'error');
      if (meta?.failure) entry.message = `the check failed on an unknown rule id "${meta.failure.rule}": ${meta.failure.message}`;
      for (const rule of declared) add(rule, entry);
    }
  }

  const rules: RuleReport[] = catalog.map((rule) => {
    const notObservable = rule.notObservable;
    if (notObservable !== undefined) {
      const report: RuleReport = { id: rule.id, title: rule.title, level: rule.level, kind: rule.kind, spec: rule.spec, status: 'skipped', reason: `not observable through the API: ${notObservable}`, proof: null, checks: [] };
      return report;
    }
    const checks = byRule.get(rule.id) ?? [];
    const section = info.sections[apiOf(rule.id)];
    let status: RuleStatus;
    let reason: string | undefined;
    if (checks.some((c) => c.status === 'failed')) status = rule.level === 'MUST' ? 'failed' : 'warning';
    else if (checks.some((c) => c.status === 'error')) status = 'error';
    else if (checks.some((c) => c.status === 'passed')) status = 'passed';
    else if (checks.length > 0) {
      status = 'skipped';
      reason = checks.find((c) => c.message)?.message;
    } else {
      status = 'skipped';
      reason = section.certified ? notExercised(rule.id) : section.reason;
    }
    const passed = checks.filter((c) => c.status === 'passed');
    const listed = [...checks.filter((c) => c.status !== 'passed'), ...passed.slice(0, PASSED_CHECKS_LISTED)];
    if (status === 'passed' && passed.length > PASSED_CHECKS_LISTED) reason = `${passed.length} checks passed; ${PASSED_CHECKS_LISTED} are listed`;
    return { id: rule.id, title: rule.title, level: rule.level, kind: rule.kind, spec: rule.spec, status, ...(reason ? { reason } : {}), proof: proofOf(rule.id), checks: listed };
  });

  const diagnosis = diagnose(results, info, runStats);
  const count = (status: RuleStatus): number => rules.filter((r) => r.status === status).length;
  const mustPassed = rules.filter((r) => r.level === 'MUST' && r.status === 'passed');
  const gating = rules.filter((r) => r.level === 'MUST' && r.checks.length > 0);
  const unverified = gating.filter((r) => r.status !== 'passed' && r.status !== 'failed');
  const subset = subsetOf(info.settings);
  let verdict: Verdict;
  let verdictNote: string | undefined;
  const errored = unverified.filter((r) => r.status === 'error');
  if (gating.some((r) => r.status === 'failed')) verdict = 'NON_CONFORMANT';
  else if (info.runErrors.length > 0 || gating.length === 0 || errored.length > 0) {
    // Checks that could not reach a verdict, or nothing verified at all: never a pass.
    verdict = 'INCOMPLETE';
    verdictNote = incompleteCause(errored, info.runErrors, gating.length === 0, diagnosis?.causes ?? []);
  } else if (unverified.length > 0 || subset) {
    verdict = 'PARTIAL';
    const why = [
      ...(subset ? [`only some checks ran (${subset}); a CONFORMANT verdict needs every check`] : []),
      ...(info.runErrors.length > 0 ? [`${info.runErrors.length} run error(s)`] : []),
      ...(gating.length === 0 ? ['no MUST rule was checked'] : []),
      ...(unverified.length > 0 ? [`${unverified.length} MUST rule(s) checked without a verdict (${unverified.slice(0, 3).map((r) => `${r.id} ${r.status}`).join(', ')}${unverified.length > 3 ? ', ...' : ''})`] : []),
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
      ...(verdictNote ? { verdictNote } : {}),
      ...(diagnosis ? { diagnosis } : {}),
    },
    rules,
  };
}
