import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';
import { schemaTypes } from './schema-types.js';

// contracts/report-types.ts is written from contracts/report.schema.json: the report's schema is
// the one source of its types. UPDATE_REPORT_TYPES=1 rewrites the file after a schema change.

const SCHEMA = join(packageRoot(), 'contracts', 'report.schema.json');
const TYPES = join(packageRoot(), 'contracts', 'report-types.ts');
const HEADER = [
  '// Written from contracts/report.schema.json (each "x-type" there names a type here) by',
  '// contracts/schema-types.ts: change the schema, then run',
  '// `UPDATE_REPORT_TYPES=1 npx vitest run contracts/report-types.test.ts`. Do not edit by hand.',
].join('\n');

describe('the report types', () => {
  it('are what the report schema says', () => {
    const written = schemaTypes(JSON.parse(readFileSync(SCHEMA, 'utf8')) as Record<string, unknown>, HEADER);
    if (process.env.UPDATE_REPORT_TYPES === '1') writeFileSync(TYPES, written);
    expect(readFileSync(TYPES, 'utf8'), 'contracts/report-types.ts is stale: UPDATE_REPORT_TYPES=1 npx vitest run contracts/report-types.test.ts').toBe(written);
  });
});
