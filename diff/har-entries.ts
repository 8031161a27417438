import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

// The entries of a run's exchanges.har, one at a time. A long run's HAR is hundreds of
// megabytes (more than one string may hold): reports/har.ts writes it one entry per line, so it
// is read back line by line, never whole. A HAR laid out otherwise (not written by this tool)
// is read whole, as before.

const HEADER = /^\{"log":\{"version":"1\.2",.*"entries":\[$/;
const CHUNK = 1 << 20;

/** The lines of a file, read a chunk at a time. */
function* linesOf(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK);
    const decoder = new StringDecoder('utf8');
    let pieces: string[] = [];
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK, null);
      const text = read === 0 ? decoder.end() : decoder.write(buffer.subarray(0, read));
      let from = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
        pieces.push(text.slice(from, end));
        yield pieces.join('');
        pieces = [];
        from = end + 1;
      }
      if (from < text.length) pieces.push(text.slice(from));
      if (read === 0) break;
    }
    if (pieces.length > 0) yield pieces.join('');
  } finally {
    closeSync(fd);
  }
}

/** Each entry of the HAR, in order. */
export function* harEntries<Entry>(file: string): Generator<Entry> {
  const lines = linesOf(file);
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
