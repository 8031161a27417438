import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, TransportError } from './http-client.js';
import { startLocalServer, type LocalServer } from './test-support/local-server.js';

const TOKEN = 'secret-token-value-123';
const servers: LocalServer[] = [];

async function server(handler: Parameters<typeof startLocalServer>[0]): Promise<LocalServer> {
  const s = await startLocalServer(handler);
  servers.push(s);
  return s;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('HttpClient', () => {
  it('records the exchange with the credential redacted and parses JSON', async () => {
    const s = await server((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ echo: req.headers.authorization }));
    });
    const client = new HttpClient({ baseUrl: s.url, timeoutMs: 2000, secrets: [TOKEN] });
    const reply = await client.send({ method: 'POST', path: '/x', json: { a: 1 }, token: TOKEN });
    expect(reply.status).toBe(200);
    expect(s.seen[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(reply.exchange)).not.toContain(TOKEN);
    expect(reply.exchange.request.headers.authorization).toBe('Bearer [REDACTED]');
    expect(reply.json).toEqual({ echo: `Bearer ${TOKEN}` });
  });

  it('never sends the credential to another origin', async () => {
    const other = await server((_req, res) => res.end('{}'));
    const target = await server((_req, res) => res.end('{}'));
    const client = new HttpClient({ baseUrl: target.url, timeoutMs: 2000, secrets: [TOKEN] });
    await client.send({ method: 'GET', path: `${other.url}/approve`, token: TOKEN });
    expect(other.seen[0].headers.authorization).toBeUndefined();
  });

  it('does not follow redirects', async () => {
    const other = await server((_req, res) => res.end('{}'));
    const s = await server((_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', `${other.url}/elsewhere`);
      res.end();
    });
    const client = new HttpClient({ baseUrl: s.url, timeoutMs: 2000, secrets: [TOKEN] });
    const reply = await client.send({ method: 'GET', path: '/', token: TOKEN });
    expect(reply.status).toBe(302);
    expect(other.seen).toHaveLength(0);
  });

  it('ends a request that gets no answer within the timeout', async () => {
    const s = await server(() => undefined);
    const client = new HttpClient({ baseUrl: s.url, timeoutMs: 300, secrets: [] });
    const started = Date.now();
    await expect(client.send({ method: 'GET', path: '/' })).rejects.toThrow(/timeout/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('honours 429 Retry-After within its bound, then returns the 429', async () => {
    let calls = 0;
    const s = await server((_req, res) => {
      calls += 1;
      if (calls === 1) {
        res.statusCode = 429;
        res.setHeader('retry-after', '0');
        res.end();
      } else res.end('{"ok":true}');
    });
    const client = new HttpClient({ baseUrl: s.url, timeoutMs: 2000, secrets: [] });
    const reply = await client.send({ method: 'GET', path: '/' });
    expect(reply.status).toBe(200);
    expect(client.requestCount).toBe(2);

    const always = await server((_req, res) => {
      res.statusCode = 429;
      res.setHeader('retry-after', '3600');
      res.end();
    });
    const bounded = new HttpClient({ baseUrl: always.url, timeoutMs: 2000, secrets: [], retryAfterMaxMs: 1000 });
    expect((await bounded.send({ method: 'GET', path: '/' })).status).toBe(429);
  });

  it('stops reading an oversized body with a clear error', async () => {
    const s = await server((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(Buffer.alloc(3 * 1024 * 1024, 'a'));
    });
    const client = new HttpClient({ baseUrl: s.url, timeoutMs: 5000, secrets: [], maxBodyBytes: 1024 * 1024 });
    const error = await client.send({ method: 'GET', path: '/' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/larger than 1048576 bytes/);
  });

  it('reads a 204 whose Content-Length announces content as no content when asked, the header kept', async () => {
    const s = await server((_req, res) => {
      res.writeHead(204, { 'content-length': '2' });
      res.end();
    });
    const client = new HttpClient({ baseUrl: s.url, timeoutMs: 2000, secrets: [] });
    const reply = await client.send({ method: 'GET', path: '/', noContentOn204: true });
    expect([reply.status, reply.text, reply.headers['content-length']]).toEqual([204, '', '2']);
    expect(reply.exchange.response?.headers['content-length']).toBe('2');
    await expect(client.send({ method: 'GET', path: '/' })).rejects.toThrow(TransportError);

    // Any other answer that sends fewer bytes than it announced is no answer to judge.
    const short = await server((_req, res) => {
      res.writeHead(200, { 'content-length': '10' });
      res.write('{}', () => res.destroy());
    });
    const other = new HttpClient({ baseUrl: short.url, timeoutMs: 2000, secrets: [] });
    await expect(other.send({ method: 'GET', path: '/', noContentOn204: true })).rejects.toThrow(TransportError);
  });

  it('reports a refused connection as a transport error naming it', async () => {
    const s = await server((_req, res) => res.end());
    const url = s.url;
    await s.close();
    servers.splice(servers.indexOf(s), 1);
    const client = new HttpClient({ baseUrl: url, timeoutMs: 1000, secrets: [] });
    await expect(client.send({ method: 'GET', path: '/' })).rejects.toThrow(/connection refused/);
  });

  it('scrubs a secret the server echoes in a body', async () => {
    const s = await server((req, res) => res.end(JSON.stringify({ leaked: req.headers.authorization })));
    const client = new HttpClient({ baseUrl: s.url, timeoutMs: 2000, secrets: [TOKEN] });
    const reply = await client.send({ method: 'GET', path: '/', token: TOKEN });
    expect(reply.exchange.response?.body).not.toContain(TOKEN);
  });

  it('works out the operation once: on the reply, and in the statistics under it', async () => {
    const s = await server((_req, res) => {
      res.statusCode = 201;
      res.end('{"id":"P-1"}');
    });
    const client = new HttpClient({ baseUrl: `${s.url}/prefix`, timeoutMs: 2000, secrets: [] });
    const created = await client.send({ method: 'POST', path: '/v1/billing/plans/', json: {} });
    expect(created.operation).toBe('create plan');
    const link = await client.send({ method: 'GET', path: `${s.url}/approve?token=1` });
    expect(link.operation).toBeUndefined();
    expect(client.stats.snapshot()).toMatchObject({
      'create plan': { requests: 1, statuses: { 201: 1 } },
      other: { requests: 1 },
    });
  });

  it('lets a recorder that cannot write end the request with its own error, the answer counted once', async () => {
    const s = await server((_req, res) => res.end('{}'));
    const recorded: string[] = [];
    const client = new HttpClient({
      baseUrl: s.url,
      timeoutMs: 2000,
      secrets: [],
      onExchange: (exchange) => {
        recorded.push(exchange.error ?? String(exchange.response?.status));
        throw new Error("could not write the run's traffic to /gone/traffic.jsonl: ENOENT");
      },
    });
    const error = await client.send({ method: 'GET', path: '/v1/billing/plans' }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TransportError);
    expect((error as Error).message).toBe("could not write the run's traffic to /gone/traffic.jsonl: ENOENT");
    // Told once, of the answer: not again as a transport error.
    expect(recorded).toEqual(['200']);
    expect(client.requestCount).toBe(1);
    expect(client.stats.snapshot()).toEqual({
      'list plans': expect.objectContaining({ requests: 1, statuses: { 200: 1 }, otherErrors: 0 }),
    });
    expect(client.exchanges[0].error).toBeUndefined();
  });

  it('records a transport error once, and the recorder is told of it once', async () => {
    const s = await server((_req, res) => res.end());
    const url = s.url;
    await s.close();
    servers.splice(servers.indexOf(s), 1);
    const told: string[] = [];
    const client = new HttpClient({
      baseUrl: url,
      timeoutMs: 1000,
      secrets: [],
      onExchange: (exchange) => told.push(exchange.error ?? ''),
    });
    await expect(client.send({ method: 'GET', path: '/v1/billing/plans' })).rejects.toBeInstanceOf(TransportError);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/connection refused/);
    expect(client.stats.snapshot()['list plans']).toMatchObject({ requests: 1, refused: 1 });
  });
});
