import { RULES } from '../rules/index.js';
import type { Mark } from './marks.js';
import { ASSIGNEES_MARKS } from './marks-assignees.js';
import { BILLING_MARKS } from './marks-billing.js';
import { buildTrace, type Trace } from './trace.js';

// The trace of both specs against the catalog, as shipped.

export const TRACE_MARKS: readonly Mark[] = [...BILLING_MARKS, ...ASSIGNEES_MARKS];

export function specTrace(): Trace {
  return buildTrace(RULES, TRACE_MARKS);
}
