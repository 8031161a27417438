import { request } from 'undici';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RULES } from '../contracts/rules/index.js';
import { buildReport, type RunInfo } from '../reports/build-report.js';
import { FIXTURES } from '../reference/fixtures.js';
import { startReference } from '../reference/server.js';

// A fault of the judges themselves (here: made to throw on one path) is a run error: the proxy
// keeps forwarding and judging, and the report built from the session cannot read as complete.
// The session is imported afresh in the test: a worker runs files in one module cache
// (vitest.config.ts), where another file may have loaded the judges before this mock.

vi.mock('./judge-exchange.js', async (original) => {
  const actual = await original<typeof import('./judge-exchange.js')>();
  return {
    ...actual,
    judgeExchange: (raw: Parameters<typeof actual.judgeExchange>[0]) => {
      if (raw.target.includes('judge-breaks-here')) throw new Error('a judge broke');
      return actual.judgeExchange(raw);
    },
  };
});

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  while (closers.length > 0) await closers.pop()!();
});

describe('an exchange the judges cannot judge', () => {
  it('is a run error and an unjudged check; the proxy keeps forwarding and judging', async () => {
    vi.resetModules();
    const { ProxySession } = await import('./session.js');
    const reference = await startReference({});
    closers.push(() => reference.close());
    const session = new ProxySession({
      upstream: new URL(reference.baseUrl),
      port: 0,
      apis: new Set(['billing', 'assignees']),
    });
    const url = await session.start();
    closers.push(() => session.stop());
    const headers = { authorization: `Bearer ${FIXTURES.billingToken}` };
    const broken = await request(`${url}/repos/octo-org/hello-world/assignees/judge-breaks-here`, { headers });
    await broken.body.dump();
    const listed = await request(`${url}/v1/billing/plans?page_size=2`, { headers });
    expect(listed.statusCode).toBe(200);
    await listed.body.dump();
    await session.stop();

    expect(session.runErrors).toEqual([
      'GET /repos/octo-org/hello-world/assignees/judge-breaks-here could not be judged: a judge broke',
    ]);
    expect(session.observations.exchanges).toBe(2);
    const info: RunInfo = {
      tool: { name: 'test', version: '0' },
      baseUrl: reference.baseUrl,
      sections: { billing: { certified: true }, assignees: { certified: true } },
      startedAt: new Date().toISOString(),
      durationMs: 0,
      seed: 0,
      settings: {
        runs: 1,
        concurrency: 1,
        timeoutMs: 1000,
        suites: ['billing', 'assignees'],
        grep: null,
        shard: null,
        commandLine: 'proxy',
      },
      runErrors: [],
    };
    const report = buildReport(session.observations.results(), RULES, info);
    expect(report.rules.find((rule) => rule.id === 'assignees.check.status-204')?.status).toBe('error');
    expect(report.rules.find((rule) => rule.id === 'billing.list-plans.status-200')?.status).toBe('passed');
    expect(report.summary.verdict).toBe('INCOMPLETE');
    expect(
      buildReport(session.observations.results(), RULES, { ...info, runErrors: session.runErrors }).summary.verdictNote,
    ).toMatch(/run error/);
  });
});
