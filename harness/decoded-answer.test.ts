import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, TransportError } from './http-client.js';
import { startLocalServer, type LocalServer } from './test-support/local-server.js';

// `run` asks for no content coding. A server that codes its answer all the same gets it judged
// decoded (the reply says which coding came, for the rule that it was not asked for); a coding
// the client cannot decode leaves the answer unjudged, a transport error, never a broken body.

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function coding(encoding: string, body: Buffer): Promise<HttpClient> {
  const s = await startLocalServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('content-encoding', encoding);
    res.end(body);
  });
  servers.push(s);
  return new HttpClient({ baseUrl: s.url, timeoutMs: 2000, secrets: [] });
}

describe('an answer coded though the checker asked for no coding', () => {
  it('is read decoded, recorded decoded, and says which coding it came in', async () => {
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(Buffer.from('{"id":"P-1"}'))],
      ['br', brotliCompressSync(Buffer.from('{"id":"P-1"}'))],
    ] as const) {
      const s = await startLocalServer((req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('content-encoding', encoding);
        res.setHeader('x-asked', String(req.headers['accept-encoding'] ?? 'nothing'));
        res.end(bytes);
      });
      servers.push(s);
      const reply = await new HttpClient({ baseUrl: s.url, timeoutMs: 2000, secrets: [] }).send({
        method: 'GET',
        path: '/v1/billing/plans/P-1',
      });
      expect(reply.headers['x-asked']).toBe('nothing');
      expect(reply.json).toEqual({ id: 'P-1' });
      expect(reply.codings).toEqual([encoding]);
      expect(reply.exchange.response?.body).toBe('{"id":"P-1"}');
      expect(reply.exchange.response?.headers['content-encoding']).toBe(encoding);
    }
  });

  it('is a transport error, not a body, when its coding cannot be decoded', async () => {
    const client = await coding('zstd', Buffer.from('{}'));
    const sent = client.send({ method: 'GET', path: '/v1/billing/plans' });
    await expect(sent).rejects.toBeInstanceOf(TransportError);
    await expect(client.send({ method: 'GET', path: '/v1/billing/plans' })).rejects.toThrow(
      /answered 200, but the body could not be judged: Content-Encoding zstd/,
    );
  });

  it('is an answer whose body was not judged when it decodes past the limit', async () => {
    // 64 MiB of gzip in 1 MiB members: a few hundred kilobytes on the wire.
    const member = gzipSync(Buffer.alloc(1024 * 1024, ' '));
    const client = await coding('gzip', Buffer.concat(Array.from({ length: 64 }, () => member)));
    const error = await client.send({ method: 'GET', path: '/v1/billing/plans' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    const { message, exchange } = error as TransportError;
    expect(message).toMatch(
      /answered 200, but the body could not be judged: the gzip body decodes to more than 16 MiB/,
    );
    expect(message).not.toMatch(/not valid gzip/);
    expect(exchange.response).toMatchObject({ status: 200, body: '', headers: { 'content-encoding': 'gzip' } });
    expect(client.stats.snapshot()['list plans'].statuses).toEqual({ '200': 1 });
  });
});
