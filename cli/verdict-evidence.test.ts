import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../reports/model.js';
import { failureGroups } from '../reports/failure-groups.js';
import { runCli, type CliResult } from './test-support/run-cli.js';
import { cleanSeed7Run, type SharedRun } from './test-support/shared-run.js';

// Verdicts a certifier can audit: every pass names the exchanges it rests on, each an entry of
// exchanges.har; a check goes on judging after one rule fails, so one broken member of an answer
// silences no other rule; one rule failing for one cause in many checks is one failure to read.

const dir = mkdtempSync(join(tmpdir(), 'verdict-evidence-'));
const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

interface Har {
  log: { entries: Array<{ _id?: string }> };
}

describe('the evidence of a default run', () => {
  let run: SharedRun;
  beforeAll(async () => {
    // The default run reports/html/in-browser.test.ts reads too: made once per vitest run.
    run = await cleanSeed7Run();
  }, 300_000);

  it('gives every passed rule at least one evidence entry, each an entry of exchanges.har', () => {
    expect(run.code, run.stderr).toBe(0);
    const report = read<ConformanceReport>(join(run.reportDir, 'conformance.json'));
    const har = new Set(read<Har>(join(run.reportDir, 'exchanges.har')).log.entries.map((entry) => entry._id));
    const passed = report.rules.filter((rule) => rule.status === 'passed');
    expect(passed.length).toBeGreaterThan(500);
    const bare = passed
      .filter((rule) => !rule.checks.some((check) => check.status === 'passed' && check.evidence.length > 0))
      .map((rule) => rule.id);
    expect(bare, 'passed rules without evidence').toEqual([]);
    const unknown = passed.flatMap((rule) =>
      rule.checks.flatMap((check) =>
        check.evidence
          .filter((item) => item.id === undefined || !har.has(item.id))
          .map(() => `${rule.id} (${check.name})`),
      ),
    );
    expect(unknown, 'evidence that names no entry of exchanges.har').toEqual([]);
  });
});

describe('a User id sent as text (fault user-id-string)', () => {
  let run: CliResult;
  let report: ConformanceReport;
  beforeAll(async () => {
    run = await runCli([
      'run',
      '--seed',
      '7',
      '--suite',
      'assignees',
      '--faults',
      'user-id-string',
      '--report-dir',
      join(dir, 'fault'),
    ]);
    report = read<ConformanceReport>(join(dir, 'fault', 'conformance.json'));
  }, 240_000);

  it(
    'fails assignees.user.id.type and still credits every add and remove rule that holds, each ' +
      'on its own evidence',
    () => {
      expect(run.code, run.stderr).toBe(1);
      expect(report.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual([
        'assignees.user.id.type',
      ]);
      const addRemove = report.rules.filter(
        (rule) => /^assignees\.(add|remove)\./.test(rule.id) && rule.level === 'MUST',
      );
      expect(addRemove.length).toBeGreaterThan(8);
      const notCredited = addRemove
        .filter((rule) => rule.status !== 'passed')
        .map((rule) => `${rule.id}: ${rule.status} (${rule.reason ?? ''})`);
      expect(notCredited).toEqual([]);
      for (const rule of addRemove)
        expect(
          rule.checks.some((check) => check.status === 'passed' && check.evidence.length > 0),
          rule.id,
        ).toBe(true);
    },
  );

  it('shows assignees.user.id.type as one failure for one cause, with the value that broke it', () => {
    const rule = report.rules.find((candidate) => candidate.id === 'assignees.user.id.type')!;
    const groups = failureGroups(rule);
    expect(groups).toHaveLength(1);
    expect(groups[0].checks.length).toBeGreaterThan(5);
    expect(groups[0].checks[0].received).toMatch(/^\/[\w/]*id: "\d+" is text; the contract says an integer$/);
    const html = readFileSync(join(dir, 'fault', 'report.html'), 'utf8');
    const failures = html.slice(html.indexOf('id="failures"'), html.indexOf('id="rules"'));
    expect(failures.match(/<article class="failure/g)).toHaveLength(1);
    expect(
      run.stdout.split('\n').filter((line) => /^ {2}FAIL(ED)? assignees\.user\.id\.type\b/.test(line)),
    ).toHaveLength(2);
    expect(run.stdout).toMatch(/^ {2}FAILED assignees\.user\.id\.type: .* \(in \d+ checks\)$/m);
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
