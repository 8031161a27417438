import type { Rule } from '../rule.js';
import { locate, type Locator } from './locate.js';
import type { Mark } from './marks.js';
import { sentenceLabel, SPEC_FILES, specSentences, type Sentence } from './sentences.js';

// The trace: every sentence of both specs with the rules anchored at it, or the mark that says
// why none is (informational, not observable, restated elsewhere). Derived from the rule records
// and the marks; what cannot be accounted for is a problem the trace test reports.

export interface TraceEntry {
  sentence: Sentence;
  label: string;
  rules: Rule[];
  mark?: Mark;
  /** For a sentence that restates others: those (their labels) and their rules. */
  restates: string[];
  restated: Rule[];
}

export interface Trace {
  entries: TraceEntry[];
  problems: string[];
}

const key = (sentence: Sentence) => sentenceLabel(sentence);
const short = (text: string) => (text.length > 70 ? `${text.slice(0, 69)}…` : text);

/** The entries of both specs, in file order, and what does not add up. */
export function buildTrace(
  rules: readonly Rule[],
  marks: readonly Mark[],
  sentences: readonly Sentence[] = SPEC_FILES.flatMap((file) => specSentences(file)),
): Trace {
  const problems: string[] = [];
  const entryOf = (sentence: Sentence): TraceEntry => ({
    sentence,
    label: key(sentence),
    rules: [],
    restates: [],
    restated: [],
  });
  const entries = new Map(sentences.map((sentence) => [key(sentence), entryOf(sentence)]));
  const find = (at: Locator): TraceEntry | string => {
    const found = locate(
      at,
      sentences.filter((sentence) => sentence.file === at.file),
    );
    return typeof found === 'string' ? found : (entries.get(key(found)) as TraceEntry);
  };

  for (const rule of rules) {
    const entry = find(rule.spec);
    if (typeof entry === 'string') problems.push(`${rule.id}: ${entry}`);
    else if (entry.sentence.heading !== rule.spec.heading) {
      const sits = `${entry.label} sits under "${entry.sentence.heading}"`;
      problems.push(`${rule.id}: its anchor names the section "${rule.spec.heading}", but ${sits}`);
    } else entry.rules.push(rule);
  }
  for (const mark of marks) {
    const entry = find(mark.at);
    if (typeof entry === 'string') problems.push(`mark: ${entry}`);
    else if (entry.mark) problems.push(`${entry.label} carries two marks`);
    else if (entry.rules.length > 0) {
      problems.push(`${entry.label} is marked, but rules are anchored at it (${entry.rules[0].id}): drop the mark`);
    } else entry.mark = mark;
  }
  for (const entry of entries.values()) {
    const mark = entry.mark;
    if (mark && 'restates' in mark) {
      for (const target of mark.restates) {
        const restated = find(target);
        if (typeof restated === 'string') problems.push(`${entry.label} restates what is not a sentence: ${restated}`);
        else if (restated.rules.length === 0) {
          problems.push(`${entry.label} restates ${restated.label}, which no rule is anchored at`);
        } else {
          entry.restates.push(restated.label);
          entry.restated.push(...restated.rules);
        }
      }
    }
    if (!mark && entry.rules.length === 0) {
      problems.push(`${entry.label} "${short(entry.sentence.text)}": no rule is anchored at it and it carries no mark`);
    }
  }
  return { entries: [...entries.values()], problems };
}
