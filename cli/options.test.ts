import { describe, expect, it } from 'vitest';
import { suitesFlag } from './options.js';

// --suite is read the same way by run, proxy and diff.
describe('--suite', () => {
  it('gives the suites named, or none when the flag is absent', () => {
    expect(suitesFlag(undefined)).toEqual([]);
    expect(suitesFlag(' assignees, billing ')).toEqual(['assignees', 'billing']);
  });

  it('refuses an unknown suite in one line naming it and the choices', () => {
    expect(() => suitesFlag('billing,payments')).toThrow(
      '--suite: unknown suite "payments"; choose from billing, assignees',
    );
  });
});
