import type { RuleAt, SchemaObject } from '../../contracts/schema-walk.js';

// The smallest change to a value that breaks one constraint of its schema node: a wrong type, a
// length one past the bound, a value outside the enum, a member taken away. Undefined when the
// keyword has no such change here (a `contains`, a `not`): that rule needs a fault by hand.

/** The keywords a value can be broken on, for the faults generated from the contracts. */
export const BREAKABLE_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'required',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'additionalProperties',
  'maxProperties',
]);

const clone = <T>(value: T): T => structuredClone(value);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function allowsType(types: readonly string[], value: unknown): boolean {
  const type = jsonType(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

const chars = (text: string): string[] => [...text];

const OTHER_TYPES: readonly unknown[] = [
  'not-of-this-type',
  12345,
  1.5,
  true,
  null,
  { unexpected: true },
  ['unexpected'],
];
const FORMAT_BREAKERS: Record<string, string> = {
  uri: 'not a uri',
  'date-time': '2024-13-45T25:61:61Z',
  email: 'not-an-email',
  date: '2024-13-45',
};

/** A value for this node's place that breaks `keyword`; undefined when there is none. */
export function brokenValue(node: SchemaObject, keyword: string, value: unknown): { value: unknown } | undefined {
  const limit = node[keyword];
  switch (keyword) {
    case 'type': {
      const types = Array.isArray(node.type) ? node.type.map(String) : [String(node.type)];
      const other = OTHER_TYPES.find((candidate) => !allowsType(types, candidate));
      return other === undefined ? undefined : { value: clone(other) };
    }
    case 'enum': {
      const values = Array.isArray(limit) ? limit : [];
      const candidate = typeof values[0] === 'number' ? 987654321 : 'NOT_A_LISTED_VALUE';
      return values.includes(candidate) ? undefined : { value: candidate };
    }
    case 'const':
      if (typeof limit === 'string') return { value: `${limit}X` };
      if (typeof limit === 'number') return { value: limit + 1 };
      if (typeof limit === 'boolean') return { value: !limit };
      return { value: 'not-the-constant' };
    case 'minLength':
      return typeof limit === 'number' && limit >= 1 && typeof value === 'string'
        ? {
            value: chars(value)
              .slice(0, limit - 1)
              .join(''),
          }
        : undefined;
    case 'maxLength': {
      if (typeof limit !== 'number' || typeof value !== 'string') return undefined;
      const filler = chars(value).at(-1) ?? 'A';
      const have = chars(value).length;
      return { value: value + filler.repeat(Math.max(1, limit + 1 - have)) };
    }
    case 'pattern': {
      if (typeof limit !== 'string' || typeof value !== 'string') return undefined;
      const pattern = new RegExp(limit, 'u');
      const candidate = ['!', '', ' ', `${value}!`, value.toLowerCase(), 'x', '0'].find((text) => !pattern.test(text));
      return candidate === undefined ? undefined : { value: candidate };
    }
    case 'format':
      return typeof node.format === 'string'
        ? { value: FORMAT_BREAKERS[node.format] ?? `not a ${node.format}` }
        : undefined;
    case 'minimum':
      return typeof limit === 'number' ? { value: limit - 1 } : undefined;
    case 'maximum':
      return typeof limit === 'number' ? { value: limit + 1 } : undefined;
    case 'minItems':
      return typeof limit === 'number' && limit >= 1 && Array.isArray(value)
        ? { value: value.slice(0, limit - 1) }
        : undefined;
    case 'maxItems': {
      if (typeof limit !== 'number' || !Array.isArray(value) || value.length === 0) return undefined;
      const items = clone(value);
      while (items.length <= limit) items.push(clone(value[value.length - 1]));
      return { value: items };
    }
    case 'additionalProperties':
      return limit === false && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? { value: { ...clone(value), unexpected_member: 'x' } }
        : undefined;
    case 'maxProperties': {
      if (typeof limit !== 'number' || value === null || typeof value !== 'object' || Array.isArray(value))
        return undefined;
      const object: Record<string, unknown> = clone(value as Record<string, unknown>);
      for (let index = 0; Object.keys(object).length <= limit; index++) object[`unexpected_member_${index}`] = 'x';
      return { value: object };
    }
    default:
      return undefined;
  }
}

/** Breaks `at` (one x-rules entry of `node`) on `value` in place; whether anything changed. */
export function breakInPlace(
  node: SchemaObject,
  at: RuleAt,
  value: unknown,
  replace: ((next: unknown) => void) | undefined,
): boolean {
  if (at.keyword === 'required') {
    if (at.member === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const object = value as Record<string, unknown>;
    if (!(at.member in object)) return false;
    delete object[at.member];
    return true;
  }
  if (!replace) return false;
  const broken = brokenValue(node, at.keyword, value);
  if (!broken) return false;
  replace(broken.value);
  return true;
}
