import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDiff } from '../contracts/validate.js';
import { diffExitCode, type DiffReport } from '../diff/report.js';
import { FIXTURES } from '../reference/fixtures.js';
import { startReference } from '../reference/server.js';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';

// `diff` of the embedded reference against itself: with nothing switched on there is nothing to
// tell; with a legal variant the divergences name exactly the variant's behaviour (and exit 0:
// both conform); with faults, their rules fail on that side only (exit 1), and each answer that
// breaks a rule is a conformance difference naming it; a plan left on a server from an earlier
// run is not compared, only counted.

const dir = mkdtempSync(join(tmpdir(), 'cli-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** As typed in a shell: the recorded command lines start with `node dist/cli/main.js`. */
const NOT_NPM = { npm_lifecycle_event: '', npm_command: '', npm_package_name: '' };

const LISTS =
  'billing pagination: list plans|list assignees returns every assignable user|billing shapes: create plan, show plan';

async function diff(
  name: string,
  b: string,
  grep: string,
  a = 'reference',
): Promise<{ code: number | null; output: string; report: DiffReport; markdown: string }> {
  const reportDir = join(dir, name);
  const result = await runCli(
    ['diff', '--target', a, '--target', b, '--seed', '7', '--runs', '3', '--grep', grep, '--report-dir', reportDir],
    { timeoutMs: 240_000, env: NOT_NPM },
  );
  const report = JSON.parse(readFileSync(join(reportDir, 'diff.json'), 'utf8')) as DiffReport;
  expect(validateDiff(report)).toEqual([]);
  return {
    code: result.code,
    output: result.stdout + result.stderr,
    report,
    markdown: readFileSync(join(reportDir, 'diff.md'), 'utf8'),
  };
}

describe('diff', () => {
  it('finds nothing between the reference and itself, and says which members are noise', async () => {
    const { code, output, report } = await diff('same', 'reference', LISTS);
    expect(code, output).toBe(0);
    expect(report.divergences).toEqual([]);
    expect(report.summary.rulesDiffering).toBe(0);
    expect(report.summary.pairs).toBeGreaterThan(50);
    expect(report.noise).toEqual(expect.arrayContaining(['create plan: /id', 'list plans: /plans/*/id']));
  }, 240_000);

  it("names a legal variant's behaviour, with the request and both answers, and exits 0", async () => {
    const { code, output, report, markdown } = await diff('order', 'reference:variant=list-reverse-order', LISTS);
    expect(code, output).toBe(0);
    expect(report.divergences.length).toBeGreaterThan(0);
    expect(new Set(report.divergences.map((divergence) => divergence.kind))).toEqual(new Set(['list-order']));
    const plans = report.divergences.find((divergence) => divergence.operation === 'list plans')!;
    expect(plans.request.method).toBe('GET');
    expect(plans.a?.status).toBe(200);
    expect(plans.b?.status).toBe(200);
    expect(plans.a?.body).not.toBe(plans.b?.body);
    expect(markdown).toMatch(/\| list-order \| list plans \| \d+ \|/);
    // --fail-on-divergence: staging must behave exactly like production.
    expect(diffExitCode(report, true)).toBe(1);
  }, 240_000);

  it(
    'exits 1 when one side breaks a rule the other holds, names it, and compares nothing a ' +
      "side's run did not make",
    async () => {
      // The lists (no page of them shows the leftover plan, but they are shifted by it), answers
      // with Users (b sends their ids as text) and create plan (b answers 200).
      const LEFTOVER_GREP = `${LISTS}|add assignees answers 201|billing accepted: create plan answers 201`;
      const FAULTS = 'reference:fault=user-id-string,create-plan-200';
      // Side a: a served reference that holds a plan from an earlier run.
      const reference = await startReference({});
      try {
        const body = {
          product_id: FIXTURES.productId,
          name: 'left from an earlier run',
          billing_cycles: [
            {
              tenure_type: 'REGULAR',
              sequence: 1,
              total_cycles: 0,
              frequency: { interval_unit: 'MONTH', interval_count: 1 },
              pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10' } },
            },
          ],
          payment_preferences: { auto_bill_outstanding: true },
        };
        const made = await fetch(`${reference.baseUrl}/v1/billing/plans`, {
          method: 'POST',
          headers: { authorization: `Bearer ${FIXTURES.billingToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(made.status).toBe(201);
        const profile = join(dir, 'leftover.json');
        writeFileSync(profile, JSON.stringify(reference.profile));
        const { code, output, report, markdown } = await diff('leftover', FAULTS, LEFTOVER_GREP, profile);
        expect(code, output).toBe(1);
        expect([...report.summary.failedOnlyByB].sort()).toEqual([
          'assignees.user.id.type',
          'billing.create-plan.status-201',
        ]);
        expect(report.summary.failedOnlyByA).toEqual([]);
        expect(report.rules.find((rule) => rule.id === 'billing.create-plan.status-201')).toMatchObject({
          a: 'passed',
          b: 'failed',
        });
        // Every difference is one of b's broken rules, with the rule: none comes from the leftover.
        expect(new Set(report.divergences.map((divergence) => divergence.rule))).toEqual(
          new Set(['assignees.user.id.type', 'billing.create-plan.status-201']),
        );
        for (const divergence of report.divergences)
          expect(divergence).toMatchObject({ kind: 'conformance', level: 'MUST', brokenBy: 'b' });
        expect(report.summary.conformanceDifferences).toBe(report.divergences.length);
        expect(report.summary.leftovers.exchanges).toBeGreaterThan(0);
        expect(report.summary.leftovers.resources).toBeGreaterThanOrEqual(1);
        expect(markdown).toMatch(
          new RegExp(
            'exchange\\(s\\) not compared: their answers showed \\d+ plan\\(s\\) ' +
              "or subscription\\(s\\) that side's run did not make",
          ),
        );
        // The diff records its own command, and each side's report the run it made, started alike.
        expect(report.commandLine).toBe(
          `node dist/cli/main.js diff --target ${profile} --target ${FAULTS} --seed 7 --runs 3 ` +
            `--grep '${LEFTOVER_GREP}' --report-dir ${join(dir, 'leftover')}`,
        );
        const side = JSON.parse(
          readFileSync(join(dir, 'leftover', 'runs', 'b', 'conformance.json'), 'utf8'),
        ) as ConformanceReport;
        expect(side.settings.commandLine).toMatch(
          /^node dist\/cli\/main\.js run --faults user-id-string,create-plan-200 --seed 7 /,
        );
      } finally {
        await reference.close();
      }
    },
    240_000,
  );
});
