import type { ConformanceReport, RuleReport, RuleStatus, SectionVerdict, Verdict } from '../reports/model.js';

// `compare OLD NEW` (contracts/compare.schema.json): what changed between two report folders,
// rule by rule. Regressed: a rule that fails now and did not before (or that a tool upgrade
// added and that fails). Improved: a rule that failed and passes now. Every other change of a
// status, of a proof, and the rules a tool upgrade added or removed, are listed beside them.

export interface CompareSide {
  dir: string;
  tool: string;
  baseUrl: string;
  startedAt: string;
  seed: number;
  verdict: Verdict;
  sections: { billing: SectionVerdict['verdict']; assignees: SectionVerdict['verdict'] };
  rules: number;
  requests: number;
  durationMs: number;
  /** The run's exit code was gated by a baseline: its known failures. */
  baseline?: number;
}

export interface RuleChange {
  id: string;
  level: RuleReport['level'];
  /** null: OLD's catalog had no such rule. */
  from: RuleStatus | null;
  to: RuleStatus;
}

export interface ProofChange {
  id: string;
  from: string | null;
  to: string | null;
}

export interface CatalogRule {
  id: string;
  level: RuleReport['level'];
  status: RuleStatus;
}

export interface CompareReport {
  old: CompareSide;
  new: CompareSide;
  regressed: RuleChange[];
  improved: RuleChange[];
  changed: RuleChange[];
  proofChanged: ProofChange[];
  added: CatalogRule[];
  removed: CatalogRule[];
}

/** A report folder as compare reads it: where it is, and its conformance.json. */
export interface ComparedFolder {
  dir: string;
  report: ConformanceReport;
}

function sideOf({ dir, report }: ComparedFolder): CompareSide {
  const s = report.summary;
  return {
    dir,
    tool: `${report.tool.name} ${report.tool.version}`,
    baseUrl: report.target.baseUrl,
    startedAt: report.startedAt,
    seed: report.seed,
    verdict: s.verdict,
    sections: { billing: s.sections.billing.verdict, assignees: s.sections.assignees.verdict },
    rules: report.rules.length,
    requests: s.requests,
    durationMs: report.durationMs,
    ...(report.baseline ? { baseline: report.baseline.known.length } : {}),
  };
}

const catalogRule = (rule: RuleReport): CatalogRule => ({ id: rule.id, level: rule.level, status: rule.status });
const proofOf = (rule: RuleReport): string | null => rule.proof?.fault ?? null;

export function compareReports(older: ComparedFolder, newer: ComparedFolder): CompareReport {
  const before = new Map(older.report.rules.map((rule) => [rule.id, rule]));
  const after = new Set(newer.report.rules.map((rule) => rule.id));
  const out: CompareReport = {
    old: sideOf(older),
    new: sideOf(newer),
    regressed: [],
    improved: [],
    changed: [],
    proofChanged: [],
    added: [],
    removed: older.report.rules.filter((rule) => !after.has(rule.id)).map(catalogRule),
  };
  for (const rule of newer.report.rules) {
    const old = before.get(rule.id);
    const change: RuleChange = { id: rule.id, level: rule.level, from: old?.status ?? null, to: rule.status };
    if (!old) out.added.push(catalogRule(rule));
    if (rule.status === 'failed' && change.from !== 'failed') out.regressed.push(change);
    else if (change.from === 'failed' && rule.status === 'passed') out.improved.push(change);
    else if (old && change.from !== rule.status) out.changed.push(change);
    if (old && proofOf(old) !== proofOf(rule))
      out.proofChanged.push({ id: rule.id, from: proofOf(old), to: proofOf(rule) });
  }
  return out;
}

/** compare's exit code: 1 when a rule regressed. */
export const regressedAny = (report: CompareReport): boolean => report.regressed.length > 0;
