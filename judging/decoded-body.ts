import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

// A body is judged as its representation, not as the bytes a content coding made of it: a
// server that answers `Content-Encoding: gzip` to a client that asked for gzip sends JSON all the
// same. The bytes are never changed on the way (the proxy forwards them as they came); only the
// copy that is judged is decoded. A coding this cannot decode leaves the body unjudged: the
// judges then say nothing of it, never that it is broken.

export type DecodedBody =
  /** The body as text; `codings` lists what was undone, empty when it was sent as it is. */
  | { text: string; codings: string[] }
  /** Why the body could not be decoded: it is left unjudged. */
  | { undecodable: string };

/** Decoded bodies larger than this are not judged: a small coded body may expand without bound. */
export const MAX_DECODED_BYTES = 16 * 1024 * 1024;

const DECODERS: Readonly<Record<string, (bytes: Buffer) => Buffer>> = {
  gzip: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  'x-gzip': (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  // "deflate" is the zlib format (RFC 9110, 8.4.1.2); some servers send raw deflate under its name.
  deflate: (bytes) =>
    (bytes.length > 0 && (bytes[0] & 0x0f) === 8 ? inflateSync : inflateRawSync)(bytes, {
      maxOutputLength: MAX_DECODED_BYTES,
    }),
  br: (bytes) => brotliDecompressSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
};

/** The codings of a Content-Encoding value, in the order they were applied ("identity" left out). */
export function codingsOf(contentEncoding: string | undefined): string[] {
  return (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/** The body as its representation: each coding of `contentEncoding` undone, the last applied first. */
export function decodeBody(bytes: Buffer, contentEncoding: string | undefined): DecodedBody {
  const codings = codingsOf(contentEncoding);
  let body = bytes;
  for (const coding of [...codings].reverse()) {
    const decode = DECODERS[coding];
    if (!decode)
      return { undecodable: `Content-Encoding ${coding} is not one the checker decodes (gzip, deflate, br)` };
    if (body.length === 0) continue;
    try {
      body = decode(body);
    } catch (error) {
      return { undecodable: `the body is not valid ${coding} (${(error as Error).message})` };
    }
  }
  return { text: body.toString('utf8'), codings };
}
