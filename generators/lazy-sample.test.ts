// lazySample gives exactly fc.sample's values (same seed, same order, bias included), and draws
// only those that are read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakersOf, planResourceInvalid, subscriptionResourceInvalid } from './index.js';
import { lazySample } from './lazy-sample.js';

const SEEDS = [1, 7, 11, -7, 20261127];

describe('lazySample', () => {
  const arbitraries: Array<[string, fc.Arbitrary<unknown>]> = [
    ['a biased integer', fc.integer()],
    ['a string', fc.string({ maxLength: 40 })],
    ['a record with options', fc.record({ a: fc.nat(), b: fc.option(fc.double()), c: fc.array(fc.boolean()) })],
    ['a chained arbitrary', fc.nat({ max: 5 }).chain((n) => fc.array(fc.nat(), { minLength: n, maxLength: n }))],
    ['the plan resource family (invalidOf)', planResourceInvalid],
    ['one breaker of the subscription resource family', breakersOf(subscriptionResourceInvalid)![5]],
  ];
  for (const [name, arbitrary] of arbitraries) {
    it(`gives fc.sample's values of ${name}, on every seed`, () => {
      for (const seed of SEEDS)
        expect([...lazySample(arbitrary, seed, 30)]).toEqual(fc.sample(arbitrary, { seed, numRuns: 30 }));
    });
  }

  it('draws a value only when it is read', () => {
    let drawn = 0;
    const counted = fc.nat().map((n) => ((drawn += 1), n));
    const values = lazySample(counted, 3, 50);
    expect(drawn).toBe(0);
    values.next();
    values.next();
    expect(drawn).toBe(2);
  });
});
