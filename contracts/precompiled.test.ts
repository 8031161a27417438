import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../reports/build-report.js';
import { runInfo } from '../reports/test-support/run-info.js';
import { newAjv } from './ajv-instance.js';
import { packageRoot } from './package-root.js';
import { DOCUMENT_SCHEMAS, loadPrecompiled, REFERRED, writePrecompiled, type DocumentSchema } from './precompiled.js';
import { RULES } from './rules/index.js';

// The documents' validators the build precompiles judge exactly as the schemas compiled in the
// run would, and one is never used for a schema other than the one it was made from.

const contracts = join(packageRoot(), 'contracts');
const schemaText = (file: DocumentSchema): string => readFileSync(join(contracts, file), 'utf8');
// Where the modules they require (ajv's runtime, the formats) resolve, and where neither lint,
// the sources nor a packed tarball look.
const scratchRoot = join(packageRoot(), 'node_modules', '.cache', 'api-conformance-tests');
mkdirSync(scratchRoot, { recursive: true });
const scratch = mkdtempSync(join(scratchRoot, 'precompiled-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function compiled(file: DocumentSchema): ValidateFunction {
  const ajv = newAjv({ verbose: false });
  for (const other of REFERRED[file]) ajv.addSchema(JSON.parse(schemaText(other)) as object);
  return ajv.compile(JSON.parse(schemaText(file)) as object);
}

const errorsOf = (validate: ValidateFunction, value: unknown) => (validate(value) ? [] : validate.errors);

const report = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(buildReport([], RULES, runInfo()))) as Record<string, unknown>;

/** Values each document's validator is tried on: some valid, most broken in one way or another. */
const SAMPLES: Record<DocumentSchema, unknown[]> = {
  'target.schema.json': [
    {},
    { baseUrl: 'http://127.0.0.1:1' },
    { baseUrl: 'not a url', billing: { token: 1 } },
    { baseUrl: 'http://127.0.0.1:1', extra: true },
  ],
  'report.schema.json': [
    report(),
    { ...report(), summary: { verdict: 'MOSTLY_OK' } },
    { ...report(), seed: 'seven', startedAt: 'yesterday' },
    { ...report(), rules: [{ id: 1 }] },
    [],
  ],
  'har.schema.json': [{}, { log: { version: '1.2', entries: [{}] } }, { log: { version: 1 } }],
  'diff.schema.json': [{}, { a: 1 }, []],
  'attestation.schema.json': [{}, { _type: 'x', subject: [{}] }, []],
  'baseline.schema.json': [
    { version: 1, entries: [] },
    { version: 1, entries: [{ rule: 'r', check: 'c', cause: '', fingerprint: 'f', expires: '2026-02-30' }] },
    { version: 2 },
  ],
  'compare.schema.json': [{}, { old: {}, regressed: [{ id: 1 }] }, []],
};

describe('precompiled document validators', () => {
  const written = writePrecompiled(contracts, scratch);

  it('are written for every document schema', () => {
    expect(written).toHaveLength(DOCUMENT_SCHEMAS.length);
  });

  for (const file of DOCUMENT_SCHEMAS) {
    it(`judge as the compiled schema does: ${file}`, () => {
      const built = loadPrecompiled(file, schemaText(file), scratch);
      expect(built).toBeTypeOf('function');
      const fresh = compiled(file);
      for (const value of SAMPLES[file]) expect(errorsOf(built!, value)).toEqual(errorsOf(fresh, value));
    });
  }

  it('a valid report passes both', () => {
    expect(loadPrecompiled('report.schema.json', schemaText('report.schema.json'), scratch)!(report())).toBe(true);
  });

  it('are not used for a schema changed since the build, nor when missing or damaged', () => {
    const file = 'target.schema.json';
    const changed = schemaText(file).replace('"type"', ' "type"');
    expect(loadPrecompiled(file, changed, scratch)).toBeUndefined();
    expect(loadPrecompiled(file, schemaText(file), join(scratch, 'none'))).toBeUndefined();
    const damaged = join(scratch, 'damaged');
    mkdirSync(damaged);
    const path = join(damaged, 'target.cjs');
    const [header] = readFileSync(join(scratch, 'target.cjs'), 'utf8').split('\n');
    writeFileSync(path, `${header}\nthis is not JavaScript\n`);
    expect(loadPrecompiled(file, schemaText(file), damaged)).toBeUndefined();
  });

  it('the build made one for each current schema (npm test builds first)', () => {
    const dist = join(packageRoot(), 'dist', 'contracts', 'precompiled');
    const stale = DOCUMENT_SCHEMAS.filter((file) => loadPrecompiled(file, schemaText(file), dist) === undefined);
    expect(stale, 'run `npm run build`').toEqual([]);
  });
});
