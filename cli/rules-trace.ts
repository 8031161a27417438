import { contractsEnforcing } from '../contracts/enforcing-contracts.js';
import type { Rule } from '../contracts/rule.js';
import { specTrace } from '../contracts/trace/index.js';
import { renderTrace } from '../contracts/trace/render-md.js';
import type { TraceEntry } from '../contracts/trace/trace.js';
import { uncoveredSentences, type Uncovered } from '../contracts/trace/uncovered.js';
import { listChecks } from '../harness/check-declarations.js';
import { checkModules } from '../harness/check-modules.js';
import { UsageError } from './errors.js';

// `rules trace [FILE:LINE]`: the trace of the specs (docs/spec-trace.md, computed afresh), or
// only the sentences of one line: the rules that check each, or why none does.
// `rules trace --uncovered`: the sentences no check covers, each with why: informational, not
// observable, or not checked (none of its rules is declared by a check of the built suites, nor
// enforced by a contract, which the checks validate every answer and request against).

const PLACE = /^(billing|assignees)(?:\.md)?:(\d+)$/;

/** The rendered trace from its first line of `from` on (the file's comment and title left out). */
function rendered(entries: TraceEntry[], from: string): string {
  const lines = renderTrace({ entries, problems: [] }).split('\n');
  return lines
    .slice(lines.findIndex((text) => text.startsWith(from)))
    .join('\n')
    .trimEnd();
}

/** One uncovered sentence as the trace writes a sentence, with why no check covers it. */
function uncoveredLines({ entry, ...account }: Uncovered): string[] {
  const why =
    account.why === 'not checked'
      ? account.rules.length > 0
        ? account.rules.map((rule) => `- **not checked**: \`${rule.id}\` (${rule.level}): ${rule.title}`)
        : ['- **not checked**: no rule is anchored at it and it carries no mark']
      : account.reasons.map((reason) => `- ${account.why}: ${reason}`);
  return ['', `**${entry.label}** (${entry.sentence.form})`, '', `> ${entry.sentence.text}`, '', ...why];
}

async function uncoveredCommand(out: (text: string) => void): Promise<number> {
  const modules = checkModules(['billing', 'assignees']);
  if (modules.length === 0)
    throw new UsageError('rules trace --uncovered: no built check modules under dist/suites (run npm run build)');
  const declared = new Set((await listChecks(modules)).flatMap((check) => check.rules));
  // a rule no run can show is never checked, whatever declares or enforces it
  const checked = (rule: Rule) =>
    rule.notObservable === undefined && (declared.has(rule.id) || contractsEnforcing(rule.id).length > 0);
  const { entries } = specTrace();
  const uncovered = uncoveredSentences(entries, checked);
  const count = (why: Uncovered['why']) => uncovered.filter((one) => one.why === why).length;
  out(
    [
      `${uncovered.length} of ${entries.length} sentences are covered by no check: ` +
        `${count('informational')} informational, ${count('not observable')} not observable, ` +
        `${count('not checked')} not checked.`,
      ...uncovered.flatMap(uncoveredLines),
    ].join('\n'),
  );
  return 0;
}

export function traceCommand(args: string[], out: (text: string) => void): number | Promise<number> {
  if (args.length === 1 && args[0] === '--uncovered') return uncoveredCommand(out);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    throw new UsageError(
      'rules trace: give at most one place, for example `rules trace billing.md:186`, or --uncovered alone',
    );
  }
  const { entries } = specTrace();
  if (args.length === 0) {
    out(rendered(entries, '# '));
    return 0;
  }
  const match = PLACE.exec(args[0]);
  if (!match) {
    const hint = 'write billing.md:LINE or assignees.md:LINE';
    throw new UsageError(`rules trace: "${args[0]}" is not a place of a spec; ${hint}`);
  }
  const [file, line] = [`${match[1]}.md`, Number(match[2])];
  const holds = ({ sentence: { file: f, lines } }: TraceEntry) => f === file && lines.from <= line && line <= lines.to;
  const here = entries.filter(holds);
  if (here.length === 0) {
    throw new UsageError(`rules trace: ${file}:${line} holds no sentence (a heading, a table header, a blank line)`);
  }
  out(rendered(here, '**'));
  return 0;
}
