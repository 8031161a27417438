import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdExclusive, lockDir } from './exclusive.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniqueKey = (name: string) => `exclusive.test ${process.pid} ${Date.now()} ${name}`;

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

  it('does not hold back another key', async () => {
    const releaseA = await holdExclusive(uniqueKey('a'));
    const releaseB = await holdExclusive(uniqueKey('b'));
    await releaseB();
    await releaseA();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const key = uniqueKey('stale');
    // the directory a killed run left behind, with a pid no process has
    const dir = lockDir(key);
    await mkdir(dir);
    await writeFile(join(dir, 'pid'), '2147483646');
    const release = await holdExclusive(key);
    await release();
  });
});
