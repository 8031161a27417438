import { APIS, type Api } from '../contracts/operations.js';
import type { Rule } from '../contracts/rule.js';
import type { ReportSummary, RuleReport, SectionReport, SectionVerdict } from './model.js';

// A verdict per API, beside the run's: the two APIs are certified independently (a vendor may
// implement billing only). Each section is judged from its own rules by the same law as the
// whole run (README.md, "Reading the report"); a section the run did not certify is
// NOT_CERTIFIED, never a failure.

export interface SectionRun {
  /** Errors outside any check: they may belong to either API, so no section can be CONFORMANT. */
  runErrors: number;
  /** Set when only some checks ran (--grep, one shard): no section can be CONFORMANT. */
  subset?: string | undefined;
}

type Counts = Omit<SectionVerdict, 'verdict' | 'note'>;

function counts(rules: readonly RuleReport[], notObservable: ReadonlySet<string>): Counts {
  const count = (status: RuleReport['status']): number => rules.filter((rule) => rule.status === status).length;
  const must = rules.filter((rule) => rule.level === 'MUST' && !notObservable.has(rule.id));
  return {
    rules: rules.length,
    passed: count('passed'),
    failed: count('failed'),
    warnings: count('warning'),
    skipped: count('skipped'),
    errors: count('error'),
    mustRules: must.length,
    mustPassed: must.filter((rule) => rule.status === 'passed').length,
  };
}

/** The verdict of one certified section, and why it is not plain. */
function judged(rules: readonly RuleReport[], run: SectionRun): Pick<SectionVerdict, 'verdict' | 'note'> {
  const gating = rules.filter((rule) => rule.level === 'MUST' && rule.checks.length > 0);
  const failed = gating.filter((rule) => rule.status === 'failed');
  if (failed.length > 0) return { verdict: 'NON_CONFORMANT', note: `${failed.length} MUST rule(s) failed` };
  const errored = gating.filter((rule) => rule.status === 'error');
  const incomplete = (note: string) => ({ verdict: 'INCOMPLETE' as const, note });
  if (run.runErrors > 0) return incomplete(`${run.runErrors} run error(s): they may concern this API`);
  if (gating.length === 0) return incomplete('no MUST rule of this API was checked: nothing was verified');
  if (errored.length > 0) return incomplete(`${errored.length} MUST rule(s) checked without a verdict`);
  const unverified = gating.filter((rule) => rule.status !== 'passed');
  const why = [
    ...(run.subset ? [`only some checks ran (${run.subset})`] : []),
    ...(unverified.length > 0 ? [`${unverified.length} MUST rule(s) checked without a verdict`] : []),
  ];
  return why.length > 0 ? { verdict: 'PARTIAL', note: why.join('; ') } : { verdict: 'CONFORMANT' };
}

export function sectionVerdicts(
  rules: readonly RuleReport[],
  catalog: readonly Pick<Rule, 'id' | 'notObservable'>[],
  sections: Record<Api, SectionReport>,
  run: SectionRun,
): ReportSummary['sections'] {
  // Rules no request or response can show are never passed: they are not counted in mustRules.
  const notObservable = new Set(catalog.filter((rule) => rule.notObservable !== undefined).map(({ id }) => id));
  const verdictOf = (api: Api): SectionVerdict => {
    const own = rules.filter((rule) => rule.id.split('.')[0] === api);
    const section = sections[api];
    const outcome = section.certified
      ? judged(own, run)
      : { verdict: 'NOT_CERTIFIED' as const, note: section.reason ?? 'not certified by this run' };
    return { verdict: outcome.verdict, ...(outcome.note ? { note: outcome.note } : {}), ...counts(own, notObservable) };
  };
  return { billing: verdictOf('billing'), assignees: verdictOf('assignees') };
}

/**
 * A run that cannot certify everything it checked (interrupted, a quick look, a proxy session):
 * the run and every section are at most PARTIAL.
 */
export function atMostPartial(summary: ReportSummary, note: string): void {
  if (summary.verdict === 'CONFORMANT') summary.verdict = 'PARTIAL';
  for (const api of APIS) {
    const section = summary.sections[api];
    if (section.verdict !== 'CONFORMANT') continue;
    section.verdict = 'PARTIAL';
    section.note = note;
  }
}
