import { describe, expect, it } from 'vitest';
import { validateHar } from '../contracts/validate.js';

// exchanges.har's schema. The HAR of a default run (every request the summary counts, each entry
// tagged, no credential) is checked on the installed package, in packed-install.test.ts; that of
// an interrupted run in interrupt.test.ts.

describe('exchanges.har', () => {
  it('is refused by the HAR schema when a required member is missing', () => {
    expect(
      validateHar({
        log: {
          version: '1.2',
          creator: { name: 'x', version: '1' },
          entries: [{ startedDateTime: '2026-01-01T00:00:00Z' }],
        },
      }).length,
    ).toBeGreaterThan(0);
  });
});
