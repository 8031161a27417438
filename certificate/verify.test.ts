import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPORT_FILES } from '../reports/write-reports.js';
import { sha256Hex } from './digest.js';
import { ENVELOPE_FILE, signEnvelope } from './dsse.js';
import { ATTESTATION_FILE, statementText, type Statement } from './statement.js';
import { certifiedFolder } from './test-support/certified-folder.js';
import { verifyFolder, VerifyInputError } from './verify.js';

// verify, offline, on a signed report folder: it holds untouched; one changed byte in a report,
// the HAR, the statement or its signature fails it, naming what changed.

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const verifying = { key: publicKey, file: 'signing-key.pub.pem' };
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A report folder with its certificate, signed with `key` (null: unsigned). */
async function signedFolder(key: KeyObject | null = privateKey): Promise<string> {
  const dir = await certifiedFolder(key ?? undefined);
  folders.push(dir);
  return dir;
}

/** The last byte of a file, changed to another. */
function changeOneByte(file: string): void {
  const bytes = readFileSync(file);
  bytes[bytes.length - 1] ^= 0x01;
  writeFileSync(file, bytes);
}

/** What a folder of one certified section attests: the reports, the HAR and its badge. */
const ATTESTED = [...REPORT_FILES, 'exchanges.har', 'badge-billing.svg'];

describe('verifyFolder', () => {
  it('holds on an untouched signed folder: every digest, both specs, the signature', async () => {
    const result = await verifyFolder(await signedFolder(), verifying);
    expect(result.problems).toEqual([]);
    expect(result.held).toEqual([
      expect.stringMatching(/^signature: signed by the key in signing-key\.pub\.pem \(key [0-9a-f]{64}\)$/),
      `files: all ${ATTESTED.length} match their digests (${ATTESTED.join(', ')})`,
      'specs: spec/billing.md and spec/assignees.md are the texts this version ships',
    ]);
  });

  for (const name of ['conformance.json', 'exchanges.har', 'report.html']) {
    it(`fails naming ${name} when one byte of it changed`, async () => {
      const dir = await signedFolder();
      changeOneByte(join(dir, name));
      const { problems } = await verifyFolder(dir, verifying);
      const digests = '\\(sha256 [0-9a-f]{64}, attested [0-9a-f]{64}\\)';
      const changed = new RegExp(`^${name.replace('.', '\\.')}: changed since it was attested ${digests}$`);
      expect(problems).toEqual([expect.stringMatching(changed)]);
    });
  }

  it('fails the signature with another key, naming the key file', async () => {
    const dir = await signedFolder();
    const other = { key: generateKeyPairSync('ed25519').publicKey, file: 'someone-else.pub.pem' };
    const { problems } = await verifyFolder(dir, other);
    expect(problems).toEqual([
      expect.stringMatching(/^signature: attestation\.dsse\.json is not signed by the key in someone-else\.pub\.pem/),
    ]);
  });

  it('fails the spec check on a statement from a run with another spec text, signed all the same', async () => {
    const dir = await signedFolder();
    const statement = JSON.parse(readFileSync(join(dir, ATTESTATION_FILE), 'utf8')) as Statement;
    const shipped = readFileSync(new URL('../spec/billing.md', import.meta.url), 'utf8');
    const otherText = `${shipped}\nA sentence the shipped spec does not have.\n`;
    statement.predicate.specs[0].digest.sha256 = sha256Hex(otherText);
    const text = statementText(statement);
    writeFileSync(join(dir, ATTESTATION_FILE), text);
    writeFileSync(join(dir, ENVELOPE_FILE), JSON.stringify(signEnvelope(Buffer.from(text), privateKey)));
    const { problems } = await verifyFolder(dir, verifying);
    expect(problems).toEqual([
      expect.stringMatching(/^spec\/billing\.md: the run was certified against another text of the spec \(sha256 /),
    ]);
  });

  it('fails naming attestation.json when the statement was edited after it was signed', async () => {
    const dir = await signedFolder();
    const file = join(dir, ATTESTATION_FILE);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"NOT_CERTIFIED"', '"CONFORMANT"'));
    const { problems } = await verifyFolder(dir, verifying);
    expect(problems).toEqual([
      'attestation.json: changed: it differs from the statement signed in attestation.dsse.json',
    ]);
    // Unsigned, an edited statement cannot be told from an honest one: the digests still hold.
    expect((await verifyFolder(dir)).problems).toEqual([
      'attestation.json: changed: it differs from the statement signed in attestation.dsse.json',
    ]);
  });

  it('fails a key check on a folder that is not signed, and names files missing or left out', async () => {
    const dir = await signedFolder(null);
    expect((await verifyFolder(dir, verifying)).problems).toEqual([
      'signature: the folder is not signed (it holds no attestation.dsse.json)',
    ]);
    expect((await verifyFolder(dir)).problems).toEqual([]);
    rmSync(join(dir, 'junit.xml'));
    writeFileSync(join(dir, 'badge-assignees.svg'), '<svg>assignees API: CONFORMANT</svg>');
    expect((await verifyFolder(dir)).problems).toEqual([
      'junit.xml: missing',
      'badge-assignees.svg: not covered by the attestation',
    ]);
  });

  it('never reads a subject outside the folder', async () => {
    const dir = await signedFolder(null);
    const file = join(dir, ATTESTATION_FILE);
    const statement = JSON.parse(readFileSync(file, 'utf8')) as Statement;
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'x'), 'x');
    statement.subject.push(
      { name: '../etc/passwd', digest: { sha256: sha256Hex('') } },
      { name: 'sub/x', digest: { sha256: sha256Hex('x') } },
    );
    writeFileSync(file, statementText(statement));
    const { problems } = await verifyFolder(dir);
    expect(problems).toEqual([
      '../etc/passwd: not a file of this folder (a subject must be a plain file name)',
      'sub/x: not a file of this folder (a subject must be a plain file name)',
    ]);
  });

  it('tells input it cannot check at all (exit 2) from a check that fails', async () => {
    const dir = await signedFolder();
    await expect(verifyFolder(join(dir, 'nope'))).rejects.toThrow(VerifyInputError);
    rmSync(join(dir, ATTESTATION_FILE));
    await expect(verifyFolder(dir)).rejects.toThrow(/holds no attestation\.json/);
    writeFileSync(join(dir, ATTESTATION_FILE), '{"_type": "https://in-toto.io/Statement/v1"');
    expect((await verifyFolder(dir)).problems).toContainEqual(expect.stringMatching(/^attestation\.json: not JSON/));
    appendFileSync(join(dir, ENVELOPE_FILE), 'x');
    expect((await verifyFolder(dir, verifying)).problems).toContainEqual(
      expect.stringMatching(/^attestation\.dsse\.json: not JSON/),
    );
  });
});
