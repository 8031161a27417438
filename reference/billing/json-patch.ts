// JSON Patch (RFC 6902) as billing.md describes it, applied to a copy so that a failing
// operation leaves the resource untouched. Which paths and operations an operation may use
// is the caller's policy (plan-patch.ts, subscription-patch.ts).

import { isObject, type Json, type JsonObject } from '../http/json.js';

export const PATCH_OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;
export type PatchOpName = (typeof PATCH_OPS)[number];

export interface PatchOperation {
  op: PatchOpName;
  path: string;
  segments: string[];
  value?: Json;
  from?: string;
  fromSegments?: string[];
}

/** A patch that is well formed but cannot be applied to the resource as it is (422). */
export class PatchConflict extends Error {
  constructor(
    readonly pointer: string,
    readonly issue: string,
    message: string,
  ) {
    super(message);
  }
}

export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const segments: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~[^01]|~$/.test(raw)) return undefined;
    segments.push(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return segments;
}

/** Equality by JSON type: strings by code points, numbers numerically, arrays and objects member-wise. */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
    );
  }
  return a === b;
}

/** The faulty comparison: primitives compared by their text. */
export function looseEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (typeof a !== 'object' && typeof b !== 'object') return String(a) === String(b);
  return jsonEqual(a, b);
}

export interface PatchOptions {
  equal: (a: Json | undefined, b: Json | undefined) => boolean;
  /** Resolves a non-numeric array segment (the @sequence==n selector) to an index. */
  selectIndex?: (array: Json[], segment: string) => number | undefined;
  /** replace on a missing member adds it (only a plug-in sets it: the spec refuses that replace). */
  replaceMissingAdds?: boolean;
  /** add creates missing parent objects (subscriptions: add /plan/taxes/percentage on a plan without taxes). */
  addCreatesParents?: boolean;
  /** add on an existing object member keeps the old value (only a plug-in sets it). */
  addKeepsExisting?: boolean;
}

interface Location {
  parent: Json[] | JsonObject;
  key: string;
  index?: number;
}

function arrayIndex(array: Json[], segment: string, options: PatchOptions, forAdd: boolean): number | undefined {
  if (/^(0|[1-9]\d*)$/.test(segment)) {
    const index = Number(segment);
    return index < array.length || (forAdd && index === array.length) ? index : undefined;
  }
  if (segment === '-' && forAdd) return array.length;
  return options.selectIndex?.(array, segment);
}

function get(doc: Json, segments: string[], options: PatchOptions): Json | undefined {
  let node: Json | undefined = doc;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      const index = arrayIndex(node, segment, options, false);
      node = index === undefined ? undefined : node[index];
    } else if (isObject(node)) {
      node = Object.hasOwn(node, segment) ? node[segment] : undefined;
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}

function locate(doc: Json, segments: string[], pointer: string, options: PatchOptions, forAdd: boolean): Location {
  const parent = get(doc, segments.slice(0, -1), options);
  const key = segments[segments.length - 1];
  if (Array.isArray(parent)) {
    const index = arrayIndex(parent, key, options, forAdd);
    if (index === undefined) throw new PatchConflict(pointer, 'PATCH_PATH_MISSING', `${pointer} does not exist.`);
    return { parent, key, index };
  }
  if (isObject(parent)) return { parent, key };
  throw new PatchConflict(pointer, 'PATCH_PATH_MISSING', `The parent of ${pointer} does not exist.`);
}

function setMember(object: JsonObject, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

function exists(location: Location): boolean {
  return location.index !== undefined
    ? location.index < (location.parent as Json[]).length
    : Object.hasOwn(location.parent, location.key);
}

function createParents(doc: Json, segments: string[], options: PatchOptions): void {
  let node: Json | undefined = doc;
  for (const segment of segments.slice(0, -1)) {
    if (Array.isArray(node)) {
      const index = arrayIndex(node, segment, options, false);
      node = index === undefined ? undefined : node[index];
    } else if (isObject(node)) {
      if (!Object.hasOwn(node, segment)) setMember(node, segment, {});
      node = node[segment];
    } else {
      return;
    }
  }
}

function add(doc: Json, segments: string[], pointer: string, value: Json, options: PatchOptions): Json {
  if (segments.length === 0) return value;
  if (options.addCreatesParents) createParents(doc, segments, options);
  const location = locate(doc, segments, pointer, options, true);
  if (location.index === undefined && options.addKeepsExisting && exists(location)) return doc;
  if (location.index !== undefined) (location.parent as Json[]).splice(location.index, 0, value);
  else setMember(location.parent as JsonObject, location.key, value);
  return doc;
}

function remove(doc: Json, segments: string[], pointer: string, options: PatchOptions): Json {
  if (segments.length === 0)
    throw new PatchConflict(pointer, 'PATCH_PATH_MISSING', 'The whole document cannot be removed.');
  const location = locate(doc, segments, pointer, options, false);
  if (!exists(location)) throw new PatchConflict(pointer, 'PATCH_PATH_MISSING', `${pointer} does not exist.`);
  if (location.index !== undefined) (location.parent as Json[]).splice(location.index, 1);
  else delete (location.parent as JsonObject)[location.key];
  return doc;
}

function replace(doc: Json, segments: string[], pointer: string, value: Json, options: PatchOptions): Json {
  if (segments.length === 0) return value;
  const location = locate(doc, segments, pointer, options, false);
  if (!exists(location) && !options.replaceMissingAdds)
    throw new PatchConflict(pointer, 'PATCH_PATH_MISSING', `${pointer} does not exist.`);
  if (location.index !== undefined) (location.parent as Json[])[location.index] = value;
  else setMember(location.parent as JsonObject, location.key, value);
  return doc;
}

function applyOne(doc: Json, operation: PatchOperation, options: PatchOptions): Json {
  const { segments, path } = operation;
  switch (operation.op) {
    case 'add':
      return add(doc, segments, path, structuredClone(operation.value as Json), options);
    case 'remove':
      return remove(doc, segments, path, options);
    case 'replace':
      return replace(doc, segments, path, structuredClone(operation.value as Json), options);
    case 'test': {
      const actual = get(doc, segments, options);
      if (actual === undefined) throw new PatchConflict(path, 'PATCH_PATH_MISSING', `${path} does not exist.`);
      if (!options.equal(actual, operation.value))
        throw new PatchConflict(path, 'TEST_FAILED', `The value at ${path} is not equal to the test value.`);
      return doc;
    }
    case 'move':
    case 'copy': {
      const fromSegments = operation.fromSegments ?? [];
      const from = operation.from ?? '';
      const value = get(doc, fromSegments, options);
      if (value === undefined) throw new PatchConflict(from, 'PATCH_PATH_MISSING', `${from} does not exist.`);
      if (operation.op === 'copy') return add(doc, segments, path, structuredClone(value), options);
      if (path.startsWith(`${from}/`))
        throw new PatchConflict(path, 'PATCH_PATH_INVALID', 'A value cannot be moved into itself.');
      const removed = remove(doc, fromSegments, from, options);
      return add(removed, segments, path, value, options);
    }
  }
}

/** The faults that skip a remove, move or copy whose target or from is missing, instead of refusing it. */
/** No operation is skipped for a missing target: each is refused (a plug-in may skip some). */
export const NOTHING_SKIPPED = { remove: false, move: false, copy: false } as const;

export function withoutMissing(
  doc: Json,
  operations: PatchOperation[],
  skip: { remove: boolean; move: boolean; copy: boolean },
): PatchOperation[] {
  const options: PatchOptions = { equal: jsonEqual };
  return operations.filter((operation) => {
    if (operation.op === 'remove' && skip.remove) return get(doc, operation.segments, options) !== undefined;
    if ((operation.op === 'move' && skip.move) || (operation.op === 'copy' && skip.copy))
      return get(doc, operation.fromSegments ?? [], options) !== undefined;
    return true;
  });
}

/** Applies every operation to a copy of `doc`; throws PatchConflict and leaves `doc` untouched on failure. */
export function applyPatch(doc: Json, operations: readonly PatchOperation[], options: PatchOptions): Json {
  let working = structuredClone(doc);
  for (const operation of operations) working = applyOne(working, operation, options);
  return working;
}
