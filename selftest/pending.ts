// Known gaps, each routed to the issue or suite that closes it. The self-test fails when an
// entry is stale (the gap is closed: remove the entry) as well as when a gap is not listed
// here. SELFTEST_STRICT=1 ignores these lists.

/** Faults the checks do not catch yet: fault name -> why, and who closes the gap. */
export const PENDING_FAULTS: Readonly<Record<string, string>> = {};

/** Variants a check fails (over-assertions): variant name -> the check and who fixes it. */
export const PENDING_VARIANTS: Readonly<Record<string, string>> = {};

/**
 * MUST rules whose checks skip on every reference run (clean and variants), which keeps the
 * verdict PARTIAL: rule id -> why. Only a skip is tolerated, never a failure or an error.
 */
export const TOLERATED_SKIPS: Readonly<Record<string, string>> = {};
