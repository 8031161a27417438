import { describe, expect, it } from 'vitest';
import { ISO_4217_CODES, isCurrencyCode, NEVER_ASSIGNED } from './iso-4217.js';

// The list a currency_code is judged by, and the codes a request breaking it sends.

/** The ranges ISO 4217 leaves to users: a server may take a code of them as its own. */
const USER_ASSIGNED = /^(AA[A-Z]|Q[M-Z][A-Z]|X[A-Z]{2}|ZZ[A-Z])$/;

describe('ISO 4217 codes', () => {
  it('are three capital letters each, listed once', () => {
    expect(ISO_4217_CODES.filter((code) => !/^[A-Z]{3}$/.test(code))).toEqual([]);
    expect(new Set(ISO_4217_CODES).size).toBe(ISO_4217_CODES.length);
    expect(ISO_4217_CODES.length).toBeGreaterThan(150);
  });

  it('hold the current codes, the X codes and the codes withdrawn since 2000', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'XAU', 'XTS', 'XXX', 'HRK', 'DEM'])
      expect(isCurrencyCode(code)).toBe(true);
  });

  it('leave out what a request that breaks the rule sends: never assigned, outside the user ranges', () => {
    for (const code of NEVER_ASSIGNED) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(isCurrencyCode(code)).toBe(false);
      expect(code).not.toMatch(USER_ASSIGNED);
    }
    expect(isCurrencyCode('usd')).toBe(false);
  });
});
