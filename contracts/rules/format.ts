// The `rules` command's table: one aligned line per rule, cut to the terminal's width.

import type { Rule } from '../rule.js';

const COLUMNS = ['id', 'level', 'kind', 'spec', 'title'] as const;
/** The spec anchor is cut to this many characters: the heading is enough to find it. */
const SPEC_WIDTH = 28;

const cut = (text: string, width: number): string => (text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`);

/** The table, every line at most `width` characters (the title is cut last, with an ellipsis). */
export function formatRulesTable(rules: readonly Rule[], width = 120): string {
  const rows = rules.map((r) => [r.id, r.level, r.kind, cut(`${r.spec.file.replace(/\.md$/, '')} § ${r.spec.heading}`, SPEC_WIDTH), r.title]);
  const head = COLUMNS.map((c) => c.toUpperCase());
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  // The title is last and left ragged, so a long title never widens the other columns.
  const line = (cells: string[]) => {
    const fixed = cells.slice(0, -1).map((c, i) => c.padEnd(widths[i])).join('  ');
    return cut(`${fixed}  ${cells[cells.length - 1]}`, width).trimEnd();
  };
  return [line(head), line(widths.map((w, i) => '-'.repeat(i === widths.length - 1 ? head[i].length : w))), ...rows.map(line)].join('\n') + '\n';
}
