import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckFailure } from './failure.js';
import { describeCounterexample, runProperty } from './property.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
const arbitrary = fc.record({ n: fc.integer({ min: 0, max: 1000 }), s: fc.string() });

/** The failure runProperty throws, or undefined when the property held. */
async function outcome(independentCases: boolean, failWhen: (n: number) => boolean, seed = 42) {
  try {
    await runProperty({
      arbitrary,
      seed,
      runs: 40,
      width: 4,
      options: { independentCases },
      predicate: async ({ n }) => {
        await tick();
        if (failWhen(n)) throw new CheckFailure({ rule: 'billing.plan.name.length', message: `n is ${n}` });
      },
    });
    return undefined;
  } catch (error) {
    return error as CheckFailure;
  }
}

describe('runProperty', () => {
  it('with independent cases, runs them side by side over exactly the values fc.check would draw', async () => {
    const seen: unknown[] = [];
    let running = 0;
    let most = 0;
    await runProperty({
      arbitrary,
      seed: 7,
      runs: 30,
      width: 4,
      options: { independentCases: true },
      predicate: async (value) => {
        running += 1;
        most = Math.max(most, running);
        seen.push(value);
        await tick();
        running -= 1;
      },
    });
    expect(most).toBe(4);
    expect(new Set(seen.map((v) => JSON.stringify(v)))).toEqual(new Set(fc.sample(arbitrary, { seed: 7, numRuns: 30 }).map((v) => JSON.stringify(v))));
  });

  it('reports the failure a sequential run reports: same seed, shrunk counterexample and path', async () => {
    for (const seed of [1, 42, 4242]) {
      const sequential = await outcome(false, (n) => n > 700, seed);
      const sideBySide = await outcome(true, (n) => n > 700, seed);
      expect(sequential, `seed ${seed}`).toBeInstanceOf(CheckFailure);
      expect(sideBySide?.message).toBe(sequential?.message);
      expect(sideBySide?.seed).toBe(sequential?.seed);
      expect(sideBySide?.path).toBe(sequential?.path);
      expect(sideBySide?.counterexample).toBe(sequential?.counterexample);
    }
  });

  it('keeps a failure seen side by side that does not recur alone, unshrunk, with its path', async () => {
    let calls = 0;
    const failure = await outcome(true, () => (calls += 1) === 3);
    expect(failure).toBeInstanceOf(CheckFailure);
    expect(failure?.path).toMatch(/^\d+$/);
    expect(failure?.counterexample).toBeDefined();
  });

  it('does not shrink on an error that is not a verdict, and says how to replay it', async () => {
    await expect(
      runProperty({
        arbitrary,
        seed: 3,
        runs: 10,
        width: 4,
        options: { independentCases: true },
        predicate: async () => {
          throw new Error('connection reset by the server');
        },
      }),
    ).rejects.toThrow(/connection reset by the server \(fast-check seed 3, path \d+\)/);
  });
});

describe('describeCounterexample', () => {
  it('writes plain data as JSON, also objects without a prototype, and anything else as fast-check does', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { currency_code: 'SEK', value: '1.00' });
    expect(describeCounterexample({ value: { fixed_price: bare }, rule: 'r' })).toBe('{"value":{"fixed_price":{"currency_code":"SEK","value":"1.00"}},"rule":"r"}');
    expect(describeCounterexample({ name: undefined })).toBe(fc.stringify({ name: undefined }));
    expect(describeCounterexample('x'.repeat(3000))).toHaveLength(2001);
  });
});
