import { describe, expect, it } from 'vitest';
import { cyclesText, sequencesOf } from './documents.js';

// What a plan's answer showed of its billing cycles, said as it showed them.

describe('the cycles a plan shows', () => {
  it('are the sequences of its answer, in its order, whatever was sent', () => {
    const plan = { billing_cycles: [{ sequence: 1 }, { sequence: 2 }, { sequence: 3 }] };
    expect(sequencesOf(plan)).toEqual([1, 2, 3]);
    expect(cyclesText(sequencesOf(plan))).toBe('cycles 1, 2 and 3');
    expect(cyclesText(sequencesOf({ billing_cycles: [{ sequence: 2 }, { sequence: 1 }] }))).toBe('cycles 2 and 1');
    expect(cyclesText(sequencesOf({ billing_cycles: [{ sequence: 1 }, { name: 'no sequence' }] }))).toBe('cycle 1');
    expect(sequencesOf({ id: 'P-1' })).toEqual([]);
    expect(cyclesText([])).toBe('no cycles');
  });
});
