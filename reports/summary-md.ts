import type { ConformanceReport, RuleReport } from './model.js';

// summary.md for a CI job summary: the verdict, counts per area, every failed rule with a
// one-line reason, and the warnings.

function oneLine(text: string | undefined, limit = 200): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return flat.length > limit ? `${flat.slice(0, limit)}…` : flat;
}

function reasonOf(rule: RuleReport): string {
  const check = rule.checks.find((c) => c.status === 'failed' || c.status === 'error');
  if (!check) return oneLine(rule.reason);
  const parts = [check.message, check.expected !== undefined ? `expected ${check.expected}` : '', check.received !== undefined ? `received ${check.received}` : ''];
  return oneLine(parts.filter(Boolean).join('; '));
}

export function renderSummary(report: ConformanceReport): string {
  const s = report.summary;
  const icon = s.verdict === 'CONFORMANT' ? '✅' : s.verdict === 'PARTIAL' ? '⚠️' : '❌';
  const lines = [
    `# ${icon} ${s.verdict}`,
    '',
    `Target \`${report.target.baseUrl}\` · seed ${report.seed} · ${s.requests} requests · ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    `${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.errors} errors, ${s.skipped} skipped of ${s.rules} rules.`,
    '',
    ...(s.verdictNote ? [`${s.verdict}: ${s.verdictNote}.`, ''] : []),
  ];
  for (const [name, section] of Object.entries(report.target.sections)) {
    if (!section.certified) lines.push(`- ${name}: not certified (${section.reason ?? 'no reason given'})`);
  }
  lines.push('', '| area | rules | passed | failed | warnings | errors | skipped |', '|---|---:|---:|---:|---:|---:|---:|');
  const areas = new Map<string, RuleReport[]>();
  for (const rule of report.rules) {
    const area = `${rule.id.split('.')[0]} ${rule.kind}`;
    areas.set(area, [...(areas.get(area) ?? []), rule]);
  }
  for (const [area, rules] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
    const n = (status: string): number => rules.filter((r) => r.status === status).length;
    lines.push(`| ${area} | ${rules.length} | ${n('passed')} | ${n('failed')} | ${n('warning')} | ${n('error')} | ${n('skipped')} |`);
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
  lines.push('');
  return lines.join('\n');
}
