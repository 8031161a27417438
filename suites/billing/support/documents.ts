// Reading a plan or a subscription document back: the member at a dotted path, a billing cycle,
// whether a read-back shows what was written, and the document as compared for "nothing
// changed". The spec leaves a server room in how it shows a value; these say how much.

import { isObject, type Json, type JsonObject } from './api.js';

// Shared with the proxy's judges (contracts/ is the floor both stand on).
export { shows } from '../../../contracts/written-shown.js';

/**
 * The member at a dotted path through objects (`payment_preferences.setup_fee`), or undefined.
 * It does not enter arrays: a cycle is found by its sequence (cycleOf), not by its position.
 */
export function valueAt(doc: unknown, path: string): Json | undefined {
  let node: unknown = doc;
  for (const key of path.split('.')) {
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node as Json;
}

/** The billing cycle with `sequence` among `billing_cycles` of a plan document. */
export function cycleOf(planDoc: unknown, sequence: number): JsonObject | undefined {
  const cycles: unknown = valueAt(planDoc, 'billing_cycles');
  if (!Array.isArray(cycles)) return undefined;
  return cycles.find((c): c is JsonObject => isObject(c) && c.sequence === sequence);
}

/** The sequences of the billing cycles a plan document shows, in its order (none: it shows no cycles). */
export function sequencesOf(planDoc: unknown): number[] {
  const cycles: unknown = valueAt(planDoc, 'billing_cycles');
  if (!Array.isArray(cycles)) return [];
  return cycles.flatMap((c) => (isObject(c) && typeof c.sequence === 'number' ? [c.sequence] : []));
}

/** "cycles 1, 2 and 3", "cycle 1": what a plan showed, for a message. */
export function cyclesText(sequences: readonly number[]): string {
  if (sequences.length === 0) return 'no cycles';
  if (sequences.length === 1) return `cycle ${sequences[0]}`;
  return `cycles ${sequences.slice(0, -1).join(', ')} and ${sequences[sequences.length - 1]}`;
}

/** A resource as compared for "nothing changed": without its links and its update time. */
export function snapshot(doc: JsonObject): string {
  const { links: _links, update_time: _updated, ...rest } = doc;
  return JSON.stringify(sortKeys(rest));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The date_time text of `ms` (UTC, seconds, no fraction). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Milliseconds of a date_time text (NaN when unreadable). */
export function timeOf(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}
