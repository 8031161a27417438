import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateReport } from '../contracts/validate.js';
import { scrubSecrets } from '../harness/redact.js';
import type { ConformanceReport } from './model.js';
import { renderHtml } from './html/page.js';
import { renderJunit } from './junit.js';
import { renderSarif } from './sarif.js';
import { renderSummary } from './summary-md.js';

/** One file a run writes from its report: its name, who reads it (the README's table), and how. */
export interface ReportFormat {
  file: string;
  for: string;
  render: (report: ConformanceReport) => string;
}

// Every report a run writes, in the order the certificate attests them. A new format is one entry.
export const REPORT_FORMATS: readonly ReportFormat[] = [
  {
    file: 'conformance.json',
    for: 'the full result, validated against `contracts/report.schema.json`',
    render: (report) => `${JSON.stringify(report, null, 2)}\n`,
  },
  { file: 'junit.xml', for: 'one test case per rule, the rule id first in its name', render: renderJunit },
  {
    file: 'summary.md',
    for:
      'verdict, what was run, counts per area, each failed rule with a one-line reason (message, expected, ' +
      'received, then the counterexample, cut short): made for a CI job summary',
    render: renderSummary,
  },
  {
    file: 'report.html',
    for:
      'one self-contained page for a certifier (inline CSS and script, nothing loaded): the verdict and counts, ' +
      'the failures, the rules by area, what was run',
    render: renderHtml,
  },
  {
    file: 'conformance.sarif',
    for:
      'SARIF 2.1.0 for code scanning: every rule with its spec sentence, a result per failed or warned rule and ' +
      'cause at that sentence (file and lines), the operation, stable fingerprints',
    render: renderSarif,
  },
];

export const REPORT_FILES: readonly string[] = REPORT_FORMATS.map((format) => format.file);

export class ReportInvalidError extends Error {}

/**
 * Writes every report. conformance.json is validated against its schema first; every file
 * is scrubbed of the target's secrets as a last line of defence behind record-time redaction.
 */
export function writeReports(report: ConformanceReport, dir: string, secrets: readonly string[]): string[] {
  const problems = validateReport(report);
  if (problems.length > 0)
    throw new ReportInvalidError(
      `the report does not match contracts/report.schema.json: ${problems.slice(0, 3).join('; ')}`,
    );
  mkdirSync(dir, { recursive: true });
  return REPORT_FORMATS.map((format) => {
    const file = join(dir, format.file);
    writeFileSync(file, scrubSecrets(format.render(report), secrets));
    return file;
  });
}
