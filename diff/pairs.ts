import { operationOf } from '../contracts/operations.js';
import { jsonOf } from '../proxy/json-text.js';
import { harEntries } from './har-entries.js';

// The exchanges of two runs of the same checks with the same seed, side by side. Each check
// sends its requests one after another (diff runs at --concurrency 1), so the i-th exchange of a
// check on one side answers the i-th request of the same check on the other, as long as both
// took the same path; where the operations part ways, the pairing of that check stops there.

export interface SideExchange {
  method: string;
  url: string;
  /** The spec's name of the operation, or the method and path for anything else. */
  operation: string;
  requestBody?: string;
  /** The request body as JSON, read once (absent when it is not JSON). */
  requestJson?: unknown;
  status: number;
  responseBody: string;
  /** The answer as JSON, read once (absent when it is not JSON). */
  responseJson?: unknown;
  contentType?: string;
  /** Headers by lower-case name: what judging the answer on its own needs. */
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** The recorded answer was cut: its body cannot be judged. */
  truncated: boolean;
}

export interface Pair {
  check: string;
  index: number;
  a: SideExchange;
  b: SideExchange;
}

export interface Parting {
  check: string;
  index: number;
  a?: SideExchange;
  b?: SideExchange;
}

interface HarHeader {
  name: string;
  value: string;
}

interface HarEntry {
  request: { method: string; url: string; headers?: HarHeader[]; postData?: { text?: string } };
  response: {
    status: number;
    headers?: HarHeader[];
    content: { text?: string; mimeType?: string };
    _truncated?: boolean;
  };
  _check?: string;
}

const headerRecord = (headers: readonly HarHeader[] = []): Record<string, string> =>
  Object.fromEntries(headers.map(({ name, value }) => [name.toLowerCase(), value]));

function sideExchange(entry: HarEntry): SideExchange {
  const { method, url } = entry.request;
  const path = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  const requestBody = entry.request.postData?.text;
  const responseBody = entry.response.content.text ?? '';
  const requestJson = jsonOf(requestBody);
  const responseJson = jsonOf(responseBody);
  return {
    method,
    url,
    operation: operationOf(method, url)?.name ?? `${method} ${path.replace(/\/[A-Z]-[A-Z0-9]{6,}/g, '/{id}')}`,
    ...(requestBody !== undefined ? { requestBody } : {}),
    ...(requestJson !== undefined ? { requestJson } : {}),
    status: entry.response.status,
    responseBody,
    ...(responseJson !== undefined ? { responseJson } : {}),
    ...(entry.response.content.mimeType ? { contentType: entry.response.content.mimeType } : {}),
    requestHeaders: headerRecord(entry.request.headers),
    responseHeaders: headerRecord(entry.response.headers),
    truncated: entry.response._truncated === true,
  };
}

/** A run's exchanges, per check, in the order the check sent them (the HAR is read an entry at a time). */
export function exchangesByCheck(harFile: string): Map<string, SideExchange[]> {
  const byCheck = new Map<string, SideExchange[]>();
  for (const entry of harEntries<HarEntry>(harFile)) {
    const check = entry._check ?? '(untagged)';
    let list = byCheck.get(check);
    if (!list) byCheck.set(check, (list = []));
    list.push(sideExchange(entry));
  }
  return byCheck;
}

/** The pairs of two runs, and where a check's two runs parted ways. */
export function pairExchanges(
  a: Map<string, SideExchange[]>,
  b: Map<string, SideExchange[]>,
): { pairs: Pair[]; partings: Parting[] } {
  const pairs: Pair[] = [];
  const partings: Parting[] = [];
  for (const check of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const left = a.get(check) ?? [];
    const right = b.get(check) ?? [];
    let index = 0;
    for (; index < Math.min(left.length, right.length); index += 1) {
      if (left[index].operation !== right[index].operation) break;
      pairs.push({ check, index, a: left[index], b: right[index] });
    }
    if (index < left.length || index < right.length) {
      partings.push({
        check,
        index,
        ...(left[index] ? { a: left[index] } : {}),
        ...(right[index] ? { b: right[index] } : {}),
      });
    }
  }
  return { pairs, partings };
}
