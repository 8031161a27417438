import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareReports, regressedAny } from '../compare/compare.js';
import { renderCompareMarkdown } from '../compare/render-md.js';
import { validateCompare } from '../contracts/validate.js';
import { EXIT, UsageError } from './errors.js';
import { parseArguments } from './options.js';
import { ensureWritableDir, reportWriteError } from './report-dir.js';
import { verifiedReport, verifyingKeyOf } from './verified-report.js';

export const COMPARE_HELP = `Usage: api-conformance compare OLD NEW [--json] [--out DIR] [--key PUB]

What changed between two report folders, OLD (the last certificate's, say) and NEW: the rules
that regressed (failing now and not before, or added by a tool upgrade and failing), the rules
that improved (failed before, passing now), every other change of a rule's status, the rules
whose proof changed, the rules a tool upgrade added or removed, and both runs' verdicts, request
counts and durations. Both folders are verified first, as \`verify\` does: a folder with a
changed, missing or unattested file is refused, naming the file.

Prints the comparison as Markdown (a CI job summary, a release note).

  --json       print compare.json instead of the Markdown
  --out DIR    also write compare.md and compare.json into DIR
  --key PUB    both folders must be signed by this key (signing-key.pub.pem from keygen)
  --help       this text

Exit codes: 0 no rule regressed, 1 a rule regressed, 2 usage error or a folder that does
not verify.`;

const FLAGS = {
  json: { type: 'boolean' },
  out: { type: 'string' },
  key: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function compareCommand(args: string[], out: (text: string) => void): Promise<number> {
  const { flags, positionals } = parseArguments(args, FLAGS, 'compare');
  if (flags.help) {
    out(COMPARE_HELP);
    return EXIT.conformant;
  }
  if (positionals.length !== 2)
    throw new UsageError('compare: give two report folders, the old one first: `compare OLD NEW`');
  const [oldDir, newDir] = positionals;
  const key = verifyingKeyOf('compare', typeof flags.key === 'string' ? flags.key : undefined);
  // Before the folders are read: a folder that cannot take the files is found at once.
  if (typeof flags.out === 'string') ensureWritableDir(flags.out, '--out');
  const older = { dir: oldDir, report: await verifiedReport('compare', oldDir, key) };
  const newer = { dir: newDir, report: await verifiedReport('compare', newDir, key) };
  const report = compareReports(older, newer);
  const problems = validateCompare(report);
  if (problems.length > 0)
    throw new Error(`compare.json does not match contracts/compare.schema.json: ${problems.slice(0, 3).join('; ')}`);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const markdown = renderCompareMarkdown(report);
  if (typeof flags.out === 'string') writeCompare(flags.out, markdown, json);
  out((flags.json ? json : markdown).trimEnd());
  return regressedAny(report) ? EXIT.notConformant : EXIT.conformant;
}

function writeCompare(dir: string, markdown: string, json: string): void {
  try {
    writeFileSync(join(dir, 'compare.md'), markdown);
    writeFileSync(join(dir, 'compare.json'), json);
  } catch (error) {
    if ((error as { code?: string }).code) throw reportWriteError(dir, error);
    throw error;
  }
}
