// Every contract as a JSON Schema object, keyed by `$id`. The files under contracts/schemas/
// are written from here (`npm run generate schemas`) and are what validate() loads.

import { ALL_SCHEMA_IDS } from '../schema-ids.js';
import { ASSIGNEES_SCHEMAS } from './assignees.js';
import { BILLING_SCHEMAS } from './billing.js';
import type { Schema } from './build.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export function buildSchemas(): Map<string, Schema> {
  const all: Record<string, Schema> = { ...BILLING_SCHEMAS, ...ASSIGNEES_SCHEMAS };
  const out = new Map<string, Schema>();
  for (const id of ALL_SCHEMA_IDS) {
    const body = all[id];
    if (!body) throw new Error(`no schema source for ${id}`);
    out.set(id, {
      $schema: DIALECT,
      $id: id,
      $comment: 'Written from contracts/schema-source by `npm run generate schemas`: edit there, not here',
      ...body,
    });
  }
  return out;
}
