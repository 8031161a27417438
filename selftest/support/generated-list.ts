import { MAX_LINE, piecesOf, tsKey, tsString } from '../../contracts/ts-text.js';
import type { FaultResult } from './fault-runs.js';

// The text of reference/faults/generated-proofs.ts: which generated faults were caught (they
// prove their rules, each with the check a self-test runs it with) and why the others were not.

/** Why a generated fault was not caught, in one line that stays the same from run to run. */
export function whyNotCaught(result: FaultResult): string {
  if (result.reaching.length === 0)
    return 'no check of the clean certification validated an answer carrying what it constrains';
  const failed = result.verdict?.failed ?? [];
  const verdict = result.verdict?.verdict ?? 'NO_REPORT';
  return (
    `the check that validated it did not fail it (verdict ${verdict}` +
    (failed.length ? `, failed ${failed.join(', ')}` : '') +
    `)`
  );
}

/** The check that failed the fault's rule: the one a self-test runs the fault with. */
export function catchingCheck(result: FaultResult): string | undefined {
  return result.proof.find((check) => result.reaching.includes(check.name))?.name;
}

/**
 * One member of the list as Prettier writes it: on one line when it fits in 120 columns, else the
 * value on the next line, cut into pieces joined with + when it is longer still.
 */
function entry(name: string, value: string): string[] {
  const oneLine = `  ${tsKey(name)}: ${tsString(value)},`;
  if (oneLine.length <= MAX_LINE) return [oneLine];
  const inner = '    ';
  // 3 for the quotes and the comma (or the two quotes and ' +', minus the piece's trailing space).
  const pieces =
    `${inner}${tsString(value)},`.length <= MAX_LINE ? [value] : piecesOf(value, MAX_LINE - inner.length - 4);
  return [
    `  ${tsKey(name)}:`,
    ...pieces.map((piece, at) => `${inner}${tsString(piece)}${at === pieces.length - 1 ? ',' : ' +'}`),
  ];
}

const entries = (record: Readonly<Record<string, string>>): string[] =>
  Object.keys(record)
    .sort((a, b) => a.localeCompare(b))
    .flatMap((name) => entry(name, record[name]));

/** Generated fault -> its catching check, and generated fault -> why it is not caught. */
export function renderGeneratedList(
  proofs: Readonly<Record<string, string>>,
  misses: Readonly<Record<string, string>>,
): string {
  return [
    '// Written by `npm run generate selftest` from a self-test run: which faults generated from the',
    '// contracts (faults/response-breaking.ts, faults/request-accepting.ts) the self-test proves caught,',
    '// with the check that catches each, and why the others are not. Do not edit by hand; after a',
    '// refresh, `npm run build` again (the faults in FAULTS follow this list).',
    '',
    '/** Generated fault -> the check that fails its rule (a self-test runs that one): each is a proof. */',
    'export const GENERATED_PROOFS: Readonly<Record<string, string>> = {',
    ...entries(proofs),
    '};',
    '',
    '/** Generated fault -> why it is not caught (selftest/uncovered-rules.md shows it for its rule). */',
    'export const GENERATED_MISSES: Readonly<Record<string, string>> = {',
    ...entries(misses),
    '};',
    '',
  ].join('\n');
}
