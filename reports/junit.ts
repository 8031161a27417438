import type { ConformanceReport, SectionVerdict } from './model.js';
import { areasOf } from './areas.js';
import { escapeMarkup } from './escape.js';

// junit.xml for CI: one test suite per area, one test case per rule, the rule id first in
// the name so a CI's test view reads like the catalog. Errors outside any check (the target
// could not be reached, a check module that did not load) are a suite of their own, each an
// <error> with its cause: a CI view then shows why, not only how many rules were skipped.

/** The run errors as a suite: one test case each, its first line the message, all of it the text. */
function runErrorSuite(runErrors: readonly string[]): string[] {
  if (runErrors.length === 0) return [];
  const lines = [
    `  <testsuite name="run" tests="${runErrors.length}" failures="0" errors="${runErrors.length}" skipped="0">`,
  ];
  runErrors.forEach((error, index) => {
    const message = error.split('\n')[0];
    lines.push(
      `    <testcase classname="run" name="${escapeMarkup(`run error ${index + 1}: ${message.slice(0, 120)}`)}" ` +
        `time="0.000">`,
    );
    lines.push(`      <error message="${escapeMarkup(message)}" type="run error">${escapeMarkup(error)}</error>`);
    lines.push('    </testcase>');
  });
  lines.push('  </testsuite>');
  return lines;
}

function sectionProperties(api: string, section: SectionVerdict): string {
  const property = (name: string, value: string) =>
    `<property name="${escapeMarkup(name)}" value="${escapeMarkup(value)}"/>`;
  const mustPassed = `${section.mustPassed}/${section.mustRules}`;
  return property(`${api}.verdict`, section.verdict) + property(`${api}.must-passed`, mustPassed);
}

export function renderJunit(report: ConformanceReport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const s = report.summary;
  const runErrors = s.runErrors ?? [];
  lines.push(
    `<testsuites name="api-conformance" tests="${s.rules + runErrors.length}" failures="${s.failed}" ` +
      `errors="${s.errors}" skipped="${s.skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`,
  );
  lines.push(...runErrorSuite(runErrors));
  for (const { api, kind, rules, counts } of areasOf(report)) {
    // A CI's test view reads suite names as dotted classes.
    const area = `${api}.${kind}`;
    const failures = counts.failed;
    const errors = counts.error;
    const skipped = counts.skipped;
    lines.push(
      `  <testsuite name="${escapeMarkup(area)}" tests="${rules.length}" failures="${failures}" ` +
        `errors="${errors}" skipped="${skipped}">`,
    );
    // Each API is certified on its own: its verdict travels with every area of it.
    const section = (s.sections as Partial<Record<string, SectionVerdict>>)[api];
    if (section) lines.push(`    <properties>${sectionProperties(api, section)}</properties>`);
    for (const rule of rules) {
      const time = rule.checks.reduce((sum, c) => sum + (c.durationMs ?? 0), 0) / 1000;
      const name = `${rule.id} [${rule.level}] ${rule.title}`;
      lines.push(
        `    <testcase classname="${escapeMarkup(area)}" name="${escapeMarkup(name)}" time="${time.toFixed(3)}">`,
      );
      const failed = rule.checks.find((c) => c.status === 'failed');
      const errored = rule.checks.find((c) => c.status === 'error');
      if (rule.status === 'failed' && failed) {
        const body = [
          `check: ${failed.name}`,
          failed.expected !== undefined ? `expected: ${failed.expected}` : '',
          failed.received !== undefined ? `received: ${failed.received}` : '',
          failed.curl ? `curl: ${failed.curl}` : '',
          failed.rerun ? `re-run: ${failed.rerun}` : '',
        ].filter(Boolean);
        lines.push(
          `      <failure message="` +
            escapeMarkup(failed.message ?? 'failed') +
            `" type="${rule.level}">${escapeMarkup(body.join('\n'))}</failure>`,
        );
      } else if (rule.status === 'error') {
        lines.push(`      <error message="${escapeMarkup(errored?.message ?? rule.reason ?? 'error')}"/>`);
      } else if (rule.status === 'skipped') {
        lines.push(`      <skipped message="${escapeMarkup(rule.reason ?? 'skipped')}"/>`);
      } else if (rule.status === 'warning' && failed) {
        lines.push(`      <system-out>${escapeMarkup(`warning (SHOULD): ${failed.message ?? ''}`)}</system-out>`);
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
