import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckFailure } from './failure.js';
import { describeCounterexample, runProperty } from './property.js';
import { keptByCase } from './case-scope.js';
import type { FailureDetails } from './failure.js';

/** What ctx.softFail does inside a property case. */
const softFailInCase = (details: FailureDetails): void => {
  if (!keptByCase(details)) throw new Error('not inside a property case');
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
const arbitrary = fc.record({ n: fc.integer({ min: 0, max: 1000 }), s: fc.string() });

/** The first failure runProperty finds, or undefined when the property held. */
async function outcome(independentCases: boolean, failWhen: (n: number) => boolean, seed = 42) {
  const found = await runProperty({
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
  return found.failures[0];
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
    expect(new Set(seen.map((v) => JSON.stringify(v)))).toEqual(
      new Set(fc.sample(arbitrary, { seed: 7, numRuns: 30 }).map((v) => JSON.stringify(v))),
    );
  });

  it('reports the failure a sequential run reports: same seed, shrunk counterexample and path', async () => {
    for (const seed of [1, 42, 4242]) {
      const sequential = await outcome(false, (n) => n > 700, seed);
      const sideBySide = await outcome(true, (n) => n > 700, seed);
      expect(sequential, `seed ${seed}`).toBeInstanceOf(CheckFailure);
      expect(sequential?.counterexample, `seed ${seed}`).toMatch(/"n":701\b/);
      expect(sideBySide?.message).toBe(sequential?.message);
      expect(sideBySide?.seed).toBe(sequential?.seed);
      expect(sideBySide?.path).toBe(sequential?.path);
      expect(sideBySide?.counterexample).toBe(sequential?.counterexample);
    }
  });

  it(
    'goes on past a broken rule: every rule the cases break is reported once, each shrunk on ' + 'its own rule',
    async () => {
      for (const independentCases of [false, true]) {
        let judged = 0;
        const found = await runProperty({
          arbitrary,
          seed: 42,
          runs: 60,
          width: 4,
          options: { independentCases },
          predicate: async ({ n }) => {
            judged += 1;
            await tick();
            if (n > 700) throw new CheckFailure({ rule: 'billing.plan.name.length', message: `n is ${n}` });
            if (n < 200) throw new CheckFailure({ rule: 'billing.plan.status.enum', message: `n is ${n}` });
          },
        });
        expect(found.error).toBeUndefined();
        expect(found.failures.map((failure) => failure.rule).sort()).toEqual([
          'billing.plan.name.length',
          'billing.plan.status.enum',
        ]);
        expect(found.failures.find((failure) => failure.rule === 'billing.plan.name.length')?.counterexample).toMatch(
          /"n":701\b/,
        );
        expect(found.failures.find((failure) => failure.rule === 'billing.plan.status.enum')?.counterexample).toMatch(
          /"n":0\b/,
        );
        // Every case was judged, not only those before the first failure (shrinking adds more).
        expect(judged).toBeGreaterThanOrEqual(60);
      }
    },
  );

  it('without shrinking, replays each failure alone once and searches no smaller case', async () => {
    for (const independentCases of [false, true]) {
      const judged: number[] = [];
      const values = fc.sample(arbitrary, { seed: 42, numRuns: 60 });
      const found = await runProperty({
        arbitrary,
        seed: 42,
        runs: 60,
        width: 4,
        shrink: false,
        options: { independentCases },
        predicate: async ({ n }) => {
          judged.push(n);
          await tick();
          if (n > 700) throw new CheckFailure({ rule: 'billing.plan.name.length', message: `n is ${n}` });
          if (n < 200) throw new CheckFailure({ rule: 'billing.plan.status.enum', message: `n is ${n}` });
        },
      });
      const long = values.findIndex(({ n }) => n > 700);
      const short = values.findIndex(({ n }) => n < 200);
      // Every case, then each rule's first failing case once more, alone.
      expect(judged.slice(60).sort()).toEqual([values[long].n, values[short].n].sort());
      const rules = found.failures.map((failure) => failure.rule).sort();
      expect(rules).toEqual(['billing.plan.name.length', 'billing.plan.status.enum']);
      const failure = found.failures.find((candidate) => candidate.rule === 'billing.plan.name.length')!;
      expect(failure.path).toBe(String(long));
      expect(failure.counterexample).toBe(describeCounterexample(values[long]));
    }
  });

  it('keeps a failure seen side by side that does not recur alone, unshrunk, with its path', async () => {
    let calls = 0;
    const failure = await outcome(true, () => (calls += 1) === 3);
    expect(failure).toBeInstanceOf(CheckFailure);
    expect(failure?.path).toMatch(/^\d+$/);
    expect(failure?.counterexample).toBeDefined();
  });

  it('stops on an error that is not a verdict, does not shrink on it, and says how to replay it', async () => {
    let calls = 0;
    const found = await runProperty({
      arbitrary,
      seed: 3,
      runs: 10,
      width: 4,
      options: { independentCases: true },
      predicate: async () => {
        calls += 1;
        throw new Error('connection reset by the server');
      },
    });
    expect(found.failures).toEqual([]);
    expect(found.error?.message).toMatch(/connection reset by the server \(fast-check seed 3, path \d+\)/);
    expect(calls).toBeLessThanOrEqual(4);
  });

  it('makes a case fail that recorded a failure it went on from, with the seed and path that replay it', async () => {
    const found = await runProperty({
      arbitrary,
      seed: 5,
      runs: 20,
      predicate: async ({ n }) => {
        await tick();
        if (n > 500) softFailInCase({ rule: 'billing.plan.name.length', message: `n is ${n}` });
      },
    });
    expect(found.failures).toHaveLength(1);
    expect(found.failures[0].counterexample).toMatch(/"n":501\b/);
    expect(found.failures[0].path).toBeDefined();
  });
});

describe('describeCounterexample', () => {
  it('writes plain data as JSON, also objects without a prototype, and anything else as fast-check does', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { currency_code: 'SEK', value: '1.00' });
    expect(describeCounterexample({ value: { fixed_price: bare }, rule: 'r' })).toBe(
      '{"value":{"fixed_price":{"currency_code":"SEK","value":"1.00"}},"rule":"r"}',
    );
    expect(describeCounterexample({ name: undefined })).toBe(fc.stringify({ name: undefined }));
    expect(describeCounterexample('x'.repeat(3000))).toHaveLength(2001);
  });
});
