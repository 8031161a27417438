import { appendFileSync, closeSync, constants, existsSync, fstatSync, mkdirSync, openSync } from 'node:fs';
import { readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { fileLines } from './file-lines.js';

// exchanges.har, written as the run goes rather than from its whole traffic at the end (a long
// run sends 170k exchanges: that took a minute after its last check). While the run goes on:
// - `<har>.part` holds the HAR's opening and then one entry per line, each put in when the check
//   that sent it ends (its rules are known then: harness/traffic.ts);
// - `<har>.pending/` holds a file per running check with its exchanges so far, and `written`,
//   how many entries the part holds (one number per append).
// Sealing adds the exchanges of checks that never ended, closes the JSON and renames the part:
// the work left at the end is that of the checks still running. A killed run leaves the part
// and the pending folder behind: everything it sent up to then.

export interface HarCreator {
  name: string;
  version: string;
}

/** What an entry ends with until its check has ended and its rules are known (harness/har-entry.ts). */
const RULES_NOT_KNOWN = ',"_rules":null}';
const HAR_END = '\n]}}\n';
/** Lines are written to the part in batches of about this many characters. */
const BATCH = 1 << 20;

const partOf = (har: string): string => `${har}.part`;
const pendingOf = (har: string): string => `${har}.pending`;
const writtenOf = (har: string): string => join(pendingOf(har), 'written');

/** Starts `har` afresh: its opening, nothing pending (an earlier run's leftovers go). */
export function startHar(har: string, creator: HarCreator): void {
  rmSync(pendingOf(har), { recursive: true, force: true });
  mkdirSync(pendingOf(har), { recursive: true });
  writeFileSync(writtenOf(har), '');
  writeFileSync(partOf(har), `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[`);
}

let spools = 0;

/** A file of its own for the exchanges of a check that has not ended yet. */
export function spoolFileOf(har: string): string {
  spools += 1;
  return join(pendingOf(har), `${process.pid}-${threadId}-${spools}.jsonl`);
}

/** An entry's `_id` just before the mark that its rules are not known yet (harness/har-entry.ts writes it there). */
const ID_BEFORE_MARK = /,"_id":("(?:[^"\\]|\\.)*"),"_rules":null\}$/;

/** The `_id` of an entry line whose rules are not known yet; undefined when it has none. */
export function entryIdOf(line: string): string | undefined {
  const found = ID_BEFORE_MARK.exec(line);
  return found ? (JSON.parse(found[1]) as string) : undefined;
}

/** An entry line with its rules, now known, in place of the mark that they were not. */
export function withRules(line: string, rules: readonly string[]): string {
  if (!line.endsWith(RULES_NOT_KNOWN)) return line;
  return `${line.slice(0, -RULES_NOT_KNOWN.length)},"_rules":${JSON.stringify(rules)}}`;
}

/**
 * Appends entry lines to the HAR being written; returns how many. A sealed HAR takes nothing
 * more (its part is gone: this throws), so a late check cannot write past its end.
 */
export function appendHarEntries(har: string, lines: Iterable<string>): number {
  const fd = openSync(partOf(har), constants.O_RDWR | constants.O_APPEND);
  let count = 0;
  try {
    // The first entry follows the opening '['; every other one a comma.
    let empty = endsWithOpening(fd);
    let batch: string[] = [];
    let size = 0;
    const flush = (): void => {
      if (batch.length === 0) return;
      writeSync(fd, `${empty ? '\n' : ',\n'}${batch.join(',\n')}`);
      empty = false;
      batch = [];
      size = 0;
    };
    for (const line of lines) {
      batch.push(line);
      size += line.length;
      count += 1;
      if (size >= BATCH) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  if (count > 0) appendFileSync(writtenOf(har), `${count}\n`);
  return count;
}

function endsWithOpening(fd: number): boolean {
  const size = fstatSync(fd).size;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last.toString() === '[';
}

/** The lines of a spool file, a cut last line (a run killed mid-write) left out. */
export function* spooledLines(file: string): Generator<string> {
  let previous: string | undefined;
  for (const line of fileLines(file)) {
    if (previous !== undefined) yield previous;
    previous = line;
  }
  if (previous !== undefined && isJson(previous)) yield previous;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Closes the HAR being written and gives it its name; returns how many entries it holds. The
 * exchanges of checks that never ended go in first, with no rules, each through `scrub`.
 */
export function sealHar(har: string, scrub: (text: string) => string = (text) => text): number {
  const pending = pendingOf(har);
  const spooled = existsSync(pending) ? readdirSync(pending).filter((name) => name.endsWith('.jsonl')) : [];
  for (const name of spooled) {
    const lines = mapLines(spooledLines(join(pending, name)), (line) => scrub(withRules(line, [])));
    appendHarEntries(har, lines);
  }
  const entries = readFileSync(writtenOf(har), 'utf8')
    .split('\n')
    .reduce((sum, line) => sum + (Number(line) || 0), 0);
  appendFileSync(partOf(har), HAR_END);
  renameSync(partOf(har), har);
  rmSync(pending, { recursive: true, force: true });
  return entries;
}

export function* mapLines(lines: Iterable<string>, map: (line: string) => string): Generator<string> {
  for (const line of lines) yield map(line);
}

/** The entry lines of a HAR this tool sealed, each as written (one entry per line). */
export function* sealedEntryLines(har: string): Generator<string> {
  let first = true;
  for (const line of fileLines(har)) {
    if (first) {
      first = false;
      continue;
    }
    if (line === '' || line === ']}}') continue;
    yield line.endsWith(',') ? line.slice(0, -1) : line;
  }
}
