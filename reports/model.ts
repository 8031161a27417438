// conformance.json's types are written from its schema (contracts/report.schema.json ->
// contracts/report-types.ts); here, what the report is built from.

export type {
  BaselineEntry,
  BaselineFailure,
  BaselineGate,
  CheckCounts,
  CheckReport,
  CheckStatus,
  EvidenceRef,
  ClientMistakeReport,
  ConformanceReport,
  Diagnosis,
  RuleProof,
  RuleReport,
  ReportSummary,
  RuleStatus,
  SectionReport,
  SectionVerdict,
  Verdict,
} from '../contracts/report-types.js';

/** One check as the reporter saw it finish (the input of the report builder). */
export interface CheckResult {
  name: string;
  file: string;
  /** The job of a run of several (harness/run-jobs.ts) the check ran in. */
  job?: string;
  state: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  /** The first error vitest recorded, for failures without conformance meta. */
  errorMessage?: string;
  meta?: import('../harness/check-meta.js').CheckMeta;
}
