import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './errors.js';

// The report folder is tried before the run: a folder that cannot be written is the user's to
// fix (exit 2, naming it), found in a second rather than after a whole certification.

function why(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of that path is a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'ENOENT') return 'a folder cannot be made there';
  return (error as Error).message;
}

/**
 * mkdir -p one level at a time: Node's recursive mkdir spins for good under /proc (it retries a
 * parent it can never make), where one plain mkdir fails at once.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  while (!existsSync(at)) {
    missing.unshift(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const path of missing) makeDir(path);
}

/** One mkdir that another process may have made a moment before (shards started side by side). */
export function makeDir(path: string): void {
  try {
    mkdirSync(path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST' || !statSync(path).isDirectory()) throw error;
  }
}

/** Makes `dir` (and its parents) and writes a file in it, or says which flag names a folder it cannot write. */
export function ensureWritableDir(dir: string, flag: string): void {
  try {
    makeDirs(resolve(dir));
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
