import { basename, isAbsolute, relative } from 'node:path';
import { PUBLIC_KEY_FILE } from '../certificate/keys.js';
import type { WrittenCertificate } from '../certificate/write-certificate.js';
import { verifyCommandLine } from './command-line.js';

// What run, merge and proxy print once a report folder's certificate is written.

/** Where the certificate is, who signed it, and the line that checks it. */
export function printCertificate(written: WrittenCertificate, reportDir: string, out: (text: string) => void): void {
  const signed = written.keyid ? `signed with key ${written.keyid}` : 'unsigned: give --sign-key to sign it';
  out(`certificate: ${written.files.map((file) => basename(file)).join(', ')} (${signed})`);
  out(`  check it: ${verifyCommandLine(relativeToHere(reportDir), written.keyid ? PUBLIC_KEY_FILE : undefined)}`);
}

/** A path as short as it can be said from here. */
function relativeToHere(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}
