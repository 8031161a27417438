// The `rules` command's table: one aligned line per rule.

import type { Rule } from '../rule.js';

const COLUMNS = ['id', 'level', 'kind', 'spec', 'title'] as const;

export function formatRulesTable(rules: readonly Rule[]): string {
  const rows = rules.map((r) => [r.id, r.level, r.kind, `${r.spec.file} § ${r.spec.heading}`, r.title]);
  const head = COLUMNS.map((c) => c.toUpperCase());
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  // The title is last and left ragged, so a long title never widens the other columns.
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(head), line(widths.map((w, i) => '-'.repeat(i === widths.length - 1 ? head[i].length : w))), ...rows.map(line)].join('\n') + '\n';
}
