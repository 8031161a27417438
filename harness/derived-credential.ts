import fc from 'fast-check';

// A value made from one of the profile's credentials (the token with a character added, or one
// left out) is as secret as the credential: scrubbing the token out of a text leaves
// "[REDACTED]x", which still says what the token is, and a shortened token is no match to scrub
// at all. Such a value travels as a DerivedCredential: the check sends `value`, and whatever
// describes it (a property's counterexample, a message, JSON, the console) reads its placeholder.

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

export class DerivedCredential {
  readonly #value: string;

  constructor(
    value: string,
    /** What it is, without it: "<the profile's billing token with a character added at its end>". */
    readonly placeholder: string,
  ) {
    this.#value = value;
  }

  /** The value to send; never to write anywhere. */
  get value(): string {
    return this.#value;
  }

  toString(): string {
    return this.placeholder;
  }

  toJSON(): string {
    return this.placeholder;
  }

  [fc.toStringMethod](): string {
    return this.placeholder;
  }

  [INSPECT](): string {
    return this.placeholder;
  }
}

/**
 * Tokens one character away from `credential`, which no server issued: a character added at
 * either end, or one left out at either end (when that leaves anything). `name` says whose it
 * is in the placeholder: "billing token".
 */
export function nearMisses(credential: string, name: string): DerivedCredential[] {
  const said = (how: string): string => `<the profile's ${name} ${how}>`;
  return [
    new DerivedCredential(`${credential}x`, said('with a character added at its end')),
    new DerivedCredential(`x${credential}`, said('with a character added at its start')),
    ...(credential.length > 1
      ? [
          new DerivedCredential(credential.slice(0, -1), said('without its last character')),
          new DerivedCredential(credential.slice(1), said('without its first character')),
        ]
      : []),
  ];
}

/** What to send as the bearer token: a derived credential's value, anything else as it is. */
export function bearerOf<T extends string | null | undefined>(token: T | DerivedCredential): T | string {
  return token instanceof DerivedCredential ? token.value : token;
}
