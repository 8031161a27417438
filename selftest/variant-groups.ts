import { VARIANTS } from '../reference/variants.js';

// Legal variants run together, so a handful of full certifications cover all of them. Two
// variants that choose differently on the same behaviour cannot share a reference.

export const INCOMPATIBLE_VARIANTS: ReadonlyArray<readonly [string, string]> = [
  ['subscription-id-long', 'subscription-id-short'],
  ['list-reverse-order', 'list-order-by-id'],
  ['total-count-name', 'total-in-page-object'],
];

/** Greedy: each variant joins the first group holding none it conflicts with. */
export function variantGroups(names: readonly string[] = VARIANTS.map((variant) => variant.name)): string[][] {
  const clash = (a: string, b: string) =>
    INCOMPATIBLE_VARIANTS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const groups: string[][] = [];
  for (const name of names) {
    const group = groups.find((members) => members.every((member) => !clash(member, name)));
    if (group) group.push(name);
    else groups.push([name]);
  }
  return groups;
}
