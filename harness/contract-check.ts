import { evaluates, walkSchema } from '../contracts/schema-walk.js';
import { schemasById } from '../contracts/schema-files.js';
import { validate, type ContractViolation } from '../contracts/validate.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// Validation for checks: every violation of an answer (each becomes a failed rule, so one broken
// member never hides the others) and the rules that held on what the value actually has: only
// the branches the value took, only the keywords that apply to its type.

export interface ContractOutcome {
  /** Every violation, in the validator's order; empty when the value conforms. */
  violations: ContractViolation[];
  /** The rules evaluated on the value that held (none of them is among the violations). */
  rules: RuleId[];
}

let known: Set<string> | undefined;

/** The rules the contract evaluated on `value` (held or not); none for an unknown contract. */
export function rulesApplied(schemaId: string, value: unknown): RuleId[] {
  known ??= new Set(schemasById().keys());
  if (!known.has(schemaId)) return [];
  const out = new Set<RuleId>();
  walkSchema(schemaId, value, ({ rules, kind }) => {
    for (const { rule, keyword } of rules) if (evaluates(keyword, kind)) out.add(rule);
  });
  return [...out];
}

export function checkContract(schemaId: string, value: unknown): ContractOutcome {
  const violations = validate(schemaId, value);
  const broken = new Set(violations.map((violation) => violation.ruleId));
  return { violations, rules: rulesApplied(schemaId, value).filter((rule) => !broken.has(rule)) };
}
