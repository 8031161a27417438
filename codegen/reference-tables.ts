import { HAND_FAULTS, type FaultSpec } from '../reference/faults/index.js';
import { VARIANTS, type VariantSpec } from '../reference/variants.js';
import type { Generator } from './outputs.js';

// reference/README.md's tables of the faults written by hand and of the legal variants, one row
// each, from their entries: a new fault or variant is one entry in its own file, never a second
// row written by hand beside it.

export const FAULTS_SECTION = 'fault-table';
export const VARIANTS_SECTION = 'variant-table';

/** A table cell: a pipe would end the cell. */
const cell = (text: string): string => text.replace(/\|/g, '\\|');

export function faultTable(faults: readonly FaultSpec[]): string {
  const rows = faults.map((f) => `| \`${f.name}\` | ${f.kind} | \`${f.rule}\` | ${cell(f.description)} |`);
  return ['| fault | kind | breaks rule | deviation |', '|---|---|---|---|', ...rows].join('\n');
}

export function variantTable(variants: readonly VariantSpec[]): string {
  const rows = variants.map((v) => `| \`${v.name}\` | ${cell(v.description)} | ${cell(v.specPassage)} |`);
  return ['| variant | what differs | the spec passage that leaves it open |', '|---|---|---|', ...rows].join('\n');
}

export const referenceTables: Generator = {
  name: 'reference-tables',
  describe: "reference/README.md's tables of the hand-written faults and of the legal variants",
  outputs: async () => [
    { file: 'reference/README.md', section: FAULTS_SECTION, content: faultTable(HAND_FAULTS) },
    { file: 'reference/README.md', section: VARIANTS_SECTION, content: variantTable(VARIANTS) },
  ],
};
