import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES } from '../contracts/rules/index.js';
import type { ConformanceReport } from '../reports/model.js';
import { UsageError } from './errors.js';
import { selectRules } from './rule-selection.js';
import { RUN_HELP } from './run-command.js';
import { runCli } from './test-support/run-cli.js';

// run --rule ID|REGEX: the rules a value selects (an id, or a regular expression over ids), and
// a run of exactly the checks that declare them.

const dir = mkdtempSync(join(tmpdir(), 'cli-run-rule-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Har {
  log: { entries: Array<{ _check: string; _id?: string; _rules: string[] }> };
}

describe('run --rule', () => {
  it('takes a rule id as it is, and any other value as a regular expression over the ids', () => {
    expect(selectRules(['billing.plan.name.length'])).toEqual(['billing.plan.name.length']);
    const name = selectRules(['plan\\.name\\.']);
    expect(name).toEqual(RULES.filter((rule) => rule.id.includes('plan.name.')).map((rule) => rule.id));
    expect(selectRules(['billing.plan.name.length', '^billing\\.plan\\.name\\.length$'])).toEqual([
      'billing.plan.name.length',
    ]);
    expect(() => selectRules(['billing.plan.nam$'])).toThrow(UsageError);
    expect(() => selectRules(['billing.plan.nam$'])).toThrow(
      /--rule "billing\.plan\.nam\$" is no rule id and matches none/,
    );
    expect(() => selectRules(['('])).toThrow(/--rule is not a valid regular expression/);
  });

  it("the help's example is a regular expression with its dots escaped, as the README shows it", () => {
    expect(RUN_HELP).toContain('(billing\\.plan\\.name); repeatable.');
  });

  it('runs the checks that declare the rule, every one of which judges it, and says the run is a subset', async () => {
    const reportDir = join(dir, 'name');
    const run = await runCli(['run', '--rule', 'billing.plan.name.length', '--seed', '7', '--report-dir', reportDir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    const har = JSON.parse(readFileSync(join(reportDir, 'exchanges.har'), 'utf8')) as Har;
    const ran = new Set(har.log.entries.map((entry) => entry._check));
    expect(ran.size).toBeGreaterThan(1);
    // Every check that ran informed the rule, and each credited it: as many passes as checks. Only
    // the exchanges that informed it carry it (a check's setup carries none).
    const carrying = har.log.entries.filter((entry) => entry._rules.includes('billing.plan.name.length'));
    expect(new Set(carrying.map((entry) => entry._check))).toEqual(ran);
    const rule = report.rules.find((candidate) => candidate.id === 'billing.plan.name.length')!;
    const evidence = rule.checks.flatMap((check) => (check.evidence ?? []).map((e) => e.id));
    expect(evidence.length).toBeGreaterThan(0);
    for (const id of evidence) expect(carrying.map((entry) => entry._id)).toContain(id);
    expect(rule.status).toBe('passed');
    expect(rule.reason ?? `${rule.checks.length} checks passed`).toMatch(new RegExp(`^${ran.size} checks passed`));
    expect(report.settings.rule).toEqual(['billing.plan.name.length']);
    expect(report.summary.verdict).toBe('PARTIAL');
    expect(report.summary.verdictNote).toMatch(/^only some checks ran \(--rule billing\.plan\.name\.length\)/);
    // No assignee check declares it: that suite ran nothing.
    expect([...ran].some((check) => /assignee/i.test(check))).toBe(false);
  }, 120_000);
});
