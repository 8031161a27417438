import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLEANUP_HELP } from '../cli/cleanup-command.js';
import { RUN_HELP } from '../cli/run-command.js';
import { runShell } from '../cli/test-support/run-cli.js';
import { packageRoot } from '../contracts/package-root.js';
import { REPORT_FILES } from '../reports/write-reports.js';

// The GitLab CI template, kept in step with the command line: each flag its `run` and `cleanup`
// lines give is one the command takes, the folder they write is the one kept as an artifact, and
// junit.xml (a report every run writes) is declared as the job's JUnit report. Read as text: the
// lines that matter are plain, and the project carries no YAML parser. Its run line also runs, as
// the job's shell would, with the built CLI for `npx api-conformance` (the embedded reference, one
// check: seconds).

const dir = mkdtempSync(join(tmpdir(), 'gitlab-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEMPLATE = readFileSync(join(packageRoot(), 'gitlab', 'api-conformance.gitlab-ci.yml'), 'utf8');

/** The template's command line for `npx api-conformance <command>`, and the flags it gives. */
function commandLine(command: string): { line: string; flags: string[] } {
  const line = new RegExp(`npx api-conformance ${command} [^;\\n]*`).exec(TEMPLATE)?.[0];
  if (!line) throw new Error(`the template has no \`npx api-conformance ${command}\` line`);
  return { line, flags: [...line.matchAll(/(?<=[\s+])--[a-z-]+/g)].map((match) => match[0]) };
}

describe('the GitLab CI template', () => {
  it('runs `run` with flags the command takes, writing the report folder it keeps', () => {
    const { line, flags } = commandLine('run');
    expect(flags).toEqual(['--target', '--report-dir']);
    for (const flag of flags) expect(RUN_HELP).toMatch(new RegExp(`^ {2}${flag} `, 'm'));
    expect(line).toContain('--report-dir conformance ');
  });

  it('writes the report folder and junit.xml where the artifact keeps them', async () => {
    const { line } = commandLine('run');
    const cli = `node ${join(packageRoot(), 'dist', 'cli', 'main.js')}`;
    const result = await runShell(line.replace('npx api-conformance', cli), {
      cwd: dir,
      env: { CONFORMANCE_TARGET: '', CONFORMANCE_ARGS: '--suite assignees --grep add.assignees.answers.201 --seed 9' },
    });
    expect(result.code, result.stdout.slice(-2000) + result.stderr).toBe(0);
    expect(existsSync(join(dir, 'conformance', 'junit.xml'))).toBe(true);
  });

  it('retires what the ledger lists with `cleanup`, after the script whatever its end', () => {
    const { line, flags } = commandLine('cleanup');
    expect(flags).toEqual(['--ledger', '--target']);
    for (const flag of flags) expect(CLEANUP_HELP).toContain(`${flag} FILE`);
    expect(line).toContain('--ledger conformance/ledger.jsonl');
    expect(TEMPLATE).toMatch(/^ {2}after_script:\n {4}- .*npx api-conformance cleanup/m);
  });

  it('keeps the report folder as an artifact, also when the job fails, and declares junit.xml', () => {
    expect(REPORT_FILES).toContain('junit.xml');
    expect(TEMPLATE).toMatch(/^ {2}artifacts:\n {4}when: always\n/m);
    expect(TEMPLATE).toMatch(/^ {4}paths:\n {6}- conformance\/\n/m);
    expect(TEMPLATE).toMatch(/^ {4}reports:\n {6}junit: conformance\/junit\.xml\n/m);
  });
});
