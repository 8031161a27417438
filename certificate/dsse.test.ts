import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelopeSignedBy, IN_TOTO_PAYLOAD_TYPE, pae, parseEnvelope, signEnvelope } from './dsse.js';
import { keyIdOf } from './keys.js';
import { dsseEnvelopeProblems } from './test-support/published-structure.js';

// The envelope follows the DSSE protocol (secure-systems-lab/dsse, protocol.md and envelope.md):
// checked against the protocol's own test vector and the envelope's published structure.

const ed25519 = () => generateKeyPairSync('ed25519');

// protocol.md, "Test Vectors": its payload, type, PAE, ECDSA P-256 key and signature.
const VECTOR = {
  body: 'hello world',
  type: 'http://example.com/HelloWorld',
  pae: 'DSSEv1 29 http://example.com/HelloWorld 11 hello world',
  x: 46950820868899156662930047687818585632848591499744589407958293238635476079160n,
  y: 5640078356564379163099075877009565129882514886557779369047442380624545832820n,
  d: 97358161215184420915383655311931858321456579547487070936769975997791359926199n,
  envelope: {
    payload: 'aGVsbG8gd29ybGQ=',
    payloadType: 'http://example.com/HelloWorld',
    signatures: [{ sig: 'A3JqsQGtVsJ2O2xqrI5IcnXip5GToJ3F+FnZ+O88SjtR6rDAajabZKciJTfUiHqJPcIAriEGAHTVeCUjW2JIZA==' }],
  },
};
const b64url = (n: bigint): string => Buffer.from(n.toString(16).padStart(64, '0'), 'hex').toString('base64url');

describe('DSSE envelope', () => {
  it("encodes PAE exactly as the protocol's test vector", () => {
    expect(pae(VECTOR.type, Buffer.from(VECTOR.body)).toString('utf8')).toBe(VECTOR.pae);
    // LEN counts bytes, not characters.
    expect(pae('t', Buffer.from('é')).toString('utf8')).toBe('DSSEv1 1 t 2 é');
  });

  it("verifies the test vector's published signature over the PAE it builds", () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: b64url(VECTOR.x), y: b64url(VECTOR.y), d: b64url(VECTOR.d) };
    const publicKey = createPublicKey(createPrivateKey({ key: jwk, format: 'jwk' }));
    const parsed = parseEnvelope(JSON.stringify(VECTOR.envelope));
    if (!('envelope' in parsed)) throw new Error(parsed.problem);
    const message = pae(parsed.envelope.payloadType, Buffer.from(parsed.envelope.payload, 'base64'));
    const sig = Buffer.from(parsed.envelope.signatures[0].sig, 'base64');
    expect(verify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true);
    expect(verify('sha256', Buffer.from(`${VECTOR.pae}!`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig)).toBe(
      false,
    );
  });

  it('signs an in-toto payload into the published envelope structure, with the keyid of its key', () => {
    const { privateKey, publicKey } = ed25519();
    const body = Buffer.from('{"_type":"https://in-toto.io/Statement/v1"}\n');
    const envelope = signEnvelope(body, privateKey);
    expect(dsseEnvelopeProblems(envelope)).toEqual([]);
    expect(Object.keys(envelope).sort()).toEqual(['payload', 'payloadType', 'signatures']);
    expect(envelope.payloadType).toBe(IN_TOTO_PAYLOAD_TYPE);
    expect(Buffer.from(envelope.payload, 'base64').equals(body)).toBe(true);
    expect(envelope.signatures).toEqual([{ keyid: keyIdOf(publicKey), sig: expect.any(String) }]);
    // The signature is over PAE(type, body), not over the body alone.
    const sig = Buffer.from(envelope.signatures[0].sig, 'base64');
    expect(verify(null, pae(IN_TOTO_PAYLOAD_TYPE, body), publicKey, sig)).toBe(true);
    expect(verify(null, body, publicKey, sig)).toBe(false);
    expect(envelopeSignedBy(envelope, publicKey)).toBe(true);
  });

  it('refuses another key, a changed payload and a changed type; accepts URL-safe base64', () => {
    const { privateKey, publicKey } = ed25519();
    const envelope = signEnvelope(Buffer.from('{"a":"~~~???"}'), privateKey);
    expect(envelopeSignedBy(envelope, ed25519().publicKey)).toBe(false);
    expect(
      envelopeSignedBy({ ...envelope, payload: Buffer.from('{"a":"~~~??!"}').toString('base64') }, publicKey),
    ).toBe(false);
    expect(envelopeSignedBy({ ...envelope, payloadType: 'application/json' }, publicKey)).toBe(false);
    const urlSafe = { ...envelope, payload: Buffer.from(envelope.payload, 'base64').toString('base64url') };
    expect(urlSafe.payload).not.toBe(envelope.payload);
    expect(envelopeSignedBy(urlSafe, publicKey)).toBe(true);
  });

  it('says what keeps a text from being an envelope', () => {
    const problem = (text: string) =>
      'problem' in parseEnvelope(text) ? (parseEnvelope(text) as { problem: string }).problem : undefined;
    expect(problem('{')).toMatch(/^not JSON/);
    expect(problem('{"payloadType":"t","payload":"%%%","signatures":[{"sig":"AA=="}]}')).toBe('payload is not base64');
    expect(problem('{"payloadType":"t","payload":"AA==","signatures":[]}')).toBe('it holds no signature');
    expect(problem('{"payload":"AA==","signatures":[{"sig":"AA=="}]}')).toBe('payloadType is missing');
  });
});
