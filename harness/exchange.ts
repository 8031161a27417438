// One request and its response as recorded for evidence. Credentials are redacted before
// anything is stored here, so an Exchange can be written to any report or log as it is.

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body was longer than the recording limit and was cut. */
  truncated?: boolean;
}

export interface Exchange {
  request: RecordedRequest;
  response?: RecordedResponse;
  /** Set when no response arrived: timeout, reset, refused, oversize body. */
  error?: string;
  durationMs: number;
}

/** A received response plus its parsed JSON body (undefined when the body is empty or not JSON). */
export interface Reply {
  exchange: Exchange;
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  /** Why the body was not JSON, when it was not empty and did not parse. */
  jsonError?: string;
}
