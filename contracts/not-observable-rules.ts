// MUST rules that a black-box client cannot observe through the API within a run, each with
// the reason. A certifier reads this list: an entry is a rule no check can pass or fail, so it
// is never counted as verified; the report shows it skipped with the reason and it does not
// gate the verdict. Keep it short: a rule a check can observe does not belong here (the catalog
// test refuses an entry that a check names or a contract a check validates enforces).

import type { Rule } from './rule.js';
import { SCHEMA_IDS as S } from './schema-ids.js';

const QUERY_IS_PAIRS =
  'a query string (or a header set) is always a set of name=value pairs: no request can carry one that is not an object';
const QUERY_VALUE_IS_TEXT =
  'every query parameter and header value is text (a list is comma-separated text): no request can carry a value that is not a string';

/** Rule id -> why no request and no response of a run can show whether it holds. */
export const NOT_OBSERVABLE_RULES: Readonly<Record<string, string>> = {
  'billing.limits.idempotency-retention-72h':
    'the retention is a span of 72 hours and a run lasts minutes: a key can only be repeated seconds apart, which shows the key honoured (the idempotency-key rules), not kept for 72 hours',
  'billing.update-subscription.price-update-10-days':
    'the effect shows only when the billing cycles of the next 10 days are billed, days after the run; and which subscriptions are account-funded is not shown',
  'billing.patch.add-inserts-at-index':
    'no patchable path takes add at an array index (plans take replace only; subscriptions take add only on custom_id, fixed_price, taxes, shipping_amount and shipping_address, none an array item), so every such add is refused before it could insert',
  'billing.patch.value.unused':
    'remove, move and copy are refused on every path of both resources (plans take replace only, subscriptions add and replace), so no accepted operation can show whether its value member had an effect',
  'billing.application_context.shipping_preference.default':
    'the shipping preference changes only what the approval pages offer the subscriber; no response member shows it, so GET_FROM_FILE cannot be told from another preference',
  'billing.card.attributes.verification.method.default':
    "the verification method decides only how the card is authenticated with its network; the subscription's payment_source.card shows name, last_digits, brand, expiry and attributes.vault, never the method, so the default cannot be told from another",
  'billing.stored_credential.usage.default':
    "the subscription's payment_source.card shows no stored_credential, and no operation answers a card_response, so the usage a card was taken with is never shown",
  'billing.list-plans.total_required.type':
    'the spec states that total_required is a boolean, not what a server does with another value: refusing total_required=maybe, reading it as true and reading it as false are all legal, and an answer shows nothing beyond what true or false would show',
  'billing.list-subscriptions.filter.operators':
    'the filter grammar (member names, literal syntax) is not shown, only its operators: there is no expression a server is bound to accept',
  'assignees.check.no-content':
    'a 204 answer ends with its header section (RFC 9110, 204 No Content: it cannot contain content), so a client never receives a body with it: bytes a server sends after it are dropped, or break the connection before any answer is read',
  'billing.list-plans.query.type': QUERY_IS_PAIRS,
  'billing.list-subscriptions.query.type': QUERY_IS_PAIRS,
  'billing.show-subscription.query.type': QUERY_IS_PAIRS,
  'billing.list-transactions.query.type': QUERY_IS_PAIRS,
  'billing.create-subscription.headers.type': QUERY_IS_PAIRS,
  'assignees.list.query.type': QUERY_IS_PAIRS,
  'billing.list-plans.product_id.type': QUERY_VALUE_IS_TEXT,
  'billing.list-subscriptions.plan_ids.type': QUERY_VALUE_IS_TEXT,
  'billing.list-subscriptions.statuses.type': QUERY_VALUE_IS_TEXT,
  'billing.list-subscriptions.filter.type': QUERY_VALUE_IS_TEXT,
  'billing.list-subscriptions.customer_ids.type': QUERY_VALUE_IS_TEXT,
  'billing.list-subscriptions.customer_ids.items-type': QUERY_VALUE_IS_TEXT,
  'billing.show-subscription.fields.type': QUERY_VALUE_IS_TEXT,
  'billing.create-subscription.client_metadata_id.type': QUERY_VALUE_IS_TEXT,
};

const CARD_ONLY =
  'only a card (request) or a card_response holds it, and no operation carries either (see the card and card_response contracts)';
const UNUSED_SHARED_TYPE = 'a shared value type that no member of any billing operation is stated to have';
const NOT_CARRIED = 'no operation of billing.md takes or returns it (capture answers an empty object; transactions carry their own status)';

/**
 * Contracts that no operation of the spec takes or returns, with the reason: every rule that
 * relates only to such contracts is not observable.
 */
export const NOT_OBSERVABLE_CONTRACTS: Readonly<Record<string, string>> = {
  [S.cardResponse]:
    "no operation of billing.md returns a card_response: the subscriber's payment_source.card in subscription responses has its own member list (subscriber.json, which the checks validate)",
  [S.cardVaultResponse]: CARD_ONLY,
  [S.authenticationResponse]: CARD_ONLY,
  [S.binDetails]: CARD_ONLY,
  [S.balanceResponse]: NOT_CARRIED,
  [S.captureStatus]: NOT_CARRIED,
  [S.captureStatusDetails]: NOT_CARRIED,
  [S.capability]: 'no operation of billing.md takes or returns a Capability or its Networks',
  [S.network]: 'no operation of billing.md takes or returns a Capability or its Networks',
  [S.dateNoTime]: UNUSED_SHARED_TYPE,
  [S.currencyDecimalPrecision]: UNUSED_SHARED_TYPE,
  [S.description]: UNUSED_SHARED_TYPE,
  [S.denominationType]: UNUSED_SHARED_TYPE,
  [S.urlDetails]: UNUSED_SHARED_TYPE,
};

/** Why `rule` cannot be observed through the API, or undefined when it can. */
export function notObservableReason(rule: Pick<Rule, 'id' | 'contracts'>): string | undefined {
  const own = NOT_OBSERVABLE_RULES[rule.id];
  if (own !== undefined) return own;
  if (rule.contracts.length === 0 || !rule.contracts.every((c) => c in NOT_OBSERVABLE_CONTRACTS)) return undefined;
  return [...new Set(rule.contracts.map((c) => NOT_OBSERVABLE_CONTRACTS[c]))].join('; ');
}
