// Every invalid value is labelled with a rule of the catalog, a JSON Pointer and a description,
// and every family's valid values are plain JSON (what a request can carry).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subscriptionPatchOps } from '../contracts/rules/billing-patch.js';
import { RULES } from '../contracts/rules/index.js';
import * as g from './index.js';
import { FAMILIES, PLAN_ID, SAMPLE_CYCLES } from './test-support/families.js';

const known = new Set(RULES.map((r) => r.id));
const POINTER = /^(\/([^~/]|~[01])*)*$/;
const RUNS = { seed: 20261122, numRuns: 100 };

describe('labels of the invalid families', () => {
  const refused: Array<[string, fc.Arbitrary<g.Invalid>]> = [
    ...FAMILIES.filter((f) => f.invalid).map((f) => [f.name, f.invalid!] as [string, fc.Arbitrary<g.Invalid>]),
    ['list assignees past max', g.listAssigneesQueryPastMax],
    ['add assignees past max', g.addAssigneesBodyPastMax()],
  ];
  for (const [name, arb] of refused) {
    it(`${name}: known rule, JSON Pointer path, a description`, () => {
      fc.assert(
        fc.property(arb, (b) => {
          expect(known.has(b.rule), b.rule).toBe(true);
          for (const r of b.alsoBreaks ?? []) expect(known.has(r), r).toBe(true);
          expect(b.path).toMatch(POINTER);
          expect(b.description.length).toBeGreaterThan(0);
          expect(JSON.parse(JSON.stringify(b.value))).toEqual(b.value);
        }),
        RUNS,
      );
    });
  }

  it('valid values survive a JSON round trip (no undefined members, no lone surrogates)', () => {
    for (const f of FAMILIES) {
      for (const arb of [f.valid, f.boundary]) {
        if (!arb) continue;
        fc.assert(
          fc.property(arb, (v) => {
            const text = JSON.stringify(v);
            expect(JSON.parse(text)).toEqual(v);
            expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)).toBe(false);
          }),
          { ...RUNS, numRuns: 30 },
        );
      }
    }
  });

  it('refused patches carry their single bad operation at the labelled index', () => {
    fc.assert(
      fc.property(g.subscriptionPatchRefused({ cycles: SAMPLE_CYCLES }), (b) => {
        const i = Number(b.path.split('/')[1]);
        expect(Array.isArray(b.value) && i < b.value.length).toBe(true);
      }),
      RUNS,
    );
  });

  it('valid subscription patches use only listed operations on listed paths', () => {
    fc.assert(
      fc.property(g.subscriptionPatch({ cycles: SAMPLE_CYCLES, cardFunded: true }), (ops) => {
        for (const o of ops) {
          expect(subscriptionPatchOps(o.path), o.path).toBeDefined();
          expect(subscriptionPatchOps(o.path)).toContain(o.op);
        }
        expect(new Set(ops.map((o) => o.path)).size).toBe(ops.length);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(g.planPatch(), (ops) =>
        ops.every((o) => o.op === 'replace' && g.PLAN_PATCH_POINTERS.includes(o.path)),
      ),
      RUNS,
    );
  });

  it('valid subscription bodies carry the plan id and the tag', () => {
    fc.assert(
      fc.property(
        g.createSubscriptionBody({ planId: PLAN_ID, tag: 'tg ' }),
        (b) => b.plan_id === PLAN_ID && (b.custom_id ?? '').startsWith('tg'),
      ),
      RUNS,
    );
  });
});
