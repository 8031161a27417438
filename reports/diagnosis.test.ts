import { describe, expect, it } from 'vitest';
import { validateReport } from '../contracts/validate.js';
import { RULES } from '../contracts/rules/index.js';
import type { Exchange } from '../harness/exchange.js';
import type { OperationStats } from '../harness/request-stats.js';
import { buildReport, runStatsOf } from './build-report.js';
import { diagnose } from './diagnosis.js';
import type { CheckResult } from './model.js';
import { renderSummary } from './summary-md.js';
import { ANOTHER_RESOURCE } from '../harness/read-back-signs.js';
import { checkMeta } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

/** The diagnosis as the report builder asks for it: with the run's totals added up once. */
const diagnosed = (results: readonly CheckResult[], context: Parameters<typeof diagnose>[1]) =>
  diagnose(results, context, runStatsOf(results));

const BASE = 'http://127.0.0.1:1';
const info = runInfo({ baseUrl: BASE, durationMs: 10_000, settings: { approval: 'follow-link' } });

function stats(statuses: Record<string, number>, extra: Partial<OperationStats> = {}): OperationStats {
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0) + (extra.timeouts ?? 0) + (extra.resets ?? 0);
  return {
    requests,
    statuses,
    timeouts: 0,
    resets: 0,
    refused: 0,
    otherErrors: 0,
    totalMs: requests * 20,
    slowestMs: 40,
    ...extra,
  };
}

const passing = (name: string, operations: Record<string, OperationStats>): CheckResult => ({
  name,
  file: 'billing/x',
  state: 'passed',
  durationMs: 1,
  meta: checkMeta({ rules: ['billing.plan.status.enum'], operations }),
});

function errored(
  name: string,
  error: string,
  exchange: Exchange,
  operations: Record<string, OperationStats> = {},
): CheckResult {
  return {
    name,
    file: 'billing/x',
    state: 'failed',
    durationMs: 1,
    meta: checkMeta({ rules: ['billing.plan.status.enum'], error, errorExchanges: [exchange], operations }),
  };
}

const approveLinkNotFound = (i: number): CheckResult => {
  const url = `https://approvals.example/checkoutnow?token=EC-${i}`;
  const error = `GET ${url}: host name not found`;
  return errored(
    `check ${i}`,
    error,
    { request: { method: 'GET', url, headers: {} }, error, durationMs: 3 },
    { 'create subscription': stats({ 201: 1 }), other: stats({}, { otherErrors: 1, requests: 1 }) },
  );
};

describe('the diagnosis of a target', () => {
  it('is absent when nothing went wrong', () => {
    expect(
      diagnosed([passing('a', { 'create plan': stats({ 201: 3 }), 'show plan': stats({ 200: 3, 404: 1 }) })], info),
    ).toBeUndefined();
  });

  it('reads 139 checks stopped by one approve-link host as one line, and points at approval.mode', () => {
    const results = Array.from({ length: 139 }, (_, i) => approveLinkNotFound(i));
    const d = diagnosed(results, info)!;
    expect(d.causes).toEqual([
      { checks: 139, cause: "the approve link's host approvals.example could not be resolved (ENOTFOUND)" },
    ]);
    expect(d.lines).toContain(
      "139 checks: the approve link's host approvals.example could not be resolved (ENOTFOUND)",
    );
    expect(d.advice.map((a) => a.change)).toEqual(['approval.mode in the profile']);
    expect(d.advice[0].why).toMatch(/^139 checks could not get a subscription approved through the approve link/);
  });

  it('names an answer whose body decodes past the limit as that, on any path, never as no answer', () => {
    const bomb = (i: number): CheckResult => {
      const url = `${BASE}/v1/billing/plans/P-${'A'.repeat(20)}${i}`;
      const error =
        `GET ${url}: answered 200, but the body could not be judged: the gzip body decodes to more than 16 MiB, ` +
        'the most the checker decodes (decoding stopped there)';
      const response = { status: 200, headers: { 'content-encoding': 'gzip' }, body: '' };
      return errored(`check ${i}`, error, {
        request: { method: 'GET', url, headers: {} },
        response,
        error,
        durationMs: 3,
      });
    };
    const d = diagnosed([bomb(1), bomb(2)], info)!;
    expect(d.causes).toEqual([
      {
        checks: 2,
        cause:
          'show plan answered 200, but the body could not be judged: the gzip body decodes to more than 16 MiB, ' +
          'the most the checker decodes (decoding stopped there)',
      },
    ]);
    expect(d.lines.join('\n')).not.toMatch(/too large to read|could not be reached|cannot reach/);
  });

  it('gives the share of 429, 5xx, timeouts and resets, and the flags that help', () => {
    const results = [
      passing('a', { 'create plan': stats({ 201: 60, 429: 20, 500: 10 }, { timeouts: 5, resets: 5 }) }),
      errored('b', 'rate limited: POST http://127.0.0.1:1/v1/billing/plans answered status 429', {
        request: { method: 'POST', url: `${BASE}/v1/billing/plans`, headers: {} },
        response: { status: 429, headers: {}, body: '' },
        durationMs: 1,
      }),
      errored('c', 'create plan: answered 503, neither an acceptance nor a refusal', {
        request: { method: 'POST', url: `${BASE}/v1/billing/plans`, headers: {} },
        response: { status: 503, headers: {}, body: '' },
        durationMs: 1,
      }),
      errored(
        'd',
        `GET ${BASE}/v1/billing/plans/P-1234567890ABCDEFGHIJKLMN: no response headers within 10000 ms (timeout)`,
        {
          request: { method: 'GET', url: `${BASE}/v1/billing/plans/P-1234567890ABCDEFGHIJKLMN`, headers: {} },
          error: 'GET …: no response headers within 10000 ms (timeout)',
          durationMs: 10_000,
        },
      ),
    ];
    const d = diagnosed(results, info)!;
    expect(d).toMatchObject({ requests: 100, rateLimited: 20, serverErrors: 10, timedOut: 5, reset: 5 });
    expect(d.lines[0]).toBe('of 100 requests, 20% answered 429, 10% answered 5xx, 5% timed out, 5% reset');
    expect(d.causes.map((c) => c.cause)).toEqual([
      'create plan answered 503',
      'show plan did not answer within 10000 ms',
      'the target answered 429 (rate limited)',
    ]);
    // 100 requests in 10 s: half of that.
    expect(d.advice.map((a) => a.change)).toEqual(['--rate 5', '--timeout-ms 30000', '--concurrency 4']);
    expect(d.lines.filter((line) => line.startsWith('try '))).toHaveLength(3);
  });

  it('takes the rate repeated 429s brought the run to, when they did', () => {
    const result = passing('a', { 'list plans': stats({ 200: 5, 429: 5 }) });
    result.meta!.rateLowered = { from: 20, to: 5, after429s: 3 };
    expect(diagnosed([result], runInfo({ settings: { rate: 20 } }))!.advice[0]).toEqual({
      change: '--rate 5',
      why: 'the target answered 429 to 50% of the requests',
    });
  });

  it('says when the target seems to keep no state, and lists the slowest operations', () => {
    const lost = passing('a', {
      'create plan': stats({ 201: 1 }, { totalMs: 900, slowestMs: 900 }),
      'show plan': stats({ 404: 1 }),
    });
    lost.meta!.readBackSigns = ['show plan answered 404 right after create plan answered 201'];
    const d = diagnosed([lost, { ...lost, name: 'b' }], info)!;
    expect(d.stateless).toEqual([{ checks: 2, sign: 'show plan answered 404 right after create plan answered 201' }]);
    expect(d.lines).toContain(
      '2 checks: show plan answered 404 right after create plan answered 201: the target seems to keep no state',
    );
    expect(d.slowest[0]).toEqual({ operation: 'create plan', requests: 2, meanMs: 900, slowestMs: 900 });
    expect(d.advice.map((a) => a.change)).toEqual(['baseUrl in the profile']);
  });

  it('counts the checks that read back another resource, one line per kind of answer, without ids', () => {
    const other = (name: string, id: string): CheckResult => {
      const result = passing(name, { 'show plan': stats({ 200: 1 }) });
      result.meta!.notTried = [
        {
          rules: ['billing.plan.status.enum'],
          reason:
            `${ANOTHER_RESOURCE}: show plan answered another plan than the one asked for (GET ` +
            `/v1/billing/plans/${id}: the answer has id "P-CANNED")`,
        },
      ];
      return result;
    };
    const d = diagnosed([other('a', 'P-1'), other('b', 'P-2')], info)!;
    expect(d.stateless).toEqual([
      {
        checks: 2,
        sign: `${ANOTHER_RESOURCE}: show plan answered another plan than the one asked for`,
      },
    ]);
    expect(d.lines).toContain(
      `2 checks: ${ANOTHER_RESOURCE}: show plan answered another plan than the one asked ` +
        `for; their declared rules were not credited; the target seems to keep no state`,
    );
    expect(d.advice.map((a) => a.change)).toEqual(['baseUrl in the profile']);
  });

  it('goes into conformance.json (valid against its schema), first in summary.md, and into the verdict note', () => {
    const report = buildReport(
      Array.from({ length: 3 }, (_, i) => approveLinkNotFound(i)),
      RULES,
      info,
    );
    expect(validateReport(report)).toEqual([]);
    expect(report.summary.diagnosis?.causes[0].checks).toBe(3);
    expect(report.summary.verdictNote).toMatch(
      /most often, 3 check\(s\): the approve link's host approvals\.example could not be resolved \(ENOTFOUND\)/,
    );
    const md = renderSummary(report);
    expect(md.indexOf('**Diagnosis of the target**')).toBeGreaterThan(0);
    expect(md.indexOf('**Diagnosis of the target**')).toBeLessThan(md.indexOf('Target `'));
    expect(md).toContain("- 3 checks: the approve link's host approvals.example could not be resolved (ENOTFOUND)");
  });

  it(
    "counts a property's error as one cause whatever its seed, and hides product ids too, as " +
      'report.html groups them',
    () => {
      const property = (name: string, seed: number): CheckResult => ({
        name,
        file: 'billing/x',
        state: 'failed',
        durationMs: 1,
        meta: checkMeta({
          rules: ['billing.plan.status.enum'],
          error:
            `could not create a plan for product PROD-4CWK2S8EBB4FG3ZT${Math.abs(seed)}: stopped ` +
            `(fast-check seed ${seed}, path 0:${Math.abs(seed)})`,
        }),
      });
      const d = diagnosed([property('a', 1), property('b', 2), property('c', -3)], info)!;
      expect(d.causes).toEqual([{ checks: 3, cause: 'could not create a plan for product <id>: stopped' }]);
    },
  );

  it('builds the report when a recorded URL no longer parses (a secret scrubbed from its host)', () => {
    const url = 'https://[REDACTED]/checkoutnow?token=EC-1';
    const error = `GET ${url}: host name not found`;
    const results = [
      errored('a', error, { request: { method: 'GET', url, headers: {} }, error, durationMs: 3 }),
      errored('b', error, {
        request: { method: 'GET', url: 'https://[REDACTED]/v1/billing/plans', headers: {} },
        error,
        durationMs: 3,
      }),
    ];
    expect(diagnosed(results, info)!.causes).toEqual([
      { checks: 1, cause: 'list plans could not be resolved (ENOTFOUND)' },
      { checks: 1, cause: "the approve link's host (its address does not parse) could not be resolved (ENOTFOUND)" },
    ]);
    expect(validateReport(buildReport(results, RULES, info))).toEqual([]);
  });
});
