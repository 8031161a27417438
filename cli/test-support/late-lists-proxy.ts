import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A staging server that is eventually consistent in its lists: a proxy on 127.0.0.1 in front of
// a billing server that hides each plan and subscription from list plans and list subscriptions
// until `delayMs` after the answer that created it; with `shows`, show plan and show subscription
// answer 404 for it as long. Every other answer passes unchanged (the upstream's origin in bodies
// is rewritten to the proxy's, so links lead back through it).

export interface LateListsProxy {
  url: string;
  /** List answers from which the proxy hid at least one item, and show answers it turned into 404. */
  hidden: number;
  close(): Promise<void>;
}

const LISTS: Record<string, string> = { '/v1/billing/plans': 'plans', '/v1/billing/subscriptions': 'subscriptions' };

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function forward(
  upstream: URL,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: upstream.host };
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (res) => {
        readAll(res).then(
          (answer) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: answer }),
          reject,
        );
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

/** The id a show plan or show subscription path names (/v1/billing/plans/P-1, no action after it). */
function shownId(path: string): string | undefined {
  const match = /^(\/v1\/billing\/(?:plans|subscriptions))\/([^/]+)$/.exec(path);
  return match && LISTS[match[1]] ? decodeURIComponent(match[2]) : undefined;
}

export async function startLateListsProxy(
  upstreamUrl: string,
  delayMs: number,
  options: { shows?: boolean } = {},
): Promise<LateListsProxy> {
  const upstream = new URL(upstreamUrl);
  const createdAt = new Map<string, number>();
  let origin = '';
  const state = { hidden: 0 };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const answer = await forward(upstream, req, await readAll(req));
      const path = (req.url ?? '').split('?')[0];
      let text = answer.body.toString('utf8').split(upstream.origin).join(origin);
      const json =
        /json/.test(String(answer.headers['content-type'] ?? '')) && text !== ''
          ? (JSON.parse(text) as Record<string, unknown>)
          : undefined;
      if (req.method === 'POST' && LISTS[path] && answer.status < 300 && typeof json?.id === 'string')
        createdAt.set(json.id, Date.now());
      const key = LISTS[path];
      if (req.method === 'GET' && key && answer.status === 200 && Array.isArray(json?.[key])) {
        const items = json[key] as Array<{ id?: string }>;
        const shown = items.filter((item) => Date.now() - (createdAt.get(String(item.id)) ?? 0) >= delayMs);
        if (shown.length < items.length) state.hidden += 1;
        text = JSON.stringify({ ...json, [key]: shown });
      }
      const showId = req.method === 'GET' && options.shows ? shownId(path) : undefined;
      let status = answer.status;
      if (showId !== undefined && Date.now() - (createdAt.get(showId) ?? 0) < delayMs) {
        state.hidden += 1;
        status = 404;
        text = JSON.stringify({ name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
      }
      const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
      delete headers['transfer-encoding'];
      res.writeHead(status, headers);
      res.end(text);
    })().catch(() => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"name":"BAD_GATEWAY"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    get hidden() {
      return state.hidden;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
