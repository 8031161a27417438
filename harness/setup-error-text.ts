import type { Exchange } from './exchange.js';
import { pathAndQuery } from './url-path.js';

// A check that could not set up what it needs (a plan, a subscription, a read-back) ends without
// a verdict, and its message is what a person reads first. "could not create a plan for this
// check: answered 422" says too little against a stricter server: the message names the request
// (method and path) and what came back (status and the start of the body).

const EXCERPT = 160;

function excerptOf(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text === '') return ' (empty body)';
  return `: ${text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text}`;
}

/** `message` with the last answered exchange named where it says "answered NNN", or after it. */
export function namingTheRequest(message: string, exchanges: readonly Exchange[]): string {
  const answered = [...exchanges].reverse().find((exchange) => exchange.response !== undefined);
  const status = answered?.response?.status;
  if (!answered || status === undefined || status < 300) return message;
  const { method, url } = answered.request;
  const path = pathAndQuery(url);
  // Already named (a rate limit names the URL).
  if (message.includes(`${method} ${url}`) || message.includes(`${method} ${path}`)) return message;
  const named = `${method} ${path} answered ${status}${excerptOf(answered.response!.body)}`;
  const said = new RegExp(`\\banswered ${status}\\b`);
  return said.test(message) ? message.replace(said, named) : `${message} (${named})`;
}
