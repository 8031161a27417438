// Every label of an invalid family, exercised on every run. The generators' invalid arbitraries
// pick one broken rule at random per draw; at the default runs a random pick would leave most
// rules unexercised. Here values are drawn first (from the check's seed, without sending
// anything), grouped by label, and a few of each label are sent, each as its own property run
// so that a failure carries its seed and counterexample. Drawing beats filtering the arbitrary
// per label: rare labels would cost hundreds of draws each.

import fc from 'fast-check';
import type { CheckContext } from '../../../harness/check.js';
import type { Invalid } from '../../../generators/index.js';

/** The label of a break: its rule and what it says, without the drawn text it quotes. */
export function labelOf(invalid: Invalid): string {
  return `${invalid.rule}: ${invalid.description.replace(/"[^"]*"/g, '"…"')}`;
}

/**
 * Runs `predicate` on values of each label of `invalid` (labels sorted, so the order does not
 * depend on the draw): `samples` draws find the labels; each label gets a share of the run's
 * runs, at least one value.
 */
export async function eachLabel<T extends Invalid>(
  ctx: CheckContext,
  invalid: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  opts: { samples?: number; share?: number } = {},
): Promise<void> {
  const byLabel = new Map<string, T[]>();
  for (const value of fc.sample(invalid, { seed: ctx.seed, numRuns: opts.samples ?? 200 })) {
    const label = labelOf(value);
    byLabel.set(label, [...(byLabel.get(label) ?? []), value]);
  }
  const perLabel = Math.max(1, Math.ceil(ctx.settings.runs / (opts.share ?? 10)));
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
