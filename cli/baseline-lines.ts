import { isAbsolute, relative } from 'node:path';
import { gateHolds } from '../baseline/gate.js';
import type { BaselineEntry, BaselineGate } from '../reports/model.js';
import { failedText, passedText, warningText } from './colour.js';
import { commandPrefix, quoteArg } from './command-line.js';

// What a gated run says last (run --baseline): that a baseline gated it, so that it never reads as
// a clean certification; each failure that fails the gate, by name; each entry to remove.

const plural = (count: number, noun: string, nouns = `${noun}s`): string => `${count} ${count === 1 ? noun : nouns}`;

const entryText = (entry: BaselineEntry): string =>
  `${entry.rule}: "${entry.check}": ${entry.cause} (ticket ${entry.ticket})`;

/** The lines of a gated run, after its verdict: the counts, then what fails the gate and what to remove. */
export function gateLines(gate: BaselineGate, reportDir: string): string[] {
  const counts =
    `${plural(gate.known.length, 'known failure')}, ${gate.new.length} new, ${gate.expired.length} expired, ` +
    `${gate.fixed.length} fixed` +
    (gate.unchecked.length > 0 ? `, ${gate.unchecked.length} not checked by this run` : '');
  const lines = [`gated by a baseline (${gate.file}, ${gate.entries} entries): ${counts}`];
  for (const failure of gate.new)
    lines.push(`  ${failedText('NEW')}      ${failure.rule}: "${failure.check}": ${failure.cause}`);
  for (const entry of gate.expired)
    lines.push(`  ${failedText('EXPIRED')}  ${entryText(entry)}: its entry expired on ${entry.expires}`);
  for (const entry of gate.fixed) lines.push(`  ${passedText('FIXED')}    ${entryText(entry)}`);
  if (gate.fixed.length > 0)
    lines.push(
      `  remove the fixed entries: ${commandPrefix('baseline')} prune ${quoteArg(gate.file)} ` +
        quoteArg(relativeToHere(reportDir)),
    );
  lines.push(
    gateHolds(gate)
      ? `  ${warningText('gate holds')}: every failure is a known one; the verdict above stands, and this run ` +
          'is no clean certification (its certificate records the baseline)'
      : `  ${failedText('gate fails')}: ${plural(gate.new.length, 'new failure')}, ` +
          plural(gate.expired.length, 'expired entry', 'expired entries'),
  );
  return lines;
}

/** A path as short as it can be said from here. */
function relativeToHere(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}
