import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder } from './files.js';
import { packageRoot } from './package-root.js';

// The contracts as JSON documents, by their $id: for walks that follow $ref by hand (which rules
// a value's members reached, which rules a contract enforces), beside ajv's own compiled copy.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every contract under <root>/contracts/schemas, by its $id. */
export function schemasById(root: string = packageRoot()): Map<string, Json> {
  const map = new Map<string, Json>();
  for (const file of filesUnder(join(root, 'contracts', 'schemas'), '.json')) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Json;
    if (schema && typeof schema === 'object' && !Array.isArray(schema) && typeof schema.$id === 'string')
      map.set(schema.$id, schema);
  }
  return map;
}
