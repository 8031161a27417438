import type { CheckResult, ConformanceReport } from '../reports/model.js';
import { atMostPartial } from '../reports/section-verdicts.js';

// `run --base-url URL` without a profile: a quick look. There are no credentials, so only the
// checks that need none run (a check declaring no `needs`); every other check is skipped with
// what it needs. Nothing is certified: the verdict is at most PARTIAL and says so.

export const QUICK_LOOK_REASON =
  'quick look (--base-url without --target): no credentials, so only checks that need none ran; give a target profile to certify this API';

function ran(results: readonly CheckResult[]): number {
  return results.filter((result) => result.state !== 'skipped').length;
}

/** At most PARTIAL, and the note says what a quick look covers. */
export function markQuickLook(report: ConformanceReport): void {
  const s = report.summary;
  atMostPartial(s, 'quick look: no target profile, so nothing is certified');
  const covered = `quick look: no target profile, so no credentials; only checks that need none ran (${s.passed + s.failed + s.warnings + s.errors} rule(s) reached), nothing is certified`;
  s.verdictNote = [covered, s.verdictNote].filter(Boolean).join('; ');
}

/** The terminal's last word on a quick look: what ran, and what a certification needs. */
export function quickLookSummary(results: readonly CheckResult[]): string {
  const count = ran(results);
  const skipped = results.length - count;
  if (count === 0) {
    return `quick look: the target answers, but no check of this version runs without credentials (${skipped} checks skipped, each with what it needs); write a target profile and run with --target to certify it`;
  }
  return `quick look: ${count} check(s) ran without credentials; ${skipped} skipped for want of a target profile (their reasons are in the report); run with --target to certify`;
}
