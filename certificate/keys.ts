import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

// The signing keys: Ed25519 (node:crypto, nothing else), the private key as PKCS#8 PEM and the
// public key as SPKI PEM. A key's id is the SHA-256 of its public key's DER SubjectPublicKeyInfo,
// in hex: what `openssl pkey -pubin -in signing-key.pub.pem -outform DER | sha256sum` prints.
// DSSE treats a keyid as a hint only; a signature is accepted only when it verifies.

export const PRIVATE_KEY_FILE = 'signing-key.pem';
export const PUBLIC_KEY_FILE = 'signing-key.pub.pem';

/** A key file that cannot be used as asked: the message names the file and what it holds instead. */
export class KeyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyFileError';
  }
}

export function newKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privatePem: privateKey, publicPem: publicKey };
}

export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

function readPem(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new KeyFileError(
      code === 'ENOENT' ? `${file} does not exist` : `cannot read ${file}: ${(error as Error).message}`,
    );
  }
}

function ed25519(key: KeyObject, file: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new KeyFileError(
      `${file} holds an ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519: ` +
        'make one with `api-conformance keygen`',
    );
  }
  return key;
}

/** The private key that signs attestations. */
export function readSigningKey(file: string): KeyObject {
  const pem = readPem(file);
  if (!pem.includes('PRIVATE KEY-----'))
    throw new KeyFileError(`${file} holds no private key (a PEM "PRIVATE KEY"): give ${PRIVATE_KEY_FILE} from keygen`);
  try {
    return ed25519(createPrivateKey(pem), file);
  } catch (error) {
    if (error instanceof KeyFileError) throw error;
    throw new KeyFileError(`${file} is not a readable private key (${(error as Error).message})`);
  }
}

/** The public key that checks them; a private key is refused: a verifier never needs one. */
export function readVerifyingKey(file: string): KeyObject {
  const pem = readPem(file);
  if (pem.includes('PRIVATE KEY-----'))
    throw new KeyFileError(
      `${file} holds a private key: give the public key (${PUBLIC_KEY_FILE}); a private key never leaves its owner`,
    );
  if (!pem.includes('-----BEGIN PUBLIC KEY-----'))
    throw new KeyFileError(`${file} holds no public key (a PEM "PUBLIC KEY"): give ${PUBLIC_KEY_FILE} from keygen`);
  try {
    return ed25519(createPublicKey(pem), file);
  } catch (error) {
    if (error instanceof KeyFileError) throw error;
    throw new KeyFileError(`${file} is not a readable public key (${(error as Error).message})`);
  }
}
