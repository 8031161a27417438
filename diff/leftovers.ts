import { OPERATIONS, pathParams } from '../contracts/operations.js';
import type { Pair, SideExchange } from './pairs.js';
import { isObject } from '../contracts/json-value.js';

// Only what each side made in this run is compared. A server may hold plans and subscriptions
// from earlier runs (the spec has no delete): an answer about one tells how that server's
// history differs, not how the two implementations do. Once a side holds one plan (or
// subscription) its run did not make (it held it before, diff/inventory.ts, or an answer showed
// it), every page of that side's plan (subscription) lists is such an answer too, whether the
// page shows it or not: the pages, their items, links and totals all shift with it. Such pairs
// are left out, and counted.

const CREATES = new Set(['create plan', 'create subscription']);
/** The list operations whose items are resources a run makes, and the member that holds them. */
const RESOURCE_LISTS: Readonly<Record<string, string>> = {
  'list plans': 'plans',
  'list subscriptions': 'subscriptions',
};

const idOf = (value: unknown): string | undefined =>
  isObject(value) && typeof value.id === 'string' ? value.id : undefined;

/** The list operation that shows what this answer is about, when it is about a plan or a subscription. */
function listShowing(side: SideExchange): string | undefined {
  if (RESOURCE_LISTS[side.operation] !== undefined) return side.operation;
  const path = ((): string => {
    try {
      return new URL(side.url).pathname;
    } catch {
      return side.url;
    }
  })();
  if (/\/v1\/billing\/subscriptions\//.test(path)) return 'list subscriptions';
  return /\/v1\/billing\/plans\//.test(path) ||
    (isObject(side.requestJson) && typeof side.requestJson.plan_id === 'string')
    ? 'list plans'
    : undefined;
}

/** What one side's run made (the ids its successful creates answered with), and the lists that show more. */
export class RunResources {
  readonly made = new Set<string>();
  /** The list operations that hold resources the run did not make. */
  private readonly shifted = new Set<string>();

  /** `held`: what the side's target held before the run (diff/inventory.ts). */
  constructor(
    exchanges: ReadonlyMap<string, readonly SideExchange[]>,
    readonly held: { plans: readonly string[]; subscriptions: readonly string[] } = { plans: [], subscriptions: [] },
  ) {
    if (held.plans.length > 0) this.shifted.add('list plans');
    if (held.subscriptions.length > 0) this.shifted.add('list subscriptions');
    const all = [...exchanges.values()].flat();
    for (const side of all) {
      const id =
        CREATES.has(side.operation) && side.status >= 200 && side.status < 300 ? idOf(side.responseJson) : undefined;
      if (id !== undefined) this.made.add(id);
    }
    for (const side of all) {
      const list = this.unmadeShown(side).length > 0 ? listShowing(side) : undefined;
      if (list !== undefined) this.shifted.add(list);
    }
  }

  /**
   * The ids this answer shows that the run did not make: list items, or (answered with a success) the
   * resource the request names.
   */
  unmadeShown(side: SideExchange): string[] {
    if (side.status < 200 || side.status >= 300) return [];
    const items = resourceItems(side);
    const shown = items ? items.map(idOf).filter((id): id is string => id !== undefined) : namedIds(side);
    return shown.filter((id) => !this.made.has(id));
  }

  /** Whether the answer is about another run's resources, or a page of a list that holds some. */
  touchesLeftovers(side: SideExchange): boolean {
    return this.unmadeShown(side).length > 0 || (resourceItems(side) !== undefined && this.shifted.has(side.operation));
  }
}

/** The items of a list answer, when the operation lists resources a run makes. */
export function resourceItems(side: SideExchange): unknown[] | undefined {
  const member = RESOURCE_LISTS[side.operation];
  const items = member !== undefined && isObject(side.responseJson) ? side.responseJson[member] : undefined;
  return Array.isArray(items) ? items : undefined;
}

/** The ids a request names: the {id} segment of its path, and a plan_id in its body. */
export function namedIds(side: SideExchange): string[] {
  const operation = OPERATIONS.find((candidate) => candidate.name === side.operation);
  const ids: string[] = [];
  const id = operation ? pathParams(operation, side.url)?.id : undefined;
  if (id !== undefined) ids.push(id);
  const planId = isObject(side.requestJson) ? side.requestJson.plan_id : undefined;
  if (typeof planId === 'string') ids.push(planId);
  return ids;
}

/** Pairs about what each side made in this run, and how many were left out and about how many resources. */
export function withoutLeftovers(
  pairs: readonly Pair[],
  a: RunResources,
  b: RunResources,
): { pairs: Pair[]; leftovers: { exchanges: number; resources: number } } {
  const kept: Pair[] = [];
  const resources = new Set<string>();
  let exchanges = 0;
  for (const pair of pairs) {
    if (!a.touchesLeftovers(pair.a) && !b.touchesLeftovers(pair.b)) {
      kept.push(pair);
      continue;
    }
    exchanges += 1;
    for (const id of a.unmadeShown(pair.a)) resources.add(`a ${id}`);
    for (const id of b.unmadeShown(pair.b)) resources.add(`b ${id}`);
  }
  for (const [name, side] of [
    ['a', a],
    ['b', b],
  ] as const)
    for (const id of [...side.held.plans, ...side.held.subscriptions]) resources.add(`${name} ${id}`);
  return { pairs: kept, leftovers: { exchanges, resources: resources.size } };
}

/** A list answer with only the items the run made, at most `count` of them. */
function ownItems(side: SideExchange, made: ReadonlySet<string>, count = Infinity): SideExchange {
  const member = RESOURCE_LISTS[side.operation];
  const items = (resourceItems(side) ?? []).filter((item) => made.has(idOf(item) ?? '')).slice(0, count);
  return { ...side, responseJson: { ...(side.responseJson as Record<string, unknown>), [member]: items } };
}

/**
 * The pairs to learn noise from, two runs of one side: as above, but a list page that shows
 * earlier runs' resources (the second run sees what the first made) is kept with the items each
 * run made, as many on both sides, so that what differs in its items (ids, times) is still learned.
 */
export function noisePairs(pairs: readonly Pair[], a: RunResources, b: RunResources): Pair[] {
  const kept: Pair[] = [];
  for (const pair of pairs) {
    if (!a.touchesLeftovers(pair.a) && !b.touchesLeftovers(pair.b)) kept.push(pair);
    else if (resourceItems(pair.a) && resourceItems(pair.b)) {
      const count = Math.min(
        resourceItems(ownItems(pair.a, a.made))!.length,
        resourceItems(ownItems(pair.b, b.made))!.length,
      );
      kept.push({ ...pair, a: ownItems(pair.a, a.made, count), b: ownItems(pair.b, b.made, count) });
    }
  }
  return kept;
}
