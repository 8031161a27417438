import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Exchange } from '../harness/exchange.js';
import type { TrafficLine } from '../harness/traffic.js';

// exchanges.har: every exchange of a run as HAR 1.2 (contracts/har.schema.json), the way a
// browser's network panel exports it, so a certifier can open the raw traffic in any HAR viewer.
// Each entry carries `_check` (the check, or the proxied client, that sent it), `_rules` (the
// rules that check informed) and `_id` (the name a verdict's evidence gives it). Read from the run's traffic file (harness/traffic.ts) in two
// passes, written as a stream: a long run's traffic is never held in memory at once.

/** The name of a run's HAR in its report folder. */
export const HAR_FILE = 'exchanges.har';

export interface HarCreator {
  name: string;
  version: string;
}

interface NameValue {
  name: string;
  value: string;
}

const nameValues = (headers: Readonly<Record<string, string>>): NameValue[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

function queryString(url: string): NameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

const headerOf = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** One HAR entry for one exchange; a request that got no response has status 0 and `_error`. */
export function harEntry(exchange: Exchange, startedAt: number, check: string, rules: readonly string[], blockedMs?: number): Record<string, unknown> {
  const { request, response } = exchange;
  const requestBody = request.body;
  const responseBody = response?.body ?? '';
  const responseType = response ? (headerOf(response.headers, 'content-type') ?? 'x-unknown') : 'x-unknown';
  return {
    startedDateTime: new Date(startedAt).toISOString(),
    time: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(request.headers),
      queryString: queryString(request.url),
      ...(requestBody !== undefined ? { postData: { mimeType: headerOf(request.headers, 'content-type') ?? 'application/octet-stream', text: requestBody } } : {}),
      headersSize: -1,
      bodySize: requestBody === undefined ? 0 : Buffer.byteLength(requestBody),
    },
    response: {
      status: response?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(response?.headers ?? {}),
      content: { size: Buffer.byteLength(responseBody), mimeType: responseType, ...(responseBody !== '' ? { text: responseBody } : {}) },
      redirectURL: response ? (headerOf(response.headers, 'location') ?? '') : '',
      headersSize: -1,
      bodySize: response ? Buffer.byteLength(responseBody) : -1,
      ...(response?.truncated ? { _truncated: true } : {}),
      ...(exchange.error !== undefined ? { _error: exchange.error } : {}),
    },
    cache: {},
    // blocked: the time it waited for a free request slot (and --rate) before it left; -1: unknown.
    timings: { blocked: blockedMs ?? -1, send: 0, wait: exchange.durationMs, receive: 0 },
    _check: check,
    _rules: [...rules],
    ...(exchange.id !== undefined ? { _id: exchange.id } : {}),
  };
}

async function* linesOf(file: string): AsyncGenerator<TrafficLine> {
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line) as TrafficLine;
    } catch {
      // A run killed mid-write leaves a cut last line: everything before it still counts.
    }
  }
}

/** How many exchanges these traffic files hold (a shard's, before --merge-reports writes the HAR). */
export async function countExchanges(trafficFiles: readonly string[]): Promise<number> {
  let count = 0;
  for (const file of trafficFiles.filter((one) => existsSync(one))) {
    for await (const line of linesOf(file)) if (line.type === 'exchange') count += 1;
  }
  return count;
}

/**
 * Writes exchanges.har from a run's traffic files (one, or a shard's each); returns how many
 * entries it holds. `scrub` sees each entry's text before it is written (the target's secrets
 * go there, entry by entry, so the file is never read back whole).
 */
export async function writeHar(trafficFiles: readonly string[], harFile: string, creator: HarCreator, scrub: (text: string) => string = (text) => text): Promise<number> {
  const files = trafficFiles.filter((file) => existsSync(file));
  const rulesOf = new Map<string, string[]>();
  for (const file of files) {
    for await (const line of linesOf(file)) if (line.type === 'check') rulesOf.set(line.check, line.rules);
  }
  const out = createWriteStream(harFile, 'utf8');
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[`);
  let count = 0;
  for (const file of files) {
    for await (const line of linesOf(file)) {
      if (line.type !== 'exchange') continue;
      await write(`${count === 0 ? '\n' : ',\n'}${scrub(JSON.stringify(harEntry(line.exchange, line.startedAt, line.check, line.rules ?? rulesOf.get(line.check) ?? [], line.blockedMs)))}`);
      count += 1;
    }
  }
  await write('\n]}}\n');
  out.end();
  await once(out, 'finish');
  return count;
}
