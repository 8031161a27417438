import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A proxy on 127.0.0.1 in front of the reference, for the tests of a run against a staging-like
// target: it records when each request arrived, may rewrite or refuse it (a token that expires, a
// body a stricter server would not take), and may hold every new request (so that a run can be
// killed with nothing in flight).

export interface ProxiedRequest {
  method: string;
  url: string;
  authorization?: string;
  body: string;
  /** performance.now() when it arrived. */
  at: number;
  /** The status the client was answered with, once answered. */
  status?: number;
}

/** What the proxy does with a request: forward it (its headers maybe rewritten), or answer itself. */
export type Decision = { forward: true; headers?: Record<string, string> } | { forward: false; status: number; body: unknown };

export interface Proxy {
  url: string;
  requests: ProxiedRequest[];
  /** From now on, new requests wait (unanswered) until `release`. */
  hold(): void;
  /** Requests go through again; those held are forwarded, or dropped (their client is gone). */
  release(held: 'forward' | 'drop'): void;
  /** Resolves once every forwarded request has been answered. */
  drained(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(upstream: string, decide: (request: ProxiedRequest) => Decision = () => ({ forward: true })): Promise<Proxy> {
  const target = new URL(upstream);
  const requests: ProxiedRequest[] = [];
  let holding = false;
  const held: Array<() => void> = [];
  let inFlight = 0;
  let onDrained: Array<() => void> = [];
  const settle = (): void => {
    if (inFlight > 0) return;
    for (const resolve of onDrained) resolve();
    onDrained = [];
  };

  const forward = (req: IncomingMessage, res: ServerResponse, record: ProxiedRequest, body: Buffer): void => {
    const decision = decide(record);
    if (!decision.forward) {
      const answer = JSON.stringify(decision.body);
      record.status = decision.status;
      res.writeHead(decision.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
      return;
    }
    inFlight += 1;
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length), ...decision.headers };
    const out = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      record.status = answer.statusCode;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', () => {
        inFlight -= 1;
        settle();
      });
    });
    out.on('error', () => {
      inFlight -= 1;
      settle();
      res.destroy();
    });
    out.end(body);
  };

  const server = createServer((req, res) => {
    const record: ProxiedRequest = { method: req.method ?? '', url: req.url ?? '', at: performance.now(), body: '', ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
    requests.push(record);
    // Read whole before anything is decided: a decision may rest on the body.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      record.body = body.toString('utf8');
      if (holding) held.push(() => forward(req, res, record, body));
      else forward(req, res, record, body);
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    hold: () => {
      holding = true;
    },
    release: (what) => {
      holding = false;
      const waiting = held.splice(0);
      if (what === 'forward') for (const go of waiting) go();
    },
    drained: () => new Promise<void>((resolve) => {
      onDrained.push(resolve);
      settle();
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
