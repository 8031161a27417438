// Exit codes (README.md, "Certifying your own server"), and the errors that map to them.

export const EXIT = { conformant: 0, notConformant: 1, usage: 2, unreachable: 3, incomplete: 4, internal: 70 } as const;

/** A bad flag, a bad value, a missing or malformed profile: exit 2 with one line naming it. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The target did not answer at all: exit 3. */
export class UnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreachableError';
  }
}

/**
 * The tool's own embedded reference could not start: neither the user's mistake nor the target's
 * (the reference is part of the tool), so it ends the run as an internal error does: exit 70, one
 * line, the stack in a log file (cli/internal-error.ts). Before any check ran, so no report.
 */
export class EmbeddedReferenceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedReferenceError';
  }
}
