import type { FailureRecord, PassRecord } from '../harness/check-meta.js';
import { tookARequest, type OperationStats } from '../harness/request-stats.js';
import { verdictsOf } from './check-verdicts.js';
import type { CheckReport, CheckResult } from './model.js';

// Every check's verdicts, gathered rule by rule: for each rule, each check that judged it, with
// its status and what it rests on. A check that failed one rule still credits every other rule it
// judged; the declared rules it could not judge are skipped with the step that stopped it.

function baseEntry(result: CheckResult, status: CheckReport['status']): CheckReport {
  const entry: CheckReport = {
    name: result.name,
    file: result.file,
    status,
    durationMs: Math.round(result.durationMs),
    evidence: [],
  };
  if (result.meta?.seed !== undefined) entry.seed = result.meta.seed;
  return entry;
}

const sideOf = (sides: readonly string[] | undefined): CheckReport['side'] | undefined =>
  !sides || sides.length === 0 ? undefined : sides.length > 1 ? 'both' : (sides[0] as CheckReport['side']);

function passedEntry(result: CheckResult, pass: PassRecord): CheckReport {
  const side = sideOf(pass.sides);
  const entry: CheckReport = { ...baseEntry(result, 'passed'), evidence: pass.evidence, ...(side ? { side } : {}) };
  const observations = result.meta?.observations ?? [];
  if (observations.length > 0) entry.message = `observed: ${observations.join('; ')}`;
  return entry;
}

export function failedEntry(result: CheckResult, f: FailureRecord): CheckReport {
  const entry: CheckReport = {
    ...baseEntry(result, 'failed'),
    message: f.counterexample !== undefined ? `${f.message} (counterexample: ${f.counterexample})` : f.message,
    evidence: f.exchanges,
    ...(f.expected !== undefined ? { expected: f.expected } : {}),
    ...(f.received !== undefined ? { received: f.received } : {}),
    ...(f.seed !== undefined ? { seed: f.seed } : {}),
    ...(f.path !== undefined ? { path: f.path } : {}),
    ...(f.rerun !== undefined ? { rerun: f.rerun } : {}),
    ...(f.curl !== undefined ? { curl: f.curl } : {}),
    ...(f.side !== undefined ? { side: f.side } : {}),
    ...(f.times !== undefined && f.times > 1 ? { times: f.times } : {}),
  };
  entry.cause = f.cause ?? f.expected ?? f.message;
  return entry;
}

function errorEntry(result: CheckResult, unknown: FailureRecord | undefined): CheckReport {
  const meta = result.meta;
  const entry = baseEntry(result, 'error');
  entry.message = meta?.error ?? result.errorMessage ?? 'the check stopped without a verdict';
  entry.evidence = meta?.errorExchanges ?? [];
  if (unknown) entry.message = `the check failed on an unknown rule id "${unknown.rule}": ${unknown.message}`;
  return entry;
}

/**
 * The operations on whose refusals a check credited `rule`, when none of them took a single
 * request in the whole run: then the refusals prove nothing (a missing route refuses everything).
 */
function refusedEverything(
  rule: string,
  result: CheckResult,
  runStats: Readonly<Record<string, OperationStats>>,
): string[] | undefined {
  const operations = [
    ...new Set(
      (result.meta?.refusals ?? []).filter((refusal) => refusal.rule === rule).map((refusal) => refusal.operation),
    ),
  ];
  return operations.length > 0 && operations.every((operation) => !tookARequest(runStats[operation]))
    ? operations
    : undefined;
}

const refusedEverythingReason = (operations: readonly string[]): string =>
  `not tried: no request to ${operations.join(' or ')} was taken in this run (every one was ` +
  `refused), so refusing a broken one proves nothing`;

export function checksByRule(
  results: readonly CheckResult[],
  known: ReadonlySet<string>,
  runStats: Readonly<Record<string, OperationStats>>,
): Map<string, CheckReport[]> {
  const byRule = new Map<string, CheckReport[]>();
  const add = (rule: string, entry: CheckReport): void => {
    if (!known.has(rule)) return;
    const list = byRule.get(rule) ?? [];
    list.push(entry);
    byRule.set(rule, list);
  };
  for (const result of results) {
    const meta = result.meta;
    // Whatever the check's own verdict, its 5xx answers fail the no-5xx rule of its API.
    if (meta?.serverErrors) add(meta.serverErrors.rule, failedEntry(result, meta.serverErrors));
    const verdicts = verdictsOf(result);
    const judged = new Set<string>();
    for (const failure of verdicts.failed) {
      const entry = failedEntry(result, failure);
      add(failure.rule, entry);
      judged.add(failure.rule);
      // The same answer broke these too: each is failed with its own words and the same evidence.
      for (const other of failure.more ?? []) {
        const { expected: _e, received: _r, ...rest } = entry;
        add(other.rule, {
          ...rest,
          message: other.message,
          cause: other.expected ?? other.message,
          ...(other.expected !== undefined ? { expected: other.expected } : {}),
          ...(other.received !== undefined ? { received: other.received } : {}),
        });
        judged.add(other.rule);
      }
    }
    for (const pass of verdicts.passed) {
      if (judged.has(pass.rule)) continue;
      judged.add(pass.rule);
      const refusedAll = refusedEverything(pass.rule, result, runStats);
      add(
        pass.rule,
        refusedAll
          ? { ...baseEntry(result, 'skipped'), message: refusedEverythingReason(refusedAll) }
          : passedEntry(result, pass),
      );
    }
    // A failure naming a rule the catalog lacks is the check's own error: its declared rules have no verdict.
    const unknown = verdicts.failed.find((failure) => !known.has(failure.rule));
    for (const { rules, reason } of unknown ? [] : verdicts.skipped) {
      for (const rule of rules.filter((rule) => !judged.has(rule))) {
        judged.add(rule);
        add(rule, {
          ...baseEntry(result, 'skipped'),
          message: /^(after |not evaluated)/.test(reason) ? reason : `not tried: ${reason}`,
        });
      }
    }
    const rest = (meta?.rules ?? []).filter((rule) => !judged.has(rule));
    if (result.state === 'skipped')
      for (const rule of rest) add(rule, { ...baseEntry(result, 'skipped'), message: meta?.skipReason ?? 'skipped' });
    else if (result.state === 'failed' && rest.length > 0 && (meta?.error !== undefined || !meta?.failure || unknown)) {
      const entry = errorEntry(result, unknown);
      for (const rule of rest) add(rule, entry);
    }
  }
  return byRule;
}
