import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256File } from './digest.js';
import { ENVELOPE_FILE, envelopeSignedBy, fromBase64, IN_TOTO_PAYLOAD_TYPE, parseEnvelope } from './dsse.js';
import { keyIdOf } from './keys.js';
import { shippedSpecDigests } from './spec-digests.js';
import { ATTESTATION_FILE, parseStatement, type Statement } from './statement.js';
import { ATTESTED_FILES } from './write-certificate.js';

// `verify DIR [--key PUB]`, offline: every file the statement names still has its digest, no
// report file of the folder is left out of it, the spec texts it was certified against are the
// ones this version ships, and, with a key, the envelope's signature holds over the statement.

/** The folder or the key cannot be checked at all (exit 2), as opposed to a check that fails. */
export class VerifyInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerifyInputError';
  }
}

export interface VerifyingKey {
  key: KeyObject;
  /** The file it was read from, as the user named it. */
  file: string;
}

export interface Verification {
  /** What does not hold, one line each, naming the file or the signature. */
  problems: string[];
  /** What holds, one line each. */
  held: string[];
  /** The statement the checks read: the signed one when a key verified it. */
  statement?: Statement;
  /** Whether the folder holds a signature (attestation.dsse.json), checked or not. */
  signed: boolean;
}

function readText(dir: string, name: string): string {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new VerifyInputError(`${dir} is not a folder`);
  const file = join(dir, name);
  if (!existsSync(file))
    throw new VerifyInputError(`${dir} holds no ${name}: not a report folder of api-conformance with a certificate`);
  return readFileSync(file, 'utf8');
}

/** The statement of the envelope, with what its signature and its match with attestation.json show. */
function checkEnvelope(
  dir: string,
  attestation: string,
  verifying: VerifyingKey | undefined,
  out: Verification,
): Statement | undefined {
  if (!existsSync(join(dir, ENVELOPE_FILE))) {
    if (verifying) out.problems.push(`signature: the folder is not signed (it holds no ${ENVELOPE_FILE})`);
    return undefined;
  }
  const parsed = parseEnvelope(readFileSync(join(dir, ENVELOPE_FILE), 'utf8'));
  if ('problem' in parsed) {
    out.problems.push(`${ENVELOPE_FILE}: ${parsed.problem}`);
    return undefined;
  }
  const { envelope } = parsed;
  const payload = fromBase64(envelope.payload)!.toString('utf8');
  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE)
    out.problems.push(`${ENVELOPE_FILE}: payloadType is ${envelope.payloadType}, not ${IN_TOTO_PAYLOAD_TYPE}`);
  if (payload !== attestation)
    out.problems.push(`${ATTESTATION_FILE}: changed: it differs from the statement signed in ${ENVELOPE_FILE}`);
  if (!verifying) return undefined;
  if (!envelopeSignedBy(envelope, verifying.key)) {
    const ids = envelope.signatures.map((s) => s.keyid ?? '(no keyid)').join(', ');
    out.problems.push(
      `signature: ${ENVELOPE_FILE} is not signed by the key in ${verifying.file} ` +
        `(key ${keyIdOf(verifying.key)}; the envelope names ${ids})`,
    );
    return undefined;
  }
  out.held.push(`signature: signed by the key in ${verifying.file} (key ${keyIdOf(verifying.key)})`);
  const signed = parseStatement(payload);
  if ('problems' in signed) {
    out.problems.push(`${ENVELOPE_FILE}: the signed statement is not one of this tool's: ${signed.problems[0]}`);
    return undefined;
  }
  return signed.statement;
}

/** A subject names a file of this folder, by its plain name: never a path that leads out of it. */
const isPlainName = (name: string): boolean => /^[^/\\]+$/.test(name) && name !== '.' && name !== '..';

async function checkSubjects(dir: string, statement: Statement, out: Verification): Promise<void> {
  let matched = 0;
  for (const { name, digest } of statement.subject) {
    if (!isPlainName(name)) {
      out.problems.push(`${name}: not a file of this folder (a subject must be a plain file name)`);
      continue;
    }
    const file = join(dir, name);
    if (!existsSync(file)) {
      out.problems.push(`${name}: missing`);
      continue;
    }
    const actual = await sha256File(file);
    if (actual === digest.sha256) matched += 1;
    else out.problems.push(`${name}: changed since it was attested (sha256 ${actual}, attested ${digest.sha256})`);
  }
  const named = new Set(statement.subject.map((subject) => subject.name));
  for (const name of ATTESTED_FILES) {
    if (!named.has(name) && existsSync(join(dir, name))) out.problems.push(`${name}: not covered by the attestation`);
  }
  if (matched === statement.subject.length)
    out.held.push(`files: all ${matched} match their digests (${[...named].join(', ')})`);
}

function checkSpecs(statement: Statement, out: Verification): void {
  const attested = new Map(statement.predicate.specs.map((spec) => [spec.name, spec.digest.sha256] as const));
  const shipped = shippedSpecDigests();
  for (const { name, digest } of shipped) {
    const theirs = attested.get(name);
    if (theirs === undefined) out.problems.push(`${name}: the attestation names no digest of it`);
    else if (theirs !== digest.sha256) {
      out.problems.push(
        `${name}: the run was certified against another text of the spec (sha256 ${theirs}) ` +
          `than this version ships (${digest.sha256})`,
      );
    }
  }
  if (shipped.every(({ name, digest }) => attested.get(name) === digest.sha256)) {
    out.held.push(`specs: ${shipped.map((spec) => spec.name).join(' and ')} are the texts this version ships`);
  }
}

export async function verifyFolder(dir: string, verifying?: VerifyingKey): Promise<Verification> {
  const attestation = readText(dir, ATTESTATION_FILE);
  const out: Verification = { problems: [], held: [], signed: existsSync(join(dir, ENVELOPE_FILE)) };
  const signed = checkEnvelope(dir, attestation, verifying, out);
  const parsed = parseStatement(attestation);
  if ('problems' in parsed) out.problems.push(...parsed.problems.map((problem) => `${ATTESTATION_FILE}: ${problem}`));
  // What was signed is what counts; without a signature, the statement as it lies in the folder.
  const statement = signed ?? ('statement' in parsed ? parsed.statement : undefined);
  if (!statement) return out;
  out.statement = statement;
  await checkSubjects(dir, statement, out);
  checkSpecs(statement, out);
  return out;
}
