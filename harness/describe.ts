import type { Reply } from './exchange.js';

// One line that says what came back, for the "received" half of a failure.

const BODY_PREVIEW = 160;

export function describeStatus(reply: Reply): string {
  const body = reply.text.trim();
  if (body === '') return `status ${reply.status}, empty body`;
  const preview = body.length > BODY_PREVIEW ? `${body.slice(0, BODY_PREVIEW)}…` : body;
  return `status ${reply.status}, body ${preview}`;
}

/**
 * What an answer did with its request, in the words every message uses: "refused with 400" of a
 * 4xx only, "taken with 204" of a 2xx, "answered 302" (or 500) of anything else.
 */
export function howAnswered(reply: { status: number }): string {
  if (reply.status >= 400 && reply.status < 500) return `refused with ${reply.status}`;
  if (reply.status >= 200 && reply.status < 300) return `taken with ${reply.status}`;
  return `answered ${reply.status}`;
}

/** A short JSON rendering of a value for messages. */
export function preview(value: unknown, limit = BODY_PREVIEW): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
