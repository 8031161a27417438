import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// One real bug, one failure. Two faults make the reference take a request it should refuse, and
// the taken request changes what the check goes on with: a card with a phone number that is a
// JSON number goes on file, a cancel with a reason of 129 characters cancels. Every later case of
// those checks is judged against the state read right before it, so each fault fails its own
// rule and nothing else (before, the first failed 19 rules, the second 3). The self-test holds
// every proving check to the same law (selftest/support/collateral-runs.ts).

const dir = mkdtempSync(join(tmpdir(), 'cli-one-bug-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAULTS = {
  'request-accepts-billing.card_customer.phone.phone_number.national_number.type':
    'billing.card_customer.phone.phone_number.national_number.type',
  'request-accepts-billing.cancel.reason.length': 'billing.cancel.reason.length',
};

it('a taken request that changes the resource fails its own rule only, not every refusal after it', async () => {
  const reportDir = join(dir, 'run');
  const grep = 'payment source card: a replace with a card that breaks|cancel reasons that break';
  const args = ['run', '--faults', Object.keys(FAULTS).join(','), '--grep', grep, '--seed', '424242'];
  const run = await runCli([...args, '--report-dir', reportDir]);
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  const failed = report.rules.filter((rule) => rule.status === 'failed' || rule.status === 'warning');
  expect(failed.map((rule) => rule.id).sort()).toEqual(Object.values(FAULTS).sort());
  // The refusals after the taken requests were judged, and held: passed, not skipped.
  const passed = new Set(report.rules.filter((rule) => rule.status === 'passed').map((rule) => rule.id));
  expect(passed).toContain('billing.stored_credential.one-reference-only');
  expect(passed).toContain('billing.cancel.reason.required');
}, 120_000);
