import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckSetupError } from './failure.js';

// Exclusive use of a shared fixture (ctx.exclusive): checks that change the same thing on the
// target (an issue's assignees) must not run at the same time, since each reads it back and
// restores it, and a concurrent change would look like a fault of the server. Suite files may
// run in separate worker processes, so the lock is a directory under the system's temporary
// folder, with an in-process queue in front of it.
//
// The lock directory holds one file named after its holder (holder-<pid>-<nonce>). It is taken
// atomically with that file inside: the file is written in a temporary sibling directory, which
// is then renamed onto the lock's name; rename fails (ENOTEMPTY, EEXIST) while the lock holds a
// file, and succeeds when the lock is absent or empty. The holder's file name is unique, so a
// stale lock is broken by unlinking exactly the file that was seen: if another process has
// broken it first and taken the lock since, that name is gone (ENOENT) and its lock is untouched.
// An empty lock directory is free.

const POLL_MS = 10;
const WAIT_LIMIT_MS = 60_000;
/** A lock entry that names no pid (a holder of an older version killed as it wrote it) is stale once this old. */
const PIDLESS_STALE_MS = 5_000;

const queues = new Map<string, Promise<void>>();

/** The lock directory of `key` (the same in every worker of every run on this machine). */
export function lockDir(key: string): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 24);
  return join(tmpdir(), `conformance-exclusive-${digest}.lock`);
}

/** Whether a process of this machine is still running (EPERM: it is, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

const HOLDER = /^holder-(\d+)-[0-9a-f]+$/;

/** The pid an entry of the lock names: by its name, or (the format before) inside a file "pid". */
async function pidOf(dir: string, name: string): Promise<number | undefined> {
  const match = HOLDER.exec(name);
  const text = match ? match[1] : name === 'pid' ? await readFile(join(dir, name), 'utf8').catch(() => '') : '';
  const pid = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * What the lock holds: "held" while some entry names a live process (or names none and is
 * young), else the entries to unlink to break it (none: it is free).
 */
async function inspect(dir: string): Promise<'held' | string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return [];
    throw error;
  }
  const stale: string[] = [];
  for (const name of names) {
    const pid = await pidOf(dir, name);
    if (pid !== undefined) {
      if (processAlive(pid)) return 'held';
      stale.push(name);
      continue;
    }
    let age: number;
    try {
      age = Date.now() - (await lstat(join(dir, name))).mtimeMs;
    } catch (error) {
      if (codeOf(error) === 'ENOENT') continue;
      throw error;
    }
    if (age < PIDLESS_STALE_MS) return 'held';
    stale.push(name);
  }
  return stale;
}

/** One attempt at taking the lock, its holder file inside from the first instant; false when it is held. */
async function take(dir: string, holder: string): Promise<boolean> {
  const staging = `${dir}.${holder}.tmp`;
  await mkdir(staging);
  try {
    await writeFile(join(staging, holder), `${process.pid}\n`);
    await rename(staging, dir);
    return true;
  } catch (error) {
    if (codeOf(error) === 'ENOTEMPTY' || codeOf(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** An unexpected file system error, as the one-line setup error of the check. */
const setupError =
  (dir: string, key: string) =>
  (error: unknown): never => {
    throw new CheckSetupError(`cannot take the lock ${dir} for exclusive use of ${key}: ${(error as Error).message}`);
  };

export interface LockTiming {
  waitLimitMs?: number;
  pollMs?: number;
}

/** Waits for the lock directory `dir` (of `key`, for the error); returns its release. */
export async function acquireLock(dir: string, key: string, timing: LockTiming = {}): Promise<() => Promise<void>> {
  const waitLimitMs = timing.waitLimitMs ?? WAIT_LIMIT_MS;
  const holder = `holder-${process.pid}-${randomBytes(8).toString('hex')}`;
  const started = Date.now();
  for (;;) {
    const state = await inspect(dir).catch(setupError(dir, key));
    if (state !== 'held') {
      // A run that was killed while holding the lock leaves it behind: only what was seen goes.
      for (const name of state) await rm(join(dir, name), { recursive: true, force: true }).catch(setupError(dir, key));
      if (await take(dir, holder).catch(setupError(dir, key))) {
        return async () => {
          await unlink(join(dir, holder)).catch(() => undefined);
          // Empty is free; the directory goes only when no one has taken it meanwhile.
          await rmdir(dir).catch(() => undefined);
        };
      }
    }
    if (Date.now() - started > waitLimitMs) {
      throw new CheckSetupError(`waited ${waitLimitMs} ms for exclusive use of ${key} (lock ${dir})`);
    }
    await new Promise((resolve) => setTimeout(resolve, timing.pollMs ?? POLL_MS));
  }
}

/** Per key: the callers of this process holding or waiting for it, and its lock while this process holds it. */
interface InProcess {
  callers: number;
  lock?: () => Promise<void>;
}

const inProcess = new Map<string, InProcess>();

/**
 * Waits for exclusive use of `key`; returns the release function. Callers of one process take
 * turns in the order they asked; the lock directory passes from one to the next without being
 * let go, so a turn costs no file system round trips (on a busy machine each waits its turn on
 * the event loop, and the checks holding an issue are a run's critical path). It is let go when
 * no caller of this process waits for it.
 */
export async function holdExclusive(key: string): Promise<() => Promise<void>> {
  const previous = queues.get(key) ?? Promise.resolve();
  let releaseQueue!: () => void;
  const mine = new Promise<void>((resolve) => {
    releaseQueue = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(key, tail);
  const state = inProcess.get(key) ?? { callers: 0 };
  inProcess.set(key, state);
  state.callers += 1;
  const leave = () => {
    state.callers -= 1;
    if (state.callers === 0 && inProcess.get(key) === state) inProcess.delete(key);
    releaseQueue();
    if (queues.get(key) === tail) queues.delete(key);
  };
  await previous;

  try {
    state.lock ??= await acquireLock(lockDir(key), key);
  } catch (error) {
    leave();
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      // Another caller of this process is waiting: it takes the lock over as it is.
      if (state.callers === 1) {
        const lock = state.lock;
        state.lock = undefined;
        await lock?.();
      }
    } finally {
      leave();
    }
  };
}
