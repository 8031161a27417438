import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../reference/fixtures.js';
import { startReference } from '../reference/server.js';
import { compressingFront } from '../cli/test-support/compressing-front.js';
import { ProxySession } from './session.js';

// A correct server that compresses its answers, as mainstream web frameworks do, and a `fetch`
// client (which asks for gzip and deflate by itself, and for br here when told) through the proxy:
// every exchange is judged on the decoded body, and a correct one fails nothing. The client gets
// the upstream's bytes unchanged (fetch decodes them itself).

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/** The reference behind a front that compresses every body with br or gzip, whichever the client accepts. */
async function compressingReference(): Promise<{ url: string; codings: string[] }> {
  const reference = await startReference({});
  closers.push(() => reference.close());
  const front = await compressingFront(reference.baseUrl);
  closers.push(() => front.close());
  return front;
}

const PLAN = {
  product_id: FIXTURES.productId,
  name: 'compressed plan',
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

describe('a server that compresses its answers, through the proxy', () => {
  it("is judged on the decoded bodies: a fetch client's correct exchanges, gzip and br, fail nothing", async () => {
    const upstream = await compressingReference();
    const session = new ProxySession({
      upstream: new URL(upstream.url),
      port: 0,
      apis: new Set(['billing', 'assignees']),
    });
    const url = await session.start();
    closers.push(() => session.stop());
    for (const encoding of [undefined, 'br']) {
      const headers = {
        authorization: `Bearer ${FIXTURES.billingToken}`,
        accept: 'application/json',
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      };
      const created = await fetch(`${url}/v1/billing/plans`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify(PLAN),
      });
      expect(created.status).toBe(201);
      const plan = (await created.json()) as { id: string };
      expect((await fetch(`${url}/v1/billing/plans/${plan.id}`, { headers })).status).toBe(200);
      expect((await fetch(`${url}/v1/billing/plans?page_size=3`, { headers })).status).toBe(200);
      const unknown = await fetch(`${url}/v1/billing/plans/P-000000000000000000000000`, { headers });
      expect(unknown.status).toBe(404);
      await unknown.arrayBuffer();
      const users = await fetch(`${url}/repos/octo-org/hello-world/assignees?per_page=2`, {
        headers: { accept: 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
      expect(((await users.json()) as unknown[]).length).toBe(2);
    }
    await session.stop();
    expect(new Set(upstream.codings)).toEqual(new Set(['gzip', 'br']));
    const results = session.observations.results();
    expect(session.runErrors).toEqual([]);
    expect(
      results
        .filter((result) => result.state === 'failed')
        .map((result) => result.meta?.failure?.message ?? result.meta?.error),
    ).toEqual([]);
    const held = new Set(results.flatMap((result) => result.meta?.covered ?? []));
    for (const rule of [
      'billing.http.json-bodies',
      'assignees.http.json-bodies',
      'billing.http.coding-asked-for',
      'billing.create-plan.prefer-representation',
      'billing.show-plan.status-200',
    ])
      expect(held, rule).toContain(rule);
  });

  it('leaves a body in a coding it cannot decode unjudged, never broken, and forwards it unchanged', async () => {
    const body = Buffer.from('not really zstd');
    const upstream = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'zstd',
        'content-length': String(body.length),
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise((resolve) => {
          upstream.closeAllConnections();
          upstream.close(() => resolve());
        }),
    );
    const session = new ProxySession({
      upstream: new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`),
      port: 0,
      apis: new Set(['billing', 'assignees']),
    });
    const url = await session.start();
    closers.push(() => session.stop());
    const answer = await request(`${url}/v1/billing/plans/P-000000000000000000000000`, {
      headers: { authorization: 'Bearer t0ken' },
    });
    expect(answer.headers['content-encoding']).toBe('zstd');
    expect(Buffer.from(await answer.body.arrayBuffer())).toEqual(body);
    await session.stop();
    const results = session.observations.results();
    expect(results.filter((result) => result.meta?.failure)).toEqual([]);
    const unjudged = results.filter((result) => result.meta?.error !== undefined);
    expect(unjudged.map((result) => [result.meta?.rules, result.meta?.error])).toEqual([
      [['billing.http.json-bodies'], expect.stringMatching(/not judged: Content-Encoding zstd/)],
    ]);
  });
});
