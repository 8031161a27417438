import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../reports/model.js';
import { runCli } from './test-support/run-cli.js';
import { FIXED_MARKUP_STATUS, startFixedBodyServer } from '../harness/hostile/test-support/fixed-body-server.js';
import { startExampleMockServer } from '../harness/hostile/test-support/example-mock-server.js';

// Two billing APIs that show nothing of what they are sent, certified by the built CLI (needs
// dist/) on the checks that declare the rules at stake (--rule): one answers a single fixed body
// to every request, the other each operation's example. Before a pass needed a credit on what
// showed it, both got these rules passed; none of them may pass now.

const FIXED_RULES = [
  'billing.create-subscription.approval-pending',
  'billing.application_context.user_action.default',
  'billing.list-plans.product_id.filters',
];
const EXAMPLE_RULES = [
  'billing.plan.status.create-values',
  'billing.country_code.gb-not-uk',
  'billing.billing_cycle.total_cycles.regular-zero-infinite',
  'billing.show-plan.status-200',
  'billing.create-plan.prefer-representation',
];

/** Its list subscriptions answers 405 to every request: a long URL's answer says nothing of the length. */
const URL_RULE = 'billing.list-subscriptions.plan_ids.url-max-2000';

const dir = mkdtempSync(join(tmpdir(), 'unearned-passes-'));
const reports: Record<'fixed' | 'example', { report: ConformanceReport; html: string; printed: string }> = {} as never;

async function certify(name: 'fixed' | 'example', rules: readonly string[], extra: readonly string[] = []) {
  const server = name === 'fixed' ? await startFixedBodyServer() : await startExampleMockServer();
  try {
    const profile = join(dir, `${name}.json`);
    const billing = { token: 'unearned-token', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'follow-link' } };
    writeFileSync(profile, JSON.stringify({ baseUrl: server.url, billing }));
    const reportDir = join(dir, name);
    const selected = [...rules, ...extra].flatMap((rule) => ['--rule', rule]);
    const run = await runCli(['run', '--target', profile, '--seed', '7', ...selected, '--report-dir', reportDir], {
      timeoutMs: 120_000,
    });
    reports[name] = {
      report: JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport,
      html: readFileSync(join(reportDir, 'report.html'), 'utf8'),
      printed: `${run.stdout}\n${run.stderr}`,
    };
  } finally {
    await server.close();
  }
}

beforeAll(async () => {
  await Promise.all([
    certify('fixed', FIXED_RULES),
    certify('example', EXAMPLE_RULES, ['billing.list-plans.status-200', URL_RULE]),
  ]);
}, 150_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An evidence entry: a reference into the HAR, or (for a failure) the exchange itself. */
type Shown = { status?: number; response?: { status: number } };
const statusShown = (evidence: Shown): number | undefined => evidence.response?.status ?? evidence.status;

const statusOf = (report: ConformanceReport, id: string) => report.rules.find((rule) => rule.id === id)?.status;

describe('a billing API that answers one fixed body to every request', () => {
  it('gets none of the rules it never showed: a status it never answers, an approval, a filtered member', () => {
    const { report, printed } = reports.fixed;
    expect(report.summary.verdict, printed.slice(-2000)).toBe('NON_CONFORMANT');
    expect(FIXED_RULES.filter((id) => statusOf(report, id) === 'passed')).toEqual([]);
    const filters = report.rules.find((rule) => rule.id === 'billing.list-plans.product_id.filters')!;
    expect(filters.checks.map((check) => check.message).join('\n')).toMatch(/carry no product_id/);
  });

  it('shows its markup as text in report.html', () => {
    expect(reports.fixed.html).not.toContain(FIXED_MARKUP_STATUS);
  });
});

describe('a stateless mock answering each operation with its example', () => {
  it('gets none of the rules whose answers were about its example, not what was sent', () => {
    const { report, printed } = reports.example;
    expect(report.rules.length, printed.slice(-2000)).toBeGreaterThan(0);
    expect(EXAMPLE_RULES.filter((id) => statusOf(report, id) === 'passed')).toEqual([]);
  });

  it('neither passes nor fails the URL limit on a route that serves no list at all', () => {
    const rule = reports.example.report.rules.find((candidate) => candidate.id === URL_RULE)!;
    expect(rule.status).toBe('skipped');
    expect(rule.reason ?? '').toMatch(/not served with one plan id either \(status 405\)/);
  });

  it('credits a status rule only on answers with that status, of the operation the rule is about', () => {
    const { report } = reports.example;
    const passedStatusRules = report.rules.filter(
      (rule) => /\.status-\d{3}$/.test(rule.id) && rule.status === 'passed',
    );
    expect(passedStatusRules.map((rule) => rule.id)).toContain('billing.list-plans.status-200');
    for (const rule of passedStatusRules) {
      const status = Number(rule.id.slice(-3));
      for (const check of rule.checks.filter((c) => c.status === 'passed'))
        for (const evidence of check.evidence ?? []) {
          const shown = statusShown(evidence);
          expect(shown, `${rule.id}: ${evidence.id} in ${check.name}`).toBe(status);
        }
    }
    // list plans' evidence is list plans, not the create and the show the same check sent
    const listPlans = report.rules.find((rule) => rule.id === 'billing.list-plans.status-200')!;
    const urls = listPlans.checks.flatMap((check) =>
      (check.evidence ?? []).map((e) =>
        'request' in e ? `${e.request.method} ${e.request.url}` : `${e.method} ${e.url}`,
      ),
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^GET [^?]*\/v1\/billing\/plans(\?|$)/);
  });
});
