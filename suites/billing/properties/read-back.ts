// What a show answer must give back of what a create sent: every member sent, with the value
// sent, allowing only what the spec leaves to the server. Not a check file: read-back.check.ts
// and responses.check.ts use it.
//
// Allowed: members the server adds (objects are never closed); decimal text written in another
// form of the same amount (Money value, percentage, tier quantities, quantity: "decimal
// amount", "decimal text", not a fixed notation); a date_time written in another form of the
// same instant, to the precision shown ("fractional seconds optional"); text in another
// canonically equivalent form (variant text-nfc); a member whose fields are "not shown"
// (merchant_preferences) left out, whole or in part, though what it does show of what was sent
// must be what was sent; a deprecated member (auto_renewal) not acted on.

import { sameLeaf } from '../../../contracts/written-shown.js';
import { isObject } from '../support/api.js';

/** One member that does not read back as sent. */
export interface Difference {
  /** Where, dotted, with array items named by their key (`billing_cycles[sequence=2].total_cycles`). */
  path: string;
  sent: unknown;
  shown: unknown;
}

export interface ReadBackOptions {
  /** Members (dotted paths without array keys) whose absence from the answer, or their members', is allowed. */
  mayBeAbsent?: readonly string[];
  /** Members (same form) never compared, with all they hold: request-only members, or shown in another shape. */
  ignored?: readonly string[];
}

/** Arrays whose items are matched by a member rather than by position. */
const KEYED_ARRAYS: Readonly<Record<string, string>> = { billing_cycles: 'sequence' };

/** The dotted path without array keys, as the options name members. */
const plainPath = (path: string) => path.replace(/\[[^\]]*\]/g, '');

/** Whether `path` is one of `members` or lies within one. */
const within = (path: string, members: readonly string[] | undefined) =>
  (members ?? []).some((m) => path === m || path.startsWith(`${m}.`));

/** Every member of `sent` that `shown` does not give back as sent. */
export function differences(sent: unknown, shown: unknown, options: ReadBackOptions = {}, path = ''): Difference[] {
  const member =
    path
      .replace(/\[[^\]]*\]$/, '')
      .split('.')
      .pop() ?? '';
  if (within(plainPath(path), options.ignored)) return [];
  if (shown === undefined) return within(plainPath(path), options.mayBeAbsent) ? [] : [{ path, sent, shown }];
  if (Array.isArray(sent)) {
    if (!Array.isArray(shown)) return [{ path, sent, shown }];
    const key = KEYED_ARRAYS[member];
    if (key === undefined && shown.length !== sent.length) return [{ path, sent, shown }];
    return sent.flatMap((item, index) => {
      if (key === undefined) return differences(item, shown[index], options, `${path}[${index}]`);
      const id = isObject(item) ? item[key] : undefined;
      const match: unknown = shown.find((candidate) => isObject(candidate) && candidate[key] === id);
      return differences(item, match, options, `${path}[${key}=${String(id)}]`);
    });
  }
  if (isObject(sent)) {
    if (!isObject(shown)) return [{ path, sent, shown }];
    return Object.entries(sent).flatMap(([name, value]) =>
      differences(value, shown[name], options, path ? `${path}.${name}` : name),
    );
  }
  return sameLeaf(member, sent, shown) ? [] : [{ path, sent, shown }];
}

/** The options with the members of `broken` left out of the comparison (shapeBroken). */
export function leavingOut(options: ReadBackOptions, broken: readonly string[]): ReadBackOptions {
  return broken.length === 0 ? options : { ...options, ignored: [...(options.ignored ?? []), ...broken] };
}

/** The members of `required` that `shown` lacks. */
export function missingMembers(shown: unknown, required: readonly string[]): string[] {
  return required.filter((name) => !isObject(shown) || shown[name] === undefined || shown[name] === null);
}

/** Members a plan always has (billing.md, Plan: required on create, or set by the service). */
export const PLAN_MEMBERS = [
  'id',
  'product_id',
  'name',
  'status',
  'billing_cycles',
  'payment_preferences',
  'create_time',
  'update_time',
  'links',
] as const;

/** Members a subscription always has (billing.md, Subscription: required on create, or "response"). */
export const SUBSCRIPTION_MEMBERS = ['id', 'plan_id', 'status', 'create_time', 'update_time', 'links'] as const;

/** What a plan's read-back compares: merchant_preferences' fields are not shown. */
export const PLAN_READ_BACK: ReadBackOptions = { mayBeAbsent: ['merchant_preferences'] };

/**
 * What a subscription's read-back compares: application_context is a request member (the
 * Subscription table gives it no response role); a card is answered as name, last_digits,
 * brand and expiry, never as sent (the card checks compare those); auto_renewal is "DEPRECATED"
 * (a server may take it and no longer act on it).
 */
export const SUBSCRIPTION_READ_BACK: ReadBackOptions = {
  ignored: ['application_context', 'subscriber.payment_source', 'auto_renewal'],
};

/** One line for a failure: the first differences, each as path: sent -> shown. */
export function describeDifferences(list: readonly Difference[], brief: (value: unknown) => string): string {
  const shown = list.slice(0, 4).map((d) => `${d.path}: sent ${brief(d.sent)}, shown ${brief(d.shown)}`);
  return `${shown.join('; ')}${list.length > 4 ? `; and ${list.length - 4} more` : ''}`;
}
