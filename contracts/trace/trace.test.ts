import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/index.js';
import type { Rule } from '../rule.js';
import { specTrace, TRACE_MARKS } from './index.js';
import { locate } from './locate.js';
import { marksOf, type Mark } from './marks.js';
import { sentenceLabel, sentencesOf, specSentences } from './sentences.js';
import { buildTrace } from './trace.js';

// Every sentence of both specs is accounted for: rules are anchored at it, or a mark says why
// none is. Every anchor names one sentence of the section it names.

const SAMPLE = [
  '# Title',
  '',
  'First sentence. Second one: not shown.',
  'It goes on here.',
  '',
  '## Things',
  '',
  '| Field | Rules |',
  '|---|---|',
  '| name | 1..127. Default none. |',
  '',
  '1. An item. With two sentences.',
  '- card (request): name 1..300; n/... Rules: here.',
].join('\n');

const rule = (line: number, words: string, heading = 'Things'): Rule => ({
  id: 'billing.sample.rule',
  title: 'A sample',
  level: 'MUST',
  kind: 'schema',
  contracts: [],
  spec: { file: 'billing.md', lines: { from: line, to: line }, words, heading },
});

describe('the sentences of a spec', () => {
  const sentences = sentencesOf('billing.md', SAMPLE);

  it('are the table rows, the list items and the sentences of each paragraph, under their heading', () => {
    expect(sentences.map((s) => [sentenceLabel(s), s.form, s.heading, s.text])).toEqual([
      ['billing.md:3.1', 'prose', 'Title', 'First sentence.'],
      ['billing.md:3.2', 'prose', 'Title', 'Second one: not shown.'],
      ['billing.md:4', 'prose', 'Title', 'It goes on here.'],
      ['billing.md:10', 'table row', 'Things', 'name | 1..127. Default none.'],
      ['billing.md:12', 'list item', 'Things', 'An item. With two sentences.'],
      ['billing.md:13', 'list item', 'Things', 'card (request): name 1..300; n/... Rules: here.'],
    ]);
  });

  it('are found by line and words; a heading, a table header or a blank line is no sentence', () => {
    const at = (line: number, words: string) =>
      locate({ file: 'billing.md', lines: { from: line, to: line }, words }, sentences);
    expect(at(3, 'second ONE')).toMatchObject({ place: 2 });
    expect(at(8, 'Field')).toMatch(/is not a sentence/);
    expect(at(6, 'Things')).toMatch(/is not a sentence/);
    expect(at(10, 'nothing')).toMatch(/no sentence holding/);
    expect(at(3, 'n')).toMatch(/in 2 sentences/);
  });

  it('that no rule checks and no mark explains fail the trace, as do anchors that name no sentence', () => {
    const { info } = marksOf('billing.md');
    const marks = [info(3, 'First', 'introduces'), info(3, 'Second', 'not shown'), info(4, 'goes on', 'more')];
    const good = buildTrace([rule(10, 'name')], [...marks, info(12, 'An item', 'x'), info(13, 'card', 'y')], sentences);
    expect(good.problems).toEqual([]);
    const gaps = buildTrace([rule(8, 'Field'), rule(10, 'name', 'Title')], marks, sentences).problems;
    expect(gaps).toEqual([
      'billing.sample.rule: billing.md:8 is not a sentence (a table row, a list item or a sentence of prose)',
      'billing.sample.rule: its anchor names the section "Title", but billing.md:10 sits under "Things"',
      'billing.md:10 "name | 1..127. Default none.": no rule is anchored at it and it carries no mark',
      'billing.md:12 "An item. With two sentences.": no rule is anchored at it and it carries no mark',
      'billing.md:13 "card (request): name 1..300; n/... Rules: here.": no rule is anchored at it and it carries ' +
        'no mark',
    ]);
    const stale = buildTrace([rule(10, 'name')], [...marks, info(10, 'name', 'stale')], sentences);
    expect(stale.problems[0]).toMatch(/drop the mark/);
  });
});

describe('the trace of spec/billing.md and spec/assignees.md', () => {
  const trace = specTrace();

  it('accounts for every sentence, and every rule is anchored at a sentence of the section it names', () => {
    expect(trace.problems).toEqual([]);
    expect(trace.entries).toHaveLength(specSentences('billing.md').length + specSentences('assignees.md').length);
    expect(trace.entries.reduce((sum, entry) => sum + entry.rules.length, 0)).toBe(RULES.length);
  });

  it('gives every mark a reason a certifier can follow', () => {
    const reasonOf = (mark: Mark) => {
      if ('informational' in mark) return mark.informational;
      return 'notObservable' in mark ? mark.notObservable : mark.why;
    };
    const reasons = TRACE_MARKS.map(reasonOf);
    expect(reasons.filter((reason) => reason.trim().length < 12)).toEqual([]);
  });
});
