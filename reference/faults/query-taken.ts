import type { RuleId } from '../../contracts/rules/rule-ids.js';
import type { Plugs } from './points.js';
import { takesRequestsBreaking } from './request-accepting.js';

// Faults that take a query value past its stated length, count or pattern as given and filter
// by it: a product_id of 51 characters that then lists no plan, statuses that list no
// subscription, a filter or fields value served as if it held. Such an answer was once taken as
// "a filter that matches nothing"; it takes a value the spec rules out, and must be caught. Each
// stops the validator enforcing its rule, as a request-accepting fault does
// (faults/request-accepting.ts: the value is taken as given); it is listed here, under its own
// name, because a hand fault covers the same rule another way. (plan_ids has none: 71 well-formed
// ids are more than its 1890 characters, so only shorter ids break the count alone;
// plan-ids-71-ignored and plan-ids-71-taken prove that rule.)

export interface QueryTakenFault {
  name: string;
  rule: RuleId;
  description: string;
  at: Plugs;
}

const fault = (rule: RuleId, what: string): QueryTakenFault => ({
  // billing.list-plans.product_id.length -> list-plans-product-id-length-taken
  name: `${rule.replace(/^billing\./, '').replace(/[._]/g, '-')}-taken`,
  rule,
  description: `${what} is taken as given and applied (a filter that then matches nothing), not refused.`,
  at: takesRequestsBreaking(rule),
});

export const QUERY_TAKEN_FAULTS: readonly QueryTakenFault[] = [
  fault('billing.list-plans.product_id.length', 'List plans: a product_id outside 6..50 characters'),
  fault('billing.list-subscriptions.statuses.length', 'List subscriptions: a statuses filter outside 1..70 characters'),
  fault(
    'billing.list-subscriptions.statuses.pattern',
    'List subscriptions: a statuses filter outside its pattern (lower case)',
  ),
  fault('billing.list-subscriptions.filter.length', 'List subscriptions: a filter of more than 100 characters'),
  fault('billing.show-subscription.fields.length', 'Show subscription: a fields value of more than 100 characters'),
  fault(
    'billing.show-subscription.fields.pattern',
    'Show subscription: a fields value naming something else than plan and last_failed_payment',
  ),
];
