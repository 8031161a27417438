import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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
export type Decision =
  { forward: true; headers?: Record<string, string> } | { forward: false; status: number; body: unknown };

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

/** Requests forwarded and not answered yet, and whoever waits for there to be none. */
class InFlight {
  private count = 0;
  private waiting: Array<() => void> = [];

  begin(): void {
    this.count += 1;
  }

  end(): void {
    this.count -= 1;
    this.settle();
  }

  drained(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.settle();
    });
  }

  private settle(): void {
    if (this.count > 0) return;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** The proxy answers the request itself, as the decision says. */
function answerItself(res: ServerResponse, record: ProxiedRequest, decision: { status: number; body: unknown }): void {
  const answer = JSON.stringify(decision.body);
  record.status = decision.status;
  res.writeHead(decision.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
  res.end(answer);
}

/** Sends the request on to `target` and pipes its answer back to the client. */
function forwardUpstream(
  target: URL,
  exchange: HeldRequest,
  headers: Record<string, string> | undefined,
  inFlight: InFlight,
): void {
  const { req, res, record, body } = exchange;
  inFlight.begin();
  const sent = { ...req.headers, host: target.host, 'content-length': String(body.length), ...headers };
  const to = { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: sent };
  const out = httpRequest(to, (answer) => {
    record.status = answer.statusCode;
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
    answer.on('end', () => inFlight.end());
  });
  out.on('error', () => {
    inFlight.end();
    res.destroy();
  });
  out.end(body);
}

/** A request read whole, waiting for its decision. */
interface HeldRequest {
  req: IncomingMessage;
  res: ServerResponse;
  record: ProxiedRequest;
  body: Buffer;
}

/** Reads the request whole before anything is decided: a decision may rest on the body. */
function readWhole(req: IncomingMessage, record: ProxiedRequest, then: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    record.body = body.toString('utf8');
    then(body);
  });
}

function recordOf(req: IncomingMessage): ProxiedRequest {
  const authorization = req.headers.authorization;
  const record = { method: req.method ?? '', url: req.url ?? '', at: performance.now(), body: '' };
  return authorization ? { ...record, authorization } : record;
}

/** Destroys the server's open sockets: close() does not wait for keep-alive connections. */
function socketCloser(server: Server): () => void {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () => {
    for (const socket of sockets) socket.destroy();
  };
}

export async function startProxy(
  upstream: string,
  decide: (request: ProxiedRequest) => Decision = () => ({ forward: true }),
): Promise<Proxy> {
  const target = new URL(upstream);
  const requests: ProxiedRequest[] = [];
  const inFlight = new InFlight();
  let holding = false;
  const held: Array<() => void> = [];
  const handle = (request: HeldRequest): void => {
    const decision = decide(request.record);
    if (decision.forward) forwardUpstream(target, request, decision.headers, inFlight);
    else answerItself(request.res, request.record, decision);
  };
  const server = createServer((req, res) => {
    const record = recordOf(req);
    requests.push(record);
    readWhole(req, record, (body) => {
      if (holding) held.push(() => handle({ req, res, record, body }));
      else handle({ req, res, record, body });
    });
  });
  const closeSockets = socketCloser(server);
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
    drained: () => inFlight.drained(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        closeSockets();
      }),
  };
}
