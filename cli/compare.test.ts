import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareReport } from '../compare/compare.js';
import { validateCompare } from '../contracts/validate.js';
import { LIMIT_FAULT, limitsCleanRun, limitsFaultRun, ruleOfFault } from './test-support/limit-runs.js';
import { runCli, type CliResult } from './test-support/run-cli.js';
import type { SharedRun } from './test-support/shared-run.js';

// "What changed since the last certificate?", through the built CLI: compare of a clean run and
// a fault run of the same checks names exactly the fault's rule as regressed, and the other way
// round as improved; a folder with one changed byte, in either place, is refused naming the file.

const dir = mkdtempSync(join(tmpdir(), 'cli-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let clean: SharedRun;
let faulty: SharedRun;

beforeAll(async () => {
  [clean, faulty] = await Promise.all([limitsCleanRun(), limitsFaultRun()]);
  expect(clean.code, clean.stderr).toBe(0);
  expect(faulty.code, faulty.stderr).toBe(1);
}, 240_000);

async function compared(older: string, newer: string, name: string): Promise<CliResult & { json: CompareReport }> {
  const out = join(dir, name);
  const result = await runCli(['compare', older, newer, '--out', out]);
  const json = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as CompareReport;
  expect(readFileSync(join(out, 'compare.md'), 'utf8').trimEnd()).toBe(result.stdout.trimEnd());
  return { ...result, json };
}

/** A copy of `folder` with one byte of `file` changed. */
function changedCopy(folder: string, file: string): string {
  const copy = join(dir, `changed-${file}`);
  cpSync(folder, copy, { recursive: true });
  const bytes = readFileSync(join(copy, file));
  bytes[Math.floor(bytes.length / 2)] ^= 0x01;
  writeFileSync(join(copy, file), bytes);
  return copy;
}

describe('compare OLD NEW', () => {
  it("names exactly the fault's rule as regressed, and exits 1", async () => {
    const result = await compared(clean.reportDir, faulty.reportDir, 'regressed');
    expect(result.code, result.stderr).toBe(1);
    expect(result.json.regressed).toEqual([
      { id: ruleOfFault(LIMIT_FAULT), level: 'MUST', from: 'passed', to: 'failed' },
    ]);
    expect(result.json.improved).toEqual([]);
    expect(result.json.added).toEqual([]);
    expect(result.json.removed).toEqual([]);
    expect(result.json.old.verdict).toBe('PARTIAL');
    expect(result.json.new.verdict).toBe('NON_CONFORMANT');
    expect(validateCompare(result.json)).toEqual([]);
    expect(result.stdout.split('\n')[0]).toBe('# ❌ 1 rule regressed, 0 improved');
    expect(result.stdout).toMatch(/^\| requests \| \d+ \| \d+( \([+−]\d+\))? \|$/m);
  });

  it('names it improved the other way round, and exits 0', async () => {
    const result = await compared(faulty.reportDir, clean.reportDir, 'improved');
    expect(result.code, result.stderr).toBe(0);
    expect(result.json.improved).toEqual([
      { id: ruleOfFault(LIMIT_FAULT), level: 'MUST', from: 'failed', to: 'passed' },
    ]);
    expect(result.json.regressed).toEqual([]);
  });

  it('prints compare.json with --json', async () => {
    const result = await runCli(['compare', clean.reportDir, faulty.reportDir, '--json']);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as CompareReport).regressed).toHaveLength(1);
  });

  it('refuses a folder with a changed byte, old or new, naming the file (exit 2)', async () => {
    const newer = await runCli(['compare', clean.reportDir, changedCopy(faulty.reportDir, 'conformance.json')]);
    expect(newer.code).toBe(2);
    expect(newer.stderr).toMatch(
      /^error: compare: \S+ does not verify: conformance\.json: changed since it was attested/,
    );
    const older = await runCli(['compare', changedCopy(clean.reportDir, 'report.html'), faulty.reportDir]);
    expect(older.code).toBe(2);
    expect(older.stderr).toMatch(/^error: compare: \S+ does not verify: report\.html: changed since it was attested/);
    expect(`${newer.stderr}${older.stderr}`).not.toMatch(/\n\s+at /);
  });

  it('refuses anything but two report folders, in one line', async () => {
    const one = await runCli(['compare', clean.reportDir]);
    expect(one.code).toBe(2);
    expect(one.stderr.split('\n')[0]).toBe(
      'error: compare: give two report folders, the old one first: `compare OLD NEW`',
    );
    const none = await runCli(['compare', clean.reportDir, join(dir, 'none')]);
    expect(none.code).toBe(2);
    expect(none.stderr.split('\n')[0]).toBe(`error: compare: ${join(dir, 'none')} is not a folder`);
    const help = await runCli(['compare', '--help']);
    expect(help.stdout).toMatch(/^Usage: api-conformance compare OLD NEW/);
  });
});
