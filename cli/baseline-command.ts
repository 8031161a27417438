import { existsSync, writeFileSync } from 'node:fs';
import { BaselineFileError, baselineText, readBaseline, type LoadedBaseline } from '../baseline/file.js';
import { pruned, withFailuresOf, type EntryNotes } from '../baseline/make.js';
import type { BaselineEntry } from '../reports/model.js';
import { EXIT, UsageError } from './errors.js';
import { parseArguments, type Flags } from './options.js';
import { verifiedReport, verifyingKeyOf } from './verified-report.js';

export const BASELINE_HELP = `Usage: api-conformance baseline write DIR --out FILE --reason TEXT --ticket ID
                                [--expires DATE] [--key PUB]
       api-conformance baseline prune FILE DIR [--key PUB]

A baseline lists known failures, so that a CI gate (\`run --baseline FILE\`) fails on new ones
only while the known ones are fixed. Each entry is one check failing one rule for one cause,
with why it is accepted (reason), where its fix is tracked (ticket) and, if given, the last day
it is accepted (expires). A baseline decides a run's exit code only: the verdict, the badges
and the certificate stay the run's, and the certificate records the baseline.

baseline write DIR --out FILE
  One entry per failure of a MUST rule in the report folder DIR (verified first, as \`verify\`
  does), each with the reason, ticket and expiry given. When FILE exists its entries stay as
  they are, and only the failures none of them names are added. Entries can be edited one by
  one afterwards; a run refuses a FILE whose entry has no reason or ticket, naming it.
  --out FILE       the baseline file, written or added to
  --reason TEXT    why these failures are accepted for now
  --ticket ID      where their fix is tracked (an issue id or URL)
  --expires DATE   YYYY-MM-DD: a run that starts after this day fails on them again
                   (default: no expiry)
  --key PUB        DIR must be signed by this key (signing-key.pub.pem from keygen)

baseline prune FILE DIR
  Drops the entries the report folder DIR (verified first) shows fixed: their check judged
  their rule in that run without that failure. Entries it cannot speak for (a run of some
  checks, a check that was skipped) stay.
  --key PUB        DIR must be signed by this key

Exit codes: 0 written, 2 usage error: a missing flag, a date that is not YYYY-MM-DD, a
baseline file or entry that cannot be read, a folder that does not verify.`;

const FLAGS = {
  out: { type: 'string' },
  reason: { type: 'string' },
  ticket: { type: 'string' },
  expires: { type: 'string' },
  key: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const text = (flags: Flags, name: string): string | undefined =>
  typeof flags[name] === 'string' ? flags[name] : undefined;

export async function baselineCommand(args: string[], out: (text: string) => void): Promise<number> {
  const { flags, positionals } = parseArguments(args, FLAGS, 'baseline');
  if (flags.help) {
    out(BASELINE_HELP);
    return EXIT.conformant;
  }
  const [action, ...rest] = positionals;
  if (action === 'write') return writeAction(rest, flags, out);
  if (action === 'prune') return pruneAction(rest, flags, out);
  throw new UsageError(
    action === undefined
      ? 'baseline: give write or prune: `baseline write DIR --out FILE --reason TEXT --ticket ID`'
      : `baseline: unknown action "${action}"; the actions are write and prune`,
  );
}

/** A date a person writes in a file: YYYY-MM-DD, and a day the calendar has. */
export function isoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function notesOf(flags: Flags): EntryNotes {
  const need = (name: string, what: string): string => {
    const value = text(flags, name)?.trim();
    if (!value) throw new UsageError(`baseline write: --${name} is required: ${what}`);
    return value;
  };
  const reason = need('reason', 'why these failures are accepted for now');
  const ticket = need('ticket', 'where their fix is tracked (an issue id or URL)');
  const expires = text(flags, 'expires');
  if (expires !== undefined && !isoDate(expires))
    throw new UsageError(`baseline write: --expires must be a date written YYYY-MM-DD, got "${expires}"`);
  return { reason, ticket, ...(expires !== undefined ? { expires } : {}) };
}

/** The baseline in `file`, refused in one line (a usage error) when it cannot be read whole. */
function readOrRefuse(file: string, label: string): LoadedBaseline {
  try {
    return readBaseline(file);
  } catch (error) {
    if (error instanceof BaselineFileError) throw new UsageError(`${label}: ${error.message}`);
    throw error;
  }
}

function writeBaseline(file: string, entries: readonly BaselineEntry[], label: string): void {
  try {
    writeFileSync(file, baselineText(entries));
  } catch (error) {
    throw new UsageError(`${label}: cannot write ${file} (${(error as Error).message})`);
  }
}

const entryLine = (sign: string, entry: BaselineEntry): string =>
  `  ${sign} ${entry.rule}: "${entry.check}": ${entry.cause}`;

async function writeAction(rest: string[], flags: Flags, out: (text: string) => void): Promise<number> {
  if (rest.length !== 1)
    throw new UsageError('baseline write: give one report folder: `baseline write DIR --out FILE`');
  const file = text(flags, 'out');
  if (!file) throw new UsageError('baseline write: --out is required: the baseline file to write or add to');
  const notes = notesOf(flags);
  const existing = existsSync(file) ? readOrRefuse(file, 'baseline write: --out').entries : [];
  const key = verifyingKeyOf('baseline write', text(flags, 'key'));
  const report = await verifiedReport('baseline write', rest[0], key);
  const { entries, added } = withFailuresOf(report, notes, existing);
  writeBaseline(file, entries, 'baseline write: --out');
  out(
    `${file}: ${added.length} entr${added.length === 1 ? 'y' : 'ies'} added from ${rest[0]}, ` +
      `${existing.length} kept as they were`,
  );
  added.forEach((entry) => out(entryLine('+', entry)));
  return EXIT.conformant;
}

async function pruneAction(rest: string[], flags: Flags, out: (text: string) => void): Promise<number> {
  if (rest.length !== 2)
    throw new UsageError('baseline prune: give the baseline file and a report folder: `baseline prune FILE DIR`');
  for (const name of ['reason', 'ticket', 'expires', 'out'])
    if (flags[name] !== undefined) throw new UsageError(`baseline prune: --${name} is a flag of baseline write`);
  const [file, dir] = rest;
  const baseline = readOrRefuse(file, 'baseline prune');
  const report = await verifiedReport('baseline prune', dir, verifyingKeyOf('baseline prune', text(flags, 'key')));
  const { entries, dropped } = pruned(baseline, report);
  // Untouched when nothing is fixed: a hand-edited file keeps its layout.
  if (dropped.length > 0) writeBaseline(file, entries, 'baseline prune');
  out(
    `${file}: ${dropped.length} fixed entr${dropped.length === 1 ? 'y' : 'ies'} dropped (as ${dir} shows), ` +
      `${entries.length} kept`,
  );
  dropped.forEach((entry) => out(entryLine('-', entry)));
  return EXIT.conformant;
}
