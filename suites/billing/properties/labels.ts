// Every label of an invalid family, exercised on every run. The generators' invalid arbitraries
// pick one broken rule at random per draw; at the default runs a random pick would leave most
// rules unexercised. Here values are drawn first (from the check's seed, without sending
// anything), grouped by label, and a few of each label are sent, each as its own property run
// so that a failure carries its seed and counterexample. Drawing beats filtering the arbitrary
// per label: rare labels would cost hundreds of draws each.

import fc from 'fast-check';
import type { CheckContext } from '../../../harness/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import type { Invalid } from '../../../generators/index.js';

/** The label of a break: its rule and what it says, without the drawn text it quotes. */
export function labelOf(invalid: Invalid): string {
  return `${invalid.rule}: ${invalid.description.replace(/"[^"]*"/g, '"…"')}`;
}

/** Draws beyond `samples` before giving up on finding another label: a cap on the CPU spent. */
const MORE_DRAWS_FACTOR = 16;

/**
 * Draws values of `invalid` grouped by label: `samples` draws, then as many again, doubling,
 * while the last batch still found a label not seen before (some labels are a few in a
 * thousand: 400 fixed draws left 3 to 7 of 39 create-subscription labels out, a different few
 * on every seed), up to MORE_DRAWS_FACTOR x `samples`.
 */
export function drawLabels<T extends Invalid>(invalid: fc.Arbitrary<T>, seed: number, samples: number): Map<string, T[]> {
  const byLabel = new Map<string, T[]>();
  let drawn = 0;
  while (drawn < samples * MORE_DRAWS_FACTOR) {
    const before = byLabel.size;
    const size = drawn === 0 ? samples : drawn;
    for (const value of fc.sample(invalid, { seed: seed + drawn, numRuns: size })) {
      const label = labelOf(value);
      byLabel.set(label, [...(byLabel.get(label) ?? []), value]);
    }
    drawn += size;
    if (drawn > samples && byLabel.size === before) break;
  }
  return byLabel;
}

/**
 * Runs `predicate` on values of each label of `invalid` (labels sorted, so the order does not
 * depend on the draw): drawLabels finds the labels; each label gets a share of the run's runs,
 * at least one value.
 */
export async function eachLabel<T extends Invalid>(
  ctx: CheckContext,
  invalid: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  opts: { samples?: number; share?: number } = {},
): Promise<void> {
  const byLabel = drawLabels(invalid, ctx.seed, opts.samples ?? 200);
  const perLabel = shareOfRuns(ctx.settings.runs, opts.share ?? 10);
  for (const label of [...byLabel.keys()].sort()) {
    for (const value of byLabel.get(label)!.slice(0, perLabel)) {
      await ctx.property(fc.constant(value), predicate, { numRuns: 1 });
    }
  }
}

/** What a break did, for messages: its description and where. */
export function describeBreak(invalid: Invalid): string {
  return `${invalid.description}${invalid.path ? ` at ${invalid.path}` : ''}`;
}
