import type { BaselineEntry, ConformanceReport } from '../reports/model.js';
import type { LoadedBaseline } from './file.js';
import { failuresOf } from './fingerprint.js';
import { gateOf } from './gate.js';

// `baseline write` and `baseline prune`: a baseline made from a report folder's failures, and
// one rid of the entries a report folder shows fixed.

export interface EntryNotes {
  reason: string;
  ticket: string;
  expires?: string;
}

/**
 * The entries of `existing` as they are (their own reasons, tickets and dates), then one for
 * each failure of a MUST rule in `report` that none of them names, with `notes`.
 */
export function withFailuresOf(
  report: ConformanceReport,
  notes: EntryNotes,
  existing: readonly BaselineEntry[] = [],
): { entries: BaselineEntry[]; added: BaselineEntry[] } {
  const named = new Set(existing.map((entry) => entry.fingerprint));
  const added = failuresOf(report)
    .filter((failure) => failure.gating && !named.has(failure.fingerprint))
    .map(({ rule, check, cause, fingerprint }) => ({ rule, check, cause, fingerprint, ...notes }));
  return { entries: [...existing, ...added], added };
}

/** The entries the report shows fixed go; every other stays, unchecked ones included. */
export function pruned(
  baseline: LoadedBaseline,
  report: ConformanceReport,
): { entries: BaselineEntry[]; dropped: BaselineEntry[] } {
  const fixed = new Set(gateOf(report, baseline).fixed.map((entry) => entry.fingerprint));
  return {
    entries: baseline.entries.filter((entry) => !fixed.has(entry.fingerprint)),
    dropped: baseline.entries.filter((entry) => fixed.has(entry.fingerprint)),
  };
}
