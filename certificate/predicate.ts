import type { BaselineGate, ConformanceReport, ReportSummary, Verdict } from '../reports/model.js';
import type { SpecDigest } from './spec-digests.js';

// What this tool attests about a run (contracts/attestation.schema.json, "predicate"): who made
// the verdicts (tool and version), against which spec texts, of which target, replayable with
// which seed, when, and the verdict and counts of the run and of each API; and, when a baseline
// of known failures gated the run's exit code, that baseline's digest and counts. Its type URI names
// this layout; a change that breaks a reader of it gets a new version in the URI.

export const PREDICATE_TYPE = 'https://api-conformance.local/attestation/conformance/v1';

export interface ConformancePredicate {
  tool: { name: string; version: string };
  specs: SpecDigest[];
  target: { baseUrl: string };
  seed: number;
  startedAt: string;
  finishedAt: string;
  verdict: Verdict;
  counts: Pick<
    ReportSummary,
    'rules' | 'passed' | 'failed' | 'warnings' | 'skipped' | 'errors' | 'mustPassed' | 'mustPassedProven'
  >;
  sections: ReportSummary['sections'];
  /** Only for a run whose exit code a baseline of known failures gated: it is no clean certification. */
  baseline?: BaselineCounts;
}

/** The baseline file's digest and what it decided, as counts (conformance.json lists the entries). */
export interface BaselineCounts {
  sha256: string;
  entries: number;
  new: number;
  known: number;
  expired: number;
  fixed: number;
  unchecked: number;
}

function baselineCounts(gate: BaselineGate): BaselineCounts {
  return {
    sha256: gate.sha256,
    entries: gate.entries,
    new: gate.new.length,
    known: gate.known.length,
    expired: gate.expired.length,
    fixed: gate.fixed.length,
    unchecked: gate.unchecked.length,
  };
}

export function predicateOf(report: ConformanceReport, specs: SpecDigest[]): ConformancePredicate {
  const s = report.summary;
  return {
    tool: report.tool,
    specs,
    target: { baseUrl: report.target.baseUrl },
    seed: report.seed,
    startedAt: report.startedAt,
    finishedAt: new Date(Date.parse(report.startedAt) + report.durationMs).toISOString(),
    verdict: s.verdict,
    counts: {
      rules: s.rules,
      passed: s.passed,
      failed: s.failed,
      warnings: s.warnings,
      skipped: s.skipped,
      errors: s.errors,
      mustPassed: s.mustPassed,
      mustPassedProven: s.mustPassedProven,
    },
    sections: s.sections,
    ...(report.baseline ? { baseline: baselineCounts(report.baseline) } : {}),
  };
}
