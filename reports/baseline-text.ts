import type { BaselineGate } from './model.js';

// What a baseline did to a run, in the same words in summary.md and report.html: a gated run
// must never read as a clean certification.

/** "Gated by a baseline: 3 known failures" and the rest of the counts, as one sentence. */
export function gateHeadline(gate: BaselineGate): string {
  const known = `${gate.known.length} known failure${gate.known.length === 1 ? '' : 's'}`;
  const unchecked = gate.unchecked.length > 0 ? `, ${gate.unchecked.length} not checked by this run` : '';
  return (
    `Gated by a baseline: ${known} (${gate.new.length} new, ${gate.expired.length} expired, ` +
    `${gate.fixed.length} fixed${unchecked})`
  );
}

/** What the gate means for the run, after its headline. */
export function gateMeaning(gate: BaselineGate): string {
  const fails = gate.new.length + gate.expired.length > 0;
  return (
    `The verdict is the run's: the baseline (${gate.file}, ${gate.entries} entries, sha256 ${gate.sha256}) ` +
    `decided only the exit code, and the certificate records it. ` +
    (fails
      ? 'The gate fails: a new failure, or a known one past its expiry date.'
      : 'The gate holds: every failure is a known one. This run is no clean certification.')
  );
}
