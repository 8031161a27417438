import { REPORT_FORMATS, type ReportFormat } from '../reports/write-reports.js';
import type { Generator } from './outputs.js';

// The README's table of the reports a run writes, one row per format of reports/write-reports.ts:
// a new format is one entry there, and its row here follows.

export const REPORT_TABLE_SECTION = 'report-formats';

export function reportTable(formats: readonly ReportFormat[]): string {
  const rows = formats.map((format) => `| \`${format.file}\` | ${format.for.replace(/\|/g, '\\|')} |`);
  return ['| file | for |', '|---|---|', ...rows].join('\n');
}

export const reportFormats: Generator = {
  name: 'report-formats',
  describe: "the README's table of the reports a run writes, from reports/write-reports.ts",
  outputs: async () => [{ file: 'README.md', section: REPORT_TABLE_SECTION, content: reportTable(REPORT_FORMATS) }],
};
