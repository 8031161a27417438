import { createHash } from 'node:crypto';
import type { BaselineFailure, ConformanceReport } from '../reports/model.js';

// A failure as a baseline knows it: a check failing a rule for a cause (the failure without its
// particulars: no ids, ports, times, generated values), and the fingerprint of that triple. The
// same fault gives the same fingerprints in every run, whatever its seed.

export function fingerprintOf(rule: string, check: string, cause: string): string {
  return createHash('sha256')
    .update(JSON.stringify([rule, check, cause]))
    .digest('hex');
}

export interface ReportFailure extends BaselineFailure {
  /** A failure of a MUST rule: it makes the verdict NON_CONFORMANT (a SHOULD's is a warning). */
  gating: boolean;
}

/** Every failure a report shows, once per fingerprint, in the report's order of rules and checks. */
export function failuresOf(report: Pick<ConformanceReport, 'rules'>): ReportFailure[] {
  const seen = new Map<string, ReportFailure>();
  for (const rule of report.rules) {
    for (const check of rule.checks) {
      if (check.status !== 'failed') continue;
      // As the reports group failures (reports/failure-groups.ts): a check's cause, else its words.
      const cause = check.cause ?? check.expected ?? check.message ?? '';
      const fingerprint = fingerprintOf(rule.id, check.name, cause);
      if (!seen.has(fingerprint))
        seen.set(fingerprint, {
          rule: rule.id,
          check: check.name,
          cause,
          fingerprint,
          gating: rule.status === 'failed',
        });
    }
  }
  return [...seen.values()];
}
