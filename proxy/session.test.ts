import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../reference/fixtures.js';
import { startReference } from '../reference/server.js';
import { startForwarding, type ForwardedExchange } from './forward.js';
import { ProxySession } from './session.js';
import { upstreamUrl } from './upstream-url.js';

// The proxy in process: requests whose targets are hostile or malformed never crash it, never
// leave the upstream's origin, and a client that goes away cancels what it asked for.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/** A raw request with this exact target (no client library normalizes it). */
function send(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method,
        path: target,
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A local server that records what reaches it and answers with `answer`. */
async function server(
  answer: (req: IncomingMessage, res: import('node:http').ServerResponse) => void,
): Promise<{ url: string; seen: string[]; server: Server }> {
  const seen: string[] = [];
  const srv = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, seen, server: srv };
}

describe('the proxy session', () => {
  it('keeps serving and judging after requests with malformed targets, and counts each', async () => {
    const reference = await startReference({});
    closers.push(() => reference.close());
    const session = new ProxySession({
      upstream: new URL(reference.baseUrl),
      port: 0,
      apis: new Set(['billing', 'assignees']),
    });
    const url = await session.start();
    closers.push(() => session.stop());
    const auth = { authorization: `Bearer ${FIXTURES.billingToken}` };
    expect(
      (await send(url, 'GET', '/repos/octo-org/hello-world/assignees/%E0%A4', auth)).status,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await send(url, 'GET', '/repos/octo-org/hello-world/issues/%E0%A4/assignees/x', auth)).status,
    ).toBeGreaterThanOrEqual(400);
    await send(url, 'GET', '//[::/x', auth);
    await send(url, 'GET', '/v1/billing/plans?page_size=%E0%A4', auth);
    const listed = await send(url, 'GET', '/v1/billing/plans?page_size=2', auth);
    expect(listed.status).toBe(200);
    await session.stop();
    expect(session.runErrors).toEqual([]);
    expect(session.observations.exchanges).toBe(5);
    const passed = session.observations.results().find((result) => result.name === 'observed: list plans');
    expect(passed?.meta?.covered).toContain('billing.list-plans.status-200');
  });

  it("never sends a request, or its credential, to another origin than the upstream's", async () => {
    const upstream = await server((_req, res) => res.end('{}'));
    const other = await server((_req, res) => res.end('{}'));
    const otherHost = new URL(other.url).host;
    const proxy = await startForwarding({ upstream: new URL(upstream.url), port: 0, onExchange: () => undefined });
    closers.push(() => proxy.close());
    const auth = { authorization: 'Bearer secret-of-the-client' };
    for (const target of [`//${otherHost}/x`, `http://${otherHost}/x`, `@${otherHost}/x`, `\\\\${otherHost}/x`])
      await send(proxy.url, 'GET', target, auth);
    expect(other.seen).toEqual([]);
    // (Node's own parser refuses the last two before the proxy sees them.)
    expect(upstream.seen).toEqual([`GET //${otherHost}/x`, `GET /http://${otherHost}/x`]);
  });

  it("builds every upstream URL on the upstream's origin and below its path", () => {
    expect(upstreamUrl(new URL('https://api.test'), '//evil.example/x').toString()).toBe(
      'https://api.test//evil.example/x',
    );
    expect(upstreamUrl(new URL('https://api.test/base/'), '/v1/billing/plans?x=1').toString()).toBe(
      'https://api.test/base/v1/billing/plans?x=1',
    );
    expect(upstreamUrl(new URL('http://127.0.0.1:8080'), '//[::/x').origin).toBe('http://127.0.0.1:8080');
  });
});

describe('forwarding', () => {
  const forwarding = async (upstream: string, timeoutMs?: number) => {
    const exchanges: ForwardedExchange[] = [];
    const proxy = await startForwarding({
      upstream: new URL(upstream),
      port: 0,
      onExchange: (exchange) => exchanges.push(exchange),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    closers.push(() => proxy.close());
    return { proxy, exchanges };
  };
  const until = async (done: () => boolean, ms = 5000): Promise<void> => {
    for (const end = Date.now() + ms; !done();) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('answers 504 when the upstream does not answer in time, 502 when it cannot be reached', async () => {
    const silent = await server(() => undefined);
    const { proxy } = await forwarding(silent.url, 300);
    const late = await send(proxy.url, 'GET', '/x');
    expect(late.status).toBe(504);
    expect(JSON.parse(late.body)).toMatchObject({ name: 'GATEWAY_TIMEOUT' });
    const closed = await server(() => undefined);
    const port = new URL(closed.url).port;
    await closers.pop()!();
    const unreachable = await forwarding(`http://127.0.0.1:${port}`);
    expect((await send(unreachable.proxy.url, 'GET', '/x')).status).toBe(502);
  }, 15_000);

  it('cancels the upstream answer when the client goes away, and reports it', async () => {
    let upstreamClosed = false;
    const endless = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => res.write(Buffer.alloc(64 * 1024)), 5);
      res.on('close', () => {
        clearInterval(timer);
        upstreamClosed = true;
      });
    });
    const { proxy, exchanges } = await forwarding(endless.url);
    const { port } = new URL(proxy.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/stream' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await until(() => upstreamClosed && exchanges.length === 1);
    expect(exchanges[0].error).toMatch(/client went away/);
  });

  it("breaks the client's answer off when the upstream's breaks off, and reports it", async () => {
    const cut = await server((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { proxy, exchanges } = await forwarding(cut.url);
    const { port } = new URL(proxy.url);
    const outcome = await new Promise<string>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/cut' }, (res) => {
        res.on('error', () => resolve('broken'));
        res.on('aborted', () => resolve('broken'));
        res.on('end', () => resolve('ended'));
        res.resume();
      });
      req.on('error', () => resolve('broken'));
      req.end();
    });
    expect(outcome).toBe('broken');
    await until(() => exchanges.length === 1);
    expect(exchanges[0].error).toMatch(/broke off/);
  });

  it('ends the upstream request at once when an upload is cut off', async () => {
    let upstreamEnded = false;
    const waiting = await server((req) => {
      req.on('error', () => undefined);
      req.on('close', () => (upstreamEnded = true));
      req.resume();
    });
    const { proxy, exchanges } = await forwarding(waiting.url);
    const { port } = new URL(proxy.url);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/upload',
      headers: { 'content-length': '1000000' },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1000));
    await until(() => waiting.seen.length === 1);
    req.destroy();
    await until(() => upstreamEnded && exchanges.length === 1);
    expect(exchanges[0].status).toBeUndefined();
  });

  it("passes a large answer through whole, at the client's pace", async () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    const upstream = await server((_req, res) => res.end(big));
    const { proxy, exchanges } = await forwarding(upstream.url);
    const { port } = new URL(proxy.url);
    const received = await new Promise<number>((resolve) => {
      httpRequest({ host: '127.0.0.1', port, path: '/big' }, (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => resolve(size));
      }).end();
    });
    expect(received).toBe(big.length);
    await until(() => exchanges.length === 1);
    expect(exchanges[0]).toMatchObject({ status: 200, truncated: true });
    expect(exchanges[0].responseBody.length).toBe(1024 * 1024);
  });
});
