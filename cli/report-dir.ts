import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';

// The report folder is tried before the run: a folder that cannot be written is the user's to
// fix (exit 2, naming it), found in a second rather than after a whole certification.

function why(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of that path is a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'no space left on the device';
  return (error as Error).message;
}

/** Makes `dir` (and its parents) and writes a file in it, or says which flag names a folder it cannot write. */
export function ensureWritableDir(dir: string, flag: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.api-conformance-write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new UsageError(`${flag} ${dir}: cannot write the reports there (${why(error)})`);
  }
}

/** A report write that failed after the run: the same one line, not an internal error. */
export function reportWriteError(dir: string, error: unknown): UsageError {
  return new UsageError(`cannot write the reports to ${dir} (${why(error)})`);
}
