// The record of one rule: everything the checker knows about it, in one place. Rule ids, the
// trace of the specs and the lists of checks are derived from these records (`npm run generate`).

import type { SpecAnchor as ReportSpecAnchor } from './report-types.js';

/** MUST: stated by the spec, gates the verdict. SHOULD: HTTP practice the spec implies; a warning. */
export type RuleLevel = 'MUST' | 'SHOULD';

export const RULE_KINDS = [
  'schema',
  'limit',
  'lifecycle',
  'patch',
  'auth',
  'idempotency',
  'prefer',
  'pagination',
  'permission',
  'status-code',
  'http',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export type SpecFile = SpecAnchor['file'];

/**
 * The sentence of a spec a rule comes from: a table row, a list item or one sentence of a
 * paragraph. The report carries it as is, so its type is written from the report's schema.
 */
export type SpecAnchor = ReportSpecAnchor;

export interface Rule {
  /** Stable, never reused: `<api>.<subject>.<aspect>`, lower case, e.g. `billing.plan.name.length`. */
  id: string;
  /** One line, written as the statement an implementation must honour. */
  title: string;
  level: RuleLevel;
  spec: SpecAnchor;
  kind: RuleKind;
  /** `$id`s of the contracts (schemas) the rule relates to; may be empty for pure HTTP rules. */
  contracts: string[];
  /**
   * Set when no request and no response of a run can show whether the rule holds: why. Such a
   * rule is reported skipped with the reason, never counted verified, and gates nothing.
   */
  notObservable?: string;
  /** Where the spec leaves the answer open: every answer it allows (its checks accept each). */
  allows?: readonly string[];
  /** A schema or limit rule that no JSON Schema constraint enforces: why (its checks send requests or compute). */
  noSchemaConstraint?: string;
}

/** The form every rule id takes. */
export const RULE_ID_PATTERN = /^(billing|assignees)\.[a-z0-9_]+(?:[.-][a-z0-9_@=]+)*$/;
