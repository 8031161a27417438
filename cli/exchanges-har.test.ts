import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateHar } from '../contracts/validate.js';
import { FIXTURES } from '../reference/fixtures.js';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// exchanges.har beside the reports of a default run: HAR 1.2, every request the summary counts,
// each entry tagged with its check and the rules it informed, and no credential anywhere.

const dir = mkdtempSync(join(tmpdir(), 'cli-har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Har {
  log: { entries: Array<{ request: { headers: Array<{ name: string; value: string }> }; _check: string; _rules: string[] }> };
}

describe('exchanges.har', () => {
  it('holds every exchange of a default run as HAR 1.2, tagged, without a token', async () => {
    const run = await runCli(['run', '--seed', '7', '--report-dir', dir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const text = readFileSync(join(dir, 'exchanges.har'), 'utf8');
    const har = JSON.parse(text) as Har;
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;

    expect(validateHar(har)).toEqual([]);
    expect(har.log.entries.length).toBe(report.summary.requests);
    expect(har.log.entries.every((entry) => entry._check !== '' && entry._rules.length > 0)).toBe(true);
    for (const token of [FIXTURES.billingToken, FIXTURES.pushUser.token, FIXTURES.readUser.token]) expect(text).not.toContain(token);
    const authorizations = har.log.entries.flatMap((entry) => entry.request.headers.filter((header) => header.name.toLowerCase() === 'authorization'));
    expect(authorizations.length).toBeGreaterThan(0);
    expect(new Set(authorizations.map((header) => header.value))).toEqual(new Set(['Bearer [REDACTED]']));
    expect(run.stdout).toContain(`exchanges: ${join(dir, 'exchanges.har')} (${report.summary.requests} exchanges, HAR 1.2)`);
  }, 120_000);

  it('is refused by the HAR schema when a required member is missing', () => {
    expect(validateHar({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [{ startedDateTime: '2026-01-01T00:00:00Z' }] } }).length).toBeGreaterThan(0);
  });
});
