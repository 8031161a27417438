import { unescapeToken } from '../contracts/json-pointer.js';
import { conformanceDifferences, type RunFailures } from './conformance.js';
import { jsonDiff, type Difference } from './json-diff.js';
import type { Noise } from './noise.js';
import type { Pair, Parting, SideExchange } from './pairs.js';
import { ResourceCorrespondence } from './same-resources.js';
import { isObject } from '../contracts/json-value.js';

// Where the two sides answered the same request differently, beyond the noise: grouped by kind
// and operation, so a hundred list-order differences read as one line with a count and one
// example (the request, and both answers). Where one of the two answers breaks a rule, the
// difference is a `conformance` one, grouped by rule and by the side that breaks it; the other
// kinds are where both answers may conform.

export type DivergenceKind =
  | 'conformance'
  | 'status'
  | 'transition'
  | 'error-body'
  | 'member-presence'
  | 'default'
  | 'value'
  | 'list-order'
  | 'body'
  | 'sequence';

export interface AnswerExcerpt {
  status: number;
  body: string;
}

export interface Divergence {
  kind: DivergenceKind;
  operation: string;
  /** How many exchanges diverged this way. */
  count: number;
  /** The example: the request as side A sent it, and both answers. */
  request: { method: string; url: string; body?: string };
  a?: AnswerExcerpt;
  b?: AnswerExcerpt;
  /** The check that sent the example. */
  check: string;
  /** The members that differ (patterns, at most a few), for the kinds about members. */
  members?: string[];
  /** A conformance difference: the rule one answer breaks, its level, and the side that breaks it. */
  rule?: string;
  level?: 'MUST' | 'SHOULD';
  brokenBy?: 'a' | 'b';
  /** What the breaking answer shows. */
  message?: string;
}

/** The list member of each list operation's answer ('' : the answer is the list). */
const LISTS: Readonly<Record<string, string>> = {
  'list plans': '/plans',
  'list subscriptions': '/subscriptions',
  'list transactions': '/transactions',
  'list assignees': '',
};

/** Operations whose outcome depends on the source state, which the spec leaves open. */
const STATE_ACTIONS = new Set([
  'activate plan',
  'deactivate plan',
  'suspend subscription',
  'cancel subscription',
  'activate subscription',
  'capture payment',
  'revise subscription',
]);
const EXCERPT = 2000;
const MEMBERS_SHOWN = 8;

const excerpt = (side: SideExchange): AnswerExcerpt => ({
  status: side.status,
  body: side.responseBody.length > EXCERPT ? `${side.responseBody.slice(0, EXCERPT)}…` : side.responseBody,
});

/** Every member name a request body holds, at any depth. */
function memberNames(json: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(json)) for (const item of json) memberNames(item, into);
  else if (isObject(json)) {
    for (const [key, value] of Object.entries(json)) {
      into.add(key);
      memberNames(value, into);
    }
  }
  return into;
}

/** Whether the request named the member the answers differ in (else the server chose it: a default). */
function requestNamed(named: ReadonlySet<string>, pattern: string): boolean {
  const last = pattern
    .split('/')
    .filter((part) => part !== '*')
    .pop();
  return last !== undefined && named.has(unescapeToken(last));
}

function kindOf(difference: Difference, named: ReadonlySet<string>): DivergenceKind {
  if (difference.kind === 'order') return 'list-order';
  if (difference.kind === 'only-a' || difference.kind === 'only-b') return 'member-presence';
  if (/\/status$/.test(difference.pattern)) return 'transition';
  return requestNamed(named, difference.pattern) ? 'value' : 'default';
}

/** The kinds one pair diverges in, with the members of each. */
function pairDivergences(pair: Pair, noise: Noise): Map<DivergenceKind, string[]> {
  const { a, b } = pair;
  const out = new Map<DivergenceKind, string[]>();
  if (a.status !== b.status) {
    // Taken on one side and refused on the other, where the spec leaves the source states open.
    const takenOnOneSide = a.status < 300 !== b.status < 300;
    if (!noise.statuses.has(a.operation))
      out.set(STATE_ACTIONS.has(a.operation) && takenOnOneSide ? 'transition' : 'status', []);
    return out;
  }
  if (a.responseJson !== undefined && b.responseJson !== undefined) {
    const differences = jsonDiff(a.responseJson, b.responseJson, noise.members.get(a.operation) ?? new Set());
    if (differences.length === 0) return out;
    if (a.status >= 400) {
      out.set(
        'error-body',
        differences.map((difference) => difference.pattern),
      );
      return out;
    }
    // Both sides have the same history and got the same query: a page that holds other items
    // is another list order (the spec states none), whatever member of the items tells it.
    const list = LISTS[a.operation];
    const named = memberNames(a.requestJson);
    for (const difference of differences) {
      const inList = list !== undefined && (difference.pattern === list || difference.pattern.startsWith(`${list}/*`));
      const kind = inList ? 'list-order' : kindOf(difference, named);
      out.set(kind, [...new Set([...(out.get(kind) ?? []), inList ? list : difference.pattern])]);
    }
    return out;
  }
  if (a.responseBody !== b.responseBody && !noise.bodies.has(a.operation))
    out.set(a.status >= 400 ? 'error-body' : 'body', []);
  return out;
}

export function findDivergences(
  pairs: readonly Pair[],
  partings: readonly Parting[],
  noise: Noise,
  failures?: { a: RunFailures; b: RunFailures },
): Divergence[] {
  const groups = new Map<string, Divergence & { memberSet: Set<string> }>();
  const note = (
    kind: DivergenceKind,
    operation: string,
    check: string,
    example: SideExchange,
    a: SideExchange | undefined,
    b: SideExchange | undefined,
    members: readonly string[],
    broken?: Pick<Divergence, 'rule' | 'level' | 'brokenBy' | 'message'>,
  ): void => {
    const key = broken ? `${kind} ${operation} ${broken.rule} ${broken.brokenBy}` : `${kind} ${operation}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      for (const member of members) group.memberSet.add(member);
      return;
    }
    groups.set(key, {
      kind,
      operation,
      count: 1,
      request: {
        method: example.method,
        url: example.url,
        ...(example.requestBody !== undefined ? { body: example.requestBody } : {}),
      },
      ...(a ? { a: excerpt(a) } : {}),
      ...(b ? { b: excerpt(b) } : {}),
      check,
      memberSet: new Set(members),
      ...broken,
    });
  };
  const resources = new ResourceCorrespondence(pairs);
  // A check whose answers diverged may then take another path: that is a consequence, not news.
  const diverged = new Set<string>();
  for (const pair of pairs) {
    if (!resources.comparable(pair)) {
      diverged.add(pair.check);
      continue;
    }
    const kinds = pairDivergences(pair, noise);
    if (kinds.size === 0) continue;
    diverged.add(pair.check);
    // One answer breaks a rule: that says what the difference is, whatever else differs.
    const broken = failures ? conformanceDifferences(pair, failures) : [];
    for (const { side, ...rule } of broken)
      note('conformance', pair.a.operation, pair.check, pair.a, pair.a, pair.b, [], { ...rule, brokenBy: side });
    if (broken.length === 0)
      for (const [kind, members] of kinds) note(kind, pair.a.operation, pair.check, pair.a, pair.a, pair.b, members);
  }
  for (const parting of partings) {
    if (diverged.has(parting.check)) continue;
    const example = parting.a ?? parting.b!;
    note('sequence', example.operation, parting.check, example, parting.a, parting.b, []);
  }
  return [...groups.values()]
    .map(({ memberSet, ...divergence }) => ({
      ...divergence,
      ...(memberSet.size > 0 ? { members: [...memberSet].sort().slice(0, MEMBERS_SHOWN) } : {}),
    }))
    .sort(
      (x, y) =>
        Number(y.kind === 'conformance') - Number(x.kind === 'conformance') ||
        x.kind.localeCompare(y.kind) ||
        y.count - x.count ||
        x.operation.localeCompare(y.operation),
    );
}
