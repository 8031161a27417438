import type { SpecFile } from '../rule.js';
import { sentenceLabel, specSentences, type Sentence } from './sentences.js';

// A place in a spec as the catalog and the trace marks write it (a file, the lines of a sentence,
// words of it) and the sentence it names. The words are found case-insensitively.

export interface Locator {
  file: SpecFile;
  lines: { from: number; to: number };
  words: string;
}

/** The one sentence the locator names, or why it names none. */
export function locate(at: Locator, sentences: readonly Sentence[] = specSentences(at.file)): Sentence | string {
  const where = `${at.file}:${at.lines.from === at.lines.to ? at.lines.from : `${at.lines.from}-${at.lines.to}`}`;
  const onLines = sentences.filter((s) => s.lines.from === at.lines.from && s.lines.to === at.lines.to);
  if (onLines.length === 0) return `${where} is not a sentence (a table row, a list item or a sentence of prose)`;
  const words = at.words.toLowerCase();
  const found = onLines.filter((s) => s.text.toLowerCase().includes(words));
  if (found.length === 1) return found[0];
  if (found.length === 0) return `${where} has no sentence holding "${at.words}"`;
  const labels = found.map(sentenceLabel).join(', ');
  return `"${at.words}" is in ${found.length} sentences of ${where} (${labels}): give words of one`;
}
