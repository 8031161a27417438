import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type standaloneModule from 'ajv/dist/standalone/index.js';
import { newAjv } from './ajv-instance.js';

// The documents' schemas (profile, report, HAR, diff, attestation, baseline, compare), compiled when the tool is
// built instead of in every run: ajv takes about half a second of CPU to compile the report's
// schema, and every run writes a report. `npm run build` writes each as ajv's standalone code
// (CommonJS) under dist/contracts/precompiled/. One is used only while the schema beside it on disk
// is the one it was made from (the digest in its first line); otherwise the schema is compiled.

// CommonJS: under NodeNext its default import is module.exports (the function), typed as the module.
type StandaloneCode = (ajv: Ajv2020, validate: ValidateFunction | Record<string, string>) => string;
/** ajv's standalone code generator, loaded only by the build (and the tests) that use it. */
export const standaloneCode: StandaloneCode = (ajv, validate) => {
  const loaded = createRequire(import.meta.url)('ajv/dist/standalone/index.js') as typeof standaloneModule;
  const code = (loaded as unknown as { default?: StandaloneCode }).default ?? (loaded as unknown as StandaloneCode);
  return code(ajv, validate);
};

export const DOCUMENT_SCHEMAS = [
  'target.schema.json',
  'report.schema.json',
  'har.schema.json',
  'diff.schema.json',
  'attestation.schema.json',
  'baseline.schema.json',
  'compare.schema.json',
] as const;
export type DocumentSchema = (typeof DOCUMENT_SCHEMAS)[number];

/** The documents' schemas each one refers to by id: the attestation's sections are the report's. */
export const REFERRED: Readonly<Record<DocumentSchema, readonly DocumentSchema[]>> = {
  'target.schema.json': [],
  'report.schema.json': [],
  'har.schema.json': [],
  'diff.schema.json': [],
  'attestation.schema.json': ['report.schema.json'],
  'baseline.schema.json': [],
  'compare.schema.json': [],
};

/** Where the build puts them: beside this module, so only the built tool (dist/) has them. */
export const PRECOMPILED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'precompiled');

export const digestOf = (schemaText: string): string => createHash('sha256').update(schemaText).digest('hex');
const header = (file: DocumentSchema, schemaText: string): string =>
  `// ajv standalone code of contracts/${file}, sha256 ${digestOf(schemaText)}`;
const moduleFile = (dir: string, file: DocumentSchema): string => join(dir, file.replace(/\.schema\.json$/, '.cjs'));

/** The module text of `file`'s validator. `others` are the texts of REFERRED[file]: ajv inlines what it uses. */
export function precompiledSource(file: DocumentSchema, schemaText: string, others: readonly string[] = []): string {
  const ajv = newAjv({ verbose: false, source: true });
  for (const other of others) ajv.addSchema(JSON.parse(other) as object);
  const validate = ajv.compile(JSON.parse(schemaText) as object);
  return `${header(file, schemaText)}\n${standaloneCode(ajv, validate)}\n`;
}

/** The validator the build made from exactly `schemaText`, or undefined (none, or another schema's). */
export function loadPrecompiled(
  file: DocumentSchema,
  schemaText: string,
  dir = PRECOMPILED_DIR,
): ValidateFunction | undefined {
  const path = moduleFile(dir, file);
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  if (!text.startsWith(`${header(file, schemaText)}\n`)) return undefined;
  try {
    return createRequire(path)(path) as ValidateFunction;
  } catch {
    // A damaged file: the schema is compiled instead, as if there were none.
    return undefined;
  }
}

/** Writes every document's validator into `dir` (the build's step; `contracts` holds the schemas). */
export function writePrecompiled(contracts: string, dir = PRECOMPILED_DIR): string[] {
  const read = (file: string): string => readFileSync(join(contracts, file), 'utf8');
  mkdirSync(dir, { recursive: true });
  return DOCUMENT_SCHEMAS.map((file) => {
    const path = moduleFile(dir, file);
    writeFileSync(path, precompiledSource(file, read(file), REFERRED[file].map(read)));
    return path;
  });
}
