import { clip, splitCounterexample } from './check-text.js';
import type { CheckReport, ConformanceReport, RuleReport } from './model.js';
import { failureGroups } from './failure-groups.js';
import { shownExchange } from './html/exchange.js';
import { areasOf } from './areas.js';
import { gateSummaryLines, gateTableLines } from './baseline-md.js';
import { rateText } from './rate-text.js';
import { sectionText } from './section-text.js';
import { checkCountsText } from './check-outcome.js';

// summary.md for a CI job summary: the verdict, the diagnosis of a misbehaving target, counts
// per area, every failed rule with a one-line reason, the warnings, and (proxy) the client's
// mistakes.

/** Text for a table cell: one line, pipes escaped, cut at `limit`. */
function cell(text: string | undefined, limit: number): string {
  return clip(text ?? '', limit).replace(/\|/g, '\\|');
}

/**
 * One line per rule: what went wrong, then expected and received, each cut on its own so that
 * none crowds out the others; a property's counterexample last, shortest.
 */
function reasonOf(rule: RuleReport): string {
  // A failed (or warned) rule's reason is a check that failed it, never one that errored on it.
  const wanted = rule.status === 'failed' || rule.status === 'warning' ? ['failed'] : ['error'];
  const check = rule.checks.find((c) => wanted.includes(c.status));
  if (!check) return cell(rule.reason, 200);
  const { message, counterexample } = splitCounterexample(check.message);
  const groups = check.status === 'failed' ? failureGroups(rule) : [];
  const checks = groups.length > 0 ? groups[0].checks.length : 0;
  const more = groups.length > 1 ? ` (and ${groups.length - 1} more cause${groups.length > 2 ? 's' : ''})` : '';
  return [
    cell(message, 160) + (checks > 1 ? ` (in ${checks} checks)` : '') + more,
    check.expected !== undefined ? `expected ${cell(check.expected, 100)}` : '',
    check.received !== undefined ? `received ${cell(check.received, 120)}` : '',
    counterexample !== undefined ? `counterexample ${cell(counterexample, 80)}` : '',
    evidenceOf(check),
  ]
    .filter(Boolean)
    .join('; ');
}

/** The exchange a failure shows, by its request line and its entry in exchanges.har. */
function evidenceOf(check: CheckReport): string {
  const shown = shownExchange(check);
  if (!shown) return '';
  const path = shown.request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  const answer = shown.response ? `${shown.response.status}` : 'no answer';
  return (
    `evidence \`${shown.request.method} ${cell(path, 80)}\` → ${answer}` +
    (shown.id !== undefined ? ` (exchanges.har ${shown.id})` : '')
  );
}

/** What was run: the command line and what the checks saw (faults, variants, approval). */
function runLines(report: ConformanceReport): string[] {
  const settings = report.settings;
  const lines: string[] = [];
  if (settings.commandLine) lines.push(`Command: \`${settings.commandLine.replace(/`/g, "'")}\``);
  const facts = [
    settings.faults !== undefined ? `faults: ${settings.faults.length > 0 ? settings.faults.join(', ') : 'none'}` : '',
    settings.variants !== undefined
      ? `variants: ${settings.variants.length > 0 ? settings.variants.join(', ') : 'none'}`
      : '',
    settings.approval !== undefined ? `approval: ${settings.approval ?? 'no billing section'}` : '',
    `runs ${settings.runs} · concurrency ${settings.concurrency} · timeout ${settings.timeoutMs} ms`,
    rateText(settings) ? `rate: ${rateText(settings)}` : '',
    settings.grep !== null && settings.grep !== undefined ? `grep: \`${settings.grep}\`` : '',
    settings.shard ? `shard: ${settings.shard}` : '',
    settings.quickLook ? 'quick look (no target profile)' : '',
  ].filter(Boolean);
  lines.push(facts.join(' · '));
  return lines.flatMap((line) => [line, '']);
}

export function renderSummary(report: ConformanceReport): string {
  const s = report.summary;
  const icon = s.verdict === 'CONFORMANT' ? '✅' : s.verdict === 'PARTIAL' || s.verdict === 'INCOMPLETE' ? '⚠️' : '❌';
  const lines = [
    `# ${icon} ${s.verdict}`,
    '',
    // What went wrong with the target comes first: it explains every error below.
    ...(s.diagnosis ? ['**Diagnosis of the target**', '', ...s.diagnosis.lines.map((line) => `- ${line}`), ''] : []),
    // A proxy session generates nothing: it has no seed to show.
    `Target \`${report.target.baseUrl}\`${report.settings.proxy ? '' : ` · seed ${report.seed}`} ` +
      `· ${s.requests} requests · ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    `${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.errors} errors, ` +
      `${s.skipped} skipped of ${s.rules} rules.`,
    '',
    ...(s.checks ? [`${checkCountsText(s.checks)}.`, ''] : []),
    // Each API is certified on its own.
    ...Object.entries(s.sections).map(([name, section]) => `- **${name}**: ${sectionText(section)}`),
    '',
    `${s.mustPassedProven} of the ${s.mustPassed} MUST rules passed are proven: a broken ` +
      `reference server showed their checks can fail them.`,
    '',
    ...(s.verdictNote ? [`${s.verdict}: ${s.verdictNote}.`, ''] : []),
    ...gateSummaryLines(report),
    ...runLines(report),
  ];
  if (s.interrupted) {
    lines.push(`**Interrupted (${s.interrupted.signal})**: only the checks that finished are reported.`);
    for (const item of s.interrupted.notCleanedUp) lines.push(`- not cleaned up: ${item}`);
    lines.push('');
  }
  lines.push(
    '',
    '| area | rules | passed | failed | warnings | errors | skipped |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const { name, rules, counts } of areasOf(report)) {
    lines.push(
      `| ${name} | ${rules.length} | ${counts.passed} | ${counts.failed} | ${counts.warning} | ` +
        `${counts.error} | ${counts.skipped} |`,
    );
  }
  const failed = report.rules.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    lines.push('', '## Failed rules', '', '| rule | level | reason |', '|---|---|---|');
    for (const rule of failed) lines.push(`| \`${rule.id}\` | ${rule.level} | ${reasonOf(rule)} |`);
  }
  const warnings = report.rules.filter((r) => r.status === 'warning');
  if (warnings.length > 0) {
    lines.push('', '## Warnings (SHOULD)', '', '| rule | reason |', '|---|---|');
    for (const rule of warnings) lines.push(`| \`${rule.id}\` | ${reasonOf(rule)} |`);
  }
  const errors = report.rules.filter((r) => r.status === 'error');
  if (errors.length > 0) {
    lines.push('', '## Errors (no verdict)', '', '| rule | reason |', '|---|---|');
    for (const rule of errors) lines.push(`| \`${rule.id}\` | ${reasonOf(rule)} |`);
  }
  lines.push(...gateTableLines(report));
  // A proxy session: what the client got wrong is the client's, not the server's.
  const mistakes = report.clientMistakes ?? [];
  if (mistakes.length > 0) {
    lines.push(
      '',
      "## The client's mistakes (not the server's)",
      '',
      '| rule | operation | times | e.g. |',
      '|---|---|---:|---|',
    );
    for (const mistake of mistakes)
      lines.push(
        `| \`${mistake.rule}\` | ${cell(mistake.operation, 40)} | ${mistake.count} | ${cell(mistake.message, 160)} |`,
      );
  }
  lines.push('');
  return lines.join('\n');
}
