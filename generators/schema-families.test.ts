// Every schema is tested with fast-check (issue 3), whatever its shape: each contract has a
// schema-driven family (schema-families.ts); its valid values are accepted, and for every
// x-rules-annotated constraint a value that breaks that constraint alone is rejected for its
// rule, at its path, and for no rule outside its own (and the rules the spec ties to it). A rule
// never broken alone fails the test, unless UNBREAKABLE_ALONE says why it cannot be.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES } from '../contracts/rules/index.js';
import { loadedSchemaIds, validate } from '../contracts/validate.js';
import type { Invalid } from './index.js';
import {
  annotatedRules,
  drawing,
  INSEPARABLE,
  UNBREAKABLE_ALONE,
  unbreakableAlone,
  type BreakAttempt,
} from './schema-arbitrary.js';
import { FAMILIES } from './test-support/families.js';
import { SCHEMA_FAMILIES } from './test-support/schema-families.js';
import { atPath, show } from './test-support/violations.js';

/** Fixed, so a run replays; SCHEMA_FAMILIES_SEED tries another. */
const SEED = Number(process.env.SCHEMA_FAMILIES_SEED ?? 20261123);
/** Valid values per family; the coverage runs below draw more. */
const VALID_RUNS = 20;
/** Values each of which every constraint of the family is broken in (a fresh value where one offers no place). */
const COVERAGE_RUNS = 2;
// fresh values are drawn only where a value offers no place; some breaks need several (see VALUES in
// schema-arbitrary.ts)
const FRESH_VALUES = 12;
const INVALID_RUNS = 5;

const known = new Set(RULES.map((r) => r.id));
const POINTER = /^(\/([^~/]|~[01])*)*$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The checks every invalid value passes; the same as schemas.test.ts and labels.test.ts make. */
function expectSingleBreak(schema: string, b: Invalid): void {
  const vs = validate(schema, b.value);
  const context = `${b.description} [${b.rule} at "${b.path}"]\n${show(vs)}`;
  expect(known.has(b.rule), `${b.rule} is in the catalog`).toBe(true);
  for (const r of b.alsoBreaks ?? []) expect(known.has(r), `${r} is in the catalog`).toBe(true);
  expect(b.path, context).toMatch(POINTER);
  expect(vs.length, context).toBeGreaterThan(0);
  expect(
    vs.some((v) => v.ruleId === b.rule && atPath(v, b.path)),
    context,
  ).toBe(true);
  const allowed = new Set([b.rule, ...(b.alsoBreaks ?? [])]);
  expect(
    vs.filter((v) => !allowed.has(v.ruleId)),
    context,
  ).toEqual([]);
  expect(JSON.parse(JSON.stringify(b.value)), context).toEqual(b.value);
}

interface Coverage {
  family: string;
  annotated: number;
  alone: Set<string>;
  together: Map<string, string[]>;
  unbreakable: string[];
}
const coverage: Coverage[] = [];

describe('every contract has families', () => {
  it('each schema id has a schema-driven family (add it to schema-families.ts)', () => {
    const withFamily = new Set(SCHEMA_FAMILIES.map((f) => f.schema));
    expect(loadedSchemaIds().filter((id) => !withFamily.has(id))).toEqual([]);
  });

  it('each schema id has a family of either table', () => {
    const withFamily = new Set([...FAMILIES, ...SCHEMA_FAMILIES].map((f) => f.schema));
    expect(loadedSchemaIds().filter((id) => !withFamily.has(id))).toEqual([]);
  });

  it('the rules listed as unbreakable alone or tied together are annotated in the contracts they name', () => {
    for (const u of UNBREAKABLE_ALONE)
      expect(
        u.rules.filter((r) => !annotatedRules(u.schema).includes(r)),
        u.schema,
      ).toEqual([]);
    const all = new Set(loadedSchemaIds().flatMap((id) => annotatedRules(id)));
    for (const i of INSEPARABLE) expect([i.rule, ...i.alsoBreaks].filter((r) => !all.has(r))).toEqual([]);
  });
});

for (const family of SCHEMA_FAMILIES) {
  describe(`${family.name} (${family.schema.split('/schemas/')[1]}), schema-driven`, () => {
    if (family.testsValid) {
      it('valid values are accepted and are plain JSON', () => {
        fc.assert(
          fc.property(family.valid, (v) => {
            const vs = validate(family.schema, v);
            expect(vs, show(vs)).toEqual([]);
            const text = JSON.stringify(v);
            expect(JSON.parse(text)).toEqual(v);
            expect(LONE_SURROGATE.test(text)).toBe(false);
          }),
          { seed: SEED, numRuns: VALID_RUNS },
        );
      });
    }

    const expected = annotatedRules(family.schema);
    it(`breaks each of its ${expected.length} annotated rules alone, at the labelled path`, async ({ annotate }) => {
      const cov: Coverage = {
        family: family.name,
        annotated: expected.length,
        alone: new Set(),
        together: new Map(),
        unbreakable: [...unbreakableAlone(family.schema)],
      };
      const rejected = new Map<string, Invalid | undefined>();
      fc.assert(
        fc.property(family.valid, drawing, (valid, draw) => {
          for (const b of family.breaks) {
            let attempt: BreakAttempt = b.breakIn(valid, draw);
            for (let i = 0; i < FRESH_VALUES && !attempt.invalid; i++) attempt = b.breakIn(draw(family.valid), draw);
            if (!attempt.invalid) {
              if (!rejected.has(b.constraint) || attempt.rejected) rejected.set(b.constraint, attempt.rejected);
              continue;
            }
            expectSingleBreak(family.schema, attempt.invalid);
            const inv = attempt.invalid;
            if (inv.alsoBreaks?.length && !cov.alone.has(inv.rule)) cov.together.set(inv.rule, inv.alsoBreaks);
            else {
              cov.alone.add(inv.rule);
              cov.together.delete(inv.rule);
            }
          }
        }),
        { seed: SEED, numRuns: COVERAGE_RUNS, endOnFailure: true },
      );
      coverage.push(cov);
      const broken = new Set([...cov.alone, ...cov.together.keys()]);
      const never = expected.filter((r) => !broken.has(r) && !cov.unbreakable.includes(r));
      const why = family.breaks
        .filter((b) => never.includes(b.rule))
        .map((b) => {
          const r = rejected.get(b.constraint);
          return r
            ? `${b.constraint}: ${r.description} also broke ${show(validate(family.schema, r.value))}`
            : `${b.constraint}: no place for it`;
        });
      await annotate(`broken alone: ${[...cov.alone].sort().join(', ')}`);
      if (cov.together.size > 0)
        await annotate(
          `broken only with the rules the spec ties to them: ${[...cov.together.keys()].sort().join(', ')}`,
        );
      expect(never, `rules never broken alone:\n${why.join('\n')}`).toEqual([]);
    });

    it('its invalid arbitrary gives single breaks', () => {
      fc.assert(
        fc.property(family.invalid, (b) => expectSingleBreak(family.schema, b)),
        { seed: SEED, numRuns: INVALID_RUNS },
      );
    });
  });
}

afterAll(() => {
  if (coverage.length === 0) return;
  const lines = coverage.map((c) => {
    const tied = [...c.together].map(([r, also]) => `${r} (with ${also.join(', ')})`);
    return [
      `${c.family}: ${c.alone.size + c.together.size}/${c.annotated} annotated rules broken`,
      tied.length ? `; only together: ${tied.join('; ')}` : '',
      c.unbreakable.length ? `; cannot be broken alone: ${c.unbreakable.join(', ')}` : '',
    ].join('');
  });
  const unbreakable = UNBREAKABLE_ALONE.map(
    (u) => `  ${u.schema.split('/schemas/')[1]}: ${u.rules.join(', ')} - ${u.why}`,
  );
  console.log(
    [
      'Rules broken per schema-driven family:',
      ...lines.map((l) => `  ${l}`),
      'Cannot be broken alone:',
      ...unbreakable,
    ].join('\n'),
  );
});
