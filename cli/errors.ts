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

/** The run could not go on for a cause that is neither the user's nor the target's: exit 4, one line. */
export class RunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunError';
  }
}
