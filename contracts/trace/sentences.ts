import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import type { SpecFile } from '../rule.js';

// The two specs cut into sentences, the unit a rule is anchored at and the trace accounts for:
// a table row, a list item, or one sentence of a paragraph. Headings give each its section;
// a table's header and separator rows and blank lines are structure, not sentences.

export type SentenceForm = 'table row' | 'list item' | 'prose';

export interface Sentence {
  file: SpecFile;
  /** 1-based, inclusive. */
  lines: { from: number; to: number };
  /** Its place among the sentences that start on the same line (1-based), and how many do. */
  place: number;
  places: number;
  /** The nearest heading above it (its section). */
  heading: string;
  form: SentenceForm;
  /** The sentence as written (a table row without its outer bars, a list item without its marker). */
  text: string;
}

/** The form in words: "a table row", "a list item", "a sentence of prose". */
export const formInWords = (form: SentenceForm): string => (form === 'prose' ? 'a sentence of prose' : `a ${form}`);

export const SPEC_FILES: readonly SpecFile[] = ['billing.md', 'assignees.md'];

const HEADING = /^(#{1,6})\s+(.+?)\s*$/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const TABLE_SEPARATOR = /^\s*\|(\s*:?-+:?\s*\|)+\s*$/;
const LIST_ITEM = /^\s*(?:\d+\.|[-*])\s+(.*)$/;
/** A sentence ends at . ! or ? followed by space and a capital letter (never inside "1..127" or "n/..."). */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z])/g;

interface Line {
  number: number;
  text: string;
}

/** One paragraph's sentences, each with the lines it spans. */
function proseSentences(file: SpecFile, heading: string, paragraph: Line[]): Sentence[] {
  const joined = paragraph.map((line) => line.text.trim()).join(' ');
  // the offset where each line starts in the joined text, to map a sentence back to its lines
  const starts: number[] = [];
  let offset = 0;
  for (const line of paragraph) {
    starts.push(offset);
    offset += line.text.trim().length + 1;
  }
  const lineAt = (at: number): number => {
    let index = 0;
    while (index + 1 < starts.length && starts[index + 1] <= at) index += 1;
    return paragraph[index].number;
  };
  const out: Sentence[] = [];
  let from = 0;
  const ends = [...joined.matchAll(SENTENCE_END)].map((match) => ({
    end: match.index,
    next: match.index + match[0].length,
  }));
  for (const { end, next } of [...ends, { end: joined.length, next: joined.length }]) {
    const text = joined.slice(from, end).trim();
    const first = lineAt(from);
    const place = out.filter((sentence) => sentence.lines.from === first).length + 1;
    const lines = { from: first, to: lineAt(Math.max(from, end - 1)) };
    if (text) out.push({ file, lines, place, places: 1, heading, form: 'prose', text });
    from = next;
  }
  for (const sentence of out) sentence.places = out.filter((other) => other.lines.from === sentence.lines.from).length;
  return out;
}

/** Every sentence of a spec file's text, in order. */
export function sentencesOf(file: SpecFile, text: string): Sentence[] {
  const out: Sentence[] = [];
  let heading = '';
  let paragraph: Line[] = [];
  let inTable = false;
  const single = (line: number, form: SentenceForm, sentence: string): Sentence => ({
    file,
    lines: { from: line, to: line },
    place: 1,
    places: 1,
    heading,
    form,
    text: sentence,
  });
  const endParagraph = () => {
    if (paragraph.length > 0) out.push(...proseSentences(file, heading, paragraph));
    paragraph = [];
  };
  text.split('\n').forEach((raw, index) => {
    const number = index + 1;
    const headingMatch = HEADING.exec(raw);
    const row = TABLE_ROW.exec(raw);
    const item = LIST_ITEM.exec(raw);
    if (!row) inTable = false;
    if (raw.trim() === '' || headingMatch || row || item) endParagraph();
    if (headingMatch) heading = headingMatch[2];
    else if (row) {
      // the first row of a table names its columns; the second only draws the line under them
      const header = !inTable;
      inTable = true;
      if (!header && !TABLE_SEPARATOR.test(raw)) {
        const cells = row[1].split('|').map((cell) => cell.trim());
        out.push(single(number, 'table row', cells.join(' | ')));
      }
    } else if (item) {
      out.push(single(number, 'list item', item[1].trim()));
    } else if (raw.trim() !== '') paragraph.push({ number, text: raw });
  });
  endParagraph();
  return out;
}

const cache = new Map<SpecFile, Sentence[]>();

/** The sentences of spec/<file> as shipped in the package. */
export function specSentences(file: SpecFile): Sentence[] {
  let found = cache.get(file);
  if (!found) {
    found = sentencesOf(file, readFileSync(join(packageRoot(), 'spec', file), 'utf8'));
    cache.set(file, found);
  }
  return found;
}

/** How a sentence is cited: `billing.md:44`, or `billing.md:186.2` for the second of the sentences on line 186. */
export function sentenceLabel(sentence: Pick<Sentence, 'file' | 'lines' | 'place' | 'places'>): string {
  const { from, to } = sentence.lines;
  return `${sentence.file}:${from === to ? from : `${from}-${to}`}${sentence.places > 1 ? `.${sentence.place}` : ''}`;
}
