import type { CatalogRule, CompareReport, CompareSide, RuleChange } from './compare.js';

// compare.md (and compare's output): the headline a vendor answers "what changed since the last
// certificate?" with, both runs side by side, then each kind of change as a table.

const plural = (count: number, noun: string, nouns = `${noun}s`): string => `${count} ${count === 1 ? noun : nouns}`;
const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function signed(delta: number, text: string): string {
  return delta === 0 ? '' : ` (${delta > 0 ? '+' : '−'}${text})`;
}

function sidesTable(report: CompareReport): string[] {
  const { old, new: now } = report;
  const row = (label: string, pick: (side: CompareSide) => string, extra = ''): string =>
    `| ${label} | ${pick(old)} | ${pick(now)}${extra} |`;
  const requests = now.requests - old.requests;
  const duration = now.durationMs - old.durationMs;
  const gated = old.baseline !== undefined || now.baseline !== undefined;
  return [
    '| | old | new |',
    '|---|---|---|',
    row('report folder', (side) => code(side.dir)),
    row('tool', (side) => side.tool),
    row('target', (side) => code(side.baseUrl)),
    row('started', (side) => side.startedAt),
    row('seed', (side) => String(side.seed)),
    row('verdict', (side) => `**${side.verdict}**`),
    row('billing', (side) => side.sections.billing),
    row('assignees', (side) => side.sections.assignees),
    row('rules in the catalog', (side) => String(side.rules)),
    row('requests', (side) => String(side.requests), signed(requests, String(Math.abs(requests)))),
    row('duration', (side) => seconds(side.durationMs), signed(duration, seconds(Math.abs(duration)))),
    ...(gated
      ? [
          row('gated by a baseline', (side) =>
            side.baseline === undefined ? 'no' : plural(side.baseline, 'known failure'),
          ),
        ]
      : []),
  ];
}

function changeTable(title: string, changes: readonly RuleChange[]): string[] {
  if (changes.length === 0) return [];
  return [
    '',
    `## ${title} (${changes.length})`,
    '',
    '| rule | level | old | new |',
    '|---|---|---|---|',
    ...changes.map((c) => `| ${code(c.id)} | ${c.level} | ${c.from ?? 'not in the catalog'} | ${c.to} |`),
  ];
}

function catalogTable(title: string, rules: readonly CatalogRule[]): string[] {
  if (rules.length === 0) return [];
  return [
    '',
    `## ${title} (${rules.length})`,
    '',
    '| rule | level | status |',
    '|---|---|---|',
    ...rules.map((rule) => `| ${code(rule.id)} | ${rule.level} | ${rule.status} |`),
  ];
}

/** The first line: what a reader wants to know first. */
export function compareHeadline(report: CompareReport): string {
  const regressed = report.regressed.length;
  const improved = report.improved.length;
  return regressed > 0
    ? `${plural(regressed, 'rule')} regressed, ${improved} improved`
    : `no rule regressed; ${plural(improved, 'rule')} improved`;
}

export function renderCompareMarkdown(report: CompareReport): string {
  const proofs = report.proofChanged;
  const lines = [
    `# ${report.regressed.length > 0 ? '❌' : '✅'} ${compareHeadline(report)}`,
    '',
    ...sidesTable(report),
    ...changeTable('Regressed: failing now, not before', report.regressed),
    ...changeTable('Improved: failed before, passing now', report.improved),
    ...changeTable('Other status changes', report.changed),
    ...(proofs.length > 0
      ? [
          '',
          `## Proof changes (${proofs.length})`,
          '',
          '| rule | old proof | new proof |',
          '|---|---|---|',
          ...proofs.map((p) => `| ${code(p.id)} | ${p.from ?? 'none'} | ${p.to ?? 'none'} |`),
        ]
      : []),
    ...catalogTable('Rules added by the new tool version', report.added),
    ...catalogTable('Rules removed by the new tool version', report.removed),
    '',
  ];
  return lines.join('\n');
}
