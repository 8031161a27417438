import { describe, expect, it } from 'vitest';
import { heapFlags, LONG_RUN_RUNS, longRunHeapFlags } from './heap-flags.js';

describe('heapFlags', () => {
  it('sets the growth factor and the worker young generation when the user set neither', () => {
    expect(heapFlags([])).toEqual(['--heap-growing-percent=50', '--max-semi-space-size=8']);
  });

  it('keeps a flag the user gave, in either spelling, and sets the other', () => {
    expect(heapFlags(['--max-semi-space-size=32'])).toEqual(['--heap-growing-percent=50']);
    expect(heapFlags(['--heap_growing_percent=100'])).toEqual(['--max-semi-space-size=8']);
    expect(heapFlags(['--max_semi_space_size', '2', '--heap-growing-percent=80'])).toEqual([]);
  });

  it('is not fooled by an unrelated option', () => {
    expect(heapFlags(['--max-old-space-size=4096', '--enable-source-maps'])).toEqual([
      '--heap-growing-percent=50',
      '--max-semi-space-size=8',
    ]);
  });
});

describe('longRunHeapFlags', () => {
  it('grows the heap by less only in runs longer than LONG_RUN_RUNS', () => {
    expect(longRunHeapFlags(10, [])).toEqual([]);
    expect(longRunHeapFlags(LONG_RUN_RUNS, [])).toEqual([]);
    expect(longRunHeapFlags(LONG_RUN_RUNS + 1, [])).toEqual(['--heap-growing-percent=10']);
    expect(longRunHeapFlags(1000, ['--max-semi-space-size=4'])).toEqual(['--heap-growing-percent=10']);
  });

  it("keeps the user's own growth factor", () => {
    expect(longRunHeapFlags(1000, ['--heap_growing_percent=100'])).toEqual([]);
    expect(longRunHeapFlags(1000, ['--heap-growing-percent=80'])).toEqual([]);
  });
});
