import { schemaNodeAt, type SchemaObject } from '../contracts/schema-walk.js';

// A request's query as its query contract reads it. Query values are text; the contract says
// which parameters are numbers, booleans or comma-separated lists, and only those are read as
// such: "1234567" is a product_id's text, not a number, where the contract says product_id is
// a string (reading it by its look would blame a valid client for a type it never sent).

type Reading = 'integer' | 'number' | 'boolean' | 'array';

const isSchemaObject = (node: unknown): node is SchemaObject =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

/** The declared reading of each parameter of a query contract, its $refs followed. */
function readingsOnce(contractId: string): Map<string, Reading> {
  const readings = new Map<string, Reading>();
  const root = schemaNodeAt(contractId, contractId);
  const properties = isSchemaObject(root?.node) ? root.node.properties : undefined;
  if (!isSchemaObject(properties)) return readings;
  for (const [name, declared] of Object.entries(properties)) {
    let node: unknown = declared;
    let baseId = root!.baseId;
    for (let hops = 0; isSchemaObject(node) && typeof node.$ref === 'string' && hops < 8; hops += 1) {
      const target = schemaNodeAt(node.$ref, baseId);
      node = target?.node;
      if (target) baseId = target.baseId;
    }
    const type = isSchemaObject(node) ? node.type : undefined;
    const types = Array.isArray(type) ? type : [type];
    const reading = (['integer', 'number', 'boolean', 'array'] as const).find((candidate) => types.includes(candidate));
    if (reading) readings.set(name, reading);
  }
  return readings;
}

const cache = new Map<string, Map<string, Reading>>();
const readingsOf = (contractId: string): Map<string, Reading> => {
  let readings = cache.get(contractId);
  if (!readings) cache.set(contractId, (readings = readingsOnce(contractId)));
  return readings;
};

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** One value as the contract declares it; text that does not read so stays text (and breaks the type rule). */
function valueAs(reading: Reading | undefined, value: string): unknown {
  switch (reading) {
    case 'integer':
      return /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
    case 'number':
      return NUMBER.test(value) ? Number(value) : value;
    case 'boolean':
      return value === 'true' || value === 'false' ? value === 'true' : value;
    case 'array':
      return value.split(',');
    default:
      return value;
  }
}

/** The query of a request target, each parameter read as `contractId` declares it. */
export function queryOf(contractId: string, target: string): Record<string, unknown> {
  const mark = target.indexOf('?');
  if (mark < 0) return {};
  const readings = readingsOf(contractId);
  return Object.fromEntries(
    [...new URLSearchParams(target.slice(mark + 1))].map(([name, value]) => [name, valueAs(readings.get(name), value)]),
  );
}
