import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.js';
import { judgedExchange } from './check.js';

// A failure's curl line replays the request it judges, not the read that showed its effect.

const exchange = (method: string, path: string): Exchange => ({
  request: { method, url: `http://127.0.0.1:1${path}`, headers: {} },
  durationMs: 1,
});

describe('judgedExchange', () => {
  it('is the write, when a read-back follows it', () => {
    const patch = exchange('PATCH', '/v1/billing/plans/P-1');
    expect(judgedExchange([patch, exchange('GET', '/v1/billing/plans/P-1')])).toBe(patch);
  });

  it('is the last read when the failure sent no write', () => {
    const last = exchange('GET', '/v1/billing/plans?page=3');
    expect(judgedExchange([exchange('GET', '/v1/billing/plans?page=2'), last])).toBe(last);
  });
});
