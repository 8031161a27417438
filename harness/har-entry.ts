import type { Exchange } from './exchange.js';

// One exchange as an entry of exchanges.har (HAR 1.2, contracts/har.schema.json), the way a
// browser's network panel exports it. Each entry carries `_check` (the check, or the proxied
// client, that sent it), `_id` (the name a verdict's evidence gives it) and, last, `_rules` (the
// rules that check informed).

interface NameValue {
  name: string;
  value: string;
}

const nameValues = (headers: Readonly<Record<string, string>>): NameValue[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

function queryString(url: string): NameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

const headerOf = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

function harRequest(request: Exchange['request']): Record<string, unknown> {
  const body = request.body;
  const mimeType = headerOf(request.headers, 'content-type') ?? 'application/octet-stream';
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(request.headers),
    queryString: queryString(request.url),
    ...(body !== undefined ? { postData: { mimeType, text: body } } : {}),
    headersSize: -1,
    bodySize: body === undefined ? 0 : Buffer.byteLength(body),
  };
}

/** A request that got no response has status 0 and `_error`. */
function harResponse(exchange: Exchange): Record<string, unknown> {
  const response = exchange.response;
  const body = response?.body ?? '';
  const mimeType = response ? (headerOf(response.headers, 'content-type') ?? 'x-unknown') : 'x-unknown';
  return {
    status: response?.status ?? 0,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(response?.headers ?? {}),
    content: { size: Buffer.byteLength(body), mimeType, ...(body !== '' ? { text: body } : {}) },
    redirectURL: response ? (headerOf(response.headers, 'location') ?? '') : '',
    headersSize: -1,
    bodySize: response ? Buffer.byteLength(body) : -1,
    ...(response?.truncated ? { _truncated: true } : {}),
    ...(exchange.error !== undefined ? { _error: exchange.error } : {}),
  };
}

/**
 * One HAR entry for one exchange. `rules` null: not known yet (its check is still running);
 * `_rules` is then filled in when the check ends (harness/traffic.ts).
 */
export function harEntry(
  exchange: Exchange,
  startedAt: number,
  check: string,
  rules: readonly string[] | null,
  blockedMs?: number,
): Record<string, unknown> {
  return {
    startedDateTime: new Date(startedAt).toISOString(),
    time: exchange.durationMs,
    request: harRequest(exchange.request),
    response: harResponse(exchange),
    cache: {},
    // blocked: the time it waited for a free request slot (and --rate) before it left; -1: unknown.
    timings: { blocked: blockedMs ?? -1, send: 0, wait: exchange.durationMs, receive: 0 },
    _check: check,
    ...(exchange.id !== undefined ? { _id: exchange.id } : {}),
    _rules: rules === null ? null : [...rules],
  };
}
