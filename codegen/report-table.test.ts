import { describe, expect, it } from 'vitest';
import { REPORT_FORMATS } from '../reports/write-reports.js';
import { reportTable } from './report-table.js';

// One README row per report format, in the order they are written (codegen/stale.test.ts keeps
// README.md current with it).

describe('the README table of reports', () => {
  it('has a row per format with the file and what it is for', () => {
    const rows = reportTable(REPORT_FORMATS).split('\n').slice(2);
    expect(rows.map((row) => row.split('`')[1])).toEqual(REPORT_FORMATS.map((format) => format.file));
    expect(rows[0]).toBe(`| \`conformance.json\` | ${REPORT_FORMATS[0].for} |`);
  });

  it('escapes a pipe, which would end the cell', () => {
    const table = reportTable([{ file: 'x.csv', for: 'a | b', render: () => '' }]);
    expect(table.split('\n')[2]).toBe('| `x.csv` | a \\| b |');
  });
});
