import { describe, expect, it } from 'vitest';
import { judgeCoding } from './coding.js';

// A coding the request asked for holds the rule; one it did not ask for is the SHOULD's warning.

const judged = (acceptEncoding: string | undefined, codings: string[]) =>
  judgeCoding({ api: 'billing', acceptEncoding, codings, what: 'show plan' });

describe('judgeCoding', () => {
  it('holds a body sent as it is, or in a coding the request accepts', () => {
    expect(judged(undefined, []).held).toBe(true);
    expect(judged('gzip, deflate', ['gzip']).held).toBe(true);
    expect(judged('br;q=1.0, gzip;q=0.5', ['br']).held).toBe(true);
    expect(judged('*', ['br']).held).toBe(true);
  });

  it('warns on a coding the request did not ask for, or refused with q=0', () => {
    expect(judged(undefined, ['gzip'])).toMatchObject({
      rule: 'billing.http.coding-asked-for',
      held: false,
      expected: expect.stringMatching(/no Accept-Encoding/),
    });
    expect(judged('gzip', ['br']).held).toBe(false);
    expect(judged('gzip;q=0, br', ['gzip']).held).toBe(false);
  });
});
