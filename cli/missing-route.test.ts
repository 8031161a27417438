import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// A refusal proves nothing when the route itself is missing: against a server that answers 405
// to every request on GET /v1/billing/subscriptions, valid ones included, no rule of list
// subscriptions may pass (before, every one of its limit rules did, "refused").

const dir = mkdtempSync(join(tmpdir(), 'cli-missing-route-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a route that refuses everything', () => {
  it('credits none of its rules, and fails its status rule', async () => {
    const run = await runCli(
      ['run', '--seed', '7', '--suite', 'billing', '--faults', 'list-subscriptions-route-missing', '--report-dir', dir],
      { timeoutMs: 240_000 },
    );
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    const listRules = report.rules.filter((rule) => rule.id.startsWith('billing.list-subscriptions.'));
    expect(listRules.length).toBeGreaterThan(20);
    expect(listRules.filter((rule) => rule.status === 'passed').map((rule) => rule.id)).toEqual([]);
    expect(report.rules.find((rule) => rule.id === 'billing.list-subscriptions.status-200')?.status).toBe('failed');
  }, 240_000);
});
