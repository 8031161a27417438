// Every label of an invalid family, exercised on every run. The generators' invalid arbitraries
// pick one broken rule at random per draw; at the default runs a random pick would leave most
// rules unexercised. Here a family made by invalidOf is drawn breaker by breaker (breakersOf),
// so no breaker depends on luck, from the check's seed, and up to a share of the runs of each
// label is sent as it is drawn, each as its own property run so that a failure carries its seed
// and counterexample. Drawing beats filtering the arbitrary per label, where rare labels would
// cost hundreds of draws each.

import fc from 'fast-check';
import type { CheckContext } from '../../../harness/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import { breakersOf, lazySample, type Invalid } from '../../../generators/index.js';

/** The label of a break: its rule and what it says, without the drawn text it quotes. */
export function labelOf(invalid: Invalid): string {
  return `${invalid.rule}: ${invalid.description.replace(/"[^"]*"/g, '"…"')}`;
}

/** A stratum draws at most this many times its first batch: a cap on the CPU spent. */
const MORE_DRAWS_FACTOR = 16;

/** First draws of one breaker of an invalidOf family: most breakers are one label. */
const BREAKER_SAMPLES = 16;

/**
 * Draws without a new label, per label met, before a stratum is taken as drawn out. With m
 * labels met, an unmet label as likely as those would have been missed 12m times in a row:
 * about e^-6 for m = 1 and less beyond. A doubling rule ("stop when a batch as large as all
 * drawn so far meets nothing new") missed one of 6 nested labels about once in 20 seeds.
 */
const DRAWS_PER_LABEL = 12;

/**
 * Values of `arbitrary` to send, at most `keep` of each label (`sent` counts them across
 * strata), drawn `first` at a time. A stratum is drawn out once max(`first`, DRAWS_PER_LABEL x
 * labels met) draws in a row met no new label and it gave `keep` values per label met, or after
 * MORE_DRAWS_FACTOR x max(`first`, `keep`) draws.
 */
function* drawStratum<T extends Invalid>(
  arbitrary: fc.Arbitrary<T>,
  seed: number,
  first: number,
  keep: number,
  sent: Map<string, number>,
): Generator<T> {
  const met = new Set<string>();
  let drawn = 0;
  let sinceNew = 0;
  const cap = MORE_DRAWS_FACTOR * Math.max(first, keep);
  while (drawn < cap) {
    for (const value of lazySample(arbitrary, (seed + drawn) | 0, first)) {
      drawn += 1;
      sinceNew += 1;
      const label = labelOf(value);
      if (!met.has(label)) {
        met.add(label);
        sinceNew = 0;
      }
      const count = sent.get(label) ?? 0;
      if (count < keep) {
        sent.set(label, count + 1);
        yield value;
      }
      if (sinceNew >= Math.max(first, DRAWS_PER_LABEL * met.size) && drawn >= keep * met.size) return;
    }
  }
}

/**
 * Values of every label of the given families, at most `keep` of each, one at a time (a long
 * run sends thousands: none is kept once sent). A family made by invalidOf is drawn breaker
 * by breaker (a random pick of the whole family meets some labels a few times in a thousand:
 * 400 fixed draws left 3 to 7 of 39 create-subscription labels out, a different few on every
 * seed), BREAKER_SAMPLES at a time; any other arbitrary `samples` at a time. The same seed
 * gives the same values in the same order.
 */
export function* labelledValues<T extends Invalid>(
  families: fc.Arbitrary<T> | ReadonlyArray<fc.Arbitrary<T>>,
  seed: number,
  samples: number,
  keep: number,
): Generator<T> {
  const sent = new Map<string, number>();
  const strata = [families]
    .flat()
    .flatMap(
      (family) =>
        breakersOf(family)?.map((arbitrary) => ({ arbitrary, first: BREAKER_SAMPLES })) ?? [
          { arbitrary: family, first: samples },
        ],
    );
  for (const [i, { arbitrary, first }] of strata.entries())
    yield* drawStratum(arbitrary, seed + Math.imul(i, 0x9e3779b1), first, keep, sent);
}

/**
 * Runs `predicate` on values of each label of `invalid` (one family or several), each as its
 * own property run: each label gets a share of the run's runs, at least one value. A drawn value
 * is not shrunk; `smaller` gives the failure a smaller request that breaks the same rule.
 */
export async function eachLabel<T extends Invalid>(
  ctx: CheckContext,
  invalid: fc.Arbitrary<T> | ReadonlyArray<fc.Arbitrary<T>>,
  predicate: (value: T) => Promise<void>,
  opts: { samples?: number; share?: number; smaller?: (value: T) => T | undefined } = {},
): Promise<void> {
  const perLabel = shareOfRuns(ctx.settings.runs, opts.share ?? 10);
  for (const value of labelledValues(invalid, ctx.seed, opts.samples ?? 200, perLabel)) {
    // Drawn all the same: a value left out changes none of the values drawn after it.
    if (!ctx.inFocus(value.rule)) continue;
    await ctx.property(fc.constant(value), predicate, {
      numRuns: 1,
      ...(opts.smaller ? { smaller: opts.smaller } : {}),
    });
  }
}

/** What a break did, for messages: its description and where. */
export function describeBreak(invalid: Invalid): string {
  return `${invalid.description}${invalid.path ? ` at ${invalid.path}` : ''}`;
}
