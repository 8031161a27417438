import { describe, expect, it } from 'vitest';
import { InFlightLimit } from './in-flight-limit.js';

/** One window of answers at `ms`, with requests that waited for a slot. */
function window(limit: InFlightLimit, ms: number, queued = true): void {
  const count = limit.current;
  for (let i = 0; i < count; i += 1) {
    if (queued) limit.noteQueued();
    limit.noteAnswer(ms);
  }
}

describe('InFlightLimit', () => {
  it('grows while slow answers keep their speed and requests wait, up to the ceiling', () => {
    const limit = new InFlightLimit(8, 32);
    for (let i = 0; i < 20; i += 1) window(limit, 50);
    expect(limit.current).toBe(32);
  });

  it('stays at the floor for a near target, and when nothing waits for a slot', () => {
    const near = new InFlightLimit(8, 32);
    for (let i = 0; i < 20; i += 1) window(near, 2);
    expect(near.current).toBe(8);
    const idle = new InFlightLimit(8, 32);
    for (let i = 0; i < 20; i += 1) window(idle, 50, false);
    expect(idle.current).toBe(8);
  });

  it('falls back when answers slow down under the load, never below the floor', () => {
    const limit = new InFlightLimit(8, 32);
    for (let i = 0; i < 4; i += 1) window(limit, 50);
    const grown = limit.current;
    expect(grown).toBeGreaterThan(8);
    window(limit, 150);
    expect(limit.current).toBeLessThan(grown);
    for (let i = 0; i < 20; i += 1) window(limit, 400);
    expect(limit.current).toBe(8);
  });

  it('never goes past what --rate lets through', () => {
    // 200 per second at 50 ms: 10 in flight are enough.
    const limit = new InFlightLimit(8, 32, 200);
    for (let i = 0; i < 20; i += 1) window(limit, 50);
    expect(limit.current).toBe(10);
  });

  it('is fixed when the ceiling is the floor (--concurrency given)', () => {
    const limit = new InFlightLimit(4, 4);
    for (let i = 0; i < 20; i += 1) window(limit, 50);
    expect(limit.current).toBe(4);
  });
});
