import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type * as AjvModule from 'ajv/dist/2020.js';
import type * as FormatsModule from 'ajv-formats';

// The one way this project makes an ajv instance: strict, every error, the formats, and the two
// annotations its schemas carry. The contracts, the documents and their precompiled validators
// (contracts/precompiled.ts) all come from it, so they judge alike.

export const RULES_KEYWORD = 'x-rules';
export const TYPE_KEYWORD = 'x-type';

// ajv's compiler is loaded when an instance is first made, not with this module: a run whose
// validators were all precompiled (contracts/precompiled.ts, precompiled-contracts.ts) never
// needs it, and loading it took about 80 ms of CPU in each process and worker.
const require = createRequire(import.meta.url);

export type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;

/** ajv's class and the formats plugin, loaded on first use. */
export function ajvModules(): { Ajv: typeof Ajv2020; addFormats: FormatsPlugin } {
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof AjvModule;
  // ajv-formats is CommonJS: its module.exports is the plugin, and so is its `default`.
  const formats = require('ajv-formats') as typeof FormatsModule & { default?: FormatsPlugin };
  return { Ajv, addFormats: formats.default ?? (formats as unknown as FormatsPlugin) };
}

export interface AjvOptions {
  /** Errors carry their schema and data (the contracts' messages quote them). */
  verbose: boolean;
  /** Validators keep their generated source, for ajv's standalone code. */
  source?: boolean;
}

export function newAjv({ verbose, source = false }: AjvOptions): Ajv2020 {
  const { Ajv, addFormats } = ajvModules();
  const ajv = new Ajv({ strict: true, allErrors: true, verbose, allowUnionTypes: true, code: { source } });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: RULES_KEYWORD,
    schemaType: 'object',
    metaSchema: { type: 'object', additionalProperties: { type: 'string' } },
  });
  // The name of the TypeScript type generated for a node (contracts/schema-types.ts): an annotation.
  ajv.addKeyword({ keyword: TYPE_KEYWORD, schemaType: 'string' });
  return ajv;
}
