import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateReport } from '../contracts/validate.js';
import { scrubSecrets } from '../harness/redact.js';
import type { ConformanceReport } from './model.js';
import { renderHtml } from './html/page.js';
import { renderJunit } from './junit.js';
import { renderSummary } from './summary-md.js';

export const REPORT_FILES = ['conformance.json', 'junit.xml', 'summary.md', 'report.html'] as const;

export class ReportInvalidError extends Error {}

/**
 * Writes the four reports. conformance.json is validated against its schema first; every file
 * is scrubbed of the target's secrets as a last line of defence behind record-time redaction.
 */
export function writeReports(report: ConformanceReport, dir: string, secrets: readonly string[]): string[] {
  const problems = validateReport(report);
  if (problems.length > 0) throw new ReportInvalidError(`the report does not match contracts/report.schema.json: ${problems.slice(0, 3).join('; ')}`);
  mkdirSync(dir, { recursive: true });
  const contents: Record<(typeof REPORT_FILES)[number], string> = {
    'conformance.json': `${JSON.stringify(report, null, 2)}\n`,
    'junit.xml': renderJunit(report),
    'summary.md': renderSummary(report),
    'report.html': renderHtml(report),
  };
  return REPORT_FILES.map((name) => {
    const file = join(dir, name);
    writeFileSync(file, scrubSecrets(contents[name], secrets));
    return file;
  });
}
