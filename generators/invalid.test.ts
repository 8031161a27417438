// breakersOf splits a family made by invalidOf into one arbitrary per breaker, so that a caller
// can draw every breaker instead of waiting for a random pick to reach the rare ones.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as g from './index.js';
import { labelled, replaceWith } from './invalid.js';
import { PLAN_ID, PRODUCT_ID, SAMPLE_CYCLES } from './test-support/families.js';

const rules = (arb: fc.Arbitrary<g.Invalid>, seed: number, numRuns = 40): Set<string> =>
  new Set(fc.sample(arb, { seed, numRuns }).map((b) => b.rule));

describe('breakersOf', () => {
  const family = g.invalidOf(fc.record({ a: fc.nat(), b: fc.string() }), [
    g.at(['a'], replaceWith('billing.plan.name.type', 'a is a string', 'x')),
    g.at(['b'], replaceWith('billing.plan.description.type', 'b is a number', 7)),
    g.at(['b'], () =>
      fc
        .constantFrom('billing.plan.id.type', 'billing.plan.id.pattern')
        .map((rule) => labelled(null, rule, `${rule} broken`, '')),
    ),
  ]);

  it('gives one arbitrary per breaker, in order, each drawing only its own breaks', () => {
    const strata = g.breakersOf(family)!;
    expect(strata).toHaveLength(3);
    expect(rules(strata[0], 1)).toEqual(new Set(['billing.plan.name.type']));
    expect(rules(strata[1], 1)).toEqual(new Set(['billing.plan.description.type']));
    expect(rules(strata[2], 1)).toEqual(new Set(['billing.plan.id.type', 'billing.plan.id.pattern']));
    // each break is applied to a valid value of the family, at its member
    for (const b of fc.sample(strata[1], { seed: 3, numRuns: 20 }))
      expect(b).toMatchObject({ value: { b: 7 }, path: '/b' });
  });

  it('is undefined for an arbitrary that invalidOf did not make', () => {
    expect(g.breakersOf(fc.constant(labelled(1, 'billing.plan.name.type', 'd', '')))).toBeUndefined();
    expect(g.breakersOf(family.map((b) => b))).toBeUndefined();
  });

  it('sixteen draws of each breaker meet every rule that 800 random picks of the family meet', () => {
    const families: Array<[string, fc.Arbitrary<g.Invalid>]> = [
      ['create plan', g.createPlanBodyInvalid({ productId: PRODUCT_ID, tag: 't ' })],
      [
        'create subscription',
        g.createSubscriptionBodyInvalid({
          planId: PLAN_ID,
          tag: 't ',
          quantitySupported: true,
          planCycles: SAMPLE_CYCLES,
        }),
      ],
      ['update pricing', g.updatePricingBodyInvalid({ cycles: SAMPLE_CYCLES })],
    ];
    for (const [name, arb] of families) {
      const picked = rules(arb, 11, 800);
      const drawn = new Set(g.breakersOf(arb)!.flatMap((stratum, i) => [...rules(stratum, 100 + i, 16)]));
      expect(
        [...picked].filter((rule) => !drawn.has(rule)),
        name,
      ).toEqual([]);
    }
  });
});

describe('setAt', () => {
  // The copy it breaks is the JSON copy of the host, as JSON.parse(JSON.stringify(host)) made it
  // (what is sent is JSON): undefined members left out, -0 and non-finite numbers as JSON writes
  // them, a member named __proto__ kept as a member, a Date as its text.
  const jsonRoundTrip = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;

  it('copies any host as a JSON round trip would, then sets the member', () => {
    const host = fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom('__proto__', 'toJSON', '0', '10', 'constructor')),
      fc.oneof(
        fc.anything({ withObjectString: true, withNullPrototype: true, withSparseArray: true }),
        fc.date(),
        fc.array(fc.constantFrom(-0, NaN, Infinity, undefined, () => 1)),
      ),
    );
    fc.assert(
      fc.property(host, fc.anything(), (root, value) => {
        const expected = jsonRoundTrip(root) as Record<string, unknown>;
        Object.defineProperty(expected, 'broken', { value, enumerable: true, writable: true, configurable: true });
        // isDeepStrictEqual: prototypes, -0 and members named `constructor` compared as they are.
        expect(isDeepStrictEqual(g.setAt(root, ['broken'], value), expected)).toBe(true);
        expect(JSON.stringify(g.setAt(root, ['broken'], 1))).toBe(JSON.stringify({ ...expected, broken: 1 }));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('does not share a member with the host', () => {
    const root = { a: { b: [1, { c: 2 }] }, d: 'x' };
    const copy = g.setAt(root, ['d'], 'y');
    (copy.a.b[1] as { c: number }).c = 3;
    expect(root).toEqual({ a: { b: [1, { c: 2 }] }, d: 'x' });
  });
});
