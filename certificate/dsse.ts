import { sign, verify, type KeyObject } from 'node:crypto';
import { keyIdOf } from './keys.js';

// The DSSE envelope that signs a statement (secure-systems-lab/dsse: protocol.md, envelope.md).
// What is signed is the pre-authentication encoding of the payload type and the payload bytes,
// never the JSON of the envelope, so no canonical form of JSON is needed: the payload is
// attestation.json's bytes as written.

export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
export const ENVELOPE_FILE = 'attestation.dsse.json';

export interface Envelope {
  payloadType: string;
  /** Base64 of the serialized body. */
  payload: string;
  signatures: Array<{ keyid?: string; sig: string }>;
}

/** PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, LEN the byte length in decimal. */
export function pae(payloadType: string, body: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${body.length} `), body]);
}

export function signEnvelope(body: Uint8Array, key: KeyObject, payloadType = IN_TOTO_PAYLOAD_TYPE): Envelope {
  const sig = sign(null, pae(payloadType, body), key);
  return {
    payloadType,
    payload: Buffer.from(body).toString('base64'),
    signatures: [{ keyid: keyIdOf(key), sig: sig.toString('base64') }],
  };
}

// DSSE allows standard and URL-safe base64 alike; verifiers must accept either.
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Bytes of a base64 text, or undefined when it is not base64 (Buffer.from would skip the bad characters). */
export function fromBase64(text: unknown): Buffer | undefined {
  return typeof text === 'string' && BASE64.test(text) ? Buffer.from(text, 'base64') : undefined;
}

/** The envelope in `text`, or what keeps it from being one. */
export function parseEnvelope(text: string): { envelope: Envelope } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
  const e = value as Partial<Envelope> | null;
  if (!e || typeof e !== 'object') return { problem: 'not a DSSE envelope (a JSON object)' };
  if (typeof e.payloadType !== 'string') return { problem: 'payloadType is missing' };
  if (fromBase64(e.payload) === undefined) return { problem: 'payload is not base64' };
  const signatures = e.signatures;
  if (!Array.isArray(signatures) || signatures.length === 0) return { problem: 'it holds no signature' };
  if (!signatures.every((s) => s && typeof s === 'object' && fromBase64(s.sig) !== undefined))
    return { problem: 'a signature is not base64' };
  return { envelope: e as Envelope };
}

/** Whether one of the envelope's signatures verifies with `key`, over PAE of its type and payload. */
export function envelopeSignedBy(envelope: Envelope, key: KeyObject): boolean {
  const message = pae(envelope.payloadType, fromBase64(envelope.payload) ?? Buffer.alloc(0));
  // The keyid is a hint a forger can write too: every signature is tried, whatever it says.
  return envelope.signatures.some((signature) => {
    const sig = fromBase64(signature.sig);
    if (!sig) return false;
    try {
      return verify(null, message, key, sig);
    } catch {
      return false;
    }
  });
}
