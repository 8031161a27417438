import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { schemaFile } from '../schema-ids.js';
import { buildSchemas } from './index.js';

// The JSON files are the published contracts; this source is where they are edited.
// UPDATE_SCHEMAS=1 rewrites the files; otherwise a difference fails.

const dir = join(packageRoot(), 'contracts', 'schemas');
const text = (schema: unknown) => JSON.stringify(schema, null, 2) + '\n';

describe('contracts/schemas', () => {
  it('match their source', () => {
    const stale: string[] = [];
    for (const [id, schema] of buildSchemas()) {
      const file = join(dir, schemaFile(id));
      if (process.env.UPDATE_SCHEMAS === '1') {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text(schema));
        continue;
      }
      let onDisk = '';
      try {
        onDisk = readFileSync(file, 'utf8');
      } catch {
        onDisk = '';
      }
      if (onDisk !== text(schema)) stale.push(schemaFile(id));
    }
    expect(stale, 'run UPDATE_SCHEMAS=1 npx vitest run contracts/schema-source').toEqual([]);
  });
});
