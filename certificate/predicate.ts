import type { ConformanceReport, ReportSummary, Verdict } from '../reports/model.js';
import type { SpecDigest } from './spec-digests.js';

// What this tool attests about a run (contracts/attestation.schema.json, "predicate"): who made
// the verdicts (tool and version), against which spec texts, of which target, replayable with
// which seed, when, and the verdict and counts of the run and of each API. Its type URI names
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
  };
}
