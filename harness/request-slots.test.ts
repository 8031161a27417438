import { describe, expect, it } from 'vitest';
import { RequestSlots } from './request-slots.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RequestSlots', () => {
  it('never lets more tasks run at once than it has slots, and runs every task', async () => {
    const slots = new RequestSlots(3);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick(1 + (i % 3));
          running -= 1;
          done.push(i);
        }),
      ),
    );
    expect(most).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('frees the slot when a task throws', async () => {
    const slots = new RequestSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('reset')))).rejects.toThrow('reset');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });

  it('gives the next free slot to a task marked first, before those waiting longer', async () => {
    const slots = new RequestSlots(1);
    const order: string[] = [];
    let release!: () => void;
    const holder = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const plain = slots.run(async () => void order.push('plain'));
    const urgent = slots.run(async () => void order.push('first'), 0, true);
    release();
    await Promise.all([holder, plain, urgent]);
    expect(order).toEqual(['first', 'plain']);
  });

  it(
    'gives a freed slot to the waiting request of the check that started first, in arrival ' + 'order among its own',
    async () => {
      const slots = new RequestSlots(1);
      const early = slots.nextRank();
      const late = slots.nextRank();
      const order: string[] = [];
      let release!: () => void;
      const holder = slots.run(() => new Promise<void>((resolve) => (release = resolve)), early);
      const waiting = [
        slots.run(async () => void order.push('late 1'), late),
        slots.run(async () => void order.push('early 1'), early),
        slots.run(async () => void order.push('late 2'), late),
        slots.run(async () => void order.push('early 2'), early),
      ];
      release();
      await Promise.all([holder, ...waiting]);
      expect(order).toEqual(['early 1', 'early 2', 'late 1', 'late 2']);
    },
  );

  it('lets more requests in flight once a slow target keeps up, within its ceiling', async () => {
    const slots = new RequestSlots(2, 6);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 60 }, () =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick(25);
          running -= 1;
          slots.noteAnswer(25);
        }),
      ),
    );
    expect(slots.current).toBeGreaterThan(2);
    expect(most).toBeGreaterThan(2);
    expect(most).toBeLessThanOrEqual(6);
  });
});
