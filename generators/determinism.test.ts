// Same fast-check seed, same values: a failing run replays exactly, faker-derived data included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as g from './index.js';
import { mulberry32 } from './faker.js';

const PRODUCT = 'PROD-4CWK2S8EBB4FG3ZT1';
const PLAN = 'P-0ABCDEFGHIJKLMNOPQRSTUVW';

const arbitraries: Record<string, fc.Arbitrary<unknown>> = {
  fullName: g.fullName,
  email: g.emailAddress,
  postalAddress: g.postalAddress,
  companyName: g.companyName,
  login: g.login,
  createPlanBody: g.createPlanBody({ productId: PRODUCT, tag: 'run-7 ' }),
  createPlanBodyInvalid: g.createPlanBodyInvalid({ productId: PRODUCT }),
  createSubscriptionBody: g.createSubscriptionBody({ planId: PLAN, tag: 'run-7 ', quantitySupported: true }),
  subscriptionResource: g.subscriptionResource,
  issue: g.issue,
  planPatchRefused: g.planPatchRefused(),
};

describe('determinism', () => {
  for (const [name, arb] of Object.entries(arbitraries)) {
    it(`${name}: the same seed gives the same values`, () => {
      const a = fc.sample(arb, { seed: 4242, numRuns: 25 });
      const b = fc.sample(arb, { seed: 4242, numRuns: 25 });
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      const c = fc.sample(arb, { seed: 4243, numRuns: 25 });
      expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
    });
  }

  it('a faker value depends on its seed only, not on what was drawn before', () => {
    const first = fc.sample(g.fullName, { seed: 9, numRuns: 5 });
    fc.sample(g.postalAddress, { seed: 1, numRuns: 50 }); // moves any shared state
    expect(fc.sample(g.fullName, { seed: 9, numRuns: 5 })).toEqual(first);
    expect(g.withFaker(123, (f) => f.person.fullName())).toBe(g.withFaker(123, (f) => f.person.fullName()));
  });

  it("faker's randomizer (mulberry32): the same seed gives the same sequence, in [0, 1), spread evenly", () => {
    const draw = (seed: number | number[], n: number): number[] => {
      const r = mulberry32();
      r.seed(seed);
      return Array.from({ length: n }, () => r.next());
    };
    expect(draw(42, 8)).toEqual(draw(42, 8));
    expect(draw(42, 8)).not.toEqual(draw(43, 8));
    expect(draw([1, 2], 8)).toEqual(draw([1, 2], 8));
    expect(draw([1, 2], 8)).not.toEqual(draw([2, 1], 8));
    const values = draw(7, 20_000);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    // ten buckets of 2000 expected each; a biased or stuck generator is far outside 1800..2200
    const buckets = Array.from({ length: 10 }, (_, b) => values.filter((v) => Math.floor(v * 10) === b).length);
    expect(Math.min(...buckets)).toBeGreaterThan(1800);
    expect(Math.max(...buckets)).toBeLessThan(2200);
  });

  it('replaying a counterexample by seed and path gives the same value', () => {
    const arb = g.createSubscriptionBody({ planId: PLAN, tag: 'r ' });
    let seen: unknown;
    const details = fc.check(
      fc.property(arb, (b) => {
        seen = b;
        return (b.custom_id ?? '').length < 60;
      }),
      { seed: 77, numRuns: 200 },
    );
    expect(details.failed).toBe(true);
    const replayed = fc.check(
      fc.property(arb, (b) => {
        seen = b;
        return (b.custom_id ?? '').length < 60;
      }),
      { seed: 77, path: details.counterexamplePath ?? undefined, endOnFailure: true },
    );
    expect(replayed.counterexample?.[0]).toEqual(details.counterexample?.[0]);
    expect(seen).toBeDefined();
  });
});
