import type { CheckVerdicts } from '../harness/check-meta.js';
import type { CheckResult } from './model.js';

// A check's verdicts rule by rule. Checks of a run report them whole (harness/rule-verdicts.ts);
// results made another way (the proxy's, a test's) carry only the declared and credited rules
// and a first failure, from which the same shape is read here.

export function verdictsOf(result: CheckResult): CheckVerdicts {
  const meta = result.meta;
  if (meta?.verdicts) return meta.verdicts;
  const declared = meta?.rules ?? [];
  const covered = meta?.covered ?? [];
  if (result.state === 'passed') {
    const untried = new Map(
      (meta?.notTried ?? []).flatMap(({ rules, reason }) => rules.map((rule) => [rule, reason] as const)),
    );
    const passed = [...new Set([...declared, ...covered])].filter(
      (rule) => covered.includes(rule) || !untried.has(rule),
    );
    const skipped = (meta?.notTried ?? [])
      .map(({ rules, reason }) => ({ rules: rules.filter((rule) => !passed.includes(rule)), reason }))
      .filter(({ rules }) => rules.length > 0);
    return { passed: passed.map((rule) => ({ rule, evidence: [] })), failed: [], skipped };
  }
  const failure = meta?.failure;
  if (result.state !== 'failed' || !failure) return { passed: [], failed: [], skipped: [] };
  const broken = new Set([failure.rule, ...(failure.more ?? []).map((other) => other.rule)]);
  const passed = covered.filter((rule) => !broken.has(rule));
  const unjudged = declared.filter((rule) => !broken.has(rule) && !passed.includes(rule));
  return {
    passed: passed.map((rule) => ({ rule, evidence: [] })),
    failed: [failure],
    skipped:
      unjudged.length > 0 ? [{ rules: unjudged, reason: `after ${failure.rule} failed at: ${failure.message}` }] : [],
  };
}
