import { evaluates, walkSchema } from '../contracts/schema-walk.js';
import { schemasById } from '../contracts/schema-files.js';
import { validate, type ContractViolation } from '../contracts/validate.js';
import { valueAtPointer } from '../contracts/json-pointer.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// Validation for checks: every violation of an answer (each becomes a failed rule, so one broken
// member never hides the others) and the rules that held on what the value actually has: only
// the branches the value took, only the keywords that apply to its type. Each rule that held
// comes with where it held, so that a pass shows the value it rests on.

export interface ContractOutcome {
  /** Every violation, in the validator's order; empty when the value conforms. */
  violations: ContractViolation[];
  /** The rules evaluated on the value that held (none of them is among the violations). */
  rules: RuleId[];
  /** For each rule that held, the first place it was evaluated and what stood there. */
  judged: ReadonlyMap<RuleId, string>;
}

let known: Set<string> | undefined;

const SHOWN = 60;

/** A value as a message quotes it: JSON, cut at SHOWN characters. */
export function shownValue(value: unknown): string {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
}

/** What a keyword judged of a value, in a few words: the length for a length rule, the value else. */
function judgedPart(path: string, keyword: string, value: unknown, member?: string): string {
  const at = path === '' ? '(the body)' : path;
  if (keyword === 'required') return `${path}/${member ?? ''}: present`;
  if ((keyword === 'minLength' || keyword === 'maxLength') && typeof value === 'string')
    return `${at}: ${shownValue(value)} (${[...value].length} characters)`;
  if ((keyword === 'minItems' || keyword === 'maxItems') && Array.isArray(value)) return `${at}: ${value.length} items`;
  if (Array.isArray(value)) return `${at}: an array of ${value.length}`;
  if (value !== null && typeof value === 'object') return `${at}: an object`;
  return `${at}: ${shownValue(value)}`;
}

/**
 * The rules the contract evaluated on `value` (held or not), each with where it was first evaluated.
 * A `not` (no country_code UK) is left out: a value without the forbidden thing shows nothing of
 * the rule unless it was sent that thing, which a contract cannot know (it still fails it).
 */
function rulesEvaluated(schemaId: string, value: unknown): Map<RuleId, string> {
  known ??= new Set(schemasById().keys());
  const out = new Map<RuleId, string>();
  if (!known.has(schemaId)) return out;
  walkSchema(schemaId, value, ({ rules, kind, path, value: at }) => {
    for (const { rule, keyword, member } of rules)
      if (evaluates(keyword, kind) && keyword !== 'not' && !out.has(rule))
        out.set(rule, judgedPart(path, keyword, at, member));
  });
  return out;
}

/** The rules the contract evaluated on `value` (held or not); none for an unknown contract. */
export function rulesApplied(schemaId: string, value: unknown): RuleId[] {
  return [...rulesEvaluated(schemaId, value).keys()];
}

export function checkContract(schemaId: string, value: unknown): ContractOutcome {
  const violations = validate(schemaId, value);
  const broken = new Set(violations.map((violation) => violation.ruleId));
  const judged = rulesEvaluated(schemaId, value);
  for (const rule of broken) judged.delete(rule);
  return { violations, rules: [...judged.keys()], judged };
}

const KIND: Record<string, string> = { string: 'text', number: 'a number', boolean: 'a boolean', object: 'an object' };

function kindWord(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (Number.isInteger(value)) return 'an integer';
  return KIND[typeof value] ?? typeof value;
}

/**
 * What broke a contract rule, as the "received" half of a failure: where, what stood there, and
 * what the contract says (`/user/id: "1" is text; the contract says integer`).
 */
export function receivedOf(violation: ContractViolation, document: unknown): string {
  const at = violation.instancePath === '' ? '(the body)' : violation.instancePath;
  const value = valueAtPointer(document, violation.instancePath);
  const says = violation.message.replace(/ \((billing|assignees)\.md, [^)]*\)$/, '').replace(/^[^;]*; /, '');
  const saysPart =
    says === violation.message ? '' : `; ${says.replace(/^the spec (requires|allows)/, 'the contract says')}`;
  switch (violation.keyword) {
    case 'required':
      return `${at}: ${violation.message.split(';')[0]}`;
    case 'type':
      return `${at}: ${shownValue(value)} is ${kindWord(value)}${saysPart}`;
    case 'additionalProperties':
      return `${at}: ${violation.message.split(';')[0]}`;
    default:
      return `${at}: ${shownValue(value)}${saysPart}`;
  }
}

/**
 * A failure's cause with its particulars left out (where in the answer, which value): the same
 * rule broken the same way in many answers is one cause.
 */
export function causeOf(violation: ContractViolation, document: unknown): string {
  // The rule names the member wherever it stands (a User's id in an assignee, a closer, a
  // milestone's creator): its keyword, and for a type the type received, is the cause.
  const received =
    violation.keyword === 'type' ? ` (${kindWord(valueAtPointer(document, violation.instancePath))})` : '';
  return `broke ${violation.keyword}${received}`;
}
