// What a handler sees of one request (what it gives back is an Answer: answer.ts).

import type { IncomingHttpHeaders } from 'node:http';
import type { Behaviour } from '../behaviour.js';
import type { ReferenceState } from '../state.js';
import type { Json } from './json.js';

export interface RequestContext {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Decoded path parameters of the matched route. */
  params: Record<string, string>;
  /** The parsed JSON body, or undefined when the request had none. */
  body: Json | undefined;
  behaviour: Behaviour;
  now: () => Date;
  baseUrl: string;
  state: ReferenceState;
}

/** One header as a single string (the first when repeated), or undefined. */
export function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
