import { describe, expect, it } from 'vitest';
import type { Rule } from '../rule.js';
import type { Mark } from './marks.js';
import type { TraceEntry } from './trace.js';
import { uncoveredSentences } from './uncovered.js';

// Which sentences no check covers, and why, from made-up trace entries.

const rule = (id: string, notObservable?: string): Rule => ({
  id,
  title: `title of ${id}`,
  level: 'MUST',
  spec: { file: 'billing.md', lines: { from: 1, to: 1 }, words: 'x', heading: 'H' },
  kind: 'schema',
  contracts: [],
  ...(notObservable ? { notObservable } : {}),
});

const entry = (label: string, rules: Rule[], mark?: Mark, restated: Rule[] = []): TraceEntry => ({
  sentence: { file: 'billing.md', lines: { from: 1, to: 1 }, heading: 'H', text: label, form: 'prose' } as never,
  label,
  rules,
  ...(mark ? { mark } : {}),
  restates: [],
  restated,
});

const at = { file: 'billing.md' as const, lines: { from: 1, to: 1 }, words: 'x' };

describe('the sentences no check covers', () => {
  const checked = new Set(['billing.a', 'billing.c']);
  const entries = [
    entry('one rule checked of two', [rule('billing.a'), rule('billing.b')]),
    entry('none checked', [rule('billing.b'), rule('billing.d', 'hidden')]),
    entry('only rules no run can show', [rule('billing.e', 'why e'), rule('billing.f', 'why e')]),
    entry('an introduction', [], { at, informational: 'introduces' }),
    entry('a hidden effect', [], { at, notObservable: 'after the run' }),
    entry('restates a checked sentence', [], { at, restates: [at], why: 'w' }, [rule('billing.c')]),
    entry('restates an unchecked one', [], { at, restates: [at], why: 'w' }, [rule('billing.b')]),
  ];
  const found = uncoveredSentences(entries, (r) => checked.has(r.id));

  it('leaves out a sentence one of whose rules (or restated rules) is checked', () => {
    expect(found.map((one) => one.entry.label)).toEqual([
      'none checked',
      'only rules no run can show',
      'an introduction',
      'a hidden effect',
      'restates an unchecked one',
    ]);
  });

  it('says why: not checked names its observable rules; the others give their reasons once', () => {
    expect(found[0]).toMatchObject({ why: 'not checked', rules: [{ id: 'billing.b' }] });
    expect(found[1]).toMatchObject({ why: 'not observable', reasons: ['why e'] });
    expect(found[2]).toMatchObject({ why: 'informational', reasons: ['introduces'] });
    expect(found[3]).toMatchObject({ why: 'not observable', reasons: ['after the run'] });
    expect(found[4]).toMatchObject({ why: 'not checked', rules: [{ id: 'billing.b' }] });
  });
});
