import type { Rule } from '../contracts/rule.js';
import { wrapText } from './wrap.js';

// The `rules` listing: a block per rule that reads at 80 columns and is never cut. The id
// stands alone on its line (the longest are near 100 characters), then the level, kind and
// spec anchor, then the statement wrapped beneath.

const INDENT = '    ';

export function formatRules(
  rules: readonly Rule[],
  width: number,
  styleId: (id: string) => string = (id) => id,
): string {
  return rules
    .map((rule) =>
      [
        styleId(rule.id),
        `${INDENT}${rule.level}  ${rule.kind}  ${rule.spec.file} § ${rule.spec.heading}`,
        ...wrapText(rule.title, width, INDENT),
      ].join('\n'),
    )
    .join('\n');
}
