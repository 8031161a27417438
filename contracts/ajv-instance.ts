import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// The one way this project makes an ajv instance: strict, every error, the formats, and the two
// annotations its schemas carry. The contracts, the documents and their precompiled validators
// (contracts/precompiled.ts) all come from it, so they judge alike.

export const RULES_KEYWORD = 'x-rules';
export const TYPE_KEYWORD = 'x-type';

// ajv-formats is CommonJS: under NodeNext its default import is module.exports, whose
// `default` is the plugin.
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);

export interface AjvOptions {
  /** Errors carry their schema and data (the contracts' messages quote them). */
  verbose: boolean;
  /** Validators keep their generated source, for ajv's standalone code. */
  source?: boolean;
}

export function newAjv({ verbose, source = false }: AjvOptions): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose, allowUnionTypes: true, code: { source } });
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
