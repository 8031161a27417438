import { describe, expect, it } from 'vitest';
import { HAND_FAULTS } from '../reference/faults/index.js';
import { VARIANTS } from '../reference/variants.js';
import { faultTable, variantTable } from './reference-tables.js';

// The README rows of faults and variants come from their entries (codegen/stale.test.ts keeps
// reference/README.md current); a pipe in the text must not split a row into more cells.

const cells = (row: string): number => row.split(/(?<!\\)\|/).length - 2;

describe('the reference tables', () => {
  it('has one row per hand-written fault, with its kind and rule, and four cells each', () => {
    const rows = faultTable(HAND_FAULTS).split('\n').slice(2);
    expect(rows).toHaveLength(HAND_FAULTS.length);
    const [first] = HAND_FAULTS;
    expect(rows[0]).toBe(`| \`${first.name}\` | ${first.kind} | \`${first.rule}\` | ${first.description} |`);
    expect(rows.filter((row) => cells(row) !== 4)).toEqual([]);
  });

  it('escapes a pipe inside a description or passage', () => {
    const made = { name: 'made-up', description: 'a | b', specPassage: 'billing.md, Plan: "id | string"' };
    expect(variantTable([made]).split('\n')[2]).toBe('| `made-up` | a \\| b | billing.md, Plan: "id \\| string" |');
  });

  it('has one row per legal variant, three cells each', () => {
    const rows = variantTable(VARIANTS).split('\n').slice(2);
    expect(rows.map((row) => row.split('`')[1])).toEqual(VARIANTS.map((variant) => variant.name));
    expect(rows.filter((row) => cells(row) !== 3)).toEqual([]);
  });
});
