import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.js';
import { addStats, OTHER_OPERATION, RequestStats, tookARequest, type OperationStats } from './request-stats.js';

const answered = (method: string, url: string, status: number, durationMs: number): Exchange => ({
  request: { method, url, headers: {} },
  response: { status, headers: {}, body: '' },
  durationMs,
});
const failed = (url: string, error: string): Exchange => ({
  request: { method: 'GET', url, headers: {} },
  error,
  durationMs: 500,
});

describe('request statistics', () => {
  it('counts statuses, transport errors and durations per operation of the spec', () => {
    const stats = new RequestStats();
    stats.record(answered('POST', 'http://127.0.0.1:1/v1/billing/plans', 201, 12));
    stats.record(answered('POST', 'http://127.0.0.1:1/v1/billing/plans', 429, 3));
    stats.record(
      failed(
        'http://127.0.0.1:1/v1/billing/plans/P-1',
        'GET http://127.0.0.1:1/v1/billing/plans/P-1: no response headers within 500 ms (timeout)',
      ),
    );
    stats.record(
      failed(
        'http://127.0.0.1:1/v1/billing/plans/P-1',
        'GET http://127.0.0.1:1/v1/billing/plans/P-1: connection reset by the server',
      ),
    );
    stats.record(answered('GET', 'http://approvals.example/approve?token=1', 200, 4));
    const snapshot = stats.snapshot();
    expect(snapshot['create plan']).toMatchObject({
      requests: 2,
      statuses: { 201: 1, 429: 1 },
      totalMs: 15,
      slowestMs: 12,
    });
    expect(snapshot['show plan']).toMatchObject({ requests: 2, timeouts: 1, resets: 1, statuses: {} });
    expect(snapshot.other).toMatchObject({ requests: 1, statuses: { 200: 1 } });
  });

  it('adds checks up into a run, and tells whether an operation ever took a request', () => {
    const run: Record<string, OperationStats> = {};
    const one = new RequestStats();
    one.record(answered('POST', '/v1/billing/plans', 405, 1));
    const two = new RequestStats();
    two.record(answered('POST', '/v1/billing/plans', 201, 9));
    addStats(run, one.snapshot());
    expect(tookARequest(run['create plan'])).toBe(false);
    addStats(run, two.snapshot());
    expect(run['create plan']).toMatchObject({ requests: 2, statuses: { 201: 1, 405: 1 }, slowestMs: 9 });
    expect(tookARequest(run['create plan'])).toBe(true);
    expect(tookARequest(run['list plans'])).toBe(false);
  });

  it('counts under the operation the client gave, without reading the URL again', () => {
    const stats = new RequestStats();
    stats.record(answered('POST', 'not a URL the stats could read', 201, 5), 'create plan');
    stats.record(answered('GET', 'http://approvals.example/approve', 200, 1), OTHER_OPERATION);
    expect(Object.keys(stats.snapshot())).toEqual(['create plan', 'other']);
  });
});
