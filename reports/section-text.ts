import type { SectionVerdict } from './model.js';

// One API's verdict in words, the same in summary.md, junit.xml, report.html and on the
// terminal: "CONFORMANT, 560 of 579 MUST rules passed" or "not certified (no assignees section)".

/** The passed/total MUST a badge shows: "560/579 MUST". */
export function mustFraction(section: SectionVerdict): string {
  return `${section.mustPassed}/${section.mustRules} MUST`;
}

export function sectionText(section: SectionVerdict): string {
  if (section.verdict === 'NOT_CERTIFIED') return `not certified (${section.note ?? 'left out of this run'})`;
  const counts = `${section.mustPassed} of ${section.mustRules} MUST rules passed`;
  return `${section.verdict}, ${counts}${section.note ? `; ${section.note}` : ''}`;
}
