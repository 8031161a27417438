import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, holdExclusive, lockDir } from './exclusive.js';
import { CheckSetupError } from './failure.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniqueKey = (name: string) => `exclusive.test ${process.pid} ${Date.now()} ${Math.random()} ${name}`;
/** A pid no process has. */
const DEAD_PID = 2147483646;

/** The lock of `key` as a holder of `pid` left it (or, with no pid, as an older version killed mid-write did). */
async function leftLock(key: string, entry: { name: string; text?: string; ageMs?: number }): Promise<string> {
  const dir = lockDir(key);
  await mkdir(dir);
  const file = join(dir, entry.name);
  await writeFile(file, entry.text ?? '');
  if (entry.ageMs) {
    const then = new Date(Date.now() - entry.ageMs);
    await utimes(file, then, then);
  }
  return dir;
}

describe('holdExclusive', () => {
  it('lets one holder of a key at a time, in the order they asked', async () => {
    const key = uniqueKey('order');
    const events: string[] = [];
    const holder = async (name: string) => {
      const release = await holdExclusive(key);
      events.push(`${name} in`);
      await tick(5);
      events.push(`${name} out`);
      await release();
    };
    await Promise.all([holder('a'), holder('b'), holder('c')]);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('passes the lock from one caller of the process to the next as it is, and lets it go after the last', async () => {
    const key = uniqueKey('handover');
    const seen: string[][] = [];
    const holder = async () => {
      const release = await holdExclusive(key);
      seen.push(await readdir(lockDir(key)));
      await tick(2);
      await release();
    };
    await Promise.all([holder(), holder(), holder()]);
    expect(seen[0]).toEqual([expect.stringMatching(/^holder-/)]);
    expect(seen).toEqual([seen[0], seen[0], seen[0]]);
    await expect(readdir(lockDir(key))).rejects.toMatchObject({ code: 'ENOENT' });
    // a caller after that takes it afresh
    const release = await holdExclusive(key);
    expect(await readdir(lockDir(key))).not.toEqual(seen[0]);
    await release();
  });

  it('does not hold back another key', async () => {
    const releaseA = await holdExclusive(uniqueKey('a'));
    const releaseB = await holdExclusive(uniqueKey('b'));
    await releaseB();
    await releaseA();
  });

  it('holds the lock with its holder inside from the first instant, and leaves nothing once released', async () => {
    const key = uniqueKey('inside');
    const release = await holdExclusive(key);
    expect(await readdir(lockDir(key))).toEqual([
      expect.stringMatching(new RegExp(`^holder-${process.pid}-[0-9a-f]+$`)),
    ]);
    await release();
    await expect(readdir(lockDir(key))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it(
    'takes over a lock left by a process that is gone (by its holder name, or a pid file of ' + 'the format before)',
    async () => {
      for (const entry of [{ name: `holder-${DEAD_PID}-abc123` }, { name: 'pid', text: String(DEAD_PID) }]) {
        const key = uniqueKey('stale');
        await leftLock(key, entry);
        const release = await holdExclusive(key);
        await release();
      }
    },
  );

  it('breaks a lock that names no pid once it is a few seconds old, and an empty one at once', async () => {
    for (const entry of [
      { name: 'pid', ageMs: 10_000 },
      { name: 'junk', text: 'x', ageMs: 10_000 },
    ]) {
      const key = uniqueKey('pidless');
      const started = Date.now();
      const release = await acquireLock(await leftLock(key, entry), key, { waitLimitMs: 1_000 });
      expect(Date.now() - started).toBeLessThan(1_000);
      await release();
    }
    const key = uniqueKey('empty');
    await mkdir(lockDir(key));
    await (
      await acquireLock(lockDir(key), key, { waitLimitMs: 1_000 })
    )();
  });

  it('does not break a lock of a live holder, nor a pid-less one just made', async () => {
    for (const entry of [{ name: `holder-${process.pid}-def456` }, { name: 'pid' }]) {
      const key = uniqueKey('live');
      const dir = await leftLock(key, entry);
      try {
        await expect(acquireLock(dir, key, { waitLimitMs: 200 })).rejects.toThrow(CheckSetupError);
        expect(await readdir(dir)).toEqual([entry.name]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('never lets two contenders over a dead holder both hold it (200 rounds)', async () => {
    let inside = 0;
    let overlaps = 0;
    let entries = 0;
    for (let round = 0; round < 200; round += 1) {
      const key = uniqueKey(`race ${round}`);
      const dir = await leftLock(key, { name: `holder-${DEAD_PID}-${round.toString(16)}` });
      const contender = async (index: number): Promise<void> => {
        // Staggered starts: a later contender may see the dead holder while an earlier one breaks it.
        await tick((round + index) % 3);
        const release = await acquireLock(dir, key, { waitLimitMs: 5_000, pollMs: 1 });
        inside += 1;
        if (inside > 1) overlaps += 1;
        // While held, the lock is exactly its holder's.
        entries = Math.max(entries, (await readdir(dir)).length);
        await tick(1);
        inside -= 1;
        await release();
      };
      await Promise.all([0, 1, 2].map(contender));
    }
    expect(overlaps).toBe(0);
    expect(entries).toBe(1);
  }, 30_000);
});
