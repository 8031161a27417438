// What a handler gives back for one request: the status, and a JSON or HTML body.

import type { Json } from './json.js';

export interface Reply {
  status: number;
  /** JSON body; absent for 204 and for empty answers. */
  body?: Json;
  /** A non-JSON body (the approval page), sent as text/html. */
  html?: string;
  headers?: Record<string, string>;
}
