// The shape of one entry of the rule catalog (README.md, "Reading the report": rules, levels, verdicts).

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

export type SpecFile = 'billing.md' | 'assignees.md';

export interface Rule {
  /** Stable, never reused: `<api>.<subject>.<aspect>`, lower case, e.g. `billing.plan.name.length`. */
  id: string;
  /** One line, written as the statement an implementation must honour. */
  title: string;
  level: RuleLevel;
  /** The spec anchor: the file and the exact text of the heading the statement sits under. */
  spec: { file: SpecFile; heading: string };
  kind: RuleKind;
  /** `$id`s of the contracts (schemas) the rule relates to; may be empty for pure HTTP rules. */
  contracts: string[];
}

/** The form every rule id takes. */
export const RULE_ID_PATTERN = /^(billing|assignees)\.[a-z0-9_]+(?:[.-][a-z0-9_@=]+)*$/;
