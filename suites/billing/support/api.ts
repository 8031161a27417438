// The few billing requests the lifecycle commands share, and how they read an answer. A
// command acts through these so that each command file shows only its operation and what the
// spec says of it.

import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';

export const PLANS = '/v1/billing/plans';
export const SUBSCRIPTIONS = '/v1/billing/subscriptions';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function planPath(id: string, action?: string): string {
  return `${PLANS}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

export function subscriptionPath(id: string, action?: string): string {
  return `${SUBSCRIPTIONS}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

export type Outcome = 'accepted' | 'refused';

/**
 * 2xx is an acceptance, 4xx a refusal. Anything else (a 5xx, a redirect) leaves no verdict to
 * draw on the rule at hand: the check errors with the exchange as evidence. So does a 429: rate
 * limiting is no refusal of the request's content.
 */
export function outcomeOf(reply: Reply, what: string): Outcome {
  if (reply.status >= 200 && reply.status <= 299) return 'accepted';
  if (reply.status >= 400 && reply.status <= 499) return 'refused';
  throw new CheckSetupError(`${what}: answered ${reply.status}, neither an acceptance nor a refusal`, [reply.exchange]);
}

function isDocument(reply: Reply): boolean {
  return reply.status === 200 && typeof reply.json === 'object' && reply.json !== null && !Array.isArray(reply.json);
}

function asObject(reply: Reply, what: string): JsonObject {
  if (!isDocument(reply)) {
    const body = reply.status !== 200 ? '' : reply.json === undefined ? ', a body that is not JSON' : ', a body that is not a JSON object';
    throw new CheckSetupError(`could not read back ${what}: answered ${reply.status}${body}`, [reply.exchange]);
  }
  return reply.json as JsonObject;
}

/**
 * What a read-back expects to see: the resource (always: the check made it), and, after a write
 * the check expects to have taken, `shows` of what it wrote. A server may show a write a moment
 * later: the read is retried for up to --settle-ms (CheckContext.settle). A read that expects
 * nothing to have changed passes no `shows`: what it finds is judged at once.
 */
export type Shows = (doc: JsonObject) => boolean;

/** Shows a plan (200 expected: the show-plan checks own that rule; here it is a read-back). */
export async function readPlan(ctx: CheckContext, id: string, shows?: Shows): Promise<{ plan: JsonObject; reply: Reply }> {
  const reply = await ctx.settle(shows ? 'the write in show plan' : 'the plan in show plan', () => ctx.billingSend('GET', planPath(id)), (r) => isDocument(r) && (shows?.(r.json as JsonObject) ?? true));
  return { plan: asObject(reply, `plan ${id}`), reply };
}

/** Shows a subscription, with `fields=plan` when the plan terms are wanted. */
export async function readSubscription(
  ctx: CheckContext,
  id: string,
  fields?: string,
  shows?: Shows,
): Promise<{ subscription: JsonObject; reply: Reply }> {
  const reply = await ctx.settle(
    shows ? 'the write in show subscription' : 'the subscription in show subscription',
    () => ctx.billingSend('GET', subscriptionPath(id), fields ? { query: { fields } } : {}),
    (r) => isDocument(r) && (shows?.(r.json as JsonObject) ?? true),
  );
  return { subscription: asObject(reply, `subscription ${id}`), reply };
}

/** The member at a dotted path (`payment_preferences.setup_fee`), or undefined. */
export function valueAt(doc: unknown, path: string): Json | undefined {
  let node: unknown = doc;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node as Json;
}

/** The billing cycle with `sequence` among `billing_cycles` of a plan document. */
export function cycleOf(planDoc: unknown, sequence: number): JsonObject | undefined {
  const cycles = valueAt(planDoc, 'billing_cycles');
  if (!Array.isArray(cycles)) return undefined;
  return cycles.find((c): c is JsonObject => typeof c === 'object' && c !== null && !Array.isArray(c) && c.sequence === sequence);
}

/** Members that hold decimal text: "10" and "10.00" are the same amount. */
const DECIMAL_MEMBERS = new Set(['value', 'percentage', 'starting_quantity', 'ending_quantity']);

function sameDecimal(a: string, b: string): boolean {
  if (a === b) return true;
  const pattern = /^-?\d+(\.\d+)?$/;
  return pattern.test(a) && pattern.test(b) && Number(a) === Number(b);
}

/**
 * Whether a read-back shows the value written: the same JSON, decimal text compared as an
 * amount, text compared as canonically equivalent (a server may store it NFC-normalized), and
 * objects compared on the members written (a server may add members of its own).
 */
export function shows(written: unknown, read: unknown, member = ''): boolean {
  if (typeof written === 'string' && typeof read === 'string' && DECIMAL_MEMBERS.has(member)) return sameDecimal(written, read);
  if (typeof written === 'string' && typeof read === 'string') return written.normalize('NFC') === read.normalize('NFC');
  if (Array.isArray(written)) {
    return Array.isArray(read) && read.length === written.length && written.every((item, i) => shows(item, read[i], member));
  }
  if (typeof written === 'object' && written !== null) {
    if (typeof read !== 'object' || read === null || Array.isArray(read)) return false;
    return Object.entries(written).every(([key, value]) => shows(value, (read as Record<string, unknown>)[key], key));
  }
  return written === read;
}

/** A resource as compared for "nothing changed": without its links and its update time. */
export function snapshot(doc: JsonObject): string {
  const { links: _links, update_time: _updated, ...rest } = doc;
  return JSON.stringify(sortKeys(rest));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** Short JSON for expected/received lines. */
export function brief(value: unknown, max = 200): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Observations of one check, each recorded once: a model run repeats the same transitions
 * many times, and the report should list each thing seen once.
 */
export class Observer {
  private readonly seen = new Set<string>();
  constructor(private readonly ctx: CheckContext) {}

  note(text: string): void {
    if (this.seen.has(text)) return;
    this.seen.add(text);
    this.ctx.observe(text);
  }
}
