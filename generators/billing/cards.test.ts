// The card families against the card contract (card.json, with card_customer and
// stored_credential by $ref): valid cards and cards at a limit give no violation; every break
// gives its labelled rule at its path and no rule outside its label. Every break is drawn on its
// own, so that a rare one is tested as often as a common one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEMA_IDS as S } from '../../contracts/schema-ids.js';
import { validate } from '../../contracts/validate.js';
import { RULES } from '../../contracts/rules/index.js';
import {
  CARD_BREAKS,
  CARDS_AT_LIMITS,
  allowedCredentials,
  cardBreaker,
  cardNumber,
  cardRequest,
  codePointLength,
  isAllowedCredential,
  passesLuhn,
  type Invalid,
} from '../index.js';
import { atPath, show } from '../test-support/violations.js';

const RUNS = { seed: 20261124, numRuns: 50 };
describe('valid cards', () => {
  it('cards over the whole allowed space meet the card contract', () => {
    fc.assert(
      fc.property(cardRequest, (card) => {
        const vs = validate(S.card, card);
        expect(vs, show(vs)).toEqual([]);
      }),
      { ...RUNS, numRuns: 300 },
    );
  });

  it('every card at a limit meets the card contract and names a catalog rule', () => {
    const known = new Set(RULES.map((r) => r.id));
    for (const family of CARDS_AT_LIMITS) {
      expect(known.has(family.rule), family.rule).toBe(true);
      fc.assert(
        fc.property(family.arbitrary, (card) => {
          const vs = validate(S.card, card);
          expect(vs, `${family.description}\n${show(vs)}`).toEqual([]);
        }),
        RUNS,
      );
    }
  });

  it('card numbers have 13..19 digits and pass the Luhn check', () => {
    fc.assert(
      fc.property(cardNumber, (n) => /^\d{13,19}$/.test(n) && passesLuhn(n)),
      RUNS,
    );
  });

  it('names at 300 characters count 300 as code points and as UTF-16 units', () => {
    const family = CARDS_AT_LIMITS.find((f) => f.description === 'name of 300 characters')!;
    fc.assert(
      fc.property(family.arbitrary, (card) => codePointLength(card.name!) === 300 && card.name!.length === 300),
      RUNS,
    );
  });

  it('the allowed stored credentials are every combination the rules between members leave', () => {
    const all = allowedCredentials('1');
    expect(all.length).toBe(24);
    expect(all.every(isAllowedCredential)).toBe(true);
  });
});

describe('card breaks', () => {
  for (const [part, breaks] of Object.entries(CARD_BREAKS)) {
    for (const b of breaks) {
      it(`${part}: ${b.description} breaks ${b.rule} only`, () => {
        fc.assert(
          fc.property(cardRequest.chain(cardBreaker(b)), (invalid: Invalid) => {
            const vs = validate(S.card, invalid.value);
            const context =
              `${invalid.description} [${invalid.rule} at "${invalid.path}"]\n` +
              `${fc.stringify(invalid.value)}\n${show(vs)}`;
            const labelled = vs.filter((v) => v.ruleId === invalid.rule);
            expect(labelled.length, context).toBeGreaterThan(0);
            expect(
              labelled.some((v) => atPath(v, invalid.path)),
              context,
            ).toBe(true);
            const allowed = new Set([invalid.rule, ...(invalid.alsoBreaks ?? [])]);
            expect(
              vs.filter((v) => !allowed.has(v.ruleId)),
              context,
            ).toEqual([]);
          }),
          RUNS,
        );
      });
    }
  }
});
