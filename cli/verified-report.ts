import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { KeyFileError, readVerifyingKey } from '../certificate/keys.js';
import { verifyFolder, VerifyInputError, type VerifyingKey } from '../certificate/verify.js';
import type { ConformanceReport } from '../reports/model.js';
import { UsageError } from './errors.js';

// The conformance.json of a report folder whose certificate holds, checked as `verify` checks it
// (certificate/verify.ts): compare and baseline read nothing a changed byte could have bent.

/** --key PUB of compare and baseline: the signer's public key both folders must verify with. */
export function verifyingKeyOf(command: string, file: string | undefined): VerifyingKey | undefined {
  if (file === undefined) return undefined;
  try {
    return { key: readVerifyingKey(file), file };
  } catch (error) {
    if (error instanceof KeyFileError) throw new UsageError(`${command}: --key ${error.message}`);
    throw error;
  }
}

/** The report of `dir`, once its certificate verifies; a usage error naming what does not hold. */
export async function verifiedReport(command: string, dir: string, key?: VerifyingKey): Promise<ConformanceReport> {
  let result;
  try {
    result = await verifyFolder(resolve(dir), key);
  } catch (error) {
    if (error instanceof VerifyInputError) throw new UsageError(`${command}: ${error.message}`);
    throw error;
  }
  if (result.problems.length > 0 || !result.statement) {
    const more = result.problems.length > 1 ? ` (and ${result.problems.length - 1} more problem(s))` : '';
    throw new UsageError(
      `${command}: ${dir} does not verify: ${result.problems[0] ?? 'its attestation names no statement'}${more}`,
    );
  }
  const file = join(resolve(dir), 'conformance.json');
  // A folder that verifies can still lack the report: a subject is checked only when named.
  if (!existsSync(file)) throw new UsageError(`${command}: ${dir} holds no conformance.json`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${command}: ${dir}/conformance.json is not valid JSON (${(error as Error).message})`);
  }
  return reportShape(command, dir, value);
}

/**
 * What compare and baseline read of a report, checked by hand rather than by this version's
 * schema: a folder an older version made (before a tool upgrade) must still be read.
 */
function reportShape(command: string, dir: string, value: unknown): ConformanceReport {
  const report = value as Partial<ConformanceReport> | null;
  const rulesOk =
    Array.isArray(report?.rules) &&
    report.rules.every((rule) => typeof rule?.id === 'string' && typeof rule.status === 'string');
  if (!report || !rulesOk || typeof report.summary?.verdict !== 'string' || !report.summary.sections)
    throw new UsageError(
      `${command}: ${dir}/conformance.json is not a report of api-conformance (no rules or summary)`,
    );
  return report as ConformanceReport;
}
