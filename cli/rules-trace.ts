import { specTrace } from '../contracts/trace/index.js';
import { renderTrace } from '../contracts/trace/render-md.js';
import type { TraceEntry } from '../contracts/trace/trace.js';
import { UsageError } from './errors.js';

// `rules trace [FILE:LINE]`: the trace of the specs (docs/spec-trace.md, computed afresh), or
// only the sentences of one line: the rules that check each, or why none does.

const PLACE = /^(billing|assignees)(?:\.md)?:(\d+)$/;

/** The rendered trace from its first line of `from` on (the file's comment and title left out). */
function rendered(entries: TraceEntry[], from: string): string {
  const lines = renderTrace({ entries, problems: [] }).split('\n');
  return lines
    .slice(lines.findIndex((text) => text.startsWith(from)))
    .join('\n')
    .trimEnd();
}

export function traceCommand(args: string[], out: (text: string) => void): number {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    throw new UsageError('rules trace: give at most one place, for example `rules trace billing.md:186`');
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
