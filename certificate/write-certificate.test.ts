import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENVELOPE_FILE } from './dsse.js';
import { keyIdOf } from './keys.js';
import { certifiedFolder, ONE_SECTION } from './test-support/certified-folder.js';
import { writeCertificate } from './write-certificate.js';

// The certificate of a folder: a badge per certified API only, the attestation, and a signature
// only when a key was given; nothing of an earlier run's certificate survives to contradict it.

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const { privateKey } = generateKeyPairSync('ed25519');

describe('writeCertificate', () => {
  it('draws a badge for each certified API only', async () => {
    const one = await certifiedFolder(undefined, ONE_SECTION);
    const both = await certifiedFolder(undefined, {
      sections: { billing: { certified: true }, assignees: { certified: true } },
    });
    folders.push(one, both);
    expect(readdirSync(one).filter((name) => name.startsWith('badge-'))).toEqual(['badge-billing.svg']);
    expect(
      readdirSync(both)
        .filter((name) => name.startsWith('badge-'))
        .sort(),
    ).toEqual(['badge-assignees.svg', 'badge-billing.svg']);
  });

  it("leaves no earlier run's badge or signature beside a certificate that does not name them", async () => {
    const dir = await certifiedFolder(privateKey);
    folders.push(dir);
    expect(existsSync(join(dir, ENVELOPE_FILE))).toBe(true);
    writeFileSync(join(dir, 'badge-assignees.svg'), '<svg/>');
    const written = await writeCertificate(dir);
    expect(written.keyid).toBeUndefined();
    expect(existsSync(join(dir, ENVELOPE_FILE))).toBe(false);
    expect(existsSync(join(dir, 'badge-assignees.svg'))).toBe(false);
  });

  it('signs with the key given, and writes nothing of the key but its id', async () => {
    const dir = await certifiedFolder();
    folders.push(dir);
    const written = await writeCertificate(dir, privateKey);
    expect(written.files.map((file) => file.slice(dir.length + 1))).toEqual([
      'badge-billing.svg',
      'attestation.json',
      ENVELOPE_FILE,
    ]);
    expect(written.keyid).toBe(keyIdOf(privateKey));
    const pem = privateKey
      .export({ type: 'pkcs8', format: 'pem' })
      .toString()
      .replace(/-----[^-]+-----|\s/g, '');
    const seed = String(privateKey.export({ format: 'jwk' }).d);
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text, name).not.toContain(pem);
      expect(text, name).not.toContain(seed);
      expect(text, name).not.toContain(Buffer.from(seed, 'base64url').toString('base64'));
    }
  });
});
