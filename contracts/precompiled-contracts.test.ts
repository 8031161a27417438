import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { newAjv } from './ajv-instance.js';
import { packageRoot } from './package-root.js';
import {
  judgedNodePointers,
  loadPrecompiledContracts,
  nodeKey,
  readSchemaTexts,
  writePrecompiledContracts,
} from './precompiled-contracts.js';
import { VALID } from './test-support/samples.js';

// The contracts' validators the build precompiles judge exactly as the contracts compiled in the
// run would (the same errors, with their schema and data: messages and rule crediting read them),
// and none is used for schemas other than the ones they were made from.

const schemasDir = join(packageRoot(), 'contracts', 'schemas');
const schemas = readSchemaTexts(schemasDir);
// Where the modules they require (ajv's runtime, the formats) resolve, and where neither lint,
// the sources nor a packed tarball look.
const scratchRoot = join(packageRoot(), 'node_modules', '.cache', 'api-conformance-tests');
mkdirSync(scratchRoot, { recursive: true });
const scratch = mkdtempSync(join(scratchRoot, 'precompiled-contracts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ajv = newAjv({ verbose: true });
for (const { text } of schemas) ajv.addSchema(JSON.parse(text) as object);
const compiled = (key: string): ValidateFunction => ajv.getSchema(key) as ValidateFunction;
const errorsOf = (validate: ValidateFunction, value: unknown) => (validate(value) ? [] : validate.errors);

/** A valid value, and copies with one member removed, nulled, or of another type. */
function variants(valid: unknown): unknown[] {
  const out: unknown[] = [valid, {}, [], null, 'text', -1, 1e12, 'x'.repeat(300), [{}], [valid, valid]];
  if (valid !== null && typeof valid === 'object' && !Array.isArray(valid)) {
    for (const member of Object.keys(valid)) {
      const { [member]: _gone, ...without } = valid as Record<string, unknown>;
      out.push(without, { ...valid, [member]: null }, { ...valid, [member]: 42 }, { ...valid, [member]: 'text' });
    }
    out.push({ ...valid, unexpected_member: true });
  }
  return out;
}

describe('precompiled contract validators', () => {
  writePrecompiledContracts(schemas, scratch);
  const built = loadPrecompiledContracts(schemas, scratch)!;

  it('are written and loaded for the current schemas', () => {
    expect(built).toBeTypeOf('function');
  });

  for (const { text } of schemas) {
    const schema = JSON.parse(text) as Record<string, unknown>;
    const id = String(schema.$id);
    it(`judge as the compiled contract does: ${id.replace(/.*schemas\//, '')}`, () => {
      const values = variants(VALID[id]?.() ?? {});
      expect(built(id)).toBeTypeOf('function');
      for (const value of values) expect(errorsOf(built(id)!, value)).toEqual(errorsOf(compiled(id), value));
      for (const pointer of judgedNodePointers(schema)) {
        const key = nodeKey(id, pointer);
        const node = built(key);
        if (node === undefined) continue;
        for (const value of values) expect(errorsOf(node, value)).toEqual(errorsOf(compiled(key), value));
      }
    });
  }

  it('have a validator for every node satisfiesAt asks about', () => {
    const missing = schemas.flatMap(({ text }) => {
      const schema = JSON.parse(text) as Record<string, unknown>;
      const id = String(schema.$id);
      return judgedNodePointers(schema)
        .map((pointer) => nodeKey(id, pointer))
        .filter((key) => compiled(key) !== undefined && built(key) === undefined);
    });
    expect(missing).toEqual([]);
  });

  it('are not used once a schema has changed, nor when missing or damaged', () => {
    const changed = schemas.map((s, i) => (i === 0 ? { ...s, text: s.text.replace('"type"', ' "type"') } : s));
    expect(loadPrecompiledContracts(changed, scratch)).toBeUndefined();
    expect(loadPrecompiledContracts(schemas, join(scratch, 'none'))).toBeUndefined();
    const id = String((JSON.parse(schemas[0].text) as Record<string, unknown>).$id);
    const damaged = join(scratch, 'damaged');
    mkdirSync(join(damaged, 'contracts'), { recursive: true });
    const index = readFileSync(join(scratch, 'contracts', 'index.json'), 'utf8');
    writeFileSync(join(damaged, 'contracts', 'index.json'), index);
    const file = (JSON.parse(index) as { files: Record<string, string> }).files[id];
    writeFileSync(join(damaged, 'contracts', file), 'this is not JavaScript\n');
    expect(loadPrecompiledContracts(schemas, damaged)!(id)).toBeUndefined();
  });

  it('the build made them for the current schemas (npm test builds first)', () => {
    const dist = join(packageRoot(), 'dist', 'contracts', 'precompiled');
    expect(loadPrecompiledContracts(schemas, dist), 'run `npm run build`').toBeTypeOf('function');
  });
});
