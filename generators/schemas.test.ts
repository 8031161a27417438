// Every schema is tested with fast-check (issue 3): values generated within the spec's rules are
// accepted by their contract; a value that breaks exactly one rule is rejected, the violation
// names that rule, and it sits at the labelled path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadedSchemaIds, validate } from '../contracts/validate.js';
import type { Invalid } from './index.js';
import { FAMILIES } from './test-support/families.js';
import { atPath, show } from './test-support/violations.js';

const RUNS = { seed: 20261122, numRuns: 200 };

describe('every family is checked against a contract that exists', () => {
  it('the family table names only loaded schemas', () => {
    const loaded = new Set(loadedSchemaIds());
    expect(FAMILIES.map((f) => f.schema).filter((id) => !loaded.has(id))).toEqual([]);
  });
});

for (const family of FAMILIES) {
  describe(`${family.name} (${family.schema.split('/schemas/')[1]})`, () => {
    if (family.valid) {
      it('valid values are accepted', () => {
        fc.assert(
          fc.property(family.valid!, (v) => {
            const vs = validate(family.schema, v);
            expect(vs, show(vs)).toEqual([]);
          }),
          RUNS,
        );
      });
    }
    if (family.boundary) {
      it('boundary values are accepted', () => {
        fc.assert(
          fc.property(family.boundary!, (v) => {
            const vs = validate(family.schema, v);
            expect(vs, show(vs)).toEqual([]);
          }),
          RUNS,
        );
      });
    }
    if (family.invalid) {
      it('each invalid value is rejected for its labelled rule, at its path, and for no other rule', () => {
        fc.assert(
          fc.property(family.invalid!, (b: Invalid) => {
            const vs = validate(family.schema, b.value);
            const context = `${b.description} [${b.rule} at "${b.path}"]\n${show(vs)}`;
            expect(vs.length, context).toBeGreaterThan(0);
            const labelled = vs.filter((v) => v.ruleId === b.rule);
            expect(labelled.length, context).toBeGreaterThan(0);
            expect(
              labelled.some((v) => atPath(v, b.path)),
              context,
            ).toBe(true);
            const allowed = new Set([b.rule, ...(b.alsoBreaks ?? [])]);
            expect(
              vs.filter((v) => !allowed.has(v.ruleId)),
              context,
            ).toEqual([]);
          }),
          RUNS,
        );
      });
    }
  });
}
