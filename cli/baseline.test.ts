import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../certificate/digest.js';
import type { Statement } from '../certificate/statement.js';
import type { ConformanceReport } from '../reports/model.js';
import {
  LIMIT_FAULT,
  LIMIT_RULE,
  limitRunArgs,
  limitsFaultRun,
  ruleOfFault,
  SECOND_FAULT,
} from './test-support/limit-runs.js';
import { runCli, type CliResult } from './test-support/run-cli.js';
import type { SharedRun } from './test-support/shared-run.js';

// A CI gate on known failures, through the built CLI: a baseline written from a fault run's
// report folder, then runs of the same checks gated by it. Known failures exit 0 with the
// verdict, the badge and the certificate unchanged; a second fault exits 1 naming its failure;
// an expired entry exits 1; a clean run reports the entries fixed, and prune drops them. The
// gated runs use other seeds than the run the baseline was written from: a failure's
// fingerprint must not depend on the seed.

const dir = mkdtempSync(join(tmpdir(), 'cli-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECOND_RULE = ruleOfFault(SECOND_FAULT);
const BASELINE = join(dir, 'known-failures.json');
const EXPIRED = join(dir, 'expired.json');

interface GatedRun extends CliResult {
  reportDir: string;
  report: ConformanceReport;
}

let faultRun: SharedRun;
const gated: Record<string, GatedRun> = {};

/** A run of the limit rule's checks with `flags`, gated by `baseline`. */
async function gatedRun(name: string, seed: number, baseline: string, flags: string[]): Promise<void> {
  const reportDir = join(dir, name);
  const result = await runCli([...limitRunArgs(seed), ...flags, '--baseline', baseline, '--report-dir', reportDir]);
  const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  gated[name] = { ...result, reportDir, report };
}

const write = (args: string[]): Promise<CliResult> =>
  runCli([
    'baseline',
    'write',
    faultRun.reportDir,
    '--reason',
    'known before the gate',
    '--ticket',
    'BILL-12',
    ...args,
  ]);

beforeAll(async () => {
  faultRun = await limitsFaultRun();
  expect(faultRun.code, faultRun.stderr).toBe(1);
  const written = await write(['--out', BASELINE]);
  expect(written.code, written.stderr).toBe(0);
  expect((await write(['--out', EXPIRED, '--expires', '2020-01-31'])).code).toBe(0);
  // Two at a time: the machine is shared.
  await Promise.all([
    gatedRun('known', 11, BASELINE, ['--faults', LIMIT_FAULT]),
    gatedRun('one-more', 8, BASELINE, ['--faults', `${LIMIT_FAULT},${SECOND_FAULT}`]),
  ]);
  await Promise.all([gatedRun('expired', 9, EXPIRED, ['--faults', LIMIT_FAULT]), gatedRun('fixed', 7, BASELINE, [])]);
}, 240_000);

const baselineOf = (name: string) => gated[name].report.baseline!;

describe('baseline write', () => {
  it("writes an entry for each failure of the fault run, with reason and ticket, the failure's own words", () => {
    const file = JSON.parse(readFileSync(BASELINE, 'utf8'));
    expect(file.version).toBe(1);
    expect(file.entries.length).toBeGreaterThan(0);
    for (const entry of file.entries) {
      expect(entry).toMatchObject({ rule: LIMIT_RULE, reason: 'known before the gate', ticket: 'BILL-12' });
      expect(entry.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(entry).not.toHaveProperty('expires');
    }
    expect(JSON.parse(readFileSync(EXPIRED, 'utf8')).entries[0].expires).toBe('2020-01-31');
  });

  it('adds nothing to a file that names every failure already, and keeps its entries as they are', async () => {
    const copy = join(dir, 'again.json');
    const edited = readFileSync(BASELINE, 'utf8').replace('"known before the gate"', '"edited by hand"');
    writeFileSync(copy, edited);
    const again = await write(['--out', copy]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/: 0 entries added from .*, \d+ kept as they were/);
    expect(readFileSync(copy, 'utf8')).toBe(edited);
  });
});

describe('run --baseline', () => {
  it('exits 0 when every failure is known, the verdict, badge and certificate still NON_CONFORMANT', async () => {
    const run = gated.known;
    expect(run.code, run.stderr).toBe(0);
    expect(run.report.summary.verdict).toBe('NON_CONFORMANT');
    const entries = JSON.parse(readFileSync(BASELINE, 'utf8')).entries.length;
    expect(baselineOf('known')).toMatchObject({ new: [], expired: [], fixed: [], unchecked: [] });
    expect(baselineOf('known').known).toHaveLength(entries);
    expect(run.stdout).toContain(`gated by a baseline (${BASELINE}, ${entries} entries): ${entries} known failures`);
    expect(readFileSync(join(run.reportDir, 'summary.md'), 'utf8')).toContain(
      `**Gated by a baseline: ${entries} known failures (0 new, 0 expired, 0 fixed).**`,
    );
    expect(readFileSync(join(run.reportDir, 'badge-billing.svg'), 'utf8')).toContain('NON_CONFORMANT');
    const statement = JSON.parse(readFileSync(join(run.reportDir, 'attestation.json'), 'utf8')) as Statement;
    expect(statement.predicate.verdict).toBe('NON_CONFORMANT');
    expect(statement.predicate.baseline).toEqual({
      sha256: sha256Hex(readFileSync(BASELINE)),
      entries,
      new: 0,
      known: entries,
      expired: 0,
      fixed: 0,
      unchecked: 0,
    });
    const verified = await runCli(['verify', run.reportDir]);
    expect(verified.code, verified.stdout).toBe(0);
    expect(verified.stdout).toContain(`gated by a baseline (sha256 ${statement.predicate.baseline!.sha256})`);
  });

  it('exits 1 on one more fault, naming its failure; the known ones stay known', () => {
    const run = gated['one-more'];
    expect(run.code, run.stderr).toBe(1);
    expect(baselineOf('one-more').new.map((failure) => failure.rule)).toEqual([SECOND_RULE]);
    expect(baselineOf('one-more').known.length).toBe(baselineOf('known').known.length);
    expect(run.stdout).toMatch(new RegExp(`^  NEW +${SECOND_RULE.replace(/\./g, '\\.')}: "`, 'm'));
  });

  it('exits 1 when a known failure is past its entry expiry date, naming it', () => {
    const run = gated.expired;
    expect(run.code, run.stderr).toBe(1);
    expect(baselineOf('expired').expired.length).toBe(baselineOf('known').known.length);
    expect(baselineOf('expired').known).toEqual([]);
    expect(run.stdout).toMatch(
      new RegExp(`^  EXPIRED +${LIMIT_RULE.replace(/\./g, '\\.')}: .*expired on 2020-01-31$`, 'm'),
    );
  });

  it('reports the entries a clean run shows fixed, and says how to remove them', () => {
    const run = gated.fixed;
    expect(run.code, run.stderr).toBe(0);
    expect(baselineOf('fixed').fixed.length).toBe(baselineOf('known').known.length);
    expect(run.stdout).toMatch(/^ {2}FIXED +billing\.plan\.name\.length: /m);
    expect(run.stdout).toMatch(/^ {2}remove the fixed entries: .* baseline prune \S+known-failures\.json \S+fixed$/m);
  });
});

describe('baseline prune', () => {
  it('drops the entries a report folder shows fixed, and keeps those a folder still fails', async () => {
    const copy = join(dir, 'pruned.json');
    cpSync(BASELINE, copy);
    const kept = await runCli(['baseline', 'prune', copy, gated.known.reportDir]);
    expect(kept.code, kept.stderr).toBe(0);
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(BASELINE, 'utf8'));
    const dropped = await runCli(['baseline', 'prune', copy, gated.fixed.reportDir]);
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(JSON.parse(readFileSync(copy, 'utf8')).entries).toEqual([]);
  });
});

describe('baseline usage errors', () => {
  const expectRefused = (result: CliResult, line: string): void => {
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`error: ${line}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  };

  it('write refuses a missing --reason or --ticket and a date that is not YYYY-MM-DD, naming the flag', async () => {
    const out = join(dir, 'never.json');
    const folder = faultRun.reportDir;
    expectRefused(
      await runCli(['baseline', 'write', folder, '--out', out, '--ticket', 'T-1']),
      'baseline write: --reason is required: why these failures are accepted for now',
    );
    expectRefused(
      await runCli(['baseline', 'write', folder, '--out', out, '--reason', 'r']),
      'baseline write: --ticket is required: where their fix is tracked (an issue id or URL)',
    );
    expectRefused(
      await write(['--out', out, '--expires', '2027-02-30']),
      'baseline write: --expires must be a date written YYYY-MM-DD, got "2027-02-30"',
    );
    expectRefused(
      await runCli(['baseline', 'write', folder]),
      'baseline write: --out is required: the baseline file to write or add to',
    );
  });

  it('run refuses, before anything runs, a baseline entry without a ticket or with a malformed date', async () => {
    const file = JSON.parse(readFileSync(BASELINE, 'utf8'));
    delete file.entries[0].ticket;
    const noTicket = join(dir, 'no-ticket.json');
    writeFileSync(noTicket, JSON.stringify(file));
    const reportDir = join(dir, 'never-ran');
    expectRefused(
      await runCli(['run', '--baseline', noTicket, '--report-dir', reportDir]),
      `--baseline ${noTicket}: entries[0].ticket is missing (the entry of ${LIMIT_RULE})`,
    );
    file.entries[0].ticket = 'BILL-12';
    file.entries[0].expires = 'next March';
    writeFileSync(noTicket, JSON.stringify(file));
    expectRefused(
      await runCli(['run', '--baseline', noTicket, '--report-dir', reportDir]),
      `--baseline ${noTicket}: entries[0].expires must be a date written YYYY-MM-DD (the entry of ${LIMIT_RULE})`,
    );
    expectRefused(
      await runCli(['run', '--baseline', join(dir, 'none.json')]),
      `--baseline ${join(dir, 'none.json')} does not exist`,
    );
  });

  it('run refuses --baseline with one shard or with --plan: neither is a run it could gate', async () => {
    expectRefused(
      await runCli(['run', '--baseline', BASELINE, '--shard', '1/2']),
      '--baseline gates a whole run: give it to `run --merge-reports DIR` that joins the shards',
    );
    expectRefused(
      await runCli(['run', '--baseline', BASELINE, '--plan']),
      '--baseline and --plan do not go together: --plan runs nothing, so nothing is gated',
    );
  });

  it('write and prune refuse a report folder with a changed byte, naming the file', async () => {
    const copy = join(dir, 'changed');
    cpSync(faultRun.reportDir, copy, { recursive: true });
    const file = join(copy, 'conformance.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"NON_CONFORMANT"', '"CONFORMANT"'));
    const written = await runCli([
      'baseline',
      'write',
      copy,
      '--out',
      join(dir, 'never.json'),
      '--reason',
      'r',
      '--ticket',
      't',
    ]);
    expect(written.code).toBe(2);
    expect(written.stderr).toMatch(
      /^error: baseline write: \S+ does not verify: conformance\.json: changed since it was attested/,
    );
    const pruned = await runCli(['baseline', 'prune', BASELINE, copy]);
    expect(pruned.code).toBe(2);
    expect(pruned.stderr).toMatch(/^error: baseline prune: \S+ does not verify: conformance\.json: changed since/);
  });

  it('prints its help, and refuses an unknown action', async () => {
    const help = await runCli(['help', 'baseline']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: api-conformance baseline write DIR --out FILE --reason TEXT --ticket ID/);
    expectRefused(
      await runCli(['baseline', 'update']),
      'baseline: unknown action "update"; the actions are write and prune',
    );
  });
});
