import type { Rule } from '../rule.js';
import type { TraceEntry } from './trace.js';

// The sentences of the trace that no check covers, each with why: informational (it says nothing
// a server can honour or break), not observable (no request or answer of a run can show it: the
// sentence's mark, or the reason of each of its rules), or not checked: it states what a client
// can see, yet none of its rules (or of the rules of the sentences it restates) is checked.

export type Uncovered =
  | { entry: TraceEntry; why: 'informational'; reasons: string[] }
  | { entry: TraceEntry; why: 'not observable'; reasons: string[] }
  | { entry: TraceEntry; why: 'not checked'; rules: Rule[] };

/** The rules that account for a sentence: its own, or those of the sentences it restates. */
const rulesOf = (entry: TraceEntry): Rule[] => (entry.rules.length > 0 ? entry.rules : entry.restated);

/** The sentences no check covers, in trace order; `checked` says whether some check checks a rule. */
export function uncoveredSentences(entries: readonly TraceEntry[], checked: (rule: Rule) => boolean): Uncovered[] {
  const out: Uncovered[] = [];
  for (const entry of entries) {
    const mark = entry.mark;
    if (mark && 'informational' in mark) out.push({ entry, why: 'informational', reasons: [mark.informational] });
    else if (mark && 'notObservable' in mark) out.push({ entry, why: 'not observable', reasons: [mark.notObservable] });
    else {
      const rules = rulesOf(entry);
      if (rules.some(checked)) continue;
      const observable = rules.filter((rule) => rule.notObservable === undefined);
      // (a sentence with neither rules nor a mark is the trace's own problem: not checked either)
      if (observable.length > 0 || rules.length === 0) out.push({ entry, why: 'not checked', rules: observable });
      else out.push({ entry, why: 'not observable', reasons: [...new Set(rules.map((rule) => rule.notObservable!))] });
    }
  }
  return out;
}
