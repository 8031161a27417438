// Subscriptions: create, revise, approve, suspend, activate, capture, list and show.
// One entry a fault: its name, the rule it breaks (its kind is the rule's), what it does, and
// where it plugs in (faults/points.ts).

import { ApiError, unprocessable } from '../http/errors.js';
import { isObject, type JsonObject } from '../http/json.js';
import { randomCode } from '../ids.js';
import { timestamp } from '../time.js';
import { answered, skipsCheckOf, unwrapOne, withoutMember, type FaultPlugin, type Plugs } from './plugin.js';
import type { FieldRefusals } from './points.js';

/** A shipping_address name refused unless it carries `member`: a server that takes one shape of name only. */
function requireShippingName(v: FieldRefusals, field: string, subscriber: JsonObject, member: string): undefined {
  const shipping = subscriber.shipping_address;
  const name = isObject(shipping) ? shipping.name : undefined;
  if (isObject(name) && name[member] === undefined)
    v.fail(`${field}/shipping_address/name/${member}`, 'MISSING_REQUIRED_PARAMETER', `${member} is required.`);
  return undefined;
}

/** A list subscriptions time bound read as absent. */
const ignoresTimeBound = (name: string): Plugs => ({
  'time bound': (bound, facts) => (facts.name === name ? undefined : bound),
});

/** A filter of comparisons of a member with a value (ge, gt, le, lt) joined by and, or. */
const FILTER_EXPRESSION = /^[a-z_.]+ (ge|gt|le|lt) \S+( (and|or) [a-z_.]+ (ge|gt|le|lt) \S+)*$/;

export const SUBSCRIPTION_FAULTS = [
  {
    name: 'subscription-id-no-prefix',
    rule: 'billing.subscription.id.pattern',
    description: 'Subscription ids are issued without the I- prefix.',
    at: { 'new subscription id': () => randomCode(12) },
  },
  {
    name: 'reason-129-accepted',
    rule: 'billing.suspend.reason.length',
    description: 'A suspend reason of 129 characters is accepted.',
    at: { 'suspend reason max': () => 129 },
  },
  {
    name: 'suspend-no-body-accepted',
    rule: 'billing.suspend.reason.required',
    description: 'A suspend with no body at all is carried out (without a reason).',
    at: {
      'body required': (required, { path }) => required && !/\/suspend$/.test(path),
      'reason required': (required, { body }) => required && body !== undefined,
    },
  },
  {
    name: 'capture-note-empty-accepted',
    rule: 'billing.capture.note.length',
    description: 'A capture note of zero characters is accepted.',
    at: { 'capture note min': () => 0 },
  },
  {
    name: 'statuses-71-ignored',
    rule: 'billing.list-subscriptions.statuses.length',
    description:
      'A statuses filter of 71 characters is accepted and ignored (subscriptions of every status are ' + 'listed).',
    at: {
      'statuses filter':
        (read, { text }) =>
        () => {
          const statuses = text(71);
          return statuses === undefined || statuses.length > 70 ? undefined : read();
        },
    },
  },
  {
    name: 'client-metadata-id-37-accepted',
    rule: 'billing.create-subscription.client_metadata_id.length',
    description: 'A Platform-Client-Metadata-Id of 37 characters is accepted.',
    at: { 'Platform-Client-Metadata-Id max': () => 37 },
  },
  {
    name: 'subscription-on-created-plan',
    rule: 'billing.plan-state.created-refuses-subscriptions',
    description: 'A subscription can be created on a plan in state CREATED.',
    at: { 'plan takes subscriptions': (takes, { plan }) => takes || plan.status === 'CREATED' },
  },
  {
    name: 'subscription-on-inactive-plan',
    rule: 'billing.plan-state.inactive-refuses-subscriptions',
    description: 'A subscription can be created on a plan in state INACTIVE.',
    at: { 'plan takes subscriptions': (takes, { plan }) => takes || plan.status === 'INACTIVE' },
  },
  {
    name: 'subscription-created-active',
    rule: 'billing.create-subscription.approval-pending',
    description: 'A new subscription starts ACTIVE instead of APPROVAL_PENDING.',
    at: { 'new subscription status': () => 'ACTIVE' },
  },
  {
    name: 'approve-subscribe-now-approved',
    rule: 'billing.application_context.user_action.default',
    description: 'Approval with user_action SUBSCRIBE_NOW (the default) gives APPROVED instead of ACTIVE.',
    at: { 'approval activates': (activates, { userAction }) => (userAction === 'SUBSCRIBE_NOW' ? false : activates) },
  },
  {
    name: 'subscription-no-approve-link',
    rule: 'billing.create-subscription.approve-link',
    description: 'Subscriptions awaiting approval carry no link with rel approve.',
    at: { 'subscription links': (links) => links.filter((item) => item.rel !== 'approve') },
  },
  {
    name: 'idempotency-subscription-duplicate',
    rule: 'billing.create-subscription.idempotency-key',
    description: 'A repeated Platform-Request-Id on create subscription creates a second subscription.',
    at: { 'idempotency key honoured': (honoured, { scope }) => honoured && scope !== 'create-subscription' },
  },
  {
    name: 'idempotency-capture-duplicate',
    rule: 'billing.capture.idempotency-key',
    description: 'A repeated Platform-Request-Id on capture records a second transaction.',
    at: { 'idempotency key honoured': (honoured, { scope }) => honoured && !scope.startsWith('capture:') },
  },
  {
    name: 'create-subscription-minimal-no-status',
    rule: 'billing.create-subscription.prefer-minimal',
    description: 'The minimal create-subscription answer lacks status.',
    at: { 'minimal subscription': ({ status: _status, ...rest }) => rest },
  },
  {
    name: 'prefer-representation-minimal',
    rule: 'billing.create-subscription.prefer-representation',
    description: 'Prefer: return=representation on create subscription returns only id, status and links.',
    at: { 'create subscription representation': () => false },
  },
  {
    name: 'statuses-filter-ignored',
    rule: 'billing.list-subscriptions.statuses.filters',
    description: 'List subscriptions ignores the statuses filter.',
    at: {
      'statuses filter':
        (_, { text }) =>
        () => {
          text(70);
          return undefined;
        },
    },
  },
  {
    name: 'create-subscription-200',
    rule: 'billing.create-subscription.status-201',
    description: 'Create subscription answers 200 instead of 201.',
    at: answered('create subscription', (reply) => ({ ...reply, status: 200 })),
  },
  {
    name: 'capture-200',
    rule: 'billing.capture.status-202',
    description: 'Capture answers 200 instead of 202.',
    at: answered('capture payment', (reply) => ({ ...reply, status: 200 })),
  },
  {
    name: 'capture-body-not-empty',
    rule: 'billing.capture.response.empty-object',
    description: 'Capture answers 202 with a non-empty object instead of {}.',
    at: answered('capture payment', (reply) => ({ ...reply, body: { status: 'COMPLETED' } })),
  },
  {
    name: 'revise-plan-id-prefix-match',
    rule: 'billing.revise.plan_id.length',
    description: 'Revise reads plan_id by its first 26 characters: a 27-character plan_id is accepted.',
    at: { 'revise plan_id': (planId) => (typeof planId === 'string' ? planId.slice(0, 26) : planId) },
  },
  {
    name: 'revise-quantity-33-accepted',
    rule: 'billing.revise.quantity.length',
    description: 'Revise accepts a quantity of 33 characters.',
    at: { 'revise quantity max': () => 33 },
  },
  {
    name: 'capture-type-prefix-match',
    rule: 'billing.capture.capture_type.length',
    description: 'Capture accepts any capture_type that starts with OUTSTANDING_BALANCE, 25 characters long and more.',
    at: {
      'capture_type checked': (checked, { value }) =>
        checked && !(typeof value === 'string' && value.startsWith('OUTSTANDING_BALANCE')),
    },
  },
  {
    name: 'customer-ids-11-accepted',
    rule: 'billing.list-subscriptions.customer_ids.items',
    description: 'List subscriptions accepts 11 customer_ids.',
    at: { 'customer_ids max': () => 11 },
  },
  {
    name: 'plan-ids-long-url-refused',
    rule: 'billing.list-subscriptions.plan_ids.url-max-2000',
    description: 'List subscriptions refuses a URL longer than 1500 characters with 414.',
    at: {
      'list subscriptions URL': (_, { url }) => {
        if (url.length > 1500)
          throw new ApiError(
            414,
            'URI_TOO_LONG',
            `The request URL has ${url.length} characters; at most 1500 are served.`,
            'validation',
          );
        return undefined;
      },
    },
  },
  {
    name: 'override-unknown-sequence-ignored',
    rule: 'billing.billing_cycle_override.adheres-to-plan',
    description: 'A billing cycle override naming a sequence the plan does not have is ignored instead of refused.',
    at: skipsCheckOf('billing.billing_cycle_override.adheres-to-plan'),
  },
  {
    name: 'override-trial-total-cycles-0-accepted',
    rule: 'billing.billing_cycle_override.total_cycles.trial-finite',
    description: 'A billing cycle override sets total_cycles 0 (infinite) on a TRIAL cycle.',
    at: { 'override total_cycles tenure': () => 'REGULAR' },
  },
  {
    name: 'override-regular-total-cycles-0-refused',
    rule: 'billing.billing_cycle_override.total_cycles.range',
    besideGenerated: true,
    description:
      'A billing cycle override reads total_cycles by the TRIAL rules whatever the cycle: total_cycles 0 ' +
      '(infinite) on the REGULAR cycle is refused.',
    at: { 'override total_cycles tenure': () => 'TRIAL' },
  },
  {
    name: 'subscriber-shipping-address-refused',
    rule: 'billing.subscriber.create-members',
    description: 'Create subscription refuses a subscriber with a shipping_address.',
    at: {
      'subscriber checked': (_, { v, field, subscriber }) => {
        if (subscriber.shipping_address !== undefined)
          v.fail(`${field}/shipping_address`, 'INVALID_PARAMETER_VALUE', 'shipping_address is not accepted here.');
        return undefined;
      },
    },
  },
  {
    name: 'shipping-name-full-name-required',
    rule: 'billing.subscriber.create-members',
    description:
      'Create subscription refuses a shipping_address named by given_name and surname: it reads full_name only ' +
      '(the spec gives "full_name, or given_name and surname").',
    at: {
      'subscriber checked': (_, { v, field, subscriber }) => {
        const shipping = subscriber.shipping_address;
        const name = isObject(shipping) ? shipping.name : undefined;
        if (isObject(name) && name.full_name === undefined)
          v.fail(`${field}/shipping_address/name/full_name`, 'MISSING_REQUIRED_PARAMETER', 'full_name is required.');
        return undefined;
      },
    },
  },
  {
    name: 'subscription-auto-renewal-default-true',
    rule: 'billing.subscription.auto_renewal.default-false',
    description: 'A subscription created without auto_renewal has auto_renewal true.',
    at: { 'new subscription auto_renewal': () => true },
  },
  {
    name: 'subscription-start-time-next-day',
    rule: 'billing.subscription.start_time.default-now',
    description: 'A subscription created without start_time starts a day after its creation.',
    at: { 'new subscription start_time': (_, { now }) => timestamp(new Date(now().getTime() + 86_400_000)) },
  },
  {
    name: 'subscription-quantity-refused',
    rule: 'billing.plan.quantity_supported.allows-quantity',
    description: 'Create subscription refuses a quantity, also on a plan with quantity_supported true.',
    at: {
      'subscription input': (_, { input }) => {
        if (input.quantity !== undefined)
          throw unprocessable('/quantity', 'QUANTITY_NOT_SUPPORTED', 'The plan does not take a quantity.');
        return undefined;
      },
    },
  },
  {
    name: 'revise-applied-at-once',
    rule: 'billing.revise.requires-consent',
    description:
      'A revise takes effect when it is answered: the subscription shows the new plan before the ' +
      'subscriber follows the approve link.',
    at: { 'revision awaits consent': () => false },
  },
  {
    name: 'revise-never-applied',
    rule: 'billing.revise.applied-on-consent',
    description: 'Following the approve link of a revise drops the revision: the subscription keeps its plan.',
    at: { 'revision applied on consent': () => false },
  },
  {
    name: 'revise-carries-override',
    rule: 'billing.revise.overrides-not-carried-forward',
    description:
      'A revise without plan overrides keeps the earlier override: once consented, the subscription ' +
      'still shows it (plan_overridden true, the overridden price).',
    at: { 'override carried into a revision': (_, { subscription }) => subscription.override },
  },
  {
    name: 'approve-continue-activates',
    rule: 'billing.application_context.user_action.continue-merchant-activates',
    description: 'Approval with user_action CONTINUE makes the subscription ACTIVE, as SUBSCRIBE_NOW does.',
    at: { 'approval activates': (activates, { userAction }) => (userAction === 'CONTINUE' ? true : activates) },
  },
  {
    name: 'revise-suspended-refused',
    rule: 'billing.revise.from-any-state',
    description: 'Revise is refused with 422 for a SUSPENDED subscription.',
    at: { 'subscription revisable': (revisable, { status }) => revisable && status !== 'SUSPENDED' },
  },
  {
    name: 'infinite-cycles-remaining-nonzero',
    rule: 'billing.cycle_execution.cycles_remaining.infinite-zero',
    description: 'cycles_remaining of an infinite cycle is reported as 9999 instead of 0.',
    at: { 'cycles_remaining of an infinite cycle': () => 9999 },
  },
  {
    name: 'cycles-run-last-first',
    rule: 'billing.billing_cycle.sequence.run-order',
    description:
      'Cycles complete highest sequence first (a capture completes a cycle of the REGULAR cycle before ' +
      'the TRIAL one).',
    at: { 'cycles in run order': (order) => [...order].reverse() },
  },
  {
    name: 'net-amount-ignores-fee',
    rule: 'billing.amount_with_breakdown.net_amount.gross-minus-fee',
    description: 'Transactions carry a fee of 0.30 while net_amount stays the gross amount.',
    at: { 'capture fee': () => '0.30' },
  },
  {
    name: 'plan-ids-filter-ignored',
    rule: 'billing.list-subscriptions.plan_ids.filters',
    description: 'List subscriptions ignores the plan_ids filter.',
    at: {
      'plan_ids filter':
        (_, { text }) =>
        () => {
          text();
          return undefined;
        },
    },
  },
  {
    name: 'created-after-ignored',
    rule: 'billing.list-subscriptions.created_after.filters',
    description: 'List subscriptions ignores created_after.',
    at: ignoresTimeBound('created_after'),
  },
  {
    name: 'created-before-ignored',
    rule: 'billing.list-subscriptions.created_before.filters',
    description: 'List subscriptions ignores created_before.',
    at: ignoresTimeBound('created_before'),
  },
  {
    name: 'status-updated-after-ignored',
    rule: 'billing.list-subscriptions.status_updated_after.filters',
    description: 'List subscriptions ignores status_updated_after.',
    at: ignoresTimeBound('status_updated_after'),
  },
  {
    name: 'status-updated-before-ignored',
    rule: 'billing.list-subscriptions.status_updated_before.filters',
    description: 'List subscriptions ignores status_updated_before.',
    at: ignoresTimeBound('status_updated_before'),
  },
  {
    name: 'plan-ids-short-prefix-match',
    rule: 'billing.list-subscriptions.plan_ids.length',
    description:
      'List subscriptions takes a plan_ids under 3 characters (P-) as a prefix of plan ids: ' +
      'subscriptions of every plan are listed.',
    at: {
      'plan_ids filter': (read, { raw }) =>
        raw !== null && raw.length < 3 ? () => (planId) => planId.startsWith(raw) : read,
    },
  },
  {
    name: 'plan-ids-71-ignored',
    rule: 'billing.list-subscriptions.plan_ids.max-70',
    description:
      'List subscriptions accepts plan_ids of more than 70 ids and ignores the filter: subscriptions of ' +
      'every plan are listed.',
    at: { 'plan_ids filter': (read, { raw }) => (raw !== null && raw.split(',').length > 70 ? () => undefined : read) },
  },
  {
    name: 'plan-ids-1891-taken',
    rule: 'billing.list-subscriptions.plan_ids.length',
    description: 'List subscriptions takes a plan_ids value of 1891 characters (its limit is set one too high).',
    at: { 'plan_ids max': () => 1891 },
  },
  {
    name: 'plan-ids-71-taken',
    rule: 'billing.list-subscriptions.plan_ids.max-70',
    description:
      'List subscriptions takes plan_ids naming 71 ids (its count limit is set one too high), as a server ' +
      'that matches ids as given does: an id of another form names no plan. 71 plan ids of 26 characters ' +
      'are still refused, for their 1916 characters.',
    at: { 'plan_ids ids max': () => 71, 'plan_ids ids well-formed': () => false },
  },
  {
    name: 'statuses-lower-case-ignored',
    rule: 'billing.list-subscriptions.statuses.pattern',
    description:
      'List subscriptions accepts a statuses filter outside its pattern (active) and ignores it: ' +
      'subscriptions of every status are listed.',
    at: {
      'statuses filter': (read, { raw }) =>
        raw !== null && raw !== '' && !/^[A-Z_,]+$/.test(raw) ? () => undefined : read,
    },
  },
  {
    name: 'filter-empty-refused',
    rule: 'billing.list-subscriptions.filter.length',
    description: 'List subscriptions refuses an empty filter (0 characters; the range is 0..100).',
    at: { 'filter min': () => 1 },
  },
  {
    name: 'filter-101-taken',
    rule: 'billing.list-subscriptions.filter.length',
    description:
      'List subscriptions takes a filter of 101 characters (its limit is set one too high). It reads the ' +
      'filter as comparisons (ge, gt, le, lt) joined by and, or, and refuses other text, as the spec leaves ' +
      'it free to.',
    at: {
      'filter max': () => 101,
      'filter read': (_, { v, filter }) => {
        if (!FILTER_EXPRESSION.test(filter))
          v.fail('filter', 'INVALID_PARAMETER_SYNTAX', 'filter is comparisons (ge, gt, le, lt) joined by and, or.');
      },
    },
  },
  {
    name: 'list-subscriptions-no-links',
    rule: 'billing.list-subscriptions.links.required',
    description: 'List subscriptions answers {subscriptions} without links.',
    at: answered('list subscriptions', (reply) => withoutMember(reply, 'links')),
  },
  {
    name: 'list-transactions-no-links',
    rule: 'billing.list-transactions.links.required',
    description: 'List transactions answers {transactions} without links.',
    at: answered('list transactions', (reply) => withoutMember(reply, 'links')),
  },
  {
    name: 'fields-over-20-refused',
    rule: 'billing.show-subscription.fields.length',
    description: 'Show subscription refuses a fields value over 20 characters (last_failed_payment,plan).',
    at: { 'fields max': () => 20 },
  },
  {
    name: 'fields-last-failed-payment-refused',
    rule: 'billing.show-subscription.fields.pattern',
    description: 'Show subscription refuses fields=last_failed_payment (only plan is known).',
    at: { 'fields known': () => ['plan'] },
  },
  {
    name: 'show-subscription-fields-plan-ignored',
    rule: 'billing.subscription.plan.returned-with-fields',
    description: 'Show subscription with fields=plan answers without the plan member.',
    at: { 'subscription with plan': () => false },
  },
  {
    name: 'reactivate-without-reason-accepted',
    rule: 'billing.activate-subscription.reason.required-to-reactivate',
    description: 'A SUSPENDED subscription is reactivated by an activate without a reason.',
    at: skipsCheckOf('billing.activate-subscription.reason.required-to-reactivate'),
  },
  {
    name: 'subscriber-email-number-accepted',
    rule: 'billing.email.type',
    description: 'A subscriber email_address sent as a JSON number is accepted (and kept as text).',
    at: {
      subscriber: (subscriber) => {
        if (subscriber && typeof subscriber.email_address === 'number')
          subscriber.email_address = String(subscriber.email_address);
        return subscriber;
      },
    },
  },
  {
    name: 'subscriber-email-254-refused',
    rule: 'billing.email.length',
    description: 'A subscriber email_address of 254 characters is refused (limit applied as 253).',
    at: { 'subscriber email_address max': () => 253 },
  },
  {
    name: 'override-sequence-100-ignored',
    rule: 'billing.billing_cycle_override.sequence.range',
    description: 'A billing cycle override with sequence 100 is taken and ignored instead of refused.',
    at: { 'override cycle taken': (taken, { cycle }) => taken && cycle.sequence !== 100 },
  },
  {
    name: 'capture-amount-optional',
    rule: 'billing.capture.amount.required',
    description: 'A capture without amount is taken and captures 1.00 in the currency of the outstanding balance.',
    at: {
      'capture body': (body, { subscription }) => {
        if (body && body.amount === undefined)
          body.amount = { currency_code: subscription.outstanding_balance.currency_code, value: '1.00' };
        return body;
      },
    },
  },
  {
    name: 'capture-array-body-unwrapped',
    rule: 'billing.capture.body.type',
    description: 'A capture body that is an array holding one capture object is read as that object.',
    at: { 'capture request': unwrapOne },
  },
  {
    name: 'show-subscription-no-plan-id',
    rule: 'billing.show-subscription.returns-subscription',
    description: 'Show subscription answers the subscription without its plan_id.',
    at: answered('show subscription', (reply) => withoutMember(reply, 'plan_id')),
  },
  {
    name: 'subscriber-address-line-2-dropped',
    rule: 'billing.show-subscription.returns-subscription',
    description: "Create subscription stores the subscriber's shipping address without address_line_2.",
    at: {
      'new subscriber': (subscriber) => {
        const address = isObject(subscriber.shipping_address) ? subscriber.shipping_address.address : undefined;
        if (isObject(address)) delete address.address_line_2;
        return subscriber;
      },
    },
  },
  {
    name: 'revise-answer-no-shipping-address',
    rule: 'billing.revise.response-members',
    description: 'Revise takes a shipping_address but answers without it.',
    at: answered('revise subscription', (reply) => withoutMember(reply, 'shipping_address')),
  },
  {
    name: 'subscriber-name-non-ascii-500',
    rule: 'billing.subscriber.create-members',
    description: "Create subscription answers 500 when the subscriber's name has characters beyond ASCII.",
    consequences: {
      'billing.errors.no-5xx-on-bad-input': 'the deviation is a 500 answer, which is a server error as well',
    },
    at: {
      subscriber: (subscriber) => {
        const name = subscriber?.name;
        if (isObject(name) && /[^\x20-\x7e]/.test(`${String(name.given_name)}${String(name.surname)}`)) {
          throw new ApiError(500, 'INTERNAL_SERVER_ERROR', 'The subscriber could not be stored.', 'server');
        }
        return subscriber;
      },
    },
  },
  {
    name: 'shipping-name-given-only-taken',
    rule: 'billing.shipping_detail.name.shape',
    description: 'Create subscription takes a shipping_address name of given_name alone (no surname, no full_name).',
    at: skipsCheckOf('billing.shipping_detail.name.shape'),
  },
  {
    name: 'shipping-name-given-surname-refused',
    rule: 'billing.shipping_detail.name.given-surname-taken',
    description:
      'Create subscription refuses a shipping_address name given as given_name and surname: it requires full_name.',
    at: {
      'subscriber checked': (_, { v, field, subscriber }) => requireShippingName(v, field, subscriber, 'full_name'),
    },
  },
  {
    name: 'shipping-name-full-name-refused',
    rule: 'billing.shipping_detail.name.full_name-taken',
    description:
      'Create subscription refuses a shipping_address name given as full_name alone: it requires given_name and ' +
      'surname.',
    at: {
      'subscriber checked': (_, { v, field, subscriber }) => requireShippingName(v, field, subscriber, 'surname'),
    },
  },
  {
    name: 'deprecated-members-refused',
    rule: 'billing.versioning.deprecated-accepted',
    description: 'Create subscription refuses a body that carries the deprecated auto_renewal or application_context.',
    at: {
      'subscription input': (_, { input }) => {
        if (input.auto_renewal !== undefined || input.application_context !== undefined)
          throw unprocessable('/auto_renewal', 'UNSUPPORTED_PARAMETER', 'Deprecated members are no longer taken.');
        return undefined;
      },
    },
  },
  {
    name: 'approve-link-other-host',
    rule: 'billing.approve-link.host',
    description: 'Approve links point at approve.example.test, another host than the {approval_url} one.',
    at: {
      link: (item) => {
        if (item.rel !== 'approve' || typeof item.href !== 'string') return item;
        const url = new URL(item.href);
        url.hostname = 'approve.example.test';
        return { ...item, href: url.href };
      },
    },
  },
  {
    name: 'statuses-empty-names-nothing',
    rule: 'billing.list-subscriptions.statuses.length',
    description: 'List subscriptions reads an empty statuses as a filter naming no status: nothing is listed.',
    at: { 'statuses filter': (read, { raw }) => (raw === '' ? () => [] : read) },
  },
  {
    name: 'create-subscription-representation-no-billing-info',
    rule: 'billing.create-subscription.prefer-representation',
    description:
      'Create subscription with Prefer return=representation leaves out billing_info, which show subscription ' +
      'returns.',
    at: answered('create subscription', (reply) => withoutMember(reply, 'billing_info')),
  },
  {
    name: 'subscriber-string-ignored',
    rule: 'billing.subscription.subscriber.type',
    description: 'Create subscription takes a subscriber sent as a string and creates the subscription without one.',
    at: { 'subscriber sent': (value) => (typeof value === 'string' ? undefined : value) },
  },
] as const satisfies readonly FaultPlugin[];
