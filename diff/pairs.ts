import { readFileSync } from 'node:fs';
import { operationOf } from '../contracts/operations.js';

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
  status: number;
  responseBody: string;
  contentType?: string;
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

interface HarEntry {
  request: { method: string; url: string; postData?: { text?: string } };
  response: { status: number; content: { text?: string; mimeType?: string } };
  _check?: string;
}

function sideExchange(entry: HarEntry): SideExchange {
  const { method, url } = entry.request;
  const path = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  return {
    method,
    url,
    operation: operationOf(method, url)?.name ?? `${method} ${path.replace(/\/[A-Z]-[A-Z0-9]{6,}/g, '/{id}')}`,
    ...(entry.request.postData?.text !== undefined ? { requestBody: entry.request.postData.text } : {}),
    status: entry.response.status,
    responseBody: entry.response.content.text ?? '',
    ...(entry.response.content.mimeType ? { contentType: entry.response.content.mimeType } : {}),
  };
}

/** A run's exchanges, per check, in the order the check sent them. */
export function exchangesByCheck(harFile: string): Map<string, SideExchange[]> {
  const har = JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: HarEntry[] } };
  const byCheck = new Map<string, SideExchange[]>();
  for (const entry of har.log.entries) {
    const check = entry._check ?? '(untagged)';
    let list = byCheck.get(check);
    if (!list) byCheck.set(check, (list = []));
    list.push(sideExchange(entry));
  }
  return byCheck;
}

/** The pairs of two runs, and where a check's two runs parted ways. */
export function pairExchanges(a: Map<string, SideExchange[]>, b: Map<string, SideExchange[]>): { pairs: Pair[]; partings: Parting[] } {
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
      partings.push({ check, index, ...(left[index] ? { a: left[index] } : {}), ...(right[index] ? { b: right[index] } : {}) });
    }
  }
  return { pairs, partings };
}
