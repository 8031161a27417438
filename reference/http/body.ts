// Reading and decoding request bodies: size cap, media type, UTF-8 and JSON.

import type { IncomingMessage } from 'node:http';
import { invalidRequest, payloadTooLarge, unsupportedMediaType } from './errors.js';
import { isObject, type Json } from './json.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const MAX_JSON_DEPTH = 64;

/** Reads the whole body; past the limit it keeps draining (so the answer reaches the client) but keeps nothing. */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer | 'too-large'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
  });
}

export function assertSize(body: Buffer | 'too-large'): Buffer {
  if (body === 'too-large') throw payloadTooLarge(BODY_LIMIT_BYTES);
  return body;
}

/** application/json, any +json type (json-patch+json included), with or without parameters. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(mediaType);
}

function depth(value: Json): number {
  let deepest = 0;
  const stack: Array<[Json, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, level] = stack.pop()!;
    if (level > deepest) deepest = level;
    if (deepest > MAX_JSON_DEPTH) return deepest;
    if (Array.isArray(current)) for (const item of current) stack.push([item, level + 1]);
    else if (isObject(current)) for (const item of Object.values(current)) stack.push([item, level + 1]);
  }
  return deepest;
}

/** Decodes a body: empty gives undefined; anything else must be JSON sent as JSON. */
export function decodeJsonBody(raw: Buffer, contentType: string | undefined): Json | undefined {
  if (raw.length === 0) return undefined;
  if (!isJsonMediaType(contentType)) throw unsupportedMediaType(contentType ?? '');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw invalidRequest('body', 'MALFORMED_REQUEST_JSON', 'The body is not valid UTF-8.');
  }
  if (text.trim() === '') return undefined;
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    throw invalidRequest('body', 'MALFORMED_REQUEST_JSON', 'The body is not valid JSON.');
  }
  if (depth(parsed) > MAX_JSON_DEPTH) {
    throw invalidRequest('body', 'MALFORMED_REQUEST_JSON', `The body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  return parsed;
}
