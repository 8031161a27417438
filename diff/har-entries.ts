import { readFileSync } from 'node:fs';
import { fileLines } from '../harness/file-lines.js';

// The entries of a run's exchanges.har, one at a time. A long run's HAR is hundreds of
// megabytes (more than one string may hold): harness/har-file.ts writes it one entry per line,
// so it is read back line by line, never whole. A HAR laid out otherwise (not written by this tool)
// is read whole, as before.

const HEADER = /^\{"log":\{"version":"1\.2",.*"entries":\[$/;

/** Each entry of the HAR, in order. */
export function* harEntries<Entry>(file: string): Generator<Entry> {
  const lines = fileLines(file);
  const first = lines.next();
  if (first.done || !HEADER.test(first.value)) {
    lines.return(undefined);
    yield* (JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: Entry[] } }).log.entries;
    return;
  }
  for (const line of lines) {
    if (line === '' || line === ']}}') continue;
    yield JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as Entry;
  }
}
