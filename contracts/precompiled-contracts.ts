import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { newAjv } from './ajv-instance.js';
import { filesUnder } from './files.js';
import { escapeToken } from './json-pointer.js';
import { digestOf, PRECOMPILED_DIR, standaloneCode } from './precompiled.js';

// The contracts' validators, compiled when the tool is built as the documents' are
// (contracts/precompiled.ts): ajv spent about half a second of CPU compiling the few dozen a run
// uses, in every run and in every run of the self-test. The build makes a validator for every
// contract and for every node satisfiesAt asks about (each `if` and each anyOf/oneOf branch),
// made by the same ajv options as the run's, each in a module of its own. They are used only while
// every schema file is the one they were made from (one digest over them all, in their index);
// otherwise the run compiles.

/** One contract schema file: its path under contracts/schemas and its text. */
export interface SchemaText {
  file: string;
  text: string;
}

/** The folder of the contracts' modules, one per validator, and their index. */
const FOLDER = 'contracts';
const INDEX = 'index.json';

/** The index: the digest of the schemas the modules were made from, and each validator's file. */
interface Index {
  digest: string;
  files: Record<string, string>;
}

/** Every schema file under `dir` (contracts/schemas), in a fixed order. */
export function readSchemaTexts(dir: string): SchemaText[] {
  return filesUnder(dir, '.json').map((file) => ({
    file: relative(dir, file).split(sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));
}

const digestOfAll = (schemas: readonly SchemaText[]): string =>
  digestOf(schemas.map(({ file, text }) => `${file}\n${digestOf(text)}\n`).join(''));

/** The name satisfiesAt looks a node up by: its schema's id and its JSON Pointer there. */
export const nodeKey = (schemaId: string, pointer: string): string => `${schemaId}#${pointer}`;

/** The pointers of every node satisfiesAt may ask about: each `if` and each anyOf/oneOf branch. */
export function judgedNodePointers(node: unknown, pointer = ''): string[] {
  if (node === null || typeof node !== 'object') return [];
  const out: string[] = [];
  if (!Array.isArray(node)) {
    const record = node as Record<string, unknown>;
    if (record.if !== undefined && typeof record.if === 'object') out.push(`${pointer}/if`);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = record[key];
      if (Array.isArray(list)) list.forEach((_branch, index) => out.push(`${pointer}/${key}/${index}`));
    }
  }
  for (const [key, child] of Object.entries(node))
    out.push(...judgedNodePointers(child, `${pointer}/${escapeToken(key)}`));
  return out;
}

function compiles(compile: () => unknown): boolean {
  try {
    return compile() !== undefined;
  } catch {
    return false;
  }
}

/**
 * Each validator's module text, by contract id and node key: one module each, so that a run loads
 * only those it uses (all in one module took a tenth of a second to load).
 */
export function contractModules(schemas: readonly SchemaText[]): Map<string, string> {
  const ajv = newAjv({ verbose: true, source: true });
  const keys: string[] = [];
  for (const { text } of schemas) {
    const schema = JSON.parse(text) as Record<string, unknown>;
    ajv.addSchema(schema);
    const id = String(schema.$id);
    keys.push(id, ...judgedNodePointers(schema).map((pointer) => nodeKey(id, pointer)));
  }
  // A member that only looks like a node (an "if" member of `properties`) is compiled as a schema
  // if it is one; one that is not (inside an `enum`) is left to the run, which never asks for it.
  return new Map(
    keys.filter((key) => compiles(() => ajv.getSchema(key))).map((key) => [key, standaloneCode(ajv, { [key]: key })]),
  );
}

/** The validators the build made from exactly these schemas, each loaded on first use; else undefined. */
export function loadPrecompiledContracts(
  schemas: readonly SchemaText[],
  dir = PRECOMPILED_DIR,
): ((key: string) => ValidateFunction | undefined) | undefined {
  const folder = join(dir, FOLDER);
  const indexFile = join(folder, INDEX);
  if (!existsSync(indexFile)) return undefined;
  let index: Index;
  try {
    index = JSON.parse(readFileSync(indexFile, 'utf8')) as Index;
  } catch {
    return undefined;
  }
  if (index.digest !== digestOfAll(schemas)) return undefined;
  const require = createRequire(indexFile);
  const loaded = new Map<string, ValidateFunction | undefined>();
  return (key) => {
    if (!loaded.has(key)) {
      const file = Object.hasOwn(index.files, key) ? index.files[key] : undefined;
      loaded.set(key, file === undefined ? undefined : requireValidator(require, join(folder, file), key));
    }
    return loaded.get(key);
  };
}

function requireValidator(require: NodeJS.Require, path: string, key: string): ValidateFunction | undefined {
  try {
    return (require(path) as Record<string, ValidateFunction | undefined>)[key];
  } catch {
    // A damaged file: that contract is compiled instead, as if there were none.
    return undefined;
  }
}

/** Writes the contracts' modules and their index into `dir` (the build's step); returns the index's path. */
export function writePrecompiledContracts(schemas: readonly SchemaText[], dir = PRECOMPILED_DIR): string {
  const folder = join(dir, FOLDER);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const index: Index = { digest: digestOfAll(schemas), files: {} };
  let n = 0;
  for (const [key, code] of contractModules(schemas)) {
    n += 1;
    const file = `${n}.cjs`;
    writeFileSync(join(folder, file), `${code}\n`);
    index.files[key] = file;
  }
  // The index last: a build stopped halfway leaves none, and the run compiles.
  writeFileSync(join(folder, INDEX), `${JSON.stringify(index, null, 1)}\n`);
  return join(folder, INDEX);
}
