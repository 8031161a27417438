import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyIdOf, newKeyPair, readSigningKey, readVerifyingKey } from './keys.js';

// Signing keys are Ed25519 PEM files; a file that holds anything else is refused with a message
// that names the file and says what it holds, never its content.

const dir = mkdtempSync(join(tmpdir(), 'keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('signing keys', () => {
  const { privatePem, publicPem } = newKeyPair();
  const privateFile = file('signing-key.pem', privatePem);
  const publicFile = file('signing-key.pub.pem', publicPem);

  it('reads back the pair keygen writes, with one key id for both halves', () => {
    const signing = readSigningKey(privateFile);
    const verifying = readVerifyingKey(publicFile);
    expect(signing.asymmetricKeyType).toBe('ed25519');
    expect(verifying.type).toBe('public');
    expect(keyIdOf(signing)).toBe(keyIdOf(verifying));
    // The documented key id: SHA-256 of the DER SubjectPublicKeyInfo, in hex.
    const der = Buffer.from(publicPem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    expect(keyIdOf(verifying)).toBe(createHash('sha256').update(der).digest('hex'));
  });

  it('refuses the wrong half, another algorithm, a missing file and text that is no key', () => {
    expect(() => readSigningKey(publicFile)).toThrow(`${publicFile} holds no private key`);
    expect(() => readVerifyingKey(privateFile)).toThrow(`${privateFile} holds a private key: give the public key`);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const rsaFile = file('rsa.pem', rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    expect(() => readSigningKey(rsaFile)).toThrow(`${rsaFile} holds an rsa key, not Ed25519`);
    const rsaPublic = file(
      'rsa.pub.pem',
      createPublicKey(rsa.privateKey).export({ type: 'spki', format: 'pem' }).toString(),
    );
    expect(() => readVerifyingKey(rsaPublic)).toThrow(`${rsaPublic} holds an rsa key, not Ed25519`);
    expect(() => readSigningKey(join(dir, 'absent.pem'))).toThrow(`${join(dir, 'absent.pem')} does not exist`);
    const broken = file('broken.pem', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n');
    expect(() => readSigningKey(broken)).toThrow(`${broken} is not a readable private key`);
    try {
      readSigningKey(broken);
    } catch (error) {
      expect((error as Error).message).not.toContain('AAAA');
    }
  });
});
