import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDiff } from '../contracts/validate.js';
import { diffExitCode, type DiffReport } from '../diff/report.js';
import { runCli } from './test-support/run-cli.js';

// `diff` of the embedded reference against itself: with nothing switched on there is nothing to
// tell; with a legal variant the divergences name exactly the variant's behaviour (and exit 0:
// both conform); with a fault, the fault's rule fails on that side only (exit 1).

const dir = mkdtempSync(join(tmpdir(), 'cli-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LISTS = 'billing pagination: list plans|list assignees returns every assignable user|billing shapes: create plan, show plan';

async function diff(name: string, b: string, grep: string): Promise<{ code: number | null; output: string; report: DiffReport; markdown: string }> {
  const reportDir = join(dir, name);
  const result = await runCli(['diff', '--target', 'reference', '--target', b, '--seed', '7', '--runs', '3', '--grep', grep, '--report-dir', reportDir], { timeoutMs: 240_000 });
  const report = JSON.parse(readFileSync(join(reportDir, 'diff.json'), 'utf8')) as DiffReport;
  expect(validateDiff(report)).toEqual([]);
  return { code: result.code, output: result.stdout + result.stderr, report, markdown: readFileSync(join(reportDir, 'diff.md'), 'utf8') };
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

  it('names a legal variant\'s behaviour, with the request and both answers, and exits 0', async () => {
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

  it('exits 1 when one side fails a rule the other passes, naming it on that side only', async () => {
    const { code, output, report } = await diff('fault', 'reference:fault=create-plan-200', 'billing accepted: create plan answers 201');
    expect(code, output).toBe(1);
    expect(report.summary.failedOnlyByB).toEqual(['billing.create-plan.status-201']);
    expect(report.summary.failedOnlyByA).toEqual([]);
    expect(report.rules.find((rule) => rule.id === 'billing.create-plan.status-201')).toMatchObject({ a: 'passed', b: 'failed' });
  }, 240_000);
});
