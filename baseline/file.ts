import { readFileSync } from 'node:fs';
import { sha256Hex } from '../certificate/digest.js';
import { validateBaseline } from '../contracts/validate.js';
import type { BaselineEntry } from '../reports/model.js';
import { fingerprintOf } from './fingerprint.js';

// The baseline file (contracts/baseline.schema.json): its known failures, each with why it is
// accepted, where its fix is tracked, and until when. Read whole or refused in one line naming
// the entry and the field: a gate must never run on half a baseline.

export const BASELINE_VERSION = 1;

export interface BaselineFile {
  version: typeof BASELINE_VERSION;
  entries: BaselineEntry[];
}

/** A baseline as a gated run uses it: its entries, and the digest of its bytes for the certificate. */
export interface LoadedBaseline {
  /** The file as the user named it. */
  file: string;
  sha256: string;
  entries: BaselineEntry[];
}

/** The file cannot be used: one line, naming the file and what is wrong (a usage error, exit 2). */
export class BaselineFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaselineFileError';
  }
}

export function readBaseline(file: string): LoadedBaseline {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder' : `cannot be read (${code})`;
    throw new BaselineFileError(`${file} ${why}`);
  }
  return { file, sha256: sha256Hex(bytes), entries: parseBaseline(bytes.toString('utf8'), file).entries };
}

/** The baseline in `text`, or a BaselineFileError naming `file`, the entry and its field. */
export function parseBaseline(text: string, file: string): BaselineFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BaselineFileError(`${file} is not valid JSON (${(error as Error).message})`);
  }
  const problems = validateBaseline(value);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : '';
    throw new BaselineFileError(`${file}: ${problems[0]}${ruleNamed(value, problems[0])}${more}`);
  }
  const baseline = value as BaselineFile;
  const first = new Map<string, number>();
  baseline.entries.forEach((entry, index) => {
    // A fingerprint is made from the entry's own rule, check and cause: one edited alone would
    // match another failure than the one the entry reads as.
    if (entry.fingerprint !== fingerprintOf(entry.rule, entry.check, entry.cause))
      throw new BaselineFileError(
        `${file}: entries[${index}].fingerprint is not the fingerprint of its rule, check and cause ` +
          `(was one of them edited? \`baseline write\` makes entries)`,
      );
    const earlier = first.get(entry.fingerprint);
    if (earlier !== undefined)
      throw new BaselineFileError(`${file}: entries[${index}] repeats entries[${earlier}] (the same failure)`);
    first.set(entry.fingerprint, index);
  });
  return baseline;
}

/** " (the entry of <rule>)" when a problem is an entry's and that entry names its rule. */
function ruleNamed(value: unknown, problem: string): string {
  const index = /^entries\[(\d+)\]/.exec(problem)?.[1];
  if (index === undefined) return '';
  const entries = (value as { entries?: unknown }).entries;
  const rule = Array.isArray(entries) ? (entries[Number(index)] as { rule?: unknown } | undefined)?.rule : undefined;
  return typeof rule === 'string' && rule !== '' ? ` (the entry of ${rule})` : '';
}

/** The file's text: the entries in the order given, two-space indents, a last newline. */
export function baselineText(entries: readonly BaselineEntry[]): string {
  const file: BaselineFile = { version: BASELINE_VERSION, entries: entries.map(ordered) };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** An entry's members in one order, whatever order a hand edit left them in. */
function ordered(entry: BaselineEntry): BaselineEntry {
  const { rule, check, cause, fingerprint, reason, ticket, expires } = entry;
  return { rule, check, cause, fingerprint, reason, ticket, ...(expires !== undefined ? { expires } : {}) };
}
