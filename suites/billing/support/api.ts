// The billing API as the checks call it: its paths, sending a create (with the retirement of
// what it made), reading a plan or a subscription back, reading a list page by page, and telling
// an acceptance from a refusal. Fixtures built on these are in fixtures.ts, the bodies they send
// in setup-bodies.ts, how a read-back is compared with what was written in documents.ts.

import type { CheckContext } from '../../../harness/check.js';
import { describeStatus, preview } from '../../../harness/describe.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { ANOTHER_RESOURCE } from '../../../harness/read-back-signs.js';
import { cancelSubscriptionLater, retirePlanLater } from './cleanup.js';
import { AnotherResource, anotherResource, type Kind, noteCreated } from './same-resource.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';
import { ruleById } from '../../../contracts/rules/index.js';
import { isObject, type JsonObject } from '../../../contracts/json-value.js';

export const PLANS = '/v1/billing/plans';
export const SUBSCRIPTIONS = '/v1/billing/subscriptions';

export function planPath(id: string, action?: string): string {
  return `${PLANS}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

export function subscriptionPath(id: string, action?: string): string {
  return `${SUBSCRIPTIONS}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export { isObject, type JsonObject };

export function is2xx(reply: Pick<Reply, 'status'>): boolean {
  return reply.status >= 200 && reply.status <= 299;
}

export function is4xx(reply: Pick<Reply, 'status'>): boolean {
  return reply.status >= 400 && reply.status <= 499;
}

export type Outcome = 'accepted' | 'refused';

/**
 * 2xx is an acceptance, 4xx a refusal. Anything else (a 5xx, a redirect) leaves no verdict to
 * draw on the rule at hand: the check errors with the exchange as evidence. So does a 429: rate
 * limiting is no refusal of the request's content.
 */
export function outcomeOf(reply: Reply, what: string): Outcome {
  if (is2xx(reply)) return 'accepted';
  if (is4xx(reply)) return 'refused';
  throw new CheckSetupError(`${what}: answered ${reply.status}, neither an acceptance nor a refusal`, [reply.exchange]);
}

/**
 * Judges the answer to a valid request: `expected` is the success status the spec names. A
 * different success status fails `statusRule`; a refusal (or a 5xx) of a request that breaks no
 * stated rule fails `refusedRule`, the rule of the limit the request sits at (or the status rule).
 */
export function expectAccepted(
  ctx: CheckContext,
  reply: Reply,
  expected: number,
  rules: { status: RuleId; refused?: RuleId },
  what: string,
  more: Exchange[] = [],
): void {
  if (reply.status === expected) {
    // The answer shows the status, and a request the spec allows taken; what a patch does shows
    // only on its read-back, which credits a patch rule there.
    if (ruleById(rules.status)?.kind === 'status-code') ctx.credit(rules.status, reply, `status ${reply.status}`);
    if (rules.refused && ruleById(rules.refused)?.kind !== 'patch')
      ctx.credit(rules.refused, reply, `a valid request taken (${reply.status})`);
    return;
  }
  const refused = !is2xx(reply);
  ctx.fail({
    rule: refused ? (rules.refused ?? rules.status) : rules.status,
    message: refused
      ? `${what}: a valid request was not accepted`
      : `${what}: answered ${reply.status} instead of ${expected}`,
    expected: `status ${expected}`,
    received: describeStatus(reply),
    exchanges: [...more, reply.exchange],
  });
}

function idOf(reply: Reply): string | undefined {
  const id = isObject(reply.json) ? reply.json.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** The Platform-Request-Id among `headers`, whatever the case of its name. */
function keyOf(headers: Record<string, string>): string | undefined {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'platform-request-id')?.[1];
}

/** Sends a create plan; on success registers the plan's retirement, and what it sent (same-resource.ts). */
export async function sendCreatePlan(
  ctx: CheckContext,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ reply: Reply; id?: string }> {
  const reply = await ctx.billingSend('POST', PLANS, { json: body, headers });
  const id = is2xx(reply) ? idOf(reply) : undefined;
  if (id) {
    retirePlanLater(ctx, id);
    noteCreated(ctx, 'plan', id, body, keyOf(headers));
  }
  return { reply, ...(id ? { id } : {}) };
}

/** Sends a create subscription; on success registers its cancellation, and what it sent. */
export async function sendCreateSubscription(
  ctx: CheckContext,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ reply: Reply; id?: string }> {
  const reply = await ctx.billingSend('POST', SUBSCRIPTIONS, { json: body, headers });
  const id = is2xx(reply) ? idOf(reply) : undefined;
  if (id) {
    cancelSubscriptionLater(ctx, id);
    noteCreated(ctx, 'subscription', id, body, keyOf(headers));
  }
  return { reply, ...(id ? { id } : {}) };
}

/** The longest URL the spec promises a list subscriptions request may have (billing.md, Limits). */
export const URL_LIMIT = 2000;

type QueryValues = Record<string, string | number | boolean | undefined>;

/**
 * A path with its query written in, commas left as they are: RFC 3986 allows them in a query,
 * while the client's URLSearchParams sends %2C, which takes a 70-id plan_ids filter past the
 * 2000 characters the spec allows.
 */
function withQuery(path: string, query: QueryValues): string {
  const text = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value)).replace(/%2C/gi, ',')}`)
    .join('&');
  return text ? `${path}?${text}` : path;
}

/**
 * The length of the URL sendQuery sends for `path` and `query` (to keep a query within URL_LIMIT
 * before sending it).
 */
export function queryUrlLength(ctx: CheckContext, path: string, query: QueryValues): number {
  return ctx.http.urlFor(withQuery(path, query)).toString().length;
}

/** A GET with its query written into the path (withQuery). Returns the reply and the length of the URL sent. */
export async function sendQuery(
  ctx: CheckContext,
  path: string,
  query: QueryValues,
): Promise<{ reply: Reply; urlLength: number }> {
  return { reply: await ctx.billingSend('GET', withQuery(path, query)), urlLength: queryUrlLength(ctx, path, query) };
}

function isDocument(reply: Reply): boolean {
  return reply.status === 200 && isObject(reply.json);
}

/** The request line of an exchange, its path without the origin. */
function requestLine(reply: Reply): string {
  const { method, url } = reply.exchange.request;
  return `${method} ${url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')}`;
}

/** The document a read-back answered: a setup error when there is none, AnotherResource when it is another one. */
function asDocument(
  ctx: CheckContext,
  reply: Reply,
  kind: Kind,
  id: string,
  judged: readonly string[] = [],
): JsonObject {
  if (!isDocument(reply)) {
    const body =
      reply.status !== 200
        ? ''
        : reply.json === undefined
          ? ', a body that is not JSON'
          : ', a body that is not a JSON object';
    throw new CheckSetupError(`could not read back ${kind} ${id}: answered ${reply.status}${body}`, [reply.exchange]);
  }
  const other = anotherResource(ctx, kind, id, reply.json as JsonObject, judged);
  if (other) throw new AnotherResource(other.what, `${requestLine(reply)}: ${other.detail}`, [reply.exchange]);
  return reply.json as JsonObject;
}

/**
 * Ends the check (AnotherResource) when `reply`, a show of the `kind` with `id` that answered a
 * document, is about another resource: for a show the check judges itself (its status, its shape).
 */
export function expectAboutIt(ctx: CheckContext, kind: Kind, id: string, reply: Reply): void {
  if (isDocument(reply)) asDocument(ctx, reply, kind, id);
}

/**
 * Why the answer to a create the check just sent, when it shows a resource, is about another one
 * (the same id given to two creates, another name than sent: a canned example); undefined when it
 * is the one sent, or shows too little to tell. A rule judged on that answer is not judged then.
 */
export function createAnsweredAnother(ctx: CheckContext, kind: Kind, reply: Reply): string | undefined {
  if (!is2xx(reply) || !isObject(reply.json) || typeof reply.json.id !== 'string') return undefined;
  const other = anotherResource(ctx, kind, reply.json.id, reply.json);
  // said as a read-back about another resource says it: the diagnosis counts such checks
  return other ? `${ANOTHER_RESOURCE}: ${other.what} (${other.detail})` : undefined;
}

/** A read that settles once it shows `shows`, or at once when it is about another resource (nothing to wait for). */
function settledOrOther(
  ctx: CheckContext,
  kind: Kind,
  id: string,
  shows: Shows | undefined,
  judged: readonly string[] = [],
): (reply: Reply) => boolean {
  return (reply) => {
    if (!isDocument(reply)) return false;
    const doc = reply.json as JsonObject;
    return anotherResource(ctx, kind, id, doc, judged) !== undefined || (shows?.(doc) ?? true);
  };
}

/**
 * What a read-back expects to see: the resource (always: the check made it), and, after a write
 * the check expects to have taken, `shows` of what it wrote. A server may show a write a moment
 * later: the read is retried for up to --settle-ms (CheckContext.settle). A read that expects
 * nothing to have changed passes no `shows`: what it finds is judged at once. A read that never
 * finds the resource is an error of the check's setup, not a verdict.
 */
export type Shows = (doc: JsonObject) => boolean;

/**
 * Shows a plan (200 expected: the show-plan checks own that rule; here it is a read-back).
 * `judges`: members the check's own rule is about (shown as created): no evidence of another plan.
 */
export async function readPlan(
  ctx: CheckContext,
  id: string,
  shows?: Shows,
  judges: readonly string[] = [],
): Promise<{ doc: JsonObject; reply: Reply }> {
  const reply = await ctx.settle(
    shows ? 'the write in show plan' : 'the plan in show plan',
    () => ctx.billingSend('GET', planPath(id)),
    settledOrOther(ctx, 'plan', id, shows, judges),
  );
  return { doc: asDocument(ctx, reply, 'plan', id, judges), reply };
}

/** Shows a subscription, with `fields: 'plan'` when the plan terms are wanted. */
export async function readSubscription(
  ctx: CheckContext,
  id: string,
  options: { fields?: string; shows?: Shows } = {},
): Promise<{ doc: JsonObject; reply: Reply }> {
  const { fields, shows } = options;
  const reply = await ctx.settle(
    shows ? 'the write in show subscription' : 'the subscription in show subscription',
    () => ctx.billingSend('GET', subscriptionPath(id), fields ? { query: { fields } } : {}),
    settledOrOther(ctx, 'subscription', id, shows),
  );
  return { doc: asDocument(ctx, reply, 'subscription', id), reply };
}

/** The items of a list answer (`plans`, `subscriptions`, `transactions`), or undefined. */
export function itemsOf(reply: Reply, key: string): JsonObject[] | undefined {
  const items = isObject(reply.json) ? reply.json[key] : undefined;
  return Array.isArray(items) ? (items as unknown[]).filter(isObject) : undefined;
}

/** Ids of list items, in order. */
export function idsOf(items: readonly JsonObject[]): string[] {
  return items.map((item) => String(item.id));
}

/** A list page read as a setup step: 200 with the item array expected. */
export async function readPage(
  ctx: CheckContext,
  path: string,
  key: string,
  query: Record<string, string | number | boolean>,
  headers: Record<string, string> = {},
): Promise<{ items: JsonObject[]; reply: Reply }> {
  const reply = await ctx.billingSend('GET', path, { query, headers });
  const items = reply.status === 200 ? itemsOf(reply, key) : undefined;
  if (!items) throw new CheckSetupError(`could not list ${key}: answered ${reply.status}`, [reply.exchange]);
  return { items, reply };
}

/**
 * Every item of a list, page by page (page_size 20), until a short or empty page. Stops after
 * `maxPages` (a server that never ends its list is the pagination checks' concern).
 */
export async function readAll(
  ctx: CheckContext,
  path: string,
  key: string,
  query: Record<string, string | number | boolean>,
  opts: { headers?: Record<string, string>; maxPages?: number } = {},
): Promise<{ items: JsonObject[]; replies: Reply[] }> {
  const items: JsonObject[] = [];
  const replies: Reply[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= (opts.maxPages ?? 500); page += 1) {
    const read = await readPage(ctx, path, key, { ...query, page_size: 20, page }, opts.headers);
    replies.push(read.reply);
    for (const item of read.items) {
      // a page that moved under concurrent creation may repeat an item: count each once
      const id = String(item.id);
      if (!seen.has(id)) {
        seen.add(id);
        items.push(item);
      }
    }
    if (read.items.length < 20) break;
  }
  return { items, replies };
}

/** Subscriptions of one plan (every page). */
export async function subscriptionsOf(
  ctx: CheckContext,
  planId: string,
): Promise<{ items: JsonObject[]; replies: Reply[] }> {
  return readAll(ctx, SUBSCRIPTIONS, 'subscriptions', { plan_ids: planId });
}

/**
 * A read-back a check can do without (what an operation left, read from a list): its value, or
 * why it could not be read (a route the target lacks, a refusal) for the check to note and go
 * on without that judgement. An answer about another resource is no such reason: it ends the check.
 */
export async function readIfServed<T>(read: () => Promise<T>): Promise<{ value: T } | { unread: string }> {
  try {
    return { value: await read() };
  } catch (error) {
    if (!(error instanceof CheckSetupError) || error instanceof AnotherResource) throw error;
    return { unread: error.message };
  }
}

/** Short JSON for expected/received lines. */
export function brief(value: unknown, max = 160): string {
  return value === undefined ? '(absent)' : preview(value, max);
}

const noted = new WeakMap<CheckContext, Set<string>>();

/**
 * Records an observation once per check: properties and model runs repeat the same sighting
 * many times, and the report should list each thing seen once.
 */
export function noteOnce(ctx: CheckContext, text: string): void {
  const seen = noted.get(ctx) ?? new Set<string>();
  noted.set(ctx, seen);
  if (seen.has(text)) return;
  seen.add(text);
  ctx.observe(text);
}
