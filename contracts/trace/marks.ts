import type { SpecFile } from '../rule.js';
import type { Locator } from './locate.js';

// The hand-written part of the trace: each sentence of the specs that no rule is anchored at,
// with why. Everything else in the trace is derived from the rule records.

export type Mark =
  /** Says nothing an implementation can honour or break (an introduction, a "not shown"). */
  | { at: Locator; informational: string }
  /** States something a black-box client cannot see within a run. */
  | { at: Locator; notObservable: string }
  /** Repeats what other sentences state: their rules check it. */
  | { at: Locator; restates: Locator[]; why: string };

const place = (file: SpecFile, line: number, words: string): Locator => ({
  file,
  lines: { from: line, to: line },
  words,
});

/** Builders of one spec's marks. */
export function marksOf(file: SpecFile) {
  return {
    info: (line: number, words: string, why: string): Mark => ({ at: place(file, line, words), informational: why }),
    hidden: (line: number, words: string, why: string): Mark => ({ at: place(file, line, words), notObservable: why }),
    restates: (line: number, words: string, targets: Array<[number, string]>, why: string): Mark => ({
      at: place(file, line, words),
      restates: targets.map(([target, targetWords]) => place(file, target, targetWords)),
      why,
    }),
  };
}
