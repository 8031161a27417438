import { describe, expect, it } from 'vitest';
import { rulesCommand } from './rules-command.js';

// `rules trace` prints the trace of the specs, or the sentences of one line with their rules, or
// (--uncovered) the sentences no check covers with why.

/** The text of a `rules` command that answers at once (not --uncovered, which reads the built checks). */
function run(args: string[]): string {
  const lines: string[] = [];
  const code = rulesCommand(args, (text) => lines.push(text));
  expect(code).toBe(0);
  return lines.join('\n');
}

describe('rules trace', () => {
  it('prints every sentence with its rules or its mark', () => {
    const text = run(['trace']);
    expect(text).toMatch(/^# Trace of the specs/);
    expect(text).toContain('**billing.md:41** (table row)\n\n> name | string | yes on create | 1..127.\n\n- `billing');
    expect(text).toContain('**assignees.md:80** (prose)\n\n> Events: not shown.\n\n- informational: marks something');
  });

  it('prints the sentences of one line, each with its own rules', () => {
    const text = run(['trace', 'billing.md:186']);
    const labels = [1, 2, 3, 4].map((place) => `**billing.md:186.${place}**`);
    expect(text.match(/^\*\*billing\.md:186\.\d\*\*/gm)).toEqual(labels);
    expect(text).toMatch(/186\.4\*\* \(prose\)\n\n> Header Platform-Request-Id[^\n]*\n\n- `billing.create-plan/);
    const restated = run(['trace', 'assignees:98']);
    expect(restated).toContain('- restates assignees.md:66: rule 1 of Endpoints states the limit; checked by');
  });

  it('prints the sentences no check covers: each informational or not observable, with its reason', async () => {
    const lines: string[] = [];
    await rulesCommand(['trace', '--uncovered'], (text) => lines.push(text));
    const text = lines.join('\n');
    expect(text).toMatch(
      /^\d+ of \d+ sentences are covered by no check: \d+ informational, \d+ not observable, 0 not checked\./,
    );
    expect(text).not.toContain('**not checked**');
    // every sentence printed says why: a line of its reason under its quote
    const blocks = text.split('\n\n**').slice(1);
    expect(blocks.length).toBeGreaterThan(20);
    for (const block of blocks) expect(block).toMatch(/\n- (informational|not observable): \S/);
    expect(text).toContain('**billing.md:26** (table row)\n\n> date_no_time');
    expect(text).toContain('**billing.md:249** (prose)\n\n> Events, webhook event names');
    // checked now: the deprecated members, the error categories, the approve link's host
    for (const label of ['billing.md:279', 'billing.md:254', 'billing.md:12'])
      expect(text).not.toContain(`**${label}**`);
  });

  it('names a place that holds no sentence, or is not a place', () => {
    expect(() => run(['trace', 'billing.md:7'])).toThrow(/billing\.md:7 holds no sentence/);
    expect(() => run(['trace', 'plan'])).toThrow(/"plan" is not a place of a spec/);
    expect(() => run(['trace', 'billing.md:1', 'x'])).toThrow(/at most one place/);
    expect(() => run(['trace', '--uncovered', 'billing.md:1'])).toThrow(/--uncovered alone/);
  });
});
