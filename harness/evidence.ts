import type { EvidenceRef, Exchange } from '../contracts/report-types.js';
import { curlLine } from './curl.js';

// What a pass rests on, kept small: the exchange's entry in exchanges.har (by its id), its
// request line and status, and the part of it the rule was judged on. The whole exchange is in
// the HAR; a report holds hundreds of passes and must stay readable.

export type { EvidenceRef } from '../contracts/report-types.js';

/** A reference to `exchange` with what was judged of it; `withCurl` adds the line that resends it. */
export function evidenceRef(
  exchange: Exchange,
  judged: string | undefined,
  withCurl: boolean,
): EvidenceRef | undefined {
  if (exchange.id === undefined) return undefined;
  return {
    id: exchange.id,
    method: exchange.request.method,
    url: exchange.request.url,
    ...(exchange.response ? { status: exchange.response.status } : {}),
    ...(judged !== undefined ? { judged } : {}),
    ...(withCurl ? { curl: curlLine(exchange.request) } : {}),
  };
}

/** A check's exchanges are numbered under a prefix of their own: a short, stable digest of its name. */
export function exchangeIdPrefix(check: string, job?: string): string {
  let hash = 0x811c9dc5;
  const text = job === undefined ? check : `${job}\u0000${check}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `c${(hash >>> 0).toString(36)}`;
}
