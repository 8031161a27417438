import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReference } from '../reference/server.js';
import type { ConformanceReport } from '../reports/model.js';
import { runCli, runShell } from './test-support/run-cli.js';

// What `run` tells the user on the terminal and records in the report, through the built CLI.

const dir = mkdtempSync(join(tmpdir(), 'cli-run-output-'));
const readReport = (folder: string): ConformanceReport =>
  JSON.parse(readFileSync(join(folder, 'conformance.json'), 'utf8')) as ConformanceReport;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** As if typed in a shell, not started by an npm script (the tests may run under `npm test`). */
const NOT_NPM = { npm_lifecycle_event: '', npm_command: '', npm_package_name: '' };

/** The re-run lines of the FAIL blocks on the terminal. */
const rerunLines = (stdout: string): string[] => [...stdout.matchAll(/^\s+re-run: (.*)$/gm)].map((m) => m[1]);

describe('run output', () => {
  it('prints re-run lines that keep every flag that shapes the run, and that replay the failure', async () => {
    const reportDir = join(dir, 'rerun');
    const flags = [
      '--suite',
      'assignees',
      '--faults',
      'user-id-string',
      '--runs',
      '3',
      '--timeout-ms',
      '5000',
      '--concurrency',
      '2',
      '--report-dir',
      reportDir,
      '--seed',
      '9',
    ];
    const first = await runCli(['run', ...flags, '--grep', 'add assignees answers 201'], { env: NOT_NPM });
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const [line] = rerunLines(first.stdout);
    expect(line).toBe(
      `node dist/cli/main.js run --suite assignees --runs 3 --timeout-ms 5000 --concurrency 2 ` +
        `--faults user-id-string --report-dir ${reportDir} --seed 9 --grep 'add assignees answers ` +
        `201 with the full Issue'`,
    );
    // The line works as printed, from where the user typed the first command.
    const replay = await runShell(line, { env: NOT_NPM });
    expect(replay.code, replay.stdout + replay.stderr).toBe(1);
    expect(replay.stdout).toContain('FAIL assignees.user.id.type  add assignees answers 201 with the full Issue');
  }, 120_000);

  it('starts re-run lines the way npm started the tool', async () => {
    const r = await runCli(
      [
        'run',
        '--suite',
        'assignees',
        '--faults',
        'user-id-string',
        '--grep',
        'add assignees answers 201',
        '--seed',
        '9',
        '--report-dir',
        join(dir, 'npm'),
      ],
      {
        env: { npm_package_name: 'api-conformance', npm_lifecycle_event: 'conformance' },
      },
    );
    expect(rerunLines(r.stdout)[0]).toMatch(
      /^npm run conformance -- run --suite assignees --faults user-id-string --report-dir \S+ --seed 9 --grep /,
    );
  }, 60_000);

  it('gives a quick look with --base-url alone: says what it covers, certifies nothing and exits 4', async () => {
    const reference = await startReference({});
    try {
      const reportDir = join(dir, 'quick-look');
      const r = await runCli(['run', '--base-url', reference.baseUrl, '--report-dir', reportDir]);
      // A CI gate written with --base-url never goes green: a run that certifies nothing exits 4.
      expect(r.code, r.stdout + r.stderr).toBe(4);
      expect(r.stdout).toMatch(
        new RegExp(
          '^quick look at http:\\/\\/127\\.0\\.0\\.1:\\d+ \\(it answered GET \\/ ' +
            'with \\d+\\): with no target profile there are no credentials, ' +
            'so only checks that need none run',
          'm',
        ),
      );
      expect(r.stdout).toMatch(/^quick look: [1-9]\d* check\(s\) ran without credentials/m);
      const report = readReport(reportDir);
      expect(report.rules.find((rule) => rule.id === 'billing.auth.bearer-required')?.status).toBe('passed');
      expect(report.settings.quickLook).toBe(true);
      expect(report.summary.verdict).toBe('INCOMPLETE');
      expect(report.summary.verdictNote).toMatch(
        new RegExp(
          '^quick look: no target profile, so no credentials; the checks ' +
            'that need none reached [1-9]\\d* rule\\(s\\); nothing is certified: ' +
            'no API section is',
        ),
      );
      for (const section of Object.values(report.target.sections))
        expect(section.reason).toMatch(/^quick look \(--base-url without --target\)/);
      // Every check of both suites was loaded: a skipped rule names what its check needs.
      expect(report.rules.find((rule) => rule.id.startsWith('billing.') && rule.checks.length > 0)?.reason).toMatch(
        /billing section/,
      );
      expect(report.rules.find((rule) => rule.id.startsWith('assignees.') && rule.checks.length > 0)?.reason).toMatch(
        /assignees section/,
      );
      expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain(
        '<tr id="run-quick-look"><td>mode</td><td>quick look',
      );
      expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain('quick look (no target profile)');
    } finally {
      await reference.close();
    }
  }, 60_000);

  it('warns when --grep selects no check at all', async () => {
    const reportDir = join(dir, 'grep-none');
    const r = await runCli([
      'run',
      '--suite',
      'assignees',
      '--grep',
      'no check is named like this',
      '--report-dir',
      reportDir,
    ]);
    // Nothing verified is never a pass: INCOMPLETE, exit 4.
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/^warning: --grep "no check is named like this" selected no check: nothing was checked/m);
    expect(readReport(reportDir).summary.verdict).toBe('INCOMPLETE');
  }, 60_000);
});
