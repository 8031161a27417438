import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type RunningReference } from '../reference/server.js';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// A vendor's certificate end to end, through the built CLI: keygen, a signed run of a profile
// that certifies one API only, and a buyer's `verify` of the folder, untouched and changed.

const dir = mkdtempSync(join(tmpdir(), 'cli-certificate-'));
const keys = join(dir, 'keys');
const profileFile = join(dir, 'assignees-only.json');
const reportDir = join(dir, 'out');
let reference: RunningReference;

beforeAll(async () => {
  reference = await startReference({});
  const { baseUrl, assignees } = reference.profile;
  // The key is named relative to the profile's folder, as a profile kept beside it would.
  writeFileSync(profileFile, JSON.stringify({ baseUrl, assignees, signing: { keyFile: 'keys/signing-key.pem' } }));
});
afterAll(async () => {
  await reference?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A copy of the signed folder with one byte of `name` changed. */
function changedCopy(name: string): string {
  const copy = join(dir, `changed-${name}`);
  cpSync(reportDir, copy, { recursive: true });
  const bytes = readFileSync(join(copy, name));
  bytes[Math.floor(bytes.length / 2)] ^= 0x20;
  writeFileSync(join(copy, name), bytes);
  return copy;
}

describe('a certificate, from keygen to verify', () => {
  it('keygen writes a private key readable by its owner only, a public key, and never overwrites them', async () => {
    const made = await runCli(['keygen', '--out', keys]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^key id: [0-9a-f]{64}$/m);
    expect(statSync(join(keys, 'signing-key.pem')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(keys, 'signing-key.pub.pem'), 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const again = await runCli(['keygen', '--out', keys]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      `keygen: ${join(keys, 'signing-key.pem')} already exists: keygen never overwrites a key`,
    );
  });

  it('signs a run of a one-API profile: that API gets its verdict and badge, the other is not certified', async () => {
    const run = await runCli([
      'run',
      '--target',
      profileFile,
      '--grep',
      'add assignees answers 201',
      '--seed',
      '9',
      '--report-dir',
      reportDir,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report.summary.sections.billing).toMatchObject({
      verdict: 'NOT_CERTIFIED',
      note: 'the target profile has no billing section (no credentials given)',
    });
    const { assignees } = report.summary.sections;
    // --grep ran some checks only: PARTIAL, with the MUST rules those checks passed.
    expect(assignees).toMatchObject({ verdict: 'PARTIAL' });
    expect(assignees.mustPassed).toBeGreaterThan(0);
    const badge = readFileSync(join(reportDir, 'badge-assignees.svg'), 'utf8');
    expect(badge).toContain(`aria-label="assignees API: PARTIAL ${assignees.mustPassed}/${assignees.mustRules} MUST"`);
    expect(existsSync(join(reportDir, 'badge-billing.svg'))).toBe(false);
    const files = 'badge-assignees\\.svg, attestation\\.json, attestation\\.dsse\\.json';
    expect(run.stdout).toMatch(new RegExp(`^certificate: ${files} \\(signed with key [0-9a-f]{64}\\)$`, 'm'));
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain(
      '- **billing**: not certified (the target profile has no billing section',
    );
  }, 120_000);

  it('verify passes the untouched folder with the public key, and fails a changed byte naming the file', async () => {
    const publicKey = join(keys, 'signing-key.pub.pem');
    const good = await runCli(['verify', reportDir, '--key', publicKey]);
    expect(good.code, good.stdout + good.stderr).toBe(0);
    expect(good.stdout).toMatch(/^ok {6}signature: signed by the key in .*signing-key\.pub\.pem/m);
    expect(good.stdout).toContain('  billing: not certified (the target profile has no billing section');
    expect(good.stdout).toMatch(/^VERIFIED: /m);
    // The same for exchanges.har and report.html: certificate/verify.test.ts.
    const changed = await runCli(['verify', changedCopy('conformance.json'), '--key', publicKey]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/^FAILED {2}conformance\.json: changed since it was attested/m);
    expect(changed.stdout).toMatch(/^NOT VERIFIED: .* \(1 problem above\)$/m);
    await runCli(['keygen', '--out', join(dir, 'other')]);
    const otherKey = await runCli(['verify', reportDir, '--key', join(dir, 'other', 'signing-key.pub.pem')]);
    expect(otherKey.code).toBe(1);
    expect(otherKey.stdout).toMatch(/^FAILED {2}signature: attestation\.dsse\.json is not signed by the key in /m);
  }, 60_000);

  it('refuses a key file that cannot sign or verify, before anything runs (exit 2, naming it)', async () => {
    const notAKey = await runCli([
      'run',
      '--target',
      profileFile,
      '--sign-key',
      profileFile,
      '--report-dir',
      join(dir, 'never'),
    ]);
    expect(notAKey.code).toBe(2);
    const why = 'holds no private key (a PEM "PRIVATE KEY"): give signing-key.pem from keygen';
    expect(notAKey.stderr).toBe(`error: --sign-key: ${profileFile} ${why}\n(see api-conformance --help)\n`);
    expect(existsSync(join(dir, 'never', 'conformance.json'))).toBe(false);
    const missing = join(dir, 'missing-key.json');
    writeFileSync(
      missing,
      JSON.stringify({ ...JSON.parse(readFileSync(profileFile, 'utf8')), signing: { keyFile: 'nowhere.pem' } }),
    );
    const fromProfile = await runCli(['run', '--target', missing, '--report-dir', join(dir, 'never')]);
    expect(fromProfile.code).toBe(2);
    expect(fromProfile.stderr).toContain(
      `error: target profile ${missing}: signing.keyFile: ${join(dir, 'nowhere.pem')} does not exist`,
    );
    const shard = await runCli(['run', '--shard', '1/2', '--sign-key', join(keys, 'signing-key.pem')]);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toContain('--sign-key signs a whole run: give it to `run --merge-reports DIR`');
    const privateAsPublic = await runCli(['verify', reportDir, '--key', join(keys, 'signing-key.pem')]);
    expect(privateAsPublic.code).toBe(2);
    expect(privateAsPublic.stderr).toContain('holds a private key: give the public key (signing-key.pub.pem)');
    const noFolder = await runCli(['verify', join(dir, 'nope')]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toBe(`error: verify: ${join(dir, 'nope')} is not a folder\n(see api-conformance --help)\n`);
  }, 60_000);
});
