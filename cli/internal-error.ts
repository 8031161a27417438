import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from './errors.js';

// A crash of the tool itself (a bug), neither the user's mistake nor the target's: one line on
// the terminal, the stack in a log file a bug report can carry, and an exit code of its own (70,
// EX_SOFTWARE) so that a CI gate never reads a crash as "not conformant".

export function reportInternalError(error: unknown, write: (text: string) => void, dir: string = tmpdir()): number {
  const err = error instanceof Error ? error : new Error(String(error));
  const file = join(dir, `api-conformance-internal-error-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  let where: string;
  try {
    writeFileSync(file, `${err.stack ?? err.message}\n`);
    where = `the stack is in ${file}`;
  } catch {
    where = 'the stack could not be written to a log file';
  }
  write(`internal error (a bug of api-conformance, exit ${EXIT.internal}): ${err.message.split('\n')[0]}; ${where}\n`);
  return EXIT.internal;
}
