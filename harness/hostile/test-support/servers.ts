import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// Misbehaving HTTP servers on 127.0.0.1 for the hostile-target tests (cli/*.hostile.test.ts).
// Each answers the reachability probe (`GET /`) normally, so the run gets past it, and then
// misbehaves on every API request in one way. The checker must end in bounded time, write its
// report, name what happened, and never leak a credential.

export type HostileMode =
  /** accepts the request and never answers */
  | 'hang'
  /** accepts every connection and never answers anything, not even the probe */
  | 'hang-all'
  /** resets the connection (TCP RST) as soon as a request arrives */
  | 'reset'
  /** 200 with Content-Type application/json and a truncated JSON document */
  | 'invalid-json'
  /** 200 with a 20 MB JSON body */
  | 'huge-body'
  /** 200 with Content-Type text/html and an HTML page */
  | 'html'
  /** 500 to every request */
  | 'storm-500'
  /** 307 to the same path on another origin */
  | 'redirect'
  /** 429 with Retry-After: 1 to every request */
  | 'rate-limit';

export const HUGE_BODY_BYTES = 20 * 1024 * 1024;

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface HostileServer {
  url: string;
  /** API requests seen (the probe `GET /` excluded). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const PROBE_BODY = JSON.stringify({ name: 'NOT_FOUND', message: 'nothing here' });

function isProbe(req: IncomingMessage): boolean {
  return req.method === 'GET' && (req.url === '/' || req.url === '');
}

function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function json(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Streams `total` bytes of a syntactically valid JSON document, stopping if the client goes. */
function sendHuge(res: ServerResponse, total: number): void {
  const head = '{"items":["';
  const tail = '"]}';
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': total });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = total - head.length - tail.length;
  res.write(head);
  const pump = (): void => {
    while (left > 0 && !res.destroyed) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end(tail);
  };
  pump();
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
    }));
}

function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

/**
 * Starts a hostile server. `redirectTo` (for 'redirect') is the origin the Location header points
 * at; by default a path on 127.0.0.1 port 9 (discard), which nothing should ever request.
 */
export async function startHostileServer(
  mode: HostileMode,
  options: { redirectTo?: string } = {},
): Promise<HostileServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer({ keepAliveTimeout: 2_000 }, (req, res) => {
    if (mode !== 'hang-all' && isProbe(req)) {
      json(res, 404, PROBE_BODY);
      return;
    }
    const record: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' };
    requests.push(record);
    void readBody(req).then((body) => {
      record.body = body;
      if (mode === 'hang' || mode === 'hang-all') return; // the socket stays open until the client gives up
      switch (mode) {
        case 'reset':
          req.socket.resetAndDestroy();
          return;
        case 'invalid-json':
          json(res, 200, '{"id": "P-1", "status": "ACTIVE", "name": ');
          return;
        case 'huge-body':
          sendHuge(res, HUGE_BODY_BYTES);
          return;
        case 'html': {
          const page =
            '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Back soon</h1></body></html>';
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) });
          res.end(page);
          return;
        }
        case 'storm-500':
          json(
            res,
            500,
            JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' }),
          );
          return;
        case 'redirect': {
          const origin = options.redirectTo ?? 'http://127.0.0.1:9';
          res.writeHead(307, { location: `${origin}${req.url ?? '/'}`, 'content-length': 0 });
          res.end();
          return;
        }
        case 'rate-limit':
          json(res, 429, JSON.stringify({ name: 'RATE_LIMIT_REACHED', message: 'Too many requests.' }), {
            'retry-after': '1',
          });
          return;
      }
    });
  });
  const sockets = trackSockets(server);
  const url = await listen(server);
  return { url, requests, close: closer(server, sockets) };
}

/** The other origin of the redirect test: answers 200 {} and records everything it receives. */
export async function startRecordingServer(): Promise<HostileServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const record: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' };
    requests.push(record);
    void readBody(req).then((body) => {
      record.body = body;
      json(res, 200, '{}');
    });
  });
  const sockets = trackSockets(server);
  const url = await listen(server);
  return { url, requests, close: closer(server, sockets) };
}

/** Whether any of `secrets` appears anywhere in a recorded request (headers, URL or body). */
export function requestsContain(requests: readonly RecordedRequest[], secrets: readonly string[]): boolean {
  return requests.some((r) => {
    const text = `${r.method} ${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`;
    return secrets.some((s) => text.includes(s));
  });
}
