import { namedIds } from './leftovers.js';
import type { Pair, SideExchange } from './pairs.js';
import { isObject } from '../contracts/json-value.js';

// Each side has ids of its own: what side a created as P-1 side b created as P-9. Learned from
// every paired create first; a pair whose requests name resources that do not correspond (a
// check took "the first plan listed", and the lists were ordered differently) asks the two sides
// about different things: its answers are not compared.

const CREATES = new Set(['create plan', 'create subscription']);

/** The id of what a create answered with (its top-level id). */
const createdId = (side: SideExchange): string | undefined =>
  isObject(side.responseJson) && typeof side.responseJson.id === 'string' ? side.responseJson.id : undefined;

export class ResourceCorrespondence {
  private readonly aToB = new Map<string, string>();

  /** Learns which of b's resources answers to each of a's, from every create both sides took. */
  constructor(pairs: readonly Pair[]) {
    for (const pair of pairs) {
      if (!CREATES.has(pair.a.operation) || pair.a.status >= 300 || pair.b.status >= 300) continue;
      const a = createdId(pair.a);
      const b = createdId(pair.b);
      if (a && b) this.aToB.set(a, b);
    }
  }

  /** Whether the pair asks both sides about corresponding resources. */
  comparable(pair: Pair): boolean {
    const left = namedIds(pair.a);
    const right = namedIds(pair.b);
    return (
      left.length === right.length &&
      left.every((id, index) => !this.aToB.has(id) || this.aToB.get(id) === right[index])
    );
  }
}
