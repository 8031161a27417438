import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, scrubSecrets } from './redact.js';

// What is recorded, written or printed never holds a credential, nor a near miss of one.

describe('scrubSecrets', () => {
  const token = 'reference-billing-token';

  it('replaces the secret, and the secret without its first or last character', () => {
    expect(scrubSecrets(`Bearer ${token}`, [token])).toBe(`Bearer ${REDACTED}`);
    expect(scrubSecrets(`sent ${token.slice(0, -1)} and ${token.slice(1)}`, [token])).toBe(
      `sent ${REDACTED} and ${REDACTED}`,
    );
    expect(scrubSecrets(`${token}x`, [token])).toBe(`${REDACTED}x`);
  });

  it('leaves text without them, and secrets too short to tell from other text, as they are', () => {
    expect(scrubSecrets('nothing secret here', [token])).toBe('nothing secret here');
    expect(scrubSecrets('a abc abcd', ['abc'])).toBe('a abc abcd');
    expect(scrubSecrets('abcd abc bcd', ['abcd'])).toBe(`${REDACTED} abc bcd`);
  });
});

describe('redactHeaders', () => {
  it('keeps the scheme of a bearer credential and nothing of any credential', () => {
    expect(redactHeaders({ Authorization: 'Bearer abc', cookie: 'a=b', accept: 'application/json' })).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      cookie: REDACTED,
      accept: 'application/json',
    });
  });
});
