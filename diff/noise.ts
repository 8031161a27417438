import { jsonDiff } from './json-diff.js';
import type { Pair } from './pairs.js';

// Noise is learned, not listed by hand: as Diffy does with its primary and secondary instances,
// what differs between two runs of the same side (ids, timestamps, tokens, hrefs that carry ids,
// a status that depends on timing) is noise, and is left out when the two sides are compared.

export interface Noise {
  /** Per operation: member patterns ("/plans/*\/id") whose values differ from run to run. */
  members: Map<string, Set<string>>;
  /** Operations whose status differs from run to run. */
  statuses: Set<string>;
  /** Operations whose non-JSON body differs from run to run. */
  bodies: Set<string>;
}

/** What differs between two runs of one side. */
export function learnNoise(pairs: readonly Pair[]): Noise {
  const noise: Noise = { members: new Map(), statuses: new Set(), bodies: new Set() };
  for (const { a, b } of pairs) {
    const operation = a.operation;
    if (a.status !== b.status) {
      noise.statuses.add(operation);
      continue;
    }
    if (a.responseJson !== undefined && b.responseJson !== undefined) {
      let members = noise.members.get(operation);
      for (const difference of jsonDiff(a.responseJson, b.responseJson)) {
        if (!members) noise.members.set(operation, (members = new Set()));
        members.add(difference.pattern);
      }
    } else if (a.responseBody !== b.responseBody) noise.bodies.add(operation);
  }
  return noise;
}

/** The noise as the report lists it: "operation: pattern". */
export function describeNoise(noise: Noise): string[] {
  return [
    ...[...noise.members].flatMap(([operation, patterns]) =>
      [...patterns].sort().map((pattern) => `${operation}: ${pattern || '(the whole body)'}`),
    ),
    ...[...noise.statuses].map((operation) => `${operation}: status`),
    ...[...noise.bodies].map((operation) => `${operation}: body`),
  ].sort();
}
