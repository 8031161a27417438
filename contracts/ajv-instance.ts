import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';

// ajv and ajv-formats (CommonJS) load when the first instance is made: a process that only runs
// the precompiled validators (the CLI's main thread, the embedded reference) never loads them.
const require = createRequire(import.meta.url);

// The one way this project makes an ajv instance: strict, every error, the formats, and the two
// annotations its schemas carry. The contracts, the documents and their precompiled validators
// (contracts/precompiled.ts) all come from it, so they judge alike.

export const RULES_KEYWORD = 'x-rules';
export const TYPE_KEYWORD = 'x-type';

// ajv-formats' module.exports is the plugin, with the same plugin as its `default`.
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const formatsPlugin = (): FormatsPlugin => {
  const loaded = require('ajv-formats') as FormatsPlugin & { default?: FormatsPlugin };
  return loaded.default ?? loaded;
};

export interface AjvOptions {
  /** Errors carry their schema and data (the contracts' messages quote them). */
  verbose: boolean;
  /** Validators keep their generated source, for ajv's standalone code. */
  source?: boolean;
}

export function newAjv({ verbose, source = false }: AjvOptions): Ajv2020 {
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const ajv = new Ajv({ strict: true, allErrors: true, verbose, allowUnionTypes: true, code: { source } });
  formatsPlugin()(ajv);
  ajv.addKeyword({
    keyword: RULES_KEYWORD,
    schemaType: 'object',
    metaSchema: { type: 'object', additionalProperties: { type: 'string' } },
  });
  // The name of the TypeScript type generated for a node (contracts/schema-types.ts): an annotation.
  ajv.addKeyword({ keyword: TYPE_KEYWORD, schemaType: 'string' });
  return ajv;
}
