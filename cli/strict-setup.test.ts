import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badChecks, cliPath, readReport, runCli, type CliRun } from '../harness/hostile/test-support/run-cli.js';
import { startStrictProxy, type StrictProxy } from '../harness/hostile/test-support/strict-proxy.js';
import { startReference, type RunningReference } from '../reference/server.js';

// A staging server stricter than the spec (as real providers are) refuses plans and
// subscriptions that lack members the spec does not require. The checks' own fixtures carry
// them, so their setup survives it; what such a server refuses anyway is named in the error:
// the setup request and the answer.

/** Checks whose plans and subscriptions are all setup (fixtures), none a value under test. */
const FIXTURE_CHECKS =
  'billing/scenarios/(transactions|cycles|user-action-continue|revise-any-state|subscription-patch$)' +
  '|billing/properties/limits-capture';

describe('setup against a server stricter than the spec', () => {
  let reference: RunningReference;
  let strict: StrictProxy;
  let stricter: StrictProxy;
  let survived: CliRun;
  let refused: CliRun;

  beforeAll(async () => {
    if (!existsSync(cliPath())) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    reference = await startReference();
    strict = await startStrictProxy(reference.baseUrl);
    stricter = await startStrictProxy(reference.baseUrl, { subscriberPayerId: true });
    const dir = mkdtempSync(join(tmpdir(), 'strict-setup-'));
    const profileFor = (url: string, name: string): string => {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify({ baseUrl: url, billing: reference.profile.billing }));
      return file;
    };
    const args = ['--suite', 'billing', '--grep', FIXTURE_CHECKS, '--seed', '7', '--runs', '3'];
    [survived, refused] = await Promise.all([
      runCli(['run', '--target', profileFor(strict.url, 'strict.json'), ...args], { killAfterMs: 170_000 }),
      runCli(['run', '--target', profileFor(stricter.url, 'stricter.json'), ...args], { killAfterMs: 170_000 }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await strict?.close();
    await stricter?.close();
    await reference?.close();
  });

  it('every fixture carries what the strict server requires: no check is left without a verdict', () => {
    expect(survived.killed).toBe(false);
    expect(strict.refusals, 'fixtures the strict server refused').toEqual([]);
    const report = readReport(survived.reportDir);
    expect(badChecks(report).map((c) => `${c.name}: ${c.message}`)).toEqual([]);
    expect(report.summary.passed).toBeGreaterThan(0);
    expect(survived.code).toBe(0);
  });

  it('a setup refused anyway is an error naming the request and the answer', () => {
    expect(refused.killed).toBe(false);
    expect(refused.code).toBe(4);
    const errors = badChecks(readReport(refused.reportDir)).filter((c) => c.status === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const check of errors) {
      expect(check.message, check.name).toMatch(
        new RegExp(
          'could not create a subscription for this check: POST \\/v1\\/billing\\/subscriptions ' +
            'answered 422: \\{"name":"UNPROCESSABLE_ENTITY".*subscriber\\/payer_id',
        ),
      );
    }
    expect(refused.stdout).toMatch(
      /^ {2}\d+ checks?: could not create a subscription for this check: create subscription answered 422$/m,
    );
  });
});
