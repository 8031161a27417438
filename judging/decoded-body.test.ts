import { brotliCompressSync, constants, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody, MAX_DECODED_BYTES } from './decoded-body.js';

// A body is judged as what it represents: each content coding undone, the last applied first.

const JSON_TEXT = '{"id":"P-1","name":"plan"}';
const plain = Buffer.from(JSON_TEXT);
/** Brotli's fastest setting: its default takes seconds over 16 MiB. */
const FAST_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

describe('decodeBody', () => {
  it('undoes gzip, deflate (zlib or raw), br, and codings applied one after another', () => {
    expect(decodeBody(gzipSync(plain), 'gzip')).toEqual({ text: JSON_TEXT, codings: ['gzip'] });
    expect(decodeBody(gzipSync(plain), 'x-gzip')).toEqual({ text: JSON_TEXT, codings: ['x-gzip'] });
    expect(decodeBody(deflateSync(plain), 'deflate')).toEqual({ text: JSON_TEXT, codings: ['deflate'] });
    expect(decodeBody(deflateRawSync(plain), 'Deflate')).toEqual({ text: JSON_TEXT, codings: ['deflate'] });
    expect(decodeBody(brotliCompressSync(plain), 'br')).toEqual({ text: JSON_TEXT, codings: ['br'] });
    expect(decodeBody(brotliCompressSync(gzipSync(plain)), 'gzip, br')).toEqual({
      text: JSON_TEXT,
      codings: ['gzip', 'br'],
    });
  });

  it('reads a body without a coding, or with identity, as it is', () => {
    expect(decodeBody(plain, undefined)).toEqual({ text: JSON_TEXT, codings: [] });
    expect(decodeBody(plain, 'identity')).toEqual({ text: JSON_TEXT, codings: [] });
    expect(decodeBody(Buffer.alloc(0), 'gzip')).toEqual({ text: '', codings: ['gzip'] });
  });

  it('says why it cannot decode an unknown coding, a body not in its coding, one that expands past the limit', () => {
    expect(decodeBody(plain, 'zstd')).toEqual({
      undecodable: expect.stringMatching(/Content-Encoding zstd is not one the checker decodes/),
    });
    expect(decodeBody(plain, 'gzip')).toEqual({ undecodable: expect.stringMatching(/^the body is not valid gzip/) });
    // 1 GiB of gzip in 1 MiB members (a gzip body may hold several): cut at the limit, never decoded whole.
    const member = gzipSync(Buffer.alloc(1024 * 1024));
    const gzipBomb = Buffer.concat(Array.from({ length: 1024 }, () => member));
    for (const [coding, bomb] of [
      ['gzip', gzipBomb],
      ['br', brotliCompressSync(Buffer.alloc(MAX_DECODED_BYTES + 1), FAST_BROTLI)],
      ['deflate', deflateSync(Buffer.alloc(MAX_DECODED_BYTES + 1))],
    ] as const) {
      const named = `the ${coding} body decodes to more than 16 MiB, the most the checker decodes`;
      expect(decodeBody(bomb, coding)).toEqual({ undecodable: `${named} (decoding stopped there)` });
    }
    // Inside a second coding, the limit is named with the coding that passed it.
    expect(decodeBody(brotliCompressSync(gzipBomb, FAST_BROTLI), 'gzip, br')).toMatchObject({
      undecodable: expect.stringMatching(/^the gzip body decodes to more than 16 MiB/),
    });
  });
});
