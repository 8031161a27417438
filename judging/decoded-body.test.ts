import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody, MAX_DECODED_BYTES } from './decoded-body.js';

// A body is judged as what it represents: each content coding undone, the last applied first.

const JSON_TEXT = '{"id":"P-1","name":"plan"}';
const plain = Buffer.from(JSON_TEXT);

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
    expect(decodeBody(gzipSync(Buffer.alloc(MAX_DECODED_BYTES + 1)), 'gzip')).toEqual({
      undecodable: expect.stringMatching(/^the body is not valid gzip/),
    });
  });
});
