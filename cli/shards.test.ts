import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyFolder } from '../certificate/verify.js';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// --shard i/n and --merge-reports through the built command line: the merged report holds the
// rule statuses of an unsharded run with the same seed; a single shard never certifies.

const dir = mkdtempSync(join(tmpdir(), 'conformance-shards-'));
const readReport = (folder: string): ConformanceReport => JSON.parse(readFileSync(join(folder, 'conformance.json'), 'utf8')) as ConformanceReport;
const base = ['run', '--seed', '11', '--suite', 'assignees'];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sharded runs', () => {
  it('merge into the report of an unsharded run', async () => {
    const sharded = join(dir, 'sharded');
    const whole = join(dir, 'whole');
    const [one, two, full] = await Promise.all([
      runCli([...base, '--shard', '1/2', '--report-dir', sharded]),
      runCli([...base, '--shard', '2/2', '--report-dir', sharded]),
      runCli([...base, '--report-dir', whole]),
    ]);
    for (const result of [one, two, full]) expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(one.stdout).toMatch(/PARTIAL: only some checks ran \(--shard 1\/2; merge the shards/);

    const merged = await runCli(['run', '--merge-reports', sharded]);
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    const statuses = (report: ConformanceReport) => Object.fromEntries(report.rules.map((rule) => [rule.id, rule.status]));
    expect(statuses(readReport(sharded))).toEqual(statuses(readReport(whole)));
    expect(readReport(sharded).summary.requests).toBe(readReport(whole).summary.requests);
    expect(readReport(sharded).settings.shard).toBe('merged 2 shards');
    // One HAR for the whole run: every shard's exchanges.
    const har = JSON.parse(readFileSync(join(sharded, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } };
    expect(har.log.entries.length).toBe(readReport(sharded).summary.requests);
    // The shards wrote no certificate; the merge writes one over the merged reports and HAR.
    expect(one.stdout).not.toContain('certificate:');
    expect(merged.stdout).toMatch(/^certificate: badge-assignees\.svg, attestation\.json \(unsigned/m);
    expect((await verifyFolder(sharded)).problems).toEqual([]);
  }, 180_000);

  it('refuses to merge an incomplete set, naming the missing shard', async () => {
    const partial = join(dir, 'partial');
    const only = await runCli([...base, '--grep', 'check if a user can be assigned', '--shard', '2/3', '--report-dir', partial]);
    expect(only.code, only.stderr).toBe(0);
    const merged = await runCli(['run', '--merge-reports', partial]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/shard 1\/3, 3\/3 missing/);
    expect(merged.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
