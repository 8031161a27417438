// exchanges.har: every exchange of a run as HAR 1.2 (contracts/har.schema.json), the way a
// browser's network panel exports it, so a certifier can open the raw traffic in any HAR viewer.
// Its entries are made by harness/har-entry.ts and written, as the run goes, by
// harness/har-file.ts: one entry per line, grouped by the check that sent them.

/** The name of a run's HAR in its report folder. */
export const HAR_FILE = 'exchanges.har';
