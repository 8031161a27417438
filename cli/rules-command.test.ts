import { describe, expect, it } from 'vitest';
import { RULES } from '../contracts/rules/index.js';
import { formatRulesTable } from '../contracts/rules/format.js';
import { UsageError } from './errors.js';
import { rulesCommand } from './rules-command.js';

// `rules` finds a rule without grep, fits a terminal, and `rules show` prints one in full.

function run(args: string[]): string {
  const lines: string[] = [];
  rulesCommand(args, (text) => lines.push(text));
  return lines.join('\n');
}

describe('rules', () => {
  it('fits every line in the width asked (120 by default)', () => {
    const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));
    expect(widest(formatRulesTable(RULES))).toBeLessThanOrEqual(120);
    expect(widest(run(['--width', '80']))).toBeLessThanOrEqual(80);
  });

  it('selects by level, kind and text, and says how many of all', () => {
    const text = run(['--level', 'should', '--kind', 'auth', '--grep', 'REFUSAL']);
    const rows = text.split('\n').slice(2, -1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\S*refusal\S*\s+SHOULD\s+auth\s/i);
    expect(text).toMatch(new RegExp(`^${rows.length} of ${RULES.length} rules$`, 'm'));
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

  it('shows the one sentence of a line of prose, the answers the spec leaves open, and why a rule cannot be observed', () => {
    const key = run(['show', 'billing.create-plan.idempotency-key']);
    expect(key).toContain('spec/billing.md:186.4 (Endpoints), a sentence of prose:\n  Header Platform-Request-Id (string) is an idempotency key');
    expect(key).toContain('each of these answers conforms:\n  - answering the repeat with the first result\n  - refusing the repeat');
    expect(run(['show', 'billing.limits.idempotency-retention-72h'])).toMatch(/^not observable through the API: the retention is a span of 72 hours/m);
  });

  it('names close ids when the one asked for does not exist', () => {
    expect(() => run(['show', 'billing.plan.nam'])).toThrow(/no rule "billing\.plan\.nam" \(did you mean .*billing\.plan\.name\.length/);
    expect(() => run(['show'])).toThrow(/give one rule id/);
  });
});
