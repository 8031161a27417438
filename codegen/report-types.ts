import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaTypes } from '../contracts/schema-types.js';
import type { Generator } from './outputs.js';

// contracts/report-types.ts is written from contracts/report.schema.json: the report's schema is
// the one source of its types.

const HEADER = [
  '// Written from contracts/report.schema.json (each "x-type" there names a type here) by',
  '// contracts/schema-types.ts: change the schema, then run `npm run generate report-types`.',
  '// Do not edit by hand.',
].join('\n');

export const reportTypes: Generator = {
  name: 'report-types',
  describe: 'the report types from contracts/report.schema.json',
  outputs: async (root) => {
    const schema = JSON.parse(readFileSync(join(root, 'contracts', 'report.schema.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    return [{ file: 'contracts/report-types.ts', content: schemaTypes(schema, HEADER) }];
  },
};
