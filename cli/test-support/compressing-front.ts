import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { request } from 'undici';

// A front for a server that compresses every answer with a body, as mainstream web frameworks
// do: with br or gzip, whichever the client accepts, or (`unasked`) with gzip whatever it asked.

export interface CompressingFront {
  url: string;
  /** The coding of each answer it compressed, in order. */
  codings: string[];
  close(): Promise<void>;
}

const readAll = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

function codingFor(accepted: string, unasked: boolean): 'br' | 'gzip' | undefined {
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) || unasked ? 'gzip' : undefined;
}

export async function compressingFront(
  upstream: string,
  options: { unasked?: boolean } = {},
): Promise<CompressingFront> {
  const codings: string[] = [];
  const front = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([name]) => !['host', 'connection', 'accept-encoding', 'content-length'].includes(name),
        ),
      ) as Record<string, string>;
      const answer = await request(`${upstream}${req.url}`, {
        method: req.method as 'GET',
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const plain = Buffer.from(await answer.body.arrayBuffer());
      const coding =
        plain.length === 0
          ? undefined
          : codingFor(String(req.headers['accept-encoding'] ?? ''), options.unasked === true);
      const out = coding === 'br' ? brotliCompressSync(plain) : coding === 'gzip' ? gzipSync(plain) : plain;
      if (coding) codings.push(coding);
      const type = answer.headers['content-type'];
      res.writeHead(answer.statusCode, {
        ...(type ? { 'content-type': String(type) } : {}),
        ...(coding ? { 'content-encoding': coding, vary: 'accept-encoding' } : {}),
        'content-length': String(out.length),
      });
      res.end(out);
    })().catch((error: Error) => {
      res.writeHead(502);
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    codings,
    close: () =>
      new Promise((resolve) => {
        front.closeAllConnections();
        front.close(() => resolve());
      }),
  };
}
