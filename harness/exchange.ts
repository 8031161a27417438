// One request and its response as recorded for evidence. Credentials are redacted before
// anything is stored here, so an Exchange can be written to any report or log as it is. Its shape
// is the report's (contracts/report.schema.json, types written from it to contracts/report-types.ts).

import type { Exchange } from '../contracts/report-types.js';

export type { Exchange, RecordedRequest, RecordedResponse } from '../contracts/report-types.js';

/** A received response plus its parsed JSON body (undefined when the body is empty or not JSON). */
export interface Reply {
  exchange: Exchange;
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  /** Why the body was not JSON, when it was not empty and did not parse. */
  jsonError?: string;
  /**
   * The spec's name of the operation the request was ("create plan"), worked out once by the
   * client from the path it sent; absent for a path or method neither spec has (a link's href).
   */
  operation?: string;
  /** The content codings the body came in (gzip, br), undone before `text` was read; absent when none. */
  codings?: string[];
}
