import { checks } from './checks.js';
import type { Generator } from './outputs.js';
import { readmeFigures } from './readme-figures.js';
import { referenceTables } from './reference-tables.js';
import { reportFormats } from './report-table.js';
import { reportTypes } from './report-types.js';
import { ruleIds } from './rule-ids.js';
import { schemas } from './schemas.js';
import { selftest } from './selftest.js';
import { trace } from './trace.js';

// Every generator of `npm run generate`, in the order they run (a later one may read what an
// earlier one wrote). Add a generator here: one line.

export const GENERATORS: readonly Generator[] = [
  ruleIds,
  schemas,
  reportTypes,
  trace,
  checks,
  referenceTables,
  reportFormats,
  readmeFigures,
  selftest,
];
