import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, pipeline } from 'node:stream';
import { Agent, request } from 'undici';
import { upstreamUrl } from './upstream-url.js';

// The forwarding half of the proxy: every request goes to the upstream as it came (method, path,
// query, headers, body) and its answer goes back as it came (status, headers, body, streamed as
// it arrives). Nothing is judged here: a copy of each exchange goes to `onExchange` once it has
// ended, so judging never delays the client. Requests go to the upstream's origin only (no
// redirect is followed), so the client's Authorization header reaches no one else.

export interface ForwardedExchange {
  method: string;
  /** The path and query the client asked for. */
  target: string;
  requestHeaders: Record<string, string>;
  requestBody: Buffer;
  /** Absent when the upstream could not be reached or did not answer. */
  status?: number;
  responseHeaders: Record<string, string>;
  responseBody: Buffer;
  /** The copy kept for judging was cut at the judging limit (the client got everything). */
  truncated: boolean;
  error?: string;
  startedAt: number;
  durationMs: number;
}

export interface ForwardOptions {
  upstream: URL;
  /** 0: any free port. */
  port: number;
  onExchange: (exchange: ForwardedExchange) => void;
  /** Bytes of each body kept for judging (the client always gets the whole body). */
  keepBytes?: number;
  /** How long the upstream may take to answer before the client gets 504 (any other failure to reach it: 502). */
  timeoutMs?: number;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

// Hop-by-hop headers belong to one connection, not to the exchange (RFC 9110, 7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

function plainHeaders(
  headers: IncomingMessage['headers'] | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function forwardable(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** Keeps the first `limit` bytes of a stream's chunks. */
class Kept {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    if (this.size >= this.limit) {
      this.truncated = true;
      return;
    }
    const room = this.limit - this.size;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (part.length < chunk.length) this.truncated = true;
    this.chunks.push(part);
    this.size += part.length;
  }

  get buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function answerError(res: ServerResponse, status: 400 | 502 | 504, message: string): void {
  const name = status === 400 ? 'BAD_REQUEST' : status === 504 ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY';
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ name, message }));
}

/** What one exchange kept of its bodies, and its one report once it ends, whichever way. */
class ExchangeLog {
  readonly requestKept: Kept;
  readonly responseKept: Kept;
  readonly requestHeaders: Record<string, string>;
  readonly method: string;
  readonly target: string;
  status: number | undefined;
  responseHeaders: Record<string, string> = {};
  private readonly startedAt = Date.now();
  private readonly started = performance.now();
  private reported = false;

  constructor(
    req: IncomingMessage,
    keepBytes: number,
    private readonly onExchange: ForwardOptions['onExchange'],
  ) {
    this.requestHeaders = plainHeaders(req.headers);
    this.requestKept = new Kept(keepBytes);
    this.responseKept = new Kept(keepBytes);
    this.method = req.method ?? 'GET';
    this.target = req.url ?? '/';
  }

  report(error?: string): void {
    if (this.reported) return;
    this.reported = true;
    this.onExchange({
      method: this.method,
      target: this.target,
      requestHeaders: this.requestHeaders,
      requestBody: this.requestKept.buffer,
      ...(this.status !== undefined ? { status: this.status } : {}),
      responseHeaders: this.responseHeaders,
      responseBody: this.responseKept.buffer,
      truncated: this.requestKept.truncated || this.responseKept.truncated,
      ...(error !== undefined ? { error } : {}),
      startedAt: this.startedAt,
      durationMs: Math.round(performance.now() - this.started),
    });
  }
}

/**
 * The body goes upstream as it arrives, a copy kept on the way; an upload cut off ends it with
 * an error, so the upstream request fails at once instead of waiting for the timeout.
 */
function upstreamBody(req: IncomingMessage, log: ExchangeLog): PassThrough | null {
  const headers = log.requestHeaders;
  const framed = headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
  const hasBody = !(log.method === 'GET' || log.method === 'HEAD') || framed;
  if (!hasBody) {
    req.resume();
    return null;
  }
  const body = new PassThrough();
  pipeline(req, body, () => undefined);
  req.on('data', (chunk: Buffer) => log.requestKept.add(chunk));
  return body;
}

interface Relay {
  url: URL;
  body: PassThrough | null;
  agent: Agent;
  abort: AbortController;
  timeoutMs: number;
}

/** Sends the request upstream and streams its answer back, reporting the exchange once it ends. */
async function relay(
  res: ServerResponse,
  log: ExchangeLog,
  { url, body, agent, abort, timeoutMs }: Relay,
): Promise<void> {
  try {
    const answer = await request(url, {
      method: log.method as 'GET',
      headers: forwardable(log.requestHeaders),
      body,
      dispatcher: agent,
      signal: abort.signal,
    });
    log.status = answer.statusCode;
    log.responseHeaders = plainHeaders(answer.headers);
    res.writeHead(answer.statusCode, forwardable(log.responseHeaders));
    // Streamed at the client's pace (pipe: backpressure); either side breaking off ends both.
    // (pipe, not pipeline: pipeline's bookkeeping measurably added to every exchange.)
    answer.body.pipe(res);
    answer.body.on('end', () => log.report());
    answer.body.on('error', (error: Error) => {
      res.destroy(error);
      log.report(`the upstream's answer broke off: ${error.message}`);
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      answer.body.destroy();
      log.report('the client went away before the answer ended');
    });
    answer.body.on('data', (chunk: Buffer) => log.responseKept.add(chunk));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (abort.signal.aborted) {
      res.destroy();
      log.report('the client went away before the upstream answered');
      return;
    }
    if (!res.headersSent) {
      const timedOut = TIMEOUTS.has((error as { code?: string }).code ?? '');
      const why = timedOut
        ? `the upstream did not answer within ${timeoutMs} ms`
        : `the proxy could not reach the upstream: ${message}`;
      answerError(res, timedOut ? 504 : 502, why);
    } else res.destroy();
    log.report(`the upstream could not be reached: ${message}`);
  }
}

export async function startForwarding(options: ForwardOptions): Promise<RunningProxy> {
  const keepBytes = options.keepBytes ?? 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    connections: 64,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const log = new ExchangeLog(req, keepBytes, options.onExchange);
    let url: URL;
    try {
      url = upstreamUrl(options.upstream, log.target);
    } catch (error) {
      req.resume();
      answerError(res, 400, `the proxy forwards only to the upstream: ${(error as Error).message}`);
      log.report(`not forwarded: ${(error as Error).message}`);
      return;
    }
    // A client that goes away cancels the upstream exchange, at whatever stage it is.
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('the client went away'));
    });
    void relay(res, log, { url, body: upstreamBody(req, log), agent, abort, timeoutMs });
  };

  const server = createServer(handle);
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await agent.close();
  };
  // Closing twice (a stop on a signal, then at the end) waits for the one close.
  return { url: `http://127.0.0.1:${port}`, close: () => (closed ??= close()) };
}
