import type { Divergence } from './divergences.js';
import { oneSideBreaksMust, type DiffReport, type Leftovers } from './report.js';
import { pathAndQuery } from '../harness/url-path.js';

// diff.md: made for a CI job summary. The outcome first, then the rules whose status differs,
// then one line per group of divergences with its count and one example, then the noise.

const RULES_SHOWN = 60;
const NOISE_SHOWN = 20;

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const short = (text: string, max = 80): string => (text.length > max ? `${text.slice(0, max)}…` : text);

export function outcomeLine(report: DiffReport): string {
  const { failedOnlyByA: onlyA, failedOnlyByB: onlyB, divergences, conformanceDifferences } = report.summary;
  const broken =
    conformanceDifferences > 0
      ? `; ${conformanceDifferences} way(s) where one answer breaks a rule the other holds`
      : '';
  if (oneSideBreaksMust(report)) {
    return (
      `**One side fails what the other passes**: ${onlyA.length} MUST rule(s) failed only by a, ` +
      `${onlyB.length} only by b${broken}.`
    );
  }
  if (conformanceDifferences > 0)
    return (
      `**One side breaks what the other holds**: ${conformanceDifferences} way(s), SHOULD rules ` +
      `only (${report.summary.divergentExchanges} exchanges diverge in all).`
    );
  return divergences === 0
    ? '**Same behaviour**: no MUST rule fails on one side only, and no divergence beyond the noise.'
    : `**Both sides conform alike**, but they answer differently in ${divergences} way(s) ` +
        `(${report.summary.divergentExchanges} exchanges).`;
}

/** What was left out because it showed another run's plans or subscriptions. */
export function leftoversText(leftovers: Leftovers): string {
  return (
    `${leftovers.exchanges} exchange(s) not compared: their answers showed ` +
    `${leftovers.resources} plan(s) or subscription(s) that side's run did not make (left from ` +
    `earlier runs)`
  );
}

function example(divergence: Divergence): string {
  const request = `${divergence.request.method} ${short(pathAndQuery(divergence.request.url), 60)}`;
  const answers =
    divergence.a && divergence.b
      ? ` → a ${divergence.a.status}, b ${divergence.b.status}`
      : divergence.a
        ? ` → only a sent it (${divergence.a.status})`
        : divergence.b
          ? ` → only b sent it (${divergence.b.status})`
          : '';
  const rule = divergence.rule
    ? ` · **${divergence.brokenBy} breaks \`${divergence.rule}\`** (${divergence.level}): ` +
      `${cell(short(divergence.message ?? '', 120))}`
    : '';
  return (
    `\`${cell(request)}\`${answers}` +
    (divergence.members
      ? ` · ${divergence.members.map((member) => `\`${cell(member || '(body)')}\``).join(', ')}`
      : '') +
    `${rule}`
  );
}

export function renderDiffMarkdown(report: DiffReport): string {
  const lines: string[] = [];
  const leftovers = report.summary.leftovers.exchanges > 0 ? `; ${leftoversText(report.summary.leftovers)}` : '';
  lines.push(
    `# api-conformance diff`,
    '',
    `**a**: ${report.targets.a}  `,
    `**b**: ${report.targets.b}  `,
    `Command: \`${report.commandLine.replace(/`/g, "'")}\`  `,
    `seed ${report.seed}; ${report.summary.pairs} exchanges compared${leftovers}`,
    '',
    outcomeLine(report),
    '',
  );
  const differing = report.rules.filter((rule) => rule.a !== rule.b);
  lines.push(`## Rules whose status differs (${differing.length})`, '');
  if (differing.length === 0) lines.push('None: every rule has the same status on both sides.', '');
  else {
    lines.push('| rule | level | a | b |', '|---|---|---|---|');
    for (const rule of differing.slice(0, RULES_SHOWN))
      lines.push(`| \`${rule.id}\` | ${rule.level} | ${rule.a} | ${rule.b} |`);
    if (differing.length > RULES_SHOWN)
      lines.push(`| … and ${differing.length - RULES_SHOWN} more (diff.json) | | | |`);
    lines.push('');
  }
  lines.push(
    `## Divergences (${report.divergences.length} groups, ${report.summary.divergentExchanges} exchanges)`,
    '',
  );
  if (report.divergences.length === 0) lines.push('None beyond the noise.', '');
  else {
    lines.push('| kind | operation | exchanges | example |', '|---|---|---:|---|');
    for (const divergence of report.divergences)
      lines.push(
        `| ${divergence.kind} | ${cell(divergence.operation)} | ${divergence.count} | ${example(divergence)} |`,
      );
    lines.push('');
  }
  lines.push(
    `## Noise (${report.noise.length})`,
    '',
    'What differed between two runs of side a, left out of the comparison:',
    '',
  );
  for (const member of report.noise.slice(0, NOISE_SHOWN)) lines.push(`- \`${cell(member)}\``);
  if (report.noise.length > NOISE_SHOWN) lines.push(`- … and ${report.noise.length - NOISE_SHOWN} more (diff.json)`);
  return `${lines.join('\n')}\n`;
}
