import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprintOf } from '../baseline/fingerprint.js';
import { gateOf } from '../baseline/gate.js';
import { fails, ID, madeUpReport, NAME, passes } from '../baseline/test-support/made-up-run.js';
import { HAR_FILE } from '../reports/har.js';
import type { ConformanceReport } from '../reports/model.js';
import { writeReports } from '../reports/write-reports.js';
import { ATTESTATION_FILE, type Statement } from './statement.js';
import { verifyFolder } from './verify.js';
import { writeCertificate } from './write-certificate.js';

// The certificate of a run a baseline gated: its verdict and badge are the run's, and its
// predicate records the baseline's digest and counts, so that it can never pass for a clean
// certification. A run without a baseline has no such member.

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const CAUSE = 'create plan took a request that breaks it';

function faultyReport(): ConformanceReport {
  return madeUpReport([
    passes('create plan answers an id of the stated form', [ID]),
    fails('create plan refuses a long name', NAME, CAUSE),
  ]);
}

async function certified(report: ConformanceReport): Promise<{ dir: string; statement: Statement }> {
  const dir = mkdtempSync(join(tmpdir(), 'gated-certificate-'));
  folders.push(dir);
  writeReports(report, dir, []);
  writeFileSync(join(dir, HAR_FILE), `${JSON.stringify({ log: { version: '1.2', entries: [] } })}\n`);
  await writeCertificate(dir);
  return { dir, statement: JSON.parse(readFileSync(join(dir, ATTESTATION_FILE), 'utf8')) as Statement };
}

describe('the certificate of a gated run', () => {
  it("records the baseline's digest and counts beside the run's own verdict, and verifies", async () => {
    const report = faultyReport();
    const check = 'create plan refuses a long name';
    const known = {
      rule: NAME,
      check,
      cause: CAUSE,
      fingerprint: fingerprintOf(NAME, check, CAUSE),
      reason: 'known before the gate',
      ticket: 'BILL-12',
    };
    report.baseline = gateOf(report, { file: 'known.json', sha256: 'b'.repeat(64), entries: [known] });
    const { dir, statement } = await certified(report);
    expect(statement.predicate.verdict).toBe('NON_CONFORMANT');
    expect(statement.predicate.sections.billing.verdict).toBe('NON_CONFORMANT');
    expect(statement.predicate.baseline).toEqual({
      sha256: 'b'.repeat(64),
      entries: 1,
      new: 0,
      known: 1,
      expired: 0,
      fixed: 0,
      unchecked: 0,
    });
    expect(readFileSync(join(dir, 'badge-billing.svg'), 'utf8')).toContain('NON_CONFORMANT');
    const verification = await verifyFolder(dir);
    expect(verification.problems).toEqual([]);
    expect(verification.statement?.predicate.baseline?.known).toBe(1);
  });

  it('has no baseline member for a run without one', async () => {
    const { statement } = await certified(faultyReport());
    expect(statement.predicate).not.toHaveProperty('baseline');
  });
});
