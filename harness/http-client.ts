import type { Readable } from 'node:stream';
import { Agent, request as undiciRequest, type Dispatcher } from './lazy-undici.js';
import type { Exchange, Reply } from './exchange.js';
import { redactHeaders, scrubSecrets } from './redact.js';
import type { RateBucket } from './rate-bucket.js';
import type { RequestSlots } from './request-slots.js';
import { OTHER_OPERATION, RequestStats } from './request-stats.js';
import { operationOf } from '../contracts/operations.js';
import type { TokenRefresher } from './token-source.js';
import { decodeBody } from '../judging/decoded-body.js';

// The one HTTP client of the checker. Deliberately plain: no retries (except a bounded wait on
// 429 Retry-After), no redirects, no decompression by the transport, since each would hide
// non-conformance. It asks for no content coding; a body coded all the same is decoded here, so
// that it is judged as what it represents, and the reply says which coding came (a check judges
// whether it was asked for: judging/coding.ts). A coding it cannot decode, or a body that decodes
// past the limit, leaves the answer unjudged (a transport error whose exchange holds the status
// and headers that came), never a body that breaks the JSON rule.

export interface ClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Every credential of the target: scrubbed from whatever is recorded. */
  secrets: readonly string[];
  /** Response bodies past this size end the request with an error. */
  maxBodyBytes?: number;
  /** Longest total wait for 429 Retry-After before the 429 is returned as it is. */
  retryAfterMaxMs?: number;
  connections?: number;
  /** Shared bound on requests in flight (--concurrency); none: unbounded. */
  slots?: RequestSlots;
  /** Shared bound on requests per second (--rate); none: unbounded. */
  rate?: RateBucket;
  /** Tokens that come from a command: the current value, and asking again after a 401. */
  tokens?: TokenRefresher;
  /** Told of every exchange once it ends (answered or not), with when its request left (epoch ms). */
  /** `blockedMs`: how long the request waited for a free slot and the rate's token before it left. */
  onExchange?: (exchange: Exchange, startedAt: number, blockedMs: number) => void;
  /**
   * Exchanges are numbered `<prefix>-1`, `<prefix>-2`, ... so that a verdict can name the entries
   * of exchanges.har it rests on; the prefix tells the checks of a run apart.
   */
  exchangeIdPrefix?: string;
}

export interface SendOptions {
  method: string;
  /** A path under baseUrl (`/v1/billing/plans`) or an absolute URL (a link's href). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Serialised as JSON with Content-Type application/json. */
  json?: unknown;
  /** Sent as it is (for malformed-body checks); set content-type yourself. */
  rawBody?: string;
  /** Bearer token; sent only to the target's own origin. */
  token?: string;
  /**
   * A 204 is read as no content whatever its Content-Length announces, that header kept for the
   * check of a "no content" rule to judge. Without it, such an answer is a transport error, as any
   * answer shorter than its Content-Length.
   */
  noContentOn204?: boolean;
}

export class TransportError extends Error {
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

const RECORD_LIMIT = 64 * 1024;
/**
 * Exchanges a client keeps: a check that ends without evidence of its own shows the last of them
 * (harness/check.ts). No more: each one kept lives through that many requests of its check, long
 * enough to reach V8's old space and to make a long run's heap grow (BENCHMARKS.md).
 */
export const KEPT_EXCHANGES = 6;

let sharedAgent: Agent | undefined;
let sharedKey = '';

/** One pooled dispatcher per process, shared by every client with the same settings. */
function agentFor(timeoutMs: number, connections: number): Agent {
  const key = `${timeoutMs}/${connections}`;
  if (!sharedAgent || sharedKey !== key) {
    void sharedAgent?.close();
    sharedAgent = new Agent({
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connectTimeout: Math.min(timeoutMs, 10_000),
      connections,
      keepAliveTimeout: 4_000,
    });
    sharedKey = key;
  }
  return sharedAgent;
}

export async function closeSharedAgent(): Promise<void> {
  const agent = sharedAgent;
  sharedAgent = undefined;
  await agent?.close();
}

// A target that stops answering must not hold the run for (requests x timeout). Per origin and
// per process: once at least STALL_TIMEOUTS requests in a row timed out and nothing at all came
// back for STALL_TIMEOUTS timeouts' worth of time, requests fail at once without being sent,
// except a try now and then (one timeout later, then twice that, ...) that finds out whether the
// target is back. Any response (of any status) or any other transport error ends the stall.
const STALL_TIMEOUTS = 3;

interface StallState {
  consecutiveTimeouts: number;
  lastAnswerAt: number;
  lastTryAt: number;
  /**
   * A request waited out the whole Retry-After bound and still got 429: until some other status
   * comes back, later 429s are returned at once instead of each waiting the bound again (a
   * target that answers nothing but 429 would otherwise hold the run for requests x bound).
   */
  rateLimited: boolean;
}

const stalls = new Map<string, StallState>();

function stallOf(origin: string): StallState {
  let state = stalls.get(origin);
  if (!state) {
    state = { consecutiveTimeouts: 0, lastAnswerAt: performance.now(), lastTryAt: 0, rateLimited: false };
    stalls.set(origin, state);
  }
  return state;
}

function isTimeout(error: unknown): boolean {
  const err = error as { code?: string; name?: string };
  return (
    err.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    err.code === 'UND_ERR_BODY_TIMEOUT' ||
    err.code === 'UND_ERR_CONNECT_TIMEOUT' ||
    err.name === 'TimeoutError' ||
    err.name === 'AbortError'
  );
}

function describeError(error: unknown, timeoutMs: number): string {
  const err = error as { code?: string; name?: string; message?: string };
  switch (err.code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
      return `no response headers within ${timeoutMs} ms (timeout)`;
    case 'UND_ERR_BODY_TIMEOUT':
      return `response body stalled for ${timeoutMs} ms (timeout)`;
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection not established in time (timeout)';
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset by the server';
    case 'ENOTFOUND':
      return 'host name not found';
  }
  if (err.name === 'TimeoutError' || err.name === 'AbortError')
    return `no complete response within ${timeoutMs} ms (timeout)`;
  return err.message ?? String(error);
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * The body's bytes, or an error once they pass `maxBytes` (the rest is not read). Listeners
 * rather than `for await`: an async iterator per response cost more than reading the body.
 */
function readBody(body: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        body.destroy();
        reject(
          Object.assign(new Error(`response body larger than ${maxBytes} bytes; stopped reading`), {
            code: 'BODY_TOO_LARGE',
          }),
        );
        return;
      }
      chunks.push(chunk);
    });
    body.on('end', () => resolve(Buffer.concat(chunks)));
    body.on('error', reject);
  });
}

/**
 * A 204 ends with its header section (RFC 9110, 204 No Content): undici refuses one whose
 * Content-Length announces bytes, though none can follow. Asked to (SendOptions.noContentOn204),
 * the client reads it as what HTTP makes it, no content, for a check that judges the header.
 */
const CONTENT_LENGTH_MISMATCH = 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH';
const NO_BYTES = Buffer.alloc(0);

/** A link's href is absolute; every other path is under the base URL. */
const ABSOLUTE_URL = /^https?:\/\//i;

export class HttpClient {
  readonly baseUrl: URL;
  private readonly agent: Agent;
  private readonly maxBodyBytes: number;
  private readonly retryAfterMaxMs: number;
  /** Requests sent through this client, retries included. */
  requestCount = 0;
  /** What those requests got, per operation. */
  readonly stats = new RequestStats();
  /**
   * Its requests take the next free slot before other checks' (see RequestSlots.run): set by the
   * harness while its check holds a shared fixture (CheckContext.exclusive), which others await.
   */
  first = false;
  /** Its place for a freed slot: a client is made when its check starts, so this is the start order. */
  private readonly rank: number;
  /**
   * The most recent exchanges (at most KEPT_EXCHANGES), in order: the check's fallback evidence.
   * Not every exchange: a property at --runs 1000 sent thousands and kept their bodies alive.
   */
  readonly exchanges: Exchange[] = [];
  private sequence = 0;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = new URL(options.baseUrl);
    this.agent = agentFor(options.timeoutMs, options.connections ?? 16);
    this.maxBodyBytes = options.maxBodyBytes ?? 8 * 1024 * 1024;
    this.retryAfterMaxMs = options.retryAfterMaxMs ?? 10_000;
    this.rank = options.slots?.nextRank() ?? 0;
  }

  urlFor(path: string, query?: SendOptions['query']): URL {
    const url = ABSOLUTE_URL.test(path)
      ? new URL(path)
      : new URL(this.baseUrl.pathname.replace(/\/$/, '') + path, this.baseUrl);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  private originOf(path: string): string {
    return ABSOLUTE_URL.test(path) ? new URL(path).origin : this.baseUrl.origin;
  }

  async send(options: SendOptions): Promise<Reply> {
    let waited = 0;
    // A token from a command may have been renewed since the check read it: send the current
    // one. A 401 to a value accepted before asks the command again, and the request goes once
    // more with what it prints (401 means nothing was done, so sending again is safe).
    const tokens = this.options.tokens;
    const renewable =
      tokens !== undefined && options.token !== undefined && this.urlFor(options.path).origin === this.baseUrl.origin;
    let token = renewable ? tokens.current(options.token!) : options.token;
    let renewed = false;
    for (;;) {
      const attempt = token === options.token ? options : { ...options, token };
      // A slot is held for the request only, never during a Retry-After wait. The rate's token
      // is taken inside the slot, just before the request leaves, so requests leave as spaced.
      const rate = this.options.rate;
      const askedAt = performance.now();
      const blocked = (): number => performance.now() - askedAt;
      const sendPaced = rate
        ? () => rate.take().then(() => this.sendOnce(attempt, blocked()))
        : () => this.sendOnce(attempt, blocked());
      const reply = this.options.slots
        ? await this.options.slots.run(sendPaced, this.rank, this.first)
        : await sendPaced();
      rate?.noteStatus(reply.status);
      this.options.slots?.noteAnswer(reply.exchange.durationMs);
      if (renewable && token !== undefined) {
        if (reply.status !== 401) tokens.noteAccepted(token);
        else if (!renewed) {
          const fresh = await tokens.afterUnauthorized(token);
          if (fresh !== undefined) {
            renewed = true;
            token = fresh;
            continue;
          }
        }
      }
      const state = stallOf(this.originOf(options.path));
      if (reply.status !== 429) {
        state.rateLimited = false;
        return reply;
      }
      if (state.rateLimited) return reply;
      const wait = parseRetryAfter(reply.headers['retry-after']);
      if (wait === undefined) return reply;
      if (waited + wait > this.retryAfterMaxMs) {
        state.rateLimited = true;
        return reply;
      }
      waited += wait;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private async sendOnce(options: SendOptions, blockedMs: number): Promise<Reply> {
    const { url, headers, body } = this.requestOf(options);
    const exchange = this.keep(this.recordedRequest(options.method, url, headers, body));
    const stall = stallOf(url.origin);
    this.refuseWhileStalled(stall, exchange);
    // Worked out once per request, from the path as sent (no second parse of the URL): the
    // stats, the ledger, read-back signs and refusal credit all read it from here.
    const operation = operationOf(options.method, url.pathname)?.name;
    this.requestCount += 1;
    const started = performance.now();
    const startedAt = Date.now();
    let reply: Reply | undefined;
    try {
      const res = await undiciRequest(url, {
        method: options.method as 'GET',
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      reply = await this.replyOf(res, exchange, started, operation, options.noContentOn204 === true);
      stall.consecutiveTimeouts = 0;
      stall.lastAnswerAt = performance.now();
    } catch (error) {
      exchange.durationMs = Math.round(performance.now() - started);
      noteFailure(stall, error);
      exchange.error = `${options.method} ${exchange.request.url}: ${describeError(error, this.options.timeoutMs)}`;
    }
    // Outside the try: a recorder that throws (a full disk) must not turn an answered request
    // into a transport error, nor count it twice. Its error goes up as it is (see onExchange).
    this.stats.record(exchange, operation ?? OTHER_OPERATION);
    this.options.onExchange?.(exchange, startedAt, Math.round(blockedMs));
    if (!reply) throw new TransportError(exchange.error!, exchange);
    return reply;
  }

  /** The URL, headers and body a request goes out with. */
  private requestOf(options: SendOptions): { url: URL; headers: Record<string, string>; body: string | undefined } {
    const url = this.urlFor(options.path, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      const typed = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
      if (!typed) headers['content-type'] = 'application/json';
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
    }
    // The credential never leaves the target's origin, whatever a link says.
    if (options.token !== undefined && url.origin === this.baseUrl.origin) {
      headers.authorization = `Bearer ${options.token}`;
    }
    return { url, headers, body };
  }

  /** The request as it is recorded: numbered, credentials redacted, secrets scrubbed. */
  private recordedRequest(method: string, url: URL, headers: Record<string, string>, body?: string): Exchange {
    const secrets = this.options.secrets;
    const prefix = this.options.exchangeIdPrefix;
    return {
      ...(prefix !== undefined ? { id: `${prefix}-${(this.sequence += 1)}` } : {}),
      request: {
        method,
        url: scrubSecrets(url.toString(), secrets),
        headers: redactHeaders(headers),
        ...(body !== undefined ? { body: scrubSecrets(body, secrets) } : {}),
      },
      durationMs: 0,
    };
  }

  /** Keeps the exchange among the last KEPT_EXCHANGES, the check's fallback evidence. */
  private keep(exchange: Exchange): Exchange {
    this.exchanges.push(exchange);
    if (this.exchanges.length > KEPT_EXCHANGES) this.exchanges.shift();
    return exchange;
  }

  /** Throws, without sending, while the origin has stopped answering, except a try now and then. */
  private refuseWhileStalled(stall: StallState, exchange: Exchange): void {
    const timeoutMs = this.options.timeoutMs;
    const now = performance.now();
    if (stall.consecutiveTimeouts < STALL_TIMEOUTS || now - stall.lastAnswerAt < STALL_TIMEOUTS * timeoutMs) return;
    // The wait between tries doubles with every try that times out too.
    const tryEvery = timeoutMs * 2 ** Math.min(stall.consecutiveTimeouts - STALL_TIMEOUTS, 6);
    if (now - stall.lastTryAt >= tryEvery) {
      stall.lastTryAt = now;
      return;
    }
    const silentS = ((now - stall.lastAnswerAt) / 1000).toFixed(1);
    exchange.error =
      `${exchange.request.method} ${exchange.request.url}: not sent: the target stopped answering ` +
      `(${stall.consecutiveTimeouts} requests in a row got no response within ${timeoutMs} ms (timeout); ` +
      `nothing came back for ${silentS} s)`;
    throw new TransportError(exchange.error, exchange);
  }

  /** The answer read, decoded, recorded into `exchange` and parsed; throws when it cannot be judged. */
  private async replyOf(
    res: Dispatcher.ResponseData,
    exchange: Exchange,
    started: number,
    operation: string | undefined,
    noContentOn204: boolean,
  ): Promise<Reply> {
    const bytes = await readBody(res.body, this.maxBodyBytes).catch((error: unknown) => {
      const mismatch = (error as { code?: string }).code === CONTENT_LENGTH_MISMATCH;
      if (noContentOn204 && res.statusCode === 204 && mismatch) return NO_BYTES;
      throw error;
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const decoded = decodeBody(bytes, headers['content-encoding']);
    if ('undecodable' in decoded) {
      // The target answered: its status and headers are recorded (the exchange shows an answer,
      // and `run` counts the target as reached); the body is not, since nothing of it could be read.
      exchange.response = { status: res.statusCode, headers: redactHeaders(headers), body: '' };
      throw new Error(`answered ${res.statusCode}, but the body could not be judged: ${decoded.undecodable}`);
    }
    const text = decoded.text;
    const recorded = scrubSecrets(text, this.options.secrets);
    exchange.response = {
      status: res.statusCode,
      headers: redactHeaders(headers),
      body: recorded.length > RECORD_LIMIT ? recorded.slice(0, RECORD_LIMIT) : recorded,
      ...(recorded.length > RECORD_LIMIT ? { truncated: true } : {}),
    };
    exchange.durationMs = Math.round(performance.now() - started);
    const { json, jsonError } = parsedJson(text);
    return {
      exchange,
      status: res.statusCode,
      headers,
      text,
      json,
      ...(jsonError ? { jsonError } : {}),
      ...(operation ? { operation } : {}),
      ...(decoded.codings.length > 0 ? { codings: decoded.codings } : {}),
    };
  }
}

/** A request that got no answer: a timeout counts toward a stall, anything else ends one. */
function noteFailure(stall: StallState, error: unknown): void {
  if (isTimeout(error)) {
    stall.consecutiveTimeouts += 1;
    return;
  }
  stall.consecutiveTimeouts = 0;
  stall.lastAnswerAt = performance.now();
}

/** The body as JSON, or why it is not; an empty body is neither. */
function parsedJson(text: string): { json?: unknown; jsonError?: string } {
  if (text.trim() === '') return {};
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (error) {
    return { jsonError: (error as Error).message };
  }
}
