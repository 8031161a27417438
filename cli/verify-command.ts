import { resolve } from 'node:path';
import { KeyFileError, readVerifyingKey } from '../certificate/keys.js';
import { verifyFolder, VerifyInputError, type VerifyingKey } from '../certificate/verify.js';
import { sectionText } from '../reports/section-text.js';
import { EXIT, UsageError } from './errors.js';
import { parseArguments } from './options.js';

export const VERIFY_HELP = `Usage: api-conformance verify DIR [--key PUB]

Checks a report folder's certificate offline (nothing is sent anywhere):
  - every file attestation.json names (conformance.json, junit.xml, summary.md, report.html,
    exchanges.har, the badges) still has the SHA-256 it names, and no report file is left out;
  - the spec texts the run was certified against are the ones this version ships;
  - with --key, attestation.dsse.json is signed by that key over attestation.json.
A certificate of a run whose exit code a baseline of known failures gated (run --baseline)
says so, with the baseline's digest and counts.
Without --key the files are checked against the statement in the folder, which anyone able to
edit the folder could rewrite: only a signature checked with the vendor's public key ties the
certificate to its signer.

  --key PUB   the signer's public key (signing-key.pub.pem from keygen)
  --help      this text

Exit codes: 0 everything holds, 1 a file changed (or is missing, or not covered) or the
signature fails, each named on its own line, 2 usage error: no such folder, no attestation.json,
or a key file that is not an Ed25519 public key.`;

const FLAGS = { key: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

function verifyingKeyOf(file: string | undefined): VerifyingKey | undefined {
  if (file === undefined) return undefined;
  try {
    return { key: readVerifyingKey(file), file };
  } catch (error) {
    if (error instanceof KeyFileError) throw new UsageError(`verify: --key ${error.message}`);
    throw error;
  }
}

export async function verifyCommand(args: string[], out: (text: string) => void): Promise<number> {
  const { flags, positionals } = parseArguments(args, FLAGS, 'verify');
  if (flags.help) {
    out(VERIFY_HELP);
    return EXIT.conformant;
  }
  if (positionals.length !== 1)
    throw new UsageError('verify: give one report folder, e.g. `verify reports/out --key signing-key.pub.pem`');
  const dir = positionals[0];
  const verifying = verifyingKeyOf(typeof flags.key === 'string' ? flags.key : undefined);
  let result;
  try {
    result = await verifyFolder(resolve(dir), verifying);
  } catch (error) {
    if (error instanceof VerifyInputError) throw new UsageError(`verify: ${error.message}`);
    throw error;
  }
  for (const line of result.held) out(`ok      ${line}`);
  for (const line of result.problems) out(`FAILED  ${line}`);
  if (result.problems.length > 0 || !result.statement) {
    out(`NOT VERIFIED: ${dir} (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} above)`);
    return EXIT.notConformant;
  }
  // What the certificate says, only once it holds: a changed one's claims are not repeated.
  const { tool, target, seed, startedAt, finishedAt, sections } = result.statement.predicate;
  out(`${tool.name} ${tool.version} certified ${target.baseUrl} (seed ${seed}, ${startedAt} to ${finishedAt}):`);
  for (const [api, section] of Object.entries(sections)) out(`  ${api}: ${sectionText(section)}`);
  // A run a baseline gated passed its CI gate with known failures: never to be read as a clean one.
  const gated = result.statement.predicate.baseline;
  if (gated)
    out(
      `  gated by a baseline (sha256 ${gated.sha256}): ${gated.known} known failure(s), ${gated.new} new, ` +
        `${gated.expired} expired, ${gated.fixed} fixed; it decided the run's exit code, not these verdicts`,
    );
  if (verifying) out(`VERIFIED: ${dir}`);
  else if (result.signed) out(`VERIFIED: ${dir}, but not who signed it: give --key with the signer's public key`);
  else
    out(`VERIFIED: ${dir}, but it is not signed: anyone able to edit the folder could have rewritten its attestation`);
  return EXIT.conformant;
}
