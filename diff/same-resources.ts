import { OPERATIONS } from '../contracts/operations.js';
import type { Pair } from './pairs.js';

// Each side has ids of its own: what side a created as P-1 side b created as P-9. Learned from
// every paired create first; a pair whose requests name resources that do not correspond (a
// check took "the first plan listed", and the lists were ordered differently) asks the two sides
// about different things: its answers are not compared.

const CREATES = new Set(['create plan', 'create subscription']);

/** The ids a request names: the {id} segment of its path, and a plan_id in its body. */
function namedIds(pair: Pair['a']): string[] {
  const operation = OPERATIONS.find((candidate) => candidate.name === pair.operation);
  const ids: string[] = [];
  if (operation?.template.includes('{id}')) {
    const position = operation.template.split('/').indexOf('{id}');
    const path = (() => {
      try {
        return new URL(pair.url).pathname;
      } catch {
        return pair.url;
      }
    })();
    const segments = path.split('/');
    // The template's position counted from the end: the target may serve the API below a prefix.
    const fromEnd = operation.template.split('/').length - position;
    const id = segments[segments.length - fromEnd];
    if (id) ids.push(decodeURIComponent(id));
  }
  const planId = /"plan_id"\s*:\s*"([^"]+)"/.exec(pair.requestBody ?? '')?.[1];
  if (planId) ids.push(planId);
  return ids;
}

const createdId = (body: string): string | undefined => /"id"\s*:\s*"([^"]+)"/.exec(body)?.[1];

export class ResourceCorrespondence {
  private readonly aToB = new Map<string, string>();

  /** Learns which of b's resources answers to each of a's, from every create both sides took. */
  constructor(pairs: readonly Pair[]) {
    for (const pair of pairs) {
      if (!CREATES.has(pair.a.operation) || pair.a.status >= 300 || pair.b.status >= 300) continue;
      const a = createdId(pair.a.responseBody);
      const b = createdId(pair.b.responseBody);
      if (a && b) this.aToB.set(a, b);
    }
  }

  /** Whether the pair asks both sides about corresponding resources. */
  comparable(pair: Pair): boolean {
    const left = namedIds(pair.a);
    const right = namedIds(pair.b);
    return left.length === right.length && left.every((id, index) => !this.aToB.has(id) || this.aToB.get(id) === right[index]);
  }
}
