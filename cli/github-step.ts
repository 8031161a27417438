import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scrubSecrets } from '../harness/redact.js';
import { clip, splitCounterexample } from '../reports/check-text.js';
import type { ConformanceReport, RuleReport } from '../reports/model.js';

// A run inside a GitHub Actions step (GITHUB_STEP_SUMMARY set) tells the job itself: summary.md
// goes into the job summary, and each failed or warned rule becomes a workflow annotation at its
// spec sentence, so a CI user needs no step of their own to show either.

/** GitHub takes at most 1 MiB of job summary per step; past it the step's summary is dropped. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;
/**
 * GitHub shows at most 10 error and 10 warning annotations per step: more are printed for nothing.
 * The rest are counted in one notice; summary.md and conformance.sarif hold every one.
 */
export const ANNOTATIONS_PER_LEVEL = 10;

// Workflow command escaping, as GitHub's toolkit does it: data escapes % CR LF; a property value
// (file, title) also escapes : and , which separate properties.
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** What the annotation says: the rule, then its first failure's words, expected and received. */
function annotationText(rule: RuleReport): string {
  const check = rule.checks.find((c) => c.status === 'failed');
  if (!check) return rule.title;
  const { message } = splitCounterexample(check.message);
  return [
    `${rule.title}.`,
    clip(message, 300),
    check.expected !== undefined ? `Expected: ${clip(check.expected, 150)}.` : '',
    check.received !== undefined ? `Received: ${clip(check.received, 200)}.` : '',
    `Check: ${check.name}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

function annotation(rule: RuleReport): string {
  const command = rule.status === 'failed' ? 'error' : 'warning';
  const { file, lines } = rule.spec;
  const properties = [
    `file=${escapeProperty(`spec/${file}`)}`,
    `line=${lines.from}`,
    `endLine=${lines.to}`,
    `title=${escapeProperty(rule.id)}`,
  ].join(',');
  return `::${command} ${properties}::${escapeData(annotationText(rule))}`;
}

/** The workflow annotations of a report: failed MUST rules as errors, warned SHOULD rules as warnings. */
export function workflowAnnotations(report: ConformanceReport): string[] {
  const lines: string[] = [];
  let untold = 0;
  for (const status of ['failed', 'warning'] as const) {
    const rules = report.rules.filter((rule) => rule.status === status);
    lines.push(...rules.slice(0, ANNOTATIONS_PER_LEVEL).map(annotation));
    untold += Math.max(0, rules.length - ANNOTATIONS_PER_LEVEL);
  }
  if (untold > 0)
    lines.push(
      `::notice title=api-conformance::${untold} more failed or warned rule(s) than GitHub shows as annotations ` +
        '(10 per level): the job summary, summary.md and conformance.sarif list every one',
    );
  return lines;
}

/**
 * `text` appended to the step summary file, within what GitHub takes: cut at a line, with a last
 * line saying so, when the file would pass the limit. Returns what was appended.
 */
export function appendStepSummary(file: string, text: string, whole: string): string {
  const used = existsSync(file) ? statSync(file).size : 0;
  const room = STEP_SUMMARY_LIMIT - used;
  const bytes = Buffer.from(text, 'utf8');
  let appended = text;
  if (bytes.length > room) {
    const note = `\n\n_The summary is cut here: GitHub takes 1 MiB of job summary per step. All of it: ${whole}._\n`;
    const keep = room - Buffer.byteLength(note, 'utf8');
    if (keep <= 0) return '';
    // Back to the last whole line, which also drops a character the byte cut split.
    const head = bytes.subarray(0, keep).toString('utf8');
    appended = `${head.slice(0, head.lastIndexOf('\n') + 1)}${note}`;
  }
  appendFileSync(file, appended);
  return appended;
}

/**
 * Under a GitHub Actions step: summary.md (as written, already scrubbed) into the job summary, and
 * the annotations on `out` (the job log, where GitHub reads workflow commands). Outside one, nothing.
 */
export function tellGithubStep(
  report: ConformanceReport,
  reportDir: string,
  secrets: readonly string[],
  out: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const summaryFile = env.GITHUB_STEP_SUMMARY;
  if (!summaryFile) return;
  for (const line of workflowAnnotations(report)) out(scrubSecrets(line, secrets));
  const summary = join(reportDir, 'summary.md');
  try {
    appendStepSummary(summaryFile, readFileSync(summary, 'utf8'), summary);
  } catch (error) {
    // The job summary is a courtesy: a file that cannot take it never changes the run's exit code.
    process.stderr.write(`warning: GITHUB_STEP_SUMMARY: could not append summary.md (${(error as Error).message})\n`);
  }
}
