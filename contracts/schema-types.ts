// TypeScript types written from a JSON Schema, so that a schema and the types of the values it
// describes have one source: the schema. A node annotated `"x-type": "Name"` becomes a named
// type; the rest is written inline. Only the keywords the report schemas use are read: type,
// enum, const, oneOf, anyOf, if/then/else, $ref to $defs, properties, required, additionalProperties, items,
// description.

import { docComment, MAX_LINE, tsKey, tsString } from './ts-text.js';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const pascal = (name: string): string => name.replace(/(^|[-_])([a-z])/g, (_m, _sep, c: string) => c.toUpperCase());
const docOf = (text: unknown, indent: string): string => (typeof text === 'string' ? docComment(text, indent) : '');

/** `head` followed by a type; a union too long for one line has one member a line, as Prettier writes it. */
function typed(head: string, type: string, end: string, indent: string): string {
  const line = `${head} ${type}${end}`;
  const members = type.split(' | ');
  if (line.length <= MAX_LINE || members.length < 2 || /[{\n<(]/.test(type)) return line;
  return `${head}\n${members.map((member) => `${indent}  | ${member}`).join('\n')}${end}`;
}

const literal = (value: unknown): string => (typeof value === 'string' ? tsString(value) : JSON.stringify(value));

/** One member of an interface: its doc comment (a named type carries its own), its name, its type. */
function memberText(name: string, member: unknown, optional: boolean, type: string, inner: string): string {
  const doc = docOf(isNode(member) && typeof member['x-type'] !== 'string' ? member.description : undefined, inner);
  return `${doc}${typed(`${inner}${tsKey(name)}${optional ? '?' : ''}:`, type, ';', inner)}`;
}

export function schemaTypes(schema: Node, header: string): string {
  const defs = isNode(schema.$defs) ? schema.$defs : {};
  const named: Array<[string, string]> = [];
  const seen = new Set<string>();
  const defName = (ref: string): string => {
    const def = ref.replace(/^#\/\$defs\//, '');
    const node = defs[def];
    return isNode(node) && typeof node['x-type'] === 'string' ? node['x-type'] : pascal(def);
  };

  const typeOf = (node: unknown, indent: string): string => {
    if (!isNode(node)) return 'unknown';
    if (typeof node.$ref === 'string') return defName(node.$ref);
    if ('const' in node) return literal(node.const);
    if (Array.isArray(node.enum)) return node.enum.map(literal).join(' | ');
    const alternatives = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
    if (Array.isArray(alternatives))
      return alternatives.map((alternative) => nameOrInline(alternative, indent)).join(' | ');
    // if/then/else picks one of two shapes by a test: the value is one or the other.
    if (node.then !== undefined && node.else !== undefined)
      return [node.then, node.else].map((branch) => nameOrInline(branch, indent)).join(' | ');
    const types = Array.isArray(node.type) ? node.type : [node.type];
    return types.map((type) => single(String(type), node, indent)).join(' | ');
  };

  const single = (type: string, node: Node, indent: string): string => {
    switch (type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = nameOrInline(node.items, indent);
        return /[ |]/.test(item) ? `Array<${item}>` : `${item}[]`;
      }
      case 'object':
        return objectType(node, indent);
      default:
        return 'unknown';
    }
  };

  const objectType = (node: Node, indent: string): string => {
    const properties = isNode(node.properties) ? node.properties : undefined;
    if (!properties)
      return isNode(node.additionalProperties)
        ? `Record<string, ${nameOrInline(node.additionalProperties, indent)}>`
        : 'Record<string, unknown>';
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const inner = `${indent}  `;
    const members = Object.entries(properties).map(([name, member]) =>
      memberText(name, member, !required.has(name), nameOrInline(member, inner), inner),
    );
    return `{\n${members.join('\n')}\n${indent}}`;
  };

  /** A named node becomes its own type (written once), referred to by name. */
  const nameOrInline = (node: unknown, indent: string): string => {
    if (!isNode(node) || typeof node['x-type'] !== 'string') return typeOf(node, indent);
    const name = node['x-type'];
    if (!seen.has(name)) {
      seen.add(name);
      const body = typeOf(node, '');
      const declaration = body.startsWith('{')
        ? `export interface ${name} ${body}`
        : typed(`export type ${name} =`, body, ';', '');
      named.push([name, `${docOf(node.description, '')}${declaration}`]);
    }
    return name;
  };

  const root = typeof schema['x-type'] === 'string' ? schema['x-type'] : 'Root';
  nameOrInline({ ...schema, 'x-type': root }, '');
  for (const [def, node] of Object.entries(defs))
    nameOrInline(
      isNode(node) && typeof node['x-type'] === 'string' ? node : { ...(node as Node), 'x-type': pascal(def) },
      '',
    );
  return `${header}\n\n${named.map(([, text]) => text).join('\n\n')}\n`;
}
