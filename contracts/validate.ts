// Validation against the contracts. Every ajv error becomes a ContractViolation naming the one
// catalog rule the broken constraint enforces (read from the `x-rules` annotation beside it)
// and a sentence a person understands.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { newAjv, RULES_KEYWORD } from './ajv-instance.js';
import { loadPrecompiled, REFERRED, type DocumentSchema } from './precompiled.js';
import { loadPrecompiledContracts, nodeKey, readSchemaTexts, type SchemaText } from './precompiled-contracts.js';
import { segmentsOf } from './json-pointer.js';
import { packageRoot } from './package-root.js';
import type { Rule } from './rule.js';
import { ruleById } from './rules/index.js';
import { asRuleId, type RuleId } from './rules/rule-ids.js';
import { SCHEMA_BASE } from './schema-ids.js';

export { SCHEMA_IDS, ALL_SCHEMA_IDS, type SchemaId, type SchemaName } from './schema-ids.js';

export interface ContractViolation {
  /** The catalog rule the value breaks. */
  ruleId: RuleId;
  /** JSON Pointer of the offending value ('' for the whole value). */
  instancePath: string;
  /** The JSON Schema keyword that failed (required, maxLength, pattern, ...). */
  keyword: string;
  message: string;
}

export const TARGET_SCHEMA_ID = `${SCHEMA_BASE}target.json`;
export const REPORT_SCHEMA_ID = `${SCHEMA_BASE}report.json`;
const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

interface Loaded {
  /** Every contract file, as read. */
  schemas: SchemaText[];
  /** Every contract id. */
  ids: Set<string>;
  /** The build's validators of exactly these files (contracts/precompiled-contracts.ts), if any. */
  built: ((key: string) => ValidateFunction | undefined) | undefined;
}
let loaded: Loaded | undefined;
let compiler: Ajv2020 | undefined;
let plain: Ajv2020 | undefined;
let target: ValidateFunction | undefined;
let report: ValidateFunction | undefined;
let har: ValidateFunction | undefined;

/** Reads every schema once; the build's validators are used where they match the files. */
function load(): Loaded {
  if (loaded) return loaded;
  const schemas = readSchemaTexts(join(contractsRoot(), 'schemas'));
  const ids = new Set(schemas.map(({ text }) => String((JSON.parse(text) as Record<string, unknown>).$id)));
  loaded = { schemas, ids, built: loadPrecompiledContracts(schemas) };
  return loaded;
}

/** Every contract in one ajv, each compiled on first use: what the build's module does not have. */
function compiled(key: string): ValidateFunction | undefined {
  if (!compiler) {
    compiler = newAjv({ verbose: true });
    for (const { text } of load().schemas) compiler.addSchema(JSON.parse(text) as object);
  }
  return compiler.getSchema(key) as ValidateFunction | undefined;
}

/**
 * The documents' schemas (profile, report, HAR, diff, attestation, baseline, compare) stand alone: checking them
 * needs none of the contracts. The built tool has them precompiled (contracts/precompiled.ts).
 */
function standalone(file: DocumentSchema): ValidateFunction {
  const text = readFileSync(join(contractsRoot(), file), 'utf8');
  const built = loadPrecompiled(file, text);
  if (built) return built;
  plain ??= newAjv({ verbose: false });
  for (const other of REFERRED[file]) {
    const schema = readJson(join(contractsRoot(), other));
    if (!plain.getSchema(String(schema.$id))) plain.addSchema(schema);
  }
  // Already there when a document referring to it was checked first (the attestation, the report).
  const schema = JSON.parse(text) as { $id?: string };
  return (schema.$id !== undefined ? plain.getSchema(schema.$id) : undefined) ?? plain.compile(schema);
}

const contractsRoot = (): string => join(packageRoot(), 'contracts');

function contract(schemaId: string): ValidateFunction | undefined {
  const { ids, built } = load();
  return ids.has(schemaId) ? (built?.(schemaId) ?? compiled(schemaId)) : undefined;
}

/** Every schema id that validate() knows (all files under contracts/schemas). */
export function loadedSchemaIds(): string[] {
  return [...load().ids];
}

/** The violations of `value` against the contract `schemaId`; empty when it conforms. */
export function validate(schemaId: string, value: unknown): ContractViolation[] {
  const fn = contract(schemaId);
  if (!fn) throw new Error(`unknown contract ${schemaId}`);
  if (fn(value)) return [];
  return toViolations(fn.errors ?? []);
}

/**
 * Whether `value` satisfies the schema node at JSON Pointer `pointer` of contract `schemaId`:
 * how the rule crediting knows which branch of an `if` (or `anyOf`/`oneOf`) a value took.
 */
export function satisfiesAt(schemaId: string, pointer: string, value: unknown): boolean {
  const { ids, built } = load();
  if (!ids.has(schemaId)) throw new Error(`unknown contract ${schemaId}`);
  const key = nodeKey(schemaId, pointer);
  const fn = built?.(key) ?? compiled(key);
  if (!fn) throw new Error(`no schema node at ${schemaId}#${pointer}`);
  return fn(value) === true;
}

// ---------------------------------------------------------------------------------------

type AnyRecord = Record<string, unknown>;

/** The rule an ajv error breaks, from the x-rules annotation of the schema that failed. */
export function ruleIdOf(error: ErrorObject): RuleId | undefined {
  const rules = error.parentSchema?.[RULES_KEYWORD] as Record<string, string> | undefined;
  if (!rules) return undefined;
  const id =
    error.keyword === 'required' ? rules[`required:${String(error.params.missingProperty)}`] : rules[error.keyword];
  return id === undefined ? undefined : asRuleId(id);
}

/** Errors that only explain another error: `if` (its `then`/`else` errors are reported) and
 * the item-by-item evaluation inside `contains` (the `contains` error is reported). */
function isEcho(error: ErrorObject): boolean {
  return error.keyword === 'if' || /\/contains\//.test(error.schemaPath);
}

function toViolations(errors: readonly ErrorObject[]): ContractViolation[] {
  const out: ContractViolation[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (isEcho(error)) continue;
    // contracts/annotations.test.ts keeps every constraint annotated with the rule it enforces.
    const ruleId = ruleIdOf(error);
    if (ruleId === undefined)
      throw new Error(
        `a contract constraint enforces no rule: ${error.keyword} at ${error.schemaPath} (annotate it with x-rules)`,
      );
    const key = `${ruleId}|${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rule = ruleById(ruleId);
    out.push({ ruleId, instancePath: error.instancePath, keyword: error.keyword, message: sentence(error, rule) });
  }
  // A value of the wrong type is no value of an enum (or const) of the right one either, but that
  // is the one broken type again: the enum is judged of values of its type only.
  const wrongType = new Set(out.filter((v) => v.keyword === 'type').map((v) => v.instancePath));
  return out.filter((v) => !((v.keyword === 'enum' || v.keyword === 'const') && wrongType.has(v.instancePath)));
}

/** "/billing_cycles/2/sequence" -> "billing_cycles[2].sequence". */
export function readablePath(instancePath: string, member?: string): string {
  const parts = segmentsOf(instancePath);
  if (member !== undefined) parts.push(member);
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out === '' ? 'the value' : out;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function kindOf(value: unknown): string {
  // JSON has no undefined: an undefined value is one that is not there (no body, no member)
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (Number.isInteger(value)) return 'an integer';
  const t = typeof value;
  return t === 'object' || t === 'undefined' ? `an ${t}` : `a ${t}`;
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);
const FORMAT_NAMES: Record<string, string> = {
  uri: 'a URI',
  'date-time': 'an RFC 3339 date-time',
  date: 'a date written YYYY-MM-DD',
  email: 'an e-mail address',
};
const formatName = (format: unknown) => FORMAT_NAMES[String(format)] ?? `a ${String(format)}`;

function allowed(lo: unknown, hi: unknown): string {
  const hasLo = typeof lo === 'number' && lo > 0;
  const hasHi = typeof hi === 'number';
  if (hasLo && hasHi) return lo === hi ? `exactly ${lo}` : `${lo} to ${hi}`;
  if (hasHi) return `at most ${hi}`;
  if (hasLo) return `at least ${lo}`;
  return 'any';
}

function allowedNumber(lo: unknown, hi: unknown): string {
  const hasLo = typeof lo === 'number';
  const hasHi = typeof hi === 'number';
  if (hasLo && hasHi) return `${lo} to ${hi}`;
  if (hasHi) return `at most ${hi}`;
  return `at least ${String(lo)}`;
}

function listed(values: unknown): string {
  return Array.isArray(values)
    ? values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
    : String(values);
}

/** Beyond this many, an enumeration is named by its rule, not written out (a list of ISO 4217 codes). */
const LISTED_AT_MOST = 12;

/** What an enumeration allows, in words: its values, or for a long one how many and what they are. */
function allowedValues(values: unknown, title: string): string {
  if (!Array.isArray(values) || values.length <= LISTED_AT_MOST) return listed(values);
  return `one of its ${values.length} listed values: ${title}`;
}

/** For `contains` on objects with a const member: what matching items are, and how many there are. */
function containsWhat(schema: unknown, data: unknown): { what: string; count: number } {
  const props = ((schema as AnyRecord | undefined)?.properties ?? {}) as Record<string, AnyRecord>;
  const [member, sub] = Object.entries(props)[0] ?? [];
  if (!member || !sub || !('const' in sub)) return { what: 'matching items', count: NaN };
  const count = Array.isArray(data)
    ? data.filter((item) => (item as AnyRecord | null)?.[member] === sub.const).length
    : 0;
  return { what: `${member} ${String(sub.const)}`, count };
}

function sentence(error: ErrorObject, rule: Rule | undefined): string {
  const parent = (error.parentSchema ?? {}) as AnyRecord;
  const data = error.data;
  const p = readablePath(error.instancePath);
  const title = rule?.title ?? 'a constraint of the contract';
  let text: string;
  switch (error.keyword) {
    case 'required':
      text = `${readablePath(error.instancePath, String(error.params.missingProperty))} is missing; it is required`;
      break;
    case 'type':
      text =
        `${p} is ${kindOf(data)}; the spec requires ` + listed(error.params.type).split(', ').map(article).join(' or ');
      break;
    case 'minLength':
    case 'maxLength':
      text =
        `${p} is ${[...String(data)].length} characters; the spec allows ` +
        `${allowed(parent.minLength, parent.maxLength)}`;
      break;
    case 'minimum':
    case 'maximum':
      text = `${p} is ${shown(data)}; the spec allows ${allowedNumber(parent.minimum, parent.maximum)}`;
      break;
    case 'minItems':
    case 'maxItems':
      text =
        `${p} has ${Array.isArray(data) ? data.length : '?'} items; the spec allows ` +
        `${allowed(parent.minItems, parent.maxItems)}`;
      break;
    case 'enum':
      text = `${p} is ${shown(data)}; the spec allows ${allowedValues(parent.enum, title)}`;
      break;
    case 'const':
      text = `${p} is ${shown(data)}; the spec requires ${shown(parent.const)} here: ${title}`;
      break;
    case 'pattern':
      text = `${p} is ${shown(data)}, which does not have the form the spec states: ${title}`;
      break;
    case 'format':
      text = `${p} is ${shown(data)}, which is not ${formatName(error.params.format)}`;
      break;
    case 'contains': {
      const { what, count } = containsWhat(parent.contains, data);
      if (typeof parent.maxContains === 'number' && count > parent.maxContains) {
        text = `${p} has ${count} items with ${what}; the spec allows at most ${parent.maxContains}`;
      } else {
        text = `${p} has no item with ${what}; ${title}`;
      }
      break;
    }
    case 'additionalProperties':
      text =
        `${readablePath(error.instancePath, String(error.params.additionalProperty))} is not ` +
        `allowed here; ${title}`;
      break;
    case 'maxProperties':
      text = `${p} has ${data && typeof data === 'object' ? Object.keys(data).length : '?'} members; ${title}`;
      break;
    case 'not':
      text = `${p} breaks the rule: ${title}`;
      break;
    default:
      text = `${p} ${error.message ?? 'is not valid'}; ${title}`;
  }
  return rule ? `${text} (${rule.spec.file}, ${rule.spec.heading})` : text;
}

// --- the target profile and the report ---------------------------------------------------

function problemLines(errors: readonly ErrorObject[], what: string): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    const at = (member?: string) => {
      const path = readablePath(error.instancePath, member);
      return path === 'the value' ? what : path;
    };
    switch (error.keyword) {
      case 'required':
        lines.push(`${at(String(error.params.missingProperty))} is missing`);
        break;
      case 'additionalProperties':
        lines.push(`${at(String(error.params.additionalProperty))} is not a known field`);
        break;
      case 'type':
        lines.push(`${at()} must be ${listed(error.params.type).split(', ').map(article).join(' or ')}`);
        break;
      case 'enum':
        lines.push(`${at()} must be one of ${listed(error.params.allowedValues)}`);
        break;
      case 'const':
        lines.push(`${at()} must be ${shown(error.params.allowedValue)}`);
        break;
      case 'format':
        lines.push(`${at()} must be ${formatName(error.params.format)}`);
        break;
      case 'pattern':
        lines.push(`${at()} does not have the expected form (${String(error.params.pattern)})`);
        break;
      case 'minLength':
        lines.push(`${at()} must not be empty`);
        break;
      case 'minItems':
        lines.push(`${at()} must have at least ${String(error.params.limit)} item(s)`);
        break;
      case 'minimum':
        lines.push(`${at()} must be at least ${String(error.params.limit)}`);
        break;
      default:
        lines.push(`${at()} ${error.message ?? 'is not valid'}`);
    }
  }
  return [...new Set(lines)];
}

/** One line per problem of a target profile (after ${ENV} substitution), each naming the field. */
export function validateTargetProfile(value: unknown): string[] {
  const fn = (target ??= standalone('target.schema.json'));
  return fn(value) ? [] : problemLines(fn.errors ?? [], 'the target profile');
}

/** One line per problem of a conformance.json report. */
export function validateReport(value: unknown): string[] {
  const fn = (report ??= standalone('report.schema.json'));
  return fn(value) ? [] : problemLines(fn.errors ?? [], 'the report');
}

/** One line per problem of an exchanges.har (HAR 1.2). */
export function validateHar(value: unknown): string[] {
  const fn = (har ??= standalone('har.schema.json'));
  return fn(value) ? [] : problemLines(fn.errors ?? [], 'exchanges.har');
}

let diff: ValidateFunction | undefined;

/** One line per problem of a diff.json. */
export function validateDiff(value: unknown): string[] {
  const fn = (diff ??= standalone('diff.schema.json'));
  return fn(value) ? [] : problemLines(fn.errors ?? [], 'diff.json');
}

let attestation: ValidateFunction | undefined;

/** One line per problem of an attestation.json (its predicate's sections are the report's). */
export function validateAttestation(value: unknown): string[] {
  const fn = (attestation ??= standalone('attestation.schema.json'));
  return fn(value) ? [] : problemLines(fn.errors ?? [], 'attestation.json');
}

let baseline: ValidateFunction | undefined;

/** One line per problem of a baseline file (run --baseline), each naming the entry and its field. */
export function validateBaseline(value: unknown): string[] {
  const fn = (baseline ??= standalone('baseline.schema.json'));
  return fn(value) ? [] : problemLines(fn.errors ?? [], 'the baseline');
}

let compare: ValidateFunction | undefined;

/** One line per problem of a compare.json. */
export function validateCompare(value: unknown): string[] {
  const fn = (compare ??= standalone('compare.schema.json'));
  return fn(value) ? [] : problemLines(fn.errors ?? [], 'compare.json');
}
