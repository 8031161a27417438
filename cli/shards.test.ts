import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyFolder } from '../certificate/verify.js';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// --shard i/n and --merge-reports through the built command line: shards run into folders of
// their own (as on separate machines) merge into the rule statuses of an unsharded run with the
// same seed, with one HAR and one ledger; a single shard never certifies.

const dir = mkdtempSync(join(tmpdir(), 'conformance-shards-'));
const readReport = (folder: string): ConformanceReport =>
  JSON.parse(readFileSync(join(folder, 'conformance.json'), 'utf8')) as ConformanceReport;
const base = ['run', '--seed', '11', '--suite', 'assignees'];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sharded runs', () => {
  it('run on separate machines, each into its own folder, merge into the report of an unsharded run', async () => {
    // As a CI matrix leaves them: each shard's folder downloaded as an artifact into one folder.
    const machines = join(dir, 'artifacts');
    const [one, two] = [join(machines, 'conformance-shard-1'), join(machines, 'conformance-shard-2')];
    const whole = join(dir, 'whole');
    const merged = join(dir, 'merged');
    const [first, second, full] = await Promise.all([
      runCli([...base, '--shard', '1/2', '--report-dir', one]),
      runCli([...base, '--shard', '2/2', '--report-dir', two]),
      runCli([...base, '--report-dir', whole]),
    ]);
    for (const result of [first, second, full]) expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(first.stdout).toMatch(/PARTIAL: only some checks ran \(--shard 1\/2; merge the shards/);
    const ledgerLines = (folder: string): string[] =>
      readFileSync(join(folder, 'ledger.jsonl'), 'utf8').split('\n').filter(Boolean);
    const shardLedgers = [...ledgerLines(one), ...ledgerLines(two)];

    const merge = await runCli(['run', '--merge-reports', machines, '--report-dir', merged]);
    expect(merge.code, merge.stdout + merge.stderr).toBe(0);
    const statuses = (report: ConformanceReport) =>
      Object.fromEntries(report.rules.map((rule) => [rule.id, rule.status]));
    expect(statuses(readReport(merged))).toEqual(statuses(readReport(whole)));
    expect(readReport(merged).summary.requests).toBe(readReport(whole).summary.requests);
    expect(readReport(merged).settings.shard).toBe('merged 2 shards');
    // One HAR for the whole run: every shard's exchanges.
    const har = JSON.parse(readFileSync(join(merged, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } };
    expect(har.log.entries.length).toBe(readReport(merged).summary.requests);
    // One ledger for one cleanup: what every shard created, as much as the whole run created.
    expect(shardLedgers.length).toBeGreaterThan(0);
    expect(ledgerLines(merged).sort()).toEqual(shardLedgers.sort());
    expect(ledgerLines(merged).length).toBe(ledgerLines(whole).length);
    // The shards wrote no certificate; the merge writes one over the merged reports and HAR.
    expect(first.stdout).not.toContain('certificate:');
    expect(merge.stdout).toMatch(/^certificate: badge-assignees\.svg, attestation\.json \(unsigned/m);
    expect((await verifyFolder(merged)).problems).toEqual([]);
  }, 180_000);

  it('refuses to merge an incomplete set, naming the missing shard', async () => {
    const partial = join(dir, 'partial');
    const only = await runCli([
      ...base,
      '--grep',
      'check if a user can be assigned',
      '--shard',
      '2/3',
      '--report-dir',
      partial,
    ]);
    expect(only.code, only.stderr).toBe(0);
    const merged = await runCli(['run', '--merge-reports', partial]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/shard 1\/3, 3\/3 missing/);
    expect(merged.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
