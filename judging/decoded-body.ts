import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

// A body is judged as its representation, not as the bytes a content coding made of it: a
// server that answers `Content-Encoding: gzip` to a client that asked for gzip sends JSON all the
// same. The bytes are never changed on the way (the proxy forwards them as they came); only the
// copy that is judged is decoded. A coding this cannot decode leaves the body unjudged: the
// judges then say nothing of it, never that it is broken. A body that decodes past the limit (a
// "zip bomb": a few kilobytes that expand to gigabytes) is cut there, never decoded whole, and
// named as that: its coding and the limit, not a body that is not valid in its coding.

export type DecodedBody =
  /** The body as text; `codings` lists what was undone, empty when it was sent as it is. */
  | { text: string; codings: string[] }
  /** Why the body could not be decoded: it is left unjudged. */
  | { undecodable: string };

/** Decoded bodies larger than this are not judged: a small coded body may expand without bound. */
export const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/** zlib's error when the output would pass `maxOutputLength`: decoding stopped there. */
const isPastLimit = (error: unknown): boolean => (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';

/** "16 MiB" (or bytes, for a limit that is no whole number of MiB). */
function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

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
      if (isPastLimit(error))
        return {
          undecodable:
            `the ${coding} body decodes to more than ${sizeText(MAX_DECODED_BYTES)}, the most the checker ` +
            'decodes (decoding stopped there)',
        };
      return { undecodable: `the body is not valid ${coding} (${(error as Error).message})` };
    }
  }
  return { text: body.toString('utf8'), codings };
}
