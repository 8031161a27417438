import { describe, expect, it } from 'vitest';
import { RULES } from '../contracts/rules/index.js';
import { formatRules } from './rules-format.js';
import { UsageError } from './errors.js';
import { rulesCommand } from './rules-command.js';

// `rules` reads at 80 columns and cuts nothing, finds rules by a regular expression, and
// `rules show` prints one in full.

function run(args: string[]): string {
  const lines: string[] = [];
  // listing and show are synchronous (only trace --uncovered loads the suites)
  const code = rulesCommand(args, (text) => lines.push(text));
  if (code instanceof Promise) throw new Error(`rules ${args.join(' ')} is asynchronous: await it`);
  return lines.join('\n');
}

describe('rules', () => {
  it('--help shows the --grep example as a regular expression, its dot escaped', () => {
    expect(run(['--help'])).toContain("(as run --grep: plan\\.name, 'status-20[14]')");
  });

  it('reads at 80 columns: the id on its own line, the statement wrapped beneath, nothing cut', () => {
    const text = formatRules(RULES, 80);
    const blocks = text.split(/\n(?=\S)/);
    expect(blocks).toHaveLength(RULES.length);
    const words = (all: string): string[] => all.split(/\s+/).filter(Boolean);
    for (const [index, block] of blocks.entries()) {
      const rule = RULES[index];
      const [id, anchor, ...title] = block.split('\n');
      expect(id).toBe(rule.id);
      expect(anchor).toBe(`    ${rule.level}  ${rule.kind}  ${rule.spec.file} § ${rule.spec.heading}`);
      // Wrapped at 80 unless one word is longer; every word of the statement is there.
      for (const line of title) if (line.length > 80) expect(line).toMatch(/^ {4}\S+$/);
      expect(words(title.join(' '))).toEqual(words(rule.title));
    }
    // Piped (not a terminal), the statements wrap at 100 columns: nothing is cut either.
    expect(run([])).toBe(`${formatRules(RULES, 100)}`);
  });

  it('selects by level, kind and a regular expression over id and title, and says how many of all', () => {
    const text = run(['--level', 'should', '--kind', 'auth', '--grep', 'REFUSAL']);
    const ids = text.split('\n').filter((line) => /^\S/.test(line) && !/ of \d+ rules$/.test(line));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(RULES.find((rule) => rule.id === id)).toMatchObject({ level: 'SHOULD', kind: 'auth' });
    expect(text).toMatch(new RegExp(`^${ids.length} of ${RULES.length} rules$`, 'm'));
    // A regular expression, as run --grep takes: plan\.name finds the rules of the plan's name.
    const names = run(['--grep', 'plan\\.name'])
      .split('\n')
      .filter((line) => /^billing\./.test(line));
    expect(names).toContain('billing.plan.name.length');
    expect(
      names.every((id) => /plan\.name/i.test(id) || /plan\.name/i.test(RULES.find((rule) => rule.id === id)!.title)),
    ).toBe(true);
    expect(() => run(['--grep', '('])).toThrow(/--grep is not a valid regular expression/);
    const json = JSON.parse(run(['--json', '--kind', 'idempotency'])) as Array<{ kind: string }>;
    expect(json.length).toBeGreaterThan(0);
    expect(json.every((rule) => rule.kind === 'idempotency')).toBe(true);
  });

  it('refuses a level or kind that does not exist, naming the flag', () => {
    expect(() => run(['--level', 'MAY'])).toThrow(/--level must be MUST or SHOULD/);
    expect(() => run(['--kind', 'nope'])).toThrow(UsageError);
  });

  it('shows one rule with the sentence it comes from, contracts, checks and proof', () => {
    const text = run(['show', 'billing.plan.name.length']);
    expect(text).toMatch(/^billing\.plan\.name\.length {2}MUST {2}limit$/m);
    expect(text).toContain('spec/billing.md:41 (Plan), a table row:\n  name | string | yes on create | 1..127.');
    expect(text).toMatch(/^contracts: .*billing\/plan\.json/m);
    expect(text).toMatch(/^proof: the reference fault plan-name-12[78]-/m);
  });

  it(
    'shows the one sentence of a line of prose, the answers the spec leaves open, and why a ' +
      'rule cannot be observed',
    () => {
      const key = run(['show', 'billing.create-plan.idempotency-key']);
      expect(key).toContain(
        'spec/billing.md:186.4 (Endpoints), a sentence of prose:\n  Header Platform-Request-Id ' +
          '(string) is an idempotency key',
      );
      expect(key).toContain(
        'each of these answers conforms:\n  - answering the repeat with the first result\n  - refusing the repeat',
      );
      expect(run(['show', 'billing.limits.idempotency-retention-72h'])).toMatch(
        /^not observable through the API: the retention is a span of 72 hours/m,
      );
    },
  );

  it('names close ids when the one asked for does not exist', () => {
    expect(() => run(['show', 'billing.plan.nam'])).toThrow(
      /no rule "billing\.plan\.nam" \(did you mean .*billing\.plan\.name\.length/,
    );
    expect(() => run(['show'])).toThrow(/give one rule id/);
  });
});
