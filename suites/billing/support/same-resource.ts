// A read-back credits a rule only when it is about the resource the check made (DESIGN.md, "A
// pass is earned"). The tie is evidence, never a shared name or a place in a list: the id the
// create was answered with, shown back; a plan shown with the product its create sent (no update
// changes it); until a write names the resource, the values its create alone sent (a plan's name,
// a subscription's plan_id and custom_id); afterwards a subscription on the plan its create sent
// or on another plan of the same check (a revise may move it). An id the target gave to two
// creates of the check that did not share a Platform-Request-Id tells nothing apart, so a read
// of it is about no one resource.
// A read-back that fails this throws AnotherResource: the billing `check` (check.ts) ends the
// check there with its declared rules not tried, and the diagnosis counts such checks.

import type { CheckContext } from '../../../harness/check.js';
import type { Exchange } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { ANOTHER_RESOURCE } from '../../../harness/read-back-signs.js';
import { sameLeaf } from '../../../contracts/written-shown.js';
import { SCHEMA_IDS, validate } from '../../../contracts/validate.js';

export type Kind = 'plan' | 'subscription';

type Doc = Record<string, unknown>;

/**
 * A read-back about another resource than the one asked for. `what` names the kind of mismatch
 * without ids (the same in every check); `detail` says what was asked and answered.
 */
export class AnotherResource extends CheckSetupError {
  readonly reason: string;

  constructor(
    readonly what: string,
    readonly detail: string,
    exchanges: Exchange[],
  ) {
    super(`${ANOTHER_RESOURCE}: ${what} (${detail})`, exchanges);
    this.name = 'AnotherResource';
    this.reason = this.message;
  }
}

/** The contract of a show answer: a member it finds broken is a broken answer, not another resource. */
const SHOWN: Readonly<Record<Kind, string>> = {
  plan: SCHEMA_IDS.showPlanResponse,
  subscription: SCHEMA_IDS.showSubscriptionResponse,
};

/** The members a create sends that its resource shows back as sent, until a write names it. */
const SENT: Readonly<Record<Kind, readonly string[]>> = {
  plan: ['product_id', 'name'],
  subscription: ['plan_id', 'custom_id'],
};

interface Made {
  kind: Kind;
  /** The Platform-Request-Id the create was sent with. */
  key?: string;
  /** The members of SENT the create sent, with their values. */
  sent: Record<string, string>;
  /** A write named the resource since its create: what it shows may have changed. */
  touched?: boolean;
  /** Another create of the check, with no key in common, was answered with the same id. */
  reused?: boolean;
}

/** Why a read-back is about another resource: `what` without ids (alike in every check), `detail` with them. */
export interface Mismatch {
  what: string;
  detail: string;
}

const madeBy = new WeakMap<CheckContext, Map<string, Made>>();

function made(ctx: CheckContext): Map<string, Made> {
  let map = madeBy.get(ctx);
  if (!map) {
    map = new Map();
    madeBy.set(ctx, map);
  }
  return map;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Records a create the target answered with `id`: what it sent, and whether the id was given before. */
export function noteCreated(ctx: CheckContext, kind: Kind, id: string, request: unknown, key?: string): void {
  const body = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  const known = made(ctx);
  const earlier = known.get(id);
  if (earlier) {
    // the same key may fairly give the first result again; no key, or another one, may not
    if (key === undefined || earlier.key !== key) earlier.reused = true;
    return;
  }
  const sent: Record<string, string> = {};
  for (const member of SENT[kind]) {
    const value = text(body[member]);
    if (value !== undefined) sent[member] = value;
  }
  known.set(id, { kind, ...(key !== undefined ? { key } : {}), sent });
}

/** Records a request of the check: a write marks every resource its path names as changed since created. */
export function noteRequest(ctx: CheckContext, method: string, path: string): void {
  if (['GET', 'HEAD'].includes(method.toUpperCase())) return;
  for (const [id, mine] of made(ctx)) if (!mine.touched && path.includes(id)) mine.touched = true;
}

/** The ids of the plans this check was answered for. */
function plansMade(ctx: CheckContext): Set<string> {
  return new Set([...made(ctx)].filter(([, m]) => m.kind === 'plan').map(([id]) => id));
}

/** The members of `doc` that are evidence: sent, shown as text, not broken, not the check's own verdict. */
function comparableMembers(kind: Kind, mine: Made, doc: Record<string, unknown>, judged: readonly string[]): string[] {
  const broken = new Set(validate(SHOWN[kind], doc).map((violation) => violation.instancePath.split('/')[1]));
  const usable = (m: string) => mine.sent[m] !== undefined && typeof doc[m] === 'string' && !broken.has(m);
  return SENT[kind].filter((m) => usable(m) && !judged.includes(m));
}

/** What the values shown in `doc` (those in `comparable`) say against its being the resource `mine`. */
function valuesAgainst(ctx: CheckContext, mine: Made, comparable: readonly string[], doc: Doc): Mismatch | undefined {
  const kind = mine.kind;
  const differs = (member: string) => comparable.includes(member) && !sameLeaf(member, mine.sent[member], doc[member]);
  const shown = (m: string) => `${m} ${JSON.stringify(doc[m])} (sent ${JSON.stringify(mine.sent[m])})`;
  // no update changes a plan's product
  if (kind === 'plan' && differs('product_id')) {
    const what = 'show plan answered a plan of another product than the one created';
    return { what, detail: `the answer has ${shown('product_id')}` };
  }
  if (!mine.touched) {
    const other = SENT[kind].filter(differs);
    if (other.length === 0) return undefined;
    const what = `show ${kind} answered another ${other.join(' and ')} than its create sent, with no update in between`;
    return { what, detail: `the answer has ${other.map(shown).join(', ')}` };
  }
  // a revise may move a subscription, to another plan of the check
  const planId = String(doc.plan_id);
  if (kind !== 'subscription' || !comparable.includes('plan_id')) return undefined;
  if (planId === mine.sent.plan_id || plansMade(ctx).has(planId)) return undefined;
  const what = 'show subscription answered a subscription of a plan this check never named';
  return { what, detail: `the answer has ${shown('plan_id')}` };
}

/**
 * Why `doc`, read back for the `kind` with `id`, is not about that resource; undefined when it
 * is (or when the check holds no evidence against it). A member the answer's contract finds
 * broken, or one in `judged` (a check whose own rule is that member as sent), is no evidence:
 * the rule it breaks fails in the check that judges it.
 */
export function anotherResource(
  ctx: CheckContext,
  kind: Kind,
  id: string,
  doc: Record<string, unknown>,
  judged: readonly string[] = [],
): Mismatch | undefined {
  if (doc.id !== id) {
    const shown = doc.id === undefined ? 'no id' : `id ${JSON.stringify(doc.id)}`;
    const what = `show ${kind} answered another ${kind} than the one asked for`;
    return { what, detail: `${kind} ${id} was asked for, the answer has ${shown}` };
  }
  const mine = made(ctx).get(id);
  if (!mine) return undefined;
  if (mine.reused) {
    const detail = `${id} was given to two creates of this check that share no Platform-Request-Id`;
    return { what: `create ${kind} answered two creates with the same id`, detail };
  }
  return valuesAgainst(ctx, mine, comparableMembers(kind, mine, doc, judged), doc);
}
