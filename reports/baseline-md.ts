import { clip } from './check-text.js';
import { gateHeadline, gateMeaning } from './baseline-text.js';
import type { BaselineEntry, ConformanceReport } from './model.js';

// summary.md of a gated run (run --baseline): under the verdict, that a baseline gated it; at the
// end, the failures that fail the gate and the entries to remove.

const cell = (text: string, limit: number): string => clip(text, limit).replace(/\|/g, '\\|');

/** The lines under the verdict; none for a run without a baseline. */
export function gateSummaryLines(report: ConformanceReport): string[] {
  const gate = report.baseline;
  if (!gate) return [];
  return [`**${gateHeadline(gate)}.** ${gateMeaning(gate)}`, ''];
}

const entryRow = (entry: BaselineEntry, last: string): string =>
  `| \`${entry.rule}\` | ${cell(entry.check, 100)} | ${cell(entry.cause, 100)} | ${cell(entry.ticket, 60)} | ${last} |`;

/** The tables at the end: new failures, expired entries, fixed entries. */
export function gateTableLines(report: ConformanceReport): string[] {
  const gate = report.baseline;
  if (!gate) return [];
  const lines: string[] = [];
  if (gate.new.length > 0) {
    lines.push('', '## Baseline: new failures (each fails the gate)', '', '| rule | check | cause |', '|---|---|---|');
    for (const failure of gate.new)
      lines.push(`| \`${failure.rule}\` | ${cell(failure.check, 100)} | ${cell(failure.cause, 100)} |`);
  }
  if (gate.expired.length > 0) {
    lines.push('', '## Baseline: expired entries (each fails the gate)', '');
    lines.push('| rule | check | cause | ticket | expired on |', '|---|---|---|---|---|');
    for (const entry of gate.expired) lines.push(entryRow(entry, entry.expires ?? ''));
  }
  if (gate.fixed.length > 0) {
    lines.push('', '## Baseline: fixed entries (remove them: `baseline prune`)', '');
    lines.push('| rule | check | cause | ticket | reason |', '|---|---|---|---|---|');
    for (const entry of gate.fixed) lines.push(entryRow(entry, cell(entry.reason, 100)));
  }
  return lines;
}
