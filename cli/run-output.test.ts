import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// What `run` tells the user on the terminal and records in the report, through the built CLI.

const dir = mkdtempSync(join(tmpdir(), 'cli-run-output-'));
const readReport = (folder: string): ConformanceReport => JSON.parse(readFileSync(join(folder, 'conformance.json'), 'utf8')) as ConformanceReport;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('run output', () => {
  it('warns when --grep selects no check at all', async () => {
    const reportDir = join(dir, 'grep-none');
    const r = await runCli(['run', '--suite', 'assignees', '--grep', 'no check is named like this', '--report-dir', reportDir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: --grep "no check is named like this" selected no check: nothing was checked/m);
    expect(readReport(reportDir).summary.verdict).toBe('PARTIAL');
  }, 60_000);
});
