import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckSetupError } from './failure.js';

// Exclusive use of a shared fixture (ctx.exclusive): checks that change the same thing on the
// target (an issue's assignees) must not run at the same time, since each reads it back and
// restores it, and a concurrent change would look like a fault of the server. Suite files may
// run in separate worker processes, so the lock is a directory (mkdir is atomic) under the
// system's temporary folder, with an in-process queue in front of it.

const POLL_MS = 10;
const WAIT_LIMIT_MS = 60_000;

const queues = new Map<string, Promise<void>>();

/** The lock directory of `key` (the same in every worker of every run on this machine). */
export function lockDir(key: string): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 24);
  return join(tmpdir(), `conformance-exclusive-${digest}.lock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function holderGone(dir: string): Promise<boolean> {
  try {
    const pid = Number(await readFile(join(dir, 'pid'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 && !alive(pid);
  } catch {
    // The holder has made the directory but not yet written its pid: it is alive.
    return false;
  }
}

async function acquireDir(dir: string, key: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(dir);
      await writeFile(join(dir, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A run that was killed while holding the lock leaves it behind.
    if (await holderGone(dir)) await rm(dir, { recursive: true, force: true });
    if (Date.now() - started > WAIT_LIMIT_MS) {
      throw new CheckSetupError(`waited ${WAIT_LIMIT_MS} ms for exclusive use of ${key} (lock ${dir})`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits for exclusive use of `key`; returns the release function. */
export async function holdExclusive(key: string): Promise<() => Promise<void>> {
  const previous = queues.get(key) ?? Promise.resolve();
  let releaseQueue!: () => void;
  const mine = new Promise<void>((resolve) => {
    releaseQueue = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(key, tail);
  await previous;

  const dir = lockDir(key);
  try {
    await acquireDir(dir, key);
  } catch (error) {
    releaseQueue();
    if (queues.get(key) === tail) queues.delete(key);
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      await rm(dir, { recursive: true, force: true });
    } finally {
      releaseQueue();
      if (queues.get(key) === tail) queues.delete(key);
    }
  };
}
