import type { Rule } from '../rule.js';
import type { Trace, TraceEntry } from './trace.js';

// The trace as a Markdown file a certifier reads: section by section, every sentence as written,
// then the rules that check it or the mark that says why none does.

const HEADER = [
  '<!-- Written by `npm run generate trace` from the rule records (contracts/rules/) and the marks of the',
  '     sentences no rule is anchored at (contracts/trace/marks-*.ts). Do not edit by hand. -->',
];

const status = (rule: Rule) => `${rule.level}${rule.notObservable ? ', not observable' : ''}`;

function accounts(entry: TraceEntry): string[] {
  const mark = entry.mark;
  if (entry.rules.length > 0) return entry.rules.map((rule) => `- \`${rule.id}\` (${status(rule)}): ${rule.title}`);
  if (!mark) return ['- **not accounted for**'];
  if ('informational' in mark) return [`- informational: ${mark.informational}`];
  if ('notObservable' in mark) return [`- not observable: ${mark.notObservable}`];
  const checked = entry.restated.map((rule) => `\`${rule.id}\``).join(', ');
  return [`- restates ${entry.restates.join(', ')}: ${mark.why}; checked by ${checked}`];
}

function counts(entries: readonly TraceEntry[]): string {
  const checked = entries.filter((entry) => entry.rules.length > 0).length;
  const marked = (what: 'informational' | 'notObservable' | 'restates') =>
    entries.filter((entry) => entry.mark && what in entry.mark).length;
  return (
    `${entries.length} sentences: ${checked} with the rules anchored at them, ` +
    `${marked('restates')} restating others, ${marked('informational')} informational, ` +
    `${marked('notObservable')} not observable.`
  );
}

/** The whole trace file. */
export function renderTrace(trace: Trace): string {
  const lines = [
    ...HEADER,
    '',
    '# Trace of the specs',
    '',
    'Every sentence of `spec/billing.md` and `spec/assignees.md` (a table row, a list item, a sentence of',
    'prose), cited as `file:line` (`file:line.n` for the n-th sentence of a line), with the rules anchored at',
    'it, or why it has none. `api-conformance rules show <id>` prints a rule with its sentence.',
    '',
    counts(trace.entries),
  ];
  let file = '';
  let heading = '';
  for (const entry of trace.entries) {
    const { sentence } = entry;
    if (sentence.file !== file) {
      file = sentence.file;
      heading = '';
      lines.push('', `## spec/${file}`);
    }
    if (sentence.heading !== heading) {
      heading = sentence.heading;
      lines.push('', `### ${heading}`);
    }
    lines.push('', `**${entry.label}** (${sentence.form})`, '', `> ${sentence.text}`, '', ...accounts(entry));
  }
  return `${lines.join('\n')}\n`;
}
