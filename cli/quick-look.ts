import type { CheckResult, ConformanceReport } from '../reports/model.js';

// `run --base-url URL` without a profile: a quick look. There are no credentials, so only the
// checks that need none run (a check declaring no `needs`); every other check is skipped with
// what it needs. No section is certified, so the verdict is INCOMPLETE (exit 4), as for any run
// that certifies nothing, unless a check that ran saw a MUST rule broken (NON_CONFORMANT).

export const QUICK_LOOK_REASON =
  'quick look (--base-url without --target): no credentials, so only checks that need none ' +
  'ran; give a target profile to certify this API';

function ran(results: readonly CheckResult[]): number {
  return results.filter((result) => result.state !== 'skipped').length;
}

/** The note says first that this was a quick look, and how far it reached. */
export function markQuickLook(report: ConformanceReport): void {
  const s = report.summary;
  const covered =
    `quick look: no target profile, so no credentials; the checks that need none reached ` +
    `${s.passed + s.failed + s.warnings + s.errors} rule(s)`;
  s.verdictNote = [covered, s.verdictNote].filter(Boolean).join('; ');
}

/** The terminal's last word on a quick look: what ran, and what a certification needs. */
export function quickLookSummary(results: readonly CheckResult[]): string {
  const count = ran(results);
  const skipped = results.length - count;
  if (count === 0) {
    return (
      `quick look: the target answers, but no check of this version runs without credentials (${skipped} ` +
      `checks skipped, each with what it needs); write a target profile and run with --target to ` +
      `certify it`
    );
  }
  return (
    `quick look: ${count} check(s) ran without credentials; ${skipped} skipped for want of a ` +
    `target profile (their reasons are in the report); nothing is certified (exit 4): run with ` +
    `--target to certify`
  );
}
