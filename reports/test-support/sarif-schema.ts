import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as AjvModule from 'ajv';
import type { ErrorObject } from 'ajv';
import type * as FormatsModule from 'ajv-formats';

// The SARIF 2.1.0 JSON Schema (sarif-2.1.0-rtm.5.json) as the npm package @microsoft/jest-sarif
// ships it: a devDependency for this file only. The schema is written in draft-04, whose keywords
// it uses are draft-07's too (ajv's default), save the top-level `id` that draft-07 spells `$id`
// and the `$schema` that names draft-04: both are rewritten, nothing else.

const require = createRequire(import.meta.url);
const SCHEMA_FILE = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
let compiled: Validate | undefined;

function validator(): Validate {
  if (compiled) return compiled;
  const { $schema: _draft04, id, ...schema } = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  // ajv (draft-07, its default) and ajv-formats are CommonJS, loaded as contracts/ajv-instance.ts loads them.
  const { Ajv } = require('ajv') as typeof AjvModule;
  const formats = require('ajv-formats') as typeof FormatsModule & { default?: (ajv: AjvModule.Ajv) => AjvModule.Ajv };
  const addFormats = formats.default ?? (formats as unknown as (ajv: AjvModule.Ajv) => AjvModule.Ajv);
  // Two settings for the schema as published: an anyOf branch requires members it declares one
  // level up (strictRequired), and the pattern of `language` has a lone "]" that only a regular
  // expression without the u flag takes (unicodeRegExp).
  const ajv = new Ajv({
    strict: true,
    strictRequired: false,
    unicodeRegExp: false,
    allErrors: true,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  compiled = ajv.compile({ $id: String(id), ...schema });
  return compiled;
}

/** What breaks the SARIF 2.1.0 schema in `log`, one line each (none: it conforms). */
export function sarifSchemaProblems(log: unknown): string[] {
  const validate = validator();
  if (validate(log)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
}
