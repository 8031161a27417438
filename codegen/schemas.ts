import { buildSchemas } from '../contracts/schema-source/index.js';
import { schemaFile } from '../contracts/schema-ids.js';
import type { Generator } from './outputs.js';

// contracts/schemas/*.json, the published contracts, are written from contracts/schema-source/,
// where they are edited (each field's limits once, shared with its rules).

export const schemas: Generator = {
  name: 'schemas',
  describe: 'the JSON Schemas of contracts/schemas/ from contracts/schema-source/',
  outputs: async () =>
    [...buildSchemas()].map(([id, schema]) => ({
      file: `contracts/schemas/${schemaFile(id)}`,
      content: `${JSON.stringify(schema, null, 2)}\n`,
    })),
};
