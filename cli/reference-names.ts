import { SWITCHABLE_FAULTS } from '../reference/faults/index.js';
import { VARIANTS } from '../reference/variants.js';
import { UsageError } from './errors.js';

// Fault and variant names are checked here, before the reference starts, so that a typo gets
// one short line (the closest names, and where the full list is) instead of the whole list.

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** Up to three known names close to `name`: a few edits away, or containing it. */
export function closestNames(name: string, known: readonly string[]): string[] {
  return known
    .map((candidate) => ({ candidate, score: candidate.includes(name) ? 0 : distance(name, candidate) }))
    .filter(({ score }) => score <= 3)
    .sort((a, b) => a.score - b.score)
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

function checkNames(
  kind: 'fault' | 'variant',
  flag: string,
  names: readonly string[],
  known: readonly string[],
  prefix: string,
): void {
  for (const name of names) {
    if (known.includes(name)) continue;
    const close = closestNames(name, known);
    const hint = close.length > 0 ? ` (did you mean ${close.map((n) => `"${n}"`).join(', ')}?)` : '';
    throw new UsageError(
      `${prefix}${flag}: unknown ${kind} "${name}"${hint}; \`api-conformance serve --list-${kind}s\` ` +
        `lists all ${known.length}`,
    );
  }
}

/** Refuses unknown --faults and --variant names with one line naming the flag. */
export function checkReferenceNames(faults: readonly string[], variants: readonly string[], command = ''): void {
  const prefix = command ? `${command}: ` : '';
  checkNames(
    'fault',
    '--faults',
    faults,
    SWITCHABLE_FAULTS.map((f) => f.name),
    prefix,
  );
  checkNames(
    'variant',
    '--variant',
    variants,
    VARIANTS.map((v) => v.name),
    prefix,
  );
}
