import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

// A file's lines, read a chunk at a time: a long run's traffic is hundreds of megabytes, more
// than one string may hold, and is never read whole.

const CHUNK = 1 << 20;

/** The lines of `file`, without their line ends; a last line without one is given too. */
export function* fileLines(file: string): Generator<string> {
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
