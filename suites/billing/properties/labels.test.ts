// labelledValues: every label of a family on every seed, at most `keep` values each, the same
// values for the same seed. The label set must not depend on the seed: a rule that one seed
// exercises and another does not would pass on one run and be "not exercised" on the next.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as g from '../../../generators/index.js';
import { labelled } from '../../../generators/invalid.js';
import { PLAN_ID, PRODUCT_ID, SAMPLE_CYCLES } from '../../../generators/test-support/families.js';
import { RULE_IDS, type RuleId } from '../../../contracts/rules/rule-ids.js';
import { labelOf, labelledValues } from './labels.js';

/** labelledValues grouped by label. */
function drawLabels<T extends g.Invalid>(
  families: fc.Arbitrary<T> | ReadonlyArray<fc.Arbitrary<T>>,
  seed: number,
  samples: number,
  keep: number,
): Map<string, T[]> {
  const byLabel = new Map<string, T[]>();
  for (const value of labelledValues(families, seed, samples, keep))
    byLabel.set(labelOf(value), [...(byLabel.get(labelOf(value)) ?? []), value]);
  return byLabel;
}

const SEEDS = [1, 2, 3, 424242, 20261123, -7];

/** Rule n of the catalog: the machinery under test needs distinct real ids, not their meaning. */
const id = (n: number): RuleId => RULE_IDS[n];

/**
 * A breaker that picks one of `count` labels (rules base..base+count-1) at random: label k of n is
 * hard to meet at random.
 */
const pick =
  (base: number, count: number): g.Breaker<unknown> =>
  () =>
    fc.nat({ max: count - 1 }).map((k) => labelled(k, id(base + k), `broken ${base + k}`, ''));

describe('labelledValues', () => {
  // 40 breakers, one of which nests 6 labels: a random pick meets each nested label once in 240 draws
  const family = g.invalidOf(fc.nat(), [...Array.from({ length: 39 }, (_, i) => pick(i, 1)), pick(100, 6)]);
  const all = [
    ...Array.from({ length: 39 }, (_, i) => `${id(i)}: broken ${i}`),
    ...Array.from({ length: 6 }, (_, k) => `${id(100 + k)}: broken ${100 + k}`),
  ].sort();

  it('meets every label of every breaker, on every seed', () => {
    for (const seed of SEEDS) expect([...drawLabels(family, seed, 200, 1).keys()].sort(), `seed ${seed}`).toEqual(all);
  });

  it('keeps at most `keep` values of a label, and gives the same values for the same seed', () => {
    const kept = drawLabels(family, 5, 200, 3);
    expect(Math.max(...[...kept.values()].map((values) => values.length))).toBe(3);
    expect(JSON.stringify([...drawLabels(family, 5, 200, 3)])).toBe(JSON.stringify([...kept]));
    expect(JSON.stringify([...drawLabels(family, 6, 200, 3)])).not.toBe(JSON.stringify([...kept]));
  });

  it('draws at least `keep` values of a single-label breaker, so a long run sends as many as it asks for', () => {
    const values = drawLabels(family, 9, 200, 30).get(`${id(0)}: broken 0`)!;
    expect(values).toHaveLength(30);
  });

  it('draws as values are taken: the first value costs one batch of its breaker, not the whole family', () => {
    let draws = 0;
    const counted = g.invalidOf(
      fc.nat().map((n) => ((draws += 1), n)),
      [pick(200, 1), pick(201, 1)],
    );
    const values = labelledValues(counted, 1, 200, 2);
    expect(values.next().value?.rule).toBe(id(200));
    expect(draws).toBeLessThanOrEqual(16);
    expect([...values].map((v) => v.rule)).toEqual([id(200), id(201), id(201)]);
  });

  it('draws an arbitrary that invalidOf did not make as it is, until no new label comes', () => {
    const plain = fc.nat({ max: 19 }).map((k) => labelled(k, id(300 + k), 'plain', ''));
    for (const seed of SEEDS) expect(drawLabels(plain, seed, 40, 1).size, `seed ${seed}`).toBe(20);
  });

  it('takes several families and labels each value by its rule and description, quoted text left out', () => {
    const quoted = fc.constant(labelled('x', id(400), 'name "abc" too long', ''));
    const labels = [...drawLabels([quoted, family], 1, 4, 1).keys()];
    expect(labels).toContain(`${id(400)}: name "…" too long`);
    expect(labels).toHaveLength(all.length + 1);
    expect(labelOf(labelled(1, id(400), 'say "it" and "that"', ''))).toBe(`${id(400)}: say "…" and "…"`);
  });

  it('gives the create-plan and create-subscription families the same labels on every seed', () => {
    const families: Array<fc.Arbitrary<g.Invalid>> = [
      g.createPlanBodyInvalid({ productId: PRODUCT_ID, tag: 't ' }),
      g.createSubscriptionBodyInvalid({
        planId: PLAN_ID,
        tag: 't ',
        quantitySupported: true,
        planCycles: SAMPLE_CYCLES,
      }),
    ];
    for (const arb of families) {
      const first = [...drawLabels(arb, SEEDS[0], 200, 1).keys()].sort();
      for (const seed of SEEDS.slice(1, 4))
        expect([...drawLabels(arb, seed, 200, 1).keys()].sort(), `seed ${seed}`).toEqual(first);
    }
  });
});
