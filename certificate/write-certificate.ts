import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APIS } from '../contracts/operations.js';
import { HAR_FILE } from '../reports/har.js';
import type { ConformanceReport } from '../reports/model.js';
import { REPORT_FILES } from '../reports/write-reports.js';
import { badgeFile, badgeSvg } from './badges.js';
import { sha256File } from './digest.js';
import { ENVELOPE_FILE, signEnvelope } from './dsse.js';
import { keyIdOf } from './keys.js';
import { predicateOf } from './predicate.js';
import { shippedSpecDigests } from './spec-digests.js';
import { ATTESTATION_FILE, statementOf, statementText, type Subject } from './statement.js';

// The certificate of a report folder, written last, once the reports and exchanges.har are
// complete: a badge per certified API, then attestation.json naming every one of those files by
// its digest, then (with a signing key) attestation.dsse.json. The key signs and goes nowhere.

/** Every file a certificate may attest, in the order its subjects list them. */
export const ATTESTED_FILES: readonly string[] = [...REPORT_FILES, HAR_FILE, ...APIS.map(badgeFile)];

export interface WrittenCertificate {
  /** The files written, attestation last but the envelope. */
  files: string[];
  /** The id of the key that signed it, when one did. */
  keyid?: string;
}

/** Badges of the certified APIs; an earlier run's badge of an API this run left out goes. */
function writeBadges(dir: string, report: ConformanceReport): string[] {
  return APIS.flatMap((api) => {
    const file = join(dir, badgeFile(api));
    const section = report.summary.sections[api];
    if (section.verdict === 'NOT_CERTIFIED') {
      rmSync(file, { force: true });
      return [];
    }
    writeFileSync(file, badgeSvg(api, section));
    return [file];
  });
}

async function subjectsIn(dir: string): Promise<Subject[]> {
  const present = ATTESTED_FILES.filter((name) => existsSync(join(dir, name)));
  return Promise.all(present.map(async (name) => ({ name, digest: { sha256: await sha256File(join(dir, name)) } })));
}

export async function writeCertificate(dir: string, signingKey?: KeyObject): Promise<WrittenCertificate> {
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
  const badges = writeBadges(dir, report);
  const text = statementText(statementOf(await subjectsIn(dir), predicateOf(report, shippedSpecDigests())));
  const attestation = join(dir, ATTESTATION_FILE);
  writeFileSync(attestation, text);
  const envelope = join(dir, ENVELOPE_FILE);
  if (!signingKey) {
    // An earlier run's signature would pair with this run's statement and fail to verify.
    rmSync(envelope, { force: true });
    return { files: [...badges, attestation] };
  }
  writeFileSync(envelope, `${JSON.stringify(signEnvelope(Buffer.from(text, 'utf8'), signingKey), null, 2)}\n`);
  return { files: [...badges, attestation, envelope], keyid: keyIdOf(signingKey) };
}
