import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearerOf, DerivedCredential, nearMisses } from './derived-credential.js';
import { describeCounterexample } from './property.js';

// A token made from the profile's is sent as it is and described only by its placeholder.

const TOKEN = 'reference-billing-token';

describe('nearMisses', () => {
  it('are one character away from the credential, at either end', () => {
    expect(nearMisses(TOKEN, 'billing token').map((miss) => miss.value)).toEqual([
      `${TOKEN}x`,
      `x${TOKEN}`,
      TOKEN.slice(0, -1),
      TOKEN.slice(1),
    ]);
    expect(nearMisses('t', 'billing token').map((miss) => miss.value)).toEqual(['tx', 'xt']);
  });

  it('are sent as their value, and read as their placeholder wherever they are described', () => {
    const [added] = nearMisses(TOKEN, 'billing token');
    expect(bearerOf(added)).toBe(`${TOKEN}x`);
    expect(bearerOf(null)).toBeNull();
    expect(bearerOf('other')).toBe('other');
    const described = [
      String(added),
      JSON.stringify({ token: added }),
      fc.stringify([['GET', '/v1/billing/plans', undefined], added]),
      describeCounterexample(added),
      describeCounterexample([['GET', '/v1/billing/plans', undefined], added]),
      inspect({ token: added }),
      Object.keys(added).join(','),
    ];
    for (const text of described) expect(text).not.toContain(TOKEN.slice(1, -1));
    expect(describeCounterexample([['GET', '/v1/billing/plans', undefined], added])).toBe(
      `[["GET","/v1/billing/plans",undefined],<the profile's billing token with a character added at its end>]`,
    );
    expect(added).toBeInstanceOf(DerivedCredential);
  });
});
