// The contracts as the schema-driven generator reads them: every schema by $id, the "parts" that
// apply at one place of a value ($ref and allOf flattened, if/then/else chosen by the value),
// and plain yes/no validation of a part (no rules, no messages: that is contracts/validate.ts).
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { ajvModules } from '../../contracts/ajv-instance.js';
import { pointerOf } from '../../contracts/json-pointer.js';
import { asRuleId, type RuleId } from '../../contracts/rules/rule-ids.js';
import { buildSchemas } from '../../contracts/schema-source/index.js';

export type Schema = Record<string, unknown>;
export type Rules = Record<string, RuleId>;

/** One schema object that applies at a place, and where it sits: `<$id>#<JSON Pointer>`. */
export interface Part {
  schema: Schema;
  loc: string;
}

// A JSON copy, so that no two places share a schema object.
const SCHEMAS: ReadonlyMap<string, Schema> = new Map(
  [...buildSchemas()].map(([id, s]) => [id, JSON.parse(JSON.stringify(s)) as Schema]),
);

export function schemaById(id: string): Schema {
  const s = SCHEMAS.get(id);
  if (!s) throw new Error(`unknown contract ${id}`);
  return s;
}

export const schemaIds = (): string[] => [...SCHEMAS.keys()];

const checkedRules = new WeakMap<Schema, Rules>();

/** A node's x-rules, each id checked against the catalog once. */
export function rulesOf(s: Schema): Rules {
  let rules = checkedRules.get(s);
  if (!rules) {
    rules = Object.fromEntries(
      Object.entries((s['x-rules'] as Record<string, string> | undefined) ?? {}).map(([keyword, id]) => [
        keyword,
        asRuleId(id),
      ]),
    );
    checkedRules.set(s, rules);
  }
  return rules;
}

const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

const child = (loc: string, ...steps: Array<string | number>) => loc + pointerOf(steps);

/** The schema itself, what its $ref points to, and its allOf entries, flattened. */
export function partsOf(s: unknown, loc: string): Part[] {
  if (!isSchema(s)) return [];
  const out: Part[] = [{ schema: s, loc }];
  if (typeof s.$ref === 'string') out.push(...partsOf(schemaById(s.$ref), `${s.$ref}#`));
  (s.allOf as unknown[] | undefined)?.forEach((sub, i) => out.push(...partsOf(sub, child(loc, 'allOf', i))));
  return out;
}

export const rootParts = (id: string): Part[] => partsOf(schemaById(id), `${id}#`);

/** A part with if/then/else, and the branch the value takes. */
export function branchOf(p: Part, value: unknown): Part[] {
  if (!('if' in p.schema)) return [];
  const holds = test(p.schema.if, value);
  const key = holds ? 'then' : 'else';
  return partsOf(p.schema[key], child(p.loc, key));
}

/** The parts plus the branches of their conditionals that `value` takes, repeatedly. */
export function activeParts(parts: readonly Part[], value: unknown): Part[] {
  const out = [...parts];
  for (let i = 0; i < out.length; i++) out.push(...branchOf(out[i], value));
  return out;
}

/** The parts that apply to member `name` of an object held by `hostParts` (already active). */
export function memberParts(hostParts: readonly Part[], name: string): Part[] {
  const out: Part[] = [];
  for (const p of hostParts) {
    const props = p.schema.properties as Schema | undefined;
    if (props && name in props) out.push(...partsOf(props[name], child(p.loc, 'properties', name)));
  }
  return out;
}

/** The parts that apply to every item of an array held by `hostParts`. */
export function itemParts(hostParts: readonly Part[]): Part[] {
  return hostParts.flatMap((p) => partsOf(p.schema.items, child(p.loc, 'items')));
}

export { child as childLoc };

// --- plain validation ------------------------------------------------------------------------

let ajv: Ajv2020 | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

function plain(): Ajv2020 {
  if (ajv) return ajv;
  const { Ajv, addFormats } = ajvModules();
  ajv = new Ajv({ strict: false, allowUnionTypes: true });
  addFormats(ajv);
  for (const s of SCHEMAS.values()) ajv.addSchema(s);
  return ajv;
}

/**
 * Marks a schema made on the fly (a route to force, see break.ts) with the predicate that decides
 * it, so that it is never compiled: ajv keeps every schema it compiles, and these are many.
 */
export function decidedBy<T extends Schema>(schema: T, holds: (value: unknown) => boolean): T {
  Object.defineProperty(schema, HOLDS, { value: holds, enumerable: false });
  return schema;
}
const HOLDS = Symbol('holds');

/** Whether `value` passes schema `s` (a whole contract or any schema object inside one). */
export function test(s: unknown, value: unknown): boolean {
  if (s === true || s === undefined) return true;
  if (s === false) return false;
  const schema = s as Schema;
  const holds = (schema as { [HOLDS]?: (v: unknown) => boolean })[HOLDS];
  if (holds) return holds(value);
  let fn = compiled.get(schema);
  if (!fn) {
    const a = plain();
    fn = typeof schema.$id === 'string' ? (a.getSchema(schema.$id) as ValidateFunction) : a.compile(schema);
    compiled.set(schema, fn);
  }
  return fn(value);
}

/** Whether `value` passes every part. */
export const conforms = (parts: readonly Part[], value: unknown): boolean => parts.every((p) => test(p.schema, value));

/** The JSON types a value may have under `parts` (undefined: any); "number" includes integers. */
export function allowedTypes(parts: readonly Part[]): string[] | undefined {
  let out: string[] | undefined;
  for (const p of parts) {
    const t = p.schema.type;
    if (t === undefined) continue;
    const ts = (Array.isArray(t) ? t : [t]) as string[];
    if (!out) {
      out = [...ts];
      continue;
    }
    const next = new Set<string>();
    for (const x of out) {
      for (const y of ts) {
        if (x === y) next.add(x);
        else if ((x === 'number' && y === 'integer') || (x === 'integer' && y === 'number')) next.add('integer');
      }
    }
    out = [...next];
  }
  return out;
}

/** Whether a value of JSON type `actual` (from jsonType) passes a `type` keyword. */
export function typeAllows(type: unknown, actual: string): boolean {
  const ts = (Array.isArray(type) ? type : [type]) as string[];
  return ts.includes(actual) || (actual === 'integer' && ts.includes('number'));
}

/** The JSON type of a value, as JSON Schema names it. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}
