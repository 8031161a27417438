import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../reports/model.js';
import { RULES } from '../../contracts/rules/index.js';
import { runCli } from '../../cli/test-support/run-cli.js';
import { startCannedServer, type CannedServer } from '../../reference/canned-server.js';

// The built CLI certifies a billing API that keeps no state (reference/canned-server.ts: the
// same plan and subscription for every id, the same id for every create). What a check read back
// there was another resource than it made: no rule whose evidence is such a read-back may pass,
// nor any idempotency rule; the read-back checks fail returns-plan; the diagnosis counts the
// checks that answered about another resource. (Needs dist/: npm test builds it first.)

/** Rules judged only on what a show of the check's own plan or subscription answered. */
const READ_BACK_RULES = [
  'billing.plan.quantity_supported.default-false',
  'billing.billing_cycle.total_cycles.default-1',
  'billing.plan.product_id.refers-to-product',
  'billing.subscription.auto_renewal.default-false',
  'billing.subscription.start_time.default-now',
  'billing.subscription.plan.returned-with-fields',
  'billing.revise.requires-consent',
  'billing.revise.applied-on-consent',
  'billing.revise.overrides-not-carried-forward',
  'billing.update-subscription.override-isolated',
  'billing.activate-plan.to-active',
  'billing.deactivate-plan.to-inactive',
  'billing.update-plan.status-unchanged',
  'billing.update-subscription.status-unchanged',
  'billing.patch.add-replaces-member',
  'billing.patch.test-equality',
  ...RULES.map((rule) => rule.id).filter((id) => /^billing\.update-(plan\.replace|subscription\.patch)\./.test(id)),
];

const TOKEN = 'canned-token-7';
const dir = mkdtempSync(join(tmpdir(), 'canned-target-'));
let server: CannedServer | undefined;
let report: ConformanceReport;
let printed = '';

beforeAll(async () => {
  server = await startCannedServer(TOKEN);
  const profile = join(dir, 'target.json');
  writeFileSync(
    profile,
    JSON.stringify({
      baseUrl: server.url,
      billing: { token: TOKEN, productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'follow-link' } },
    }),
  );
  const run = await runCli(['run', '--target', profile, '--seed', '7', '--report-dir', join(dir, 'report')], {
    timeoutMs: 240_000,
  });
  printed = `${run.stdout}\n${run.stderr}`;
  report = JSON.parse(readFileSync(join(dir, 'report', 'conformance.json'), 'utf8')) as ConformanceReport;
}, 250_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const statusOf = (id: string) => report.rules.find((rule) => rule.id === id)?.status;

describe('a billing API that answers canned bodies', () => {
  it('is NON_CONFORMANT: show plan and show subscription answer another resource than the one asked for', () => {
    expect(report.summary.verdict, printed.slice(-3000)).toBe('NON_CONFORMANT');
    expect(statusOf('billing.show-plan.returns-plan')).toBe('failed');
    expect(statusOf('billing.show-subscription.returns-subscription')).toBe('failed');
  });

  it("gets no pass for a rule whose evidence is a read-back of the check's own plan or subscription", () => {
    expect(READ_BACK_RULES.length).toBeGreaterThan(20);
    expect(READ_BACK_RULES.filter((id) => statusOf(id) === 'passed')).toEqual([]);
  });

  it('gets no idempotency pass: every create answered with one id proves no key', () => {
    const idempotency = report.rules.filter((rule) => rule.kind === 'idempotency');
    expect(idempotency.length).toBeGreaterThan(5);
    expect(idempotency.filter((rule) => rule.status === 'passed').map((rule) => rule.id)).toEqual([]);
  });

  it('says why: the rules are not tried, and the diagnosis counts the checks in one line per kind of answer', () => {
    const anotherResource = (message = '') => /the target answered about another resource/.test(message);
    type Rule = ConformanceReport['rules'][number];
    const why = (rule: Rule) => rule.checks.some((check) => anotherResource(check.message));
    const notTried = report.rules.filter((rule) => rule.status === 'skipped' && why(rule));
    expect(notTried.length).toBeGreaterThan(10);
    const lines = report.summary.diagnosis?.lines ?? [];
    const counted = lines.filter((line) => /^\d+ checks?: the target answered about another resource: /.test(line));
    expect(counted.length, lines.join('\n')).toBeGreaterThan(0);
    expect(new Set(counted).size).toBe(counted.length);
    expect(printed).toContain(counted[0]);
  });
});
