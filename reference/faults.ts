// The reference's switchable faults: each is one small deviation from one stated rule, used by
// the checker's self-test to prove that the check of that rule can fail.

import type { RuleKind } from '../contracts/rule.js';
import { ruleById } from '../contracts/rules/index.js';
import { responseBreakingFaults } from './faults/response-breaking.js';
import { requestAcceptingFaults } from './faults/request-accepting.js';
import { STATUS_FAULTS } from './faults/status-codes.js';
import { PATCH_IGNORED_FAULTS } from './faults/patch-ignored.js';
import { QUERY_TAKEN_FAULTS } from './faults/query-taken.js';
import { GENERATED_PROOFS } from './faults/generated-proofs.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

/** A fault as written: the rule it breaks and what it does. */
export interface FaultEntry {
  name: string;
  /** The id of the catalog rule the fault breaks. */
  rule: RuleId;
  description: string;
}

/** A fault with the kind of its rule (the self-test scores faults by kind). */
export interface FaultSpec extends FaultEntry {
  kind: RuleKind;
}

/** The fault with its rule's kind: a kind is a fact of the rule, never written twice. */
function withKind({ name, rule, description }: FaultEntry): FaultSpec {
  const found = ruleById(rule);
  if (!found) throw new Error(`the fault ${name} breaks ${rule}, which is not a rule of the catalog`);
  return { name, rule, kind: found.kind, description };
}

const FAULT_LIST = [
  // schema: shapes of responses
  { name: 'plan-id-no-prefix', rule: 'billing.plan.id.pattern', description: 'Plan ids are issued without the P- prefix (26 capitals and digits).' },
  { name: 'plan-id-25-chars', rule: 'billing.plan.id.length', description: 'Plan ids are issued with 23 characters after P- (25 in all).' },
  { name: 'plan-create-time-no-seconds', rule: 'billing.date_time.pattern', description: 'create_time and update_time of plans are written without seconds, with a numeric offset (2024-01-01T10:00+00:00: a length the spec allows, a pattern it does not).' },
  { name: 'plan-links-empty', rule: 'billing.link.array.items', description: 'Plans are returned with an empty links array.' },
  { name: 'link-missing-method', rule: 'billing.link.method.required', description: 'Links of plans lack the method member.' },
  { name: 'subscription-id-no-prefix', rule: 'billing.subscription.id.pattern', description: 'Subscription ids are issued without the I- prefix.' },
  { name: 'money-value-number', rule: 'billing.money.value.type', description: 'Money values in responses are JSON numbers instead of decimal strings.' },
  { name: 'issue-missing-node-id', rule: 'assignees.issue.members', description: 'Issue objects lack node_id.' },
  { name: 'user-id-string', rule: 'assignees.user.id.type', description: 'User ids are JSON strings instead of integers.' },
  { name: 'pull-request-diff-url-missing', rule: 'assignees.issue.pull_request.members', description: 'The pull_request member of a pull request lacks diff_url.' },
  { name: 'pull-request-links-string', rule: 'assignees.issue.pull_request.type', description: 'The pull_request member of a pull request is its URL (a string) instead of an object.' },
  { name: 'country-code-uk-accepted', rule: 'billing.country_code.gb-not-uk', description: 'A country_code UK (well-formed, but Great Britain is GB) is accepted in shipping addresses and shown back as UK.' },

  // limit: boundaries of lengths, ranges, counts and patterns
  { name: 'plan-name-127-refused', rule: 'billing.plan.name.length', description: 'A plan name of exactly 127 characters is refused (limit applied as 126).' },
  { name: 'plan-name-128-accepted', rule: 'billing.plan.name.length', description: 'A plan name of 128 characters is accepted.' },
  { name: 'plan-regular-2-accepted', rule: 'billing.plan.billing_cycles.regular-max-1', description: 'A plan with two REGULAR cycles is accepted.' },
  { name: 'plan-trial-3-accepted', rule: 'billing.plan.billing_cycles.trial-max-2', description: 'A plan with three TRIAL cycles is accepted.' },
  { name: 'trial-total-cycles-0-accepted', rule: 'billing.billing_cycle.total_cycles.trial-finite', description: 'A TRIAL cycle with total_cycles 0 (infinite) is accepted.' },
  { name: 'sequence-100-accepted', rule: 'billing.billing_cycle.sequence.range', description: 'A billing cycle sequence of 100 is accepted.' },
  { name: 'reason-129-accepted', rule: 'billing.suspend.reason.length', description: 'A suspend reason of 129 characters is accepted.' },
  { name: 'suspend-no-body-accepted', rule: 'billing.suspend.reason.required', description: 'A suspend with no body at all is carried out (without a reason).' },
  { name: 'capture-note-empty-accepted', rule: 'billing.capture.note.length', description: 'A capture note of zero characters is accepted.' },
  { name: 'pricing-100-accepted', rule: 'billing.update-pricing.pricing_schemes.items', description: 'An update-pricing request with 100 items is accepted.' },
  { name: 'pricing-99-refused', rule: 'billing.update-pricing.pricing_schemes.items', description: 'An update-pricing request with 99 items is refused (limit applied as 98).' },
  { name: 'page-size-21-accepted', rule: 'billing.list-plans.page_size.range', description: 'page_size 21 is accepted on list plans.' },
  { name: 'quantity-fractional-refused', rule: 'billing.subscription.quantity.pattern', description: 'A quantity with a fraction (for example 1.5) is refused.' },
  { name: 'currency-code-4-accepted', rule: 'billing.money.currency_code.length', description: 'A Money currency_code of four characters is accepted.' },
  { name: 'date-time-no-seconds-accepted', rule: 'billing.date_time.pattern', description: 'A date_time without seconds (start_time 2030-01-01T10:00Z) is accepted.' },
  { name: 'country-code-lowercase-accepted', rule: 'billing.country_code.pattern', description: 'A country_code of two lower-case letters is accepted.' },
  { name: 'custom-id-non-ascii-accepted', rule: 'billing.subscription.custom_id.pattern', description: 'A custom_id with non-ASCII characters is accepted.' },
  { name: 'statuses-71-ignored', rule: 'billing.list-subscriptions.statuses.length', description: 'A statuses filter of 71 characters is accepted and ignored (subscriptions of every status are listed).' },
  { name: 'client-metadata-id-37-accepted', rule: 'billing.create-subscription.client_metadata_id.length', description: 'A Platform-Client-Metadata-Id of 37 characters is accepted.' },

  // lifecycle: states and transitions
  { name: 'subscription-on-created-plan', rule: 'billing.plan-state.created-refuses-subscriptions', description: 'A subscription can be created on a plan in state CREATED.' },
  { name: 'subscription-on-inactive-plan', rule: 'billing.plan-state.inactive-refuses-subscriptions', description: 'A subscription can be created on a plan in state INACTIVE.' },
  { name: 'subscription-created-active', rule: 'billing.create-subscription.approval-pending', description: 'A new subscription starts ACTIVE instead of APPROVAL_PENDING.' },
  { name: 'inactive-plan-name-patch', rule: 'billing.update-plan.inactive-status-only', description: 'An INACTIVE plan accepts a replace of /name.' },
  { name: 'deactivate-keeps-status', rule: 'billing.deactivate-plan.to-inactive', description: 'Deactivate answers 204 but the plan keeps its status.' },
  { name: 'activate-plan-keeps-status', rule: 'billing.activate-plan.to-active', description: 'Activate answers 204 but the plan keeps its status.' },
  { name: 'approve-subscribe-now-approved', rule: 'billing.application_context.user_action.default', description: 'Approval with user_action SUBSCRIBE_NOW (the default) gives APPROVED instead of ACTIVE.' },
  { name: 'plan-default-status-created', rule: 'billing.plan.status.default-active', description: 'A plan created without status starts CREATED instead of ACTIVE.' },
  { name: 'create-plan-status-ignored', rule: 'billing.create-plan.requested-status', description: 'A plan created with status CREATED starts ACTIVE: the requested status is ignored.' },
  { name: 'regular-total-cycles-0-refused', rule: 'billing.billing_cycle.total_cycles.regular-zero-infinite', description: 'A REGULAR billing cycle with total_cycles 0 (infinite) is refused.' },
  { name: 'update-pricing-not-applied', rule: 'billing.update-pricing.applies', description: 'Update pricing answers 204 and leaves the pricing schemes as they were.' },
  { name: 'subscription-no-approve-link', rule: 'billing.create-subscription.approve-link', description: 'Subscriptions awaiting approval carry no link with rel approve.' },
  { name: 'pricing-version-missing', rule: 'billing.pricing_scheme.version.set-by-service', description: 'Plans read back with pricing schemes that lack version.' },

  // patch: JSON Patch paths, operations and semantics
  { name: 'plan-patch-nonpatchable-accepted', rule: 'billing.update-plan.other-paths-refused', description: 'A replace on a plan path that is not listed as patchable (for example /quantity_supported) answers 204.' },
  { name: 'plan-patch-add-accepted', rule: 'billing.update-plan.replace-only', description: 'An add operation on a patchable plan attribute is accepted.' },
  { name: 'patch-sequence-selector-ignored', rule: 'billing.update-subscription.patch.plan.billing_cycles.total_cycles', description: 'The @sequence==n selector always addresses the first billing cycle.' },
  { name: 'patch-test-loose', rule: 'billing.patch.test-equality', description: 'The test operation compares loosely: the string "5" equals the number 5.' },
  { name: 'patch-replace-missing-accepted', rule: 'billing.patch.replace-target-exists', description: 'A replace on a member that does not exist adds it instead of failing.' },
  { name: 'patch-completed-cycle-accepted', rule: 'billing.update-subscription.completed-cycles-refused', description: 'Attributes of an already completed billing cycle can be replaced.' },
  { name: 'payment-source-replace-refused', rule: 'billing.update-subscription.patch.subscriber.payment_source', description: 'A replace of /subscriber/payment_source is refused, also on a card-funded subscription.' },
  { name: 'subscription-patch-remove-accepted', rule: 'billing.update-subscription.ops-per-path', description: 'A remove of /custom_id on a subscription is accepted although only add and replace are listed.' },
  { name: 'plan-patch-refused-cycle-applied', rule: 'billing.update-plan.other-paths-refused', description: 'A replace inside billing_cycles of a plan (/billing_cycles/0/total_cycles, not patchable) is refused with 400, yet applied.' },

  // idempotency
  { name: 'idempotency-plan-duplicate', rule: 'billing.create-plan.idempotency-key', description: 'A repeated Platform-Request-Id on create plan creates a second plan.' },
  { name: 'idempotency-subscription-duplicate', rule: 'billing.create-subscription.idempotency-key', description: 'A repeated Platform-Request-Id on create subscription creates a second subscription.' },
  { name: 'idempotency-capture-duplicate', rule: 'billing.capture.idempotency-key', description: 'A repeated Platform-Request-Id on capture records a second transaction.' },

  // prefer
  { name: 'create-plan-minimal-no-links', rule: 'billing.create-plan.prefer-minimal', description: 'The minimal create-plan answer (no Prefer, or return=minimal) lacks links.' },
  { name: 'create-plan-representation-minimal', rule: 'billing.create-plan.prefer-representation', description: 'Prefer: return=representation on create plan returns only id, status and links.' },
  { name: 'create-subscription-minimal-no-status', rule: 'billing.create-subscription.prefer-minimal', description: 'The minimal create-subscription answer lacks status.' },
  { name: 'list-plans-representation-no-name', rule: 'billing.list-plans.prefer-representation', description: 'Prefer: return=representation on list plans returns items without name.' },
  { name: 'prefer-representation-minimal', rule: 'billing.create-subscription.prefer-representation', description: 'Prefer: return=representation on create subscription returns only id, status and links.' },
  { name: 'list-plans-minimal-no-name', rule: 'billing.list-plans.prefer-minimal', description: 'Minimal list-plans items lack name.' },

  // pagination
  { name: 'page-size-ignored', rule: 'billing.list-plans.page_size.honoured', description: 'List plans ignores page_size and always returns up to 10 items.' },
  { name: 'page-repeats-previous-past-2', rule: 'billing.list-plans.pages-disjoint', description: 'From page 3 on, list plans answers with the items of the previous page.' },
  { name: 'product-id-filter-ignored', rule: 'billing.list-plans.product_id.filters', description: 'List plans ignores the product_id filter.' },
  { name: 'statuses-filter-ignored', rule: 'billing.list-subscriptions.statuses.filters', description: 'List subscriptions ignores the statuses filter.' },
  { name: 'assignees-per-page-ignored', rule: 'assignees.list.per-page-honoured', description: 'List assignees ignores per_page and returns every assignable user.' },
  { name: 'assignees-page-repeats-past-2', rule: 'assignees.list.pages-disjoint', description: 'From page 3 on, list assignees answers with the users of the previous page.' },

  // auth
  { name: 'billing-no-token-accepted', rule: 'billing.auth.bearer-required', description: 'Billing operations succeed without an Authorization header.' },
  { name: 'billing-any-token-accepted', rule: 'billing.auth.invalid-token-refused', description: 'Billing operations accept any bearer token.' },
  { name: 'billing-refused-token-acts', rule: 'billing.auth.refused-changes-nothing', description: 'A billing request with a wrong bearer token is refused with 401, but carried out first.' },
  { name: 'read-token-private-hidden', rule: 'assignees.auth.read-permission-suffices', description: 'A user with read (not push) permission gets 404 on the private repository.' },
  { name: 'anonymous-public-list-401', rule: 'assignees.auth.public-read-without-auth', description: 'List assignees of a public repository without a token answers 401 (the checks still answer).' },

  // permission
  { name: 'read-only-can-add', rule: 'assignees.add.no-push-ignored', description: 'A user without push access can add assignees.' },
  { name: 'read-only-can-remove', rule: 'assignees.remove.no-push-ignored', description: 'A user without push access can remove assignees.' },
  { name: 'anonymous-reads-private', rule: 'assignees.auth.private-read-requires-permission', description: 'Anonymous callers can list the assignees of the private repository.' },
  { name: 'add-replaces-existing', rule: 'assignees.add.keeps-existing', description: 'Adding assignees replaces the ones already assigned.' },
  { name: 'add-more-than-10', rule: 'assignees.add.max-10', description: 'An add of 11 assignees is accepted.' },
  { name: 'add-non-assignable', rule: 'assignees.add.ignores-not-assignable', description: 'A login that cannot be assigned is added anyway.' },
  { name: 'list-includes-not-assignable', rule: 'assignees.list.only-assignable', description: 'List assignees also lists the user who cannot be assigned.' },
  { name: 'remove-first-named-only', rule: 'assignees.remove.removes-named', description: 'Remove assignees unassigns only the first of the named users.' },
  { name: 'check-not-assignable-204', rule: 'assignees.check.not-assignable-404', description: 'Check assignable answers 204 for a user that cannot be assigned.' },
  { name: 'check-issue-not-assignable-204', rule: 'assignees.check-issue.not-assignable-404', description: 'Check assignable for an issue answers 204 for a user who cannot be assigned (the repository-wide check stays right).' },
  { name: 'owner-case-sensitive', rule: 'assignees.path.owner-case-insensitive', description: 'The owner path parameter is matched case-sensitively.' },
  { name: 'api-version-header-500', rule: 'assignees.http.api-version-answered', description: 'A request sending X-Service-Api-Version with a date from 2026 on (the spec names 2026-03-10) is answered 500.' },
  { name: 'accept-vnd-refused', rule: 'assignees.http.accept-header', description: 'An Accept header with the vnd.service+json media type is answered 406.' },
  { name: 'pull-request-assign-404', rule: 'assignees.pull-request.issue-paths', description: "Add and remove on a pull request's number through the issues paths answer 404." },
  { name: 'list-omits-last-assignable', rule: 'assignees.list.lists-assignable', description: 'List assignees leaves out the last user who can be assigned (on every page).' },
  { name: 'add-ignores-last-named', rule: 'assignees.add.adds-named', description: 'Add assignees assigns the named users but the last one (when more than one is named).' },
  { name: 'unknown-repo-list-empty', rule: 'assignees.list.unknown-repo-404', description: 'List assignees on a repository that does not exist answers 200 with an empty list.' },
  { name: 'assignees-bearer-refused', rule: 'assignees.auth.bearer-accepted', description: 'The assignee service takes a token only in the form "token <value>": Authorization: Bearer <token> is refused with 401.' },

  // status codes
  { name: 'create-plan-200', rule: 'billing.create-plan.status-201', description: 'Create plan answers 200 instead of 201.' },
  { name: 'create-subscription-200', rule: 'billing.create-subscription.status-201', description: 'Create subscription answers 200 instead of 201.' },
  { name: 'update-plan-200', rule: 'billing.update-plan.status-204', description: 'Update plan answers 200 with the plan instead of 204.' },
  { name: 'capture-200', rule: 'billing.capture.status-202', description: 'Capture answers 200 instead of 202.' },
  { name: 'capture-body-not-empty', rule: 'billing.capture.response.empty-object', description: 'Capture answers 202 with a non-empty object instead of {}.' },
  { name: 'check-assignable-200', rule: 'assignees.check.status-204', description: 'Check if a user can be assigned answers 200 instead of 204.' },
  { name: 'add-assignees-200', rule: 'assignees.add.status-201', description: 'Add assignees answers 200 instead of 201.' },
  { name: 'remove-assignees-204', rule: 'assignees.remove.status-200', description: 'Remove assignees answers 204 without a body instead of 200 with the Issue.' },

  // the rules the catalog test found unchecked, one fault per new check
  { name: 'revise-plan-id-prefix-match', rule: 'billing.revise.plan_id.length', description: 'Revise reads plan_id by its first 26 characters: a 27-character plan_id is accepted.' },
  { name: 'revise-quantity-33-accepted', rule: 'billing.revise.quantity.length', description: 'Revise accepts a quantity of 33 characters.' },
  { name: 'capture-type-prefix-match', rule: 'billing.capture.capture_type.length', description: 'Capture accepts any capture_type that starts with OUTSTANDING_BALANCE, 25 characters long and more.' },
  { name: 'customer-ids-11-accepted', rule: 'billing.list-subscriptions.customer_ids.items', description: 'List subscriptions accepts 11 customer_ids.' },
  { name: 'plan-ids-long-url-refused', rule: 'billing.list-subscriptions.plan_ids.url-max-2000', description: 'List subscriptions refuses a URL longer than 1500 characters with 414.' },
  { name: 'override-unknown-sequence-ignored', rule: 'billing.billing_cycle_override.adheres-to-plan', description: 'A billing cycle override naming a sequence the plan does not have is ignored instead of refused.' },
  { name: 'override-trial-total-cycles-0-accepted', rule: 'billing.billing_cycle_override.total_cycles.trial-finite', description: 'A billing cycle override sets total_cycles 0 (infinite) on a TRIAL cycle.' },
  { name: 'update-plan-description-unchecked', rule: 'billing.plan.description.length', description: 'Update plan does not check the length of description: a replace with 128 characters is applied.' },
  { name: 'update-subscription-custom-id-unchecked', rule: 'billing.subscription.custom_id.length', description: 'Update subscription does not check the length of custom_id: an add of 128 characters is applied.' },
  { name: 'subscriber-shipping-address-refused', rule: 'billing.subscriber.create-members', description: 'Create subscription refuses a subscriber with a shipping_address.' },
  { name: 'plan-quantity-supported-default-true', rule: 'billing.plan.quantity_supported.default-false', description: 'A plan created without quantity_supported has quantity_supported true.' },
  { name: 'cycle-total-cycles-default-infinite', rule: 'billing.billing_cycle.total_cycles.default-1', description: 'A billing cycle created without total_cycles gets 0 (infinite) instead of 1.' },
  { name: 'subscription-auto-renewal-default-true', rule: 'billing.subscription.auto_renewal.default-false', description: 'A subscription created without auto_renewal has auto_renewal true.' },
  { name: 'subscription-start-time-next-day', rule: 'billing.subscription.start_time.default-now', description: 'A subscription created without start_time starts a day after its creation.' },
  { name: 'plan-product-id-not-stored', rule: 'billing.plan.product_id.refers-to-product', description: 'Plans read back with the product id PROD-00000000000000000 whatever product they were created for.' },
  { name: 'subscription-quantity-refused', rule: 'billing.plan.quantity_supported.allows-quantity', description: 'Create subscription refuses a quantity, also on a plan with quantity_supported true.' },
  { name: 'override-follows-plan-pricing', rule: 'billing.update-subscription.override-isolated', description: 'Update pricing of a plan also rewrites the pricing of subscriptions that override that cycle.' },
  {
    name: 'revise-applied-at-once',
    rule: 'billing.revise.requires-consent',
    description:
      'A revise takes effect when it is answered: the subscription shows the new plan before the subscriber ' +
      'follows the approve link.',
  },
  {
    name: 'revise-never-applied',
    rule: 'billing.revise.applied-on-consent',
    description: 'Following the approve link of a revise drops the revision: the subscription keeps its plan.',
  },
  {
    name: 'revise-carries-override',
    rule: 'billing.revise.overrides-not-carried-forward',
    description:
      'A revise without plan overrides keeps the earlier override: once consented, the subscription still ' +
      'shows it (plan_overridden true, the overridden price).',
  },
  { name: 'approve-continue-activates', rule: 'billing.application_context.user_action.continue-merchant-activates', description: 'Approval with user_action CONTINUE makes the subscription ACTIVE, as SUBSCRIBE_NOW does.' },
  { name: 'revise-suspended-refused', rule: 'billing.revise.from-any-state', description: 'Revise is refused with 422 for a SUSPENDED subscription.' },
  { name: 'infinite-cycles-remaining-nonzero', rule: 'billing.cycle_execution.cycles_remaining.infinite-zero', description: 'cycles_remaining of an infinite cycle is reported as 9999 instead of 0.' },
  { name: 'cycles-run-last-first', rule: 'billing.billing_cycle.sequence.run-order', description: 'Cycles complete highest sequence first (a capture completes a cycle of the REGULAR cycle before the TRIAL one).' },
  { name: 'patch-remove-missing-ignored', rule: 'billing.patch.remove-target-exists', description: 'A remove whose target does not exist is skipped and the patch answers 204.' },
  { name: 'patch-move-missing-ignored', rule: 'billing.patch.move-from-exists', description: 'A move whose from does not exist is skipped and the patch answers 204.' },
  { name: 'patch-copy-missing-ignored', rule: 'billing.patch.copy-from-exists', description: 'A copy whose from does not exist is skipped and the patch answers 204.' },
  { name: 'patch-value-optional', rule: 'billing.patch.value.required', description: 'An add, replace or test without value is skipped and the patch answers 204.' },
  { name: 'patch-from-optional', rule: 'billing.patch.from.required', description: 'A move or copy without from is skipped and the patch answers 204.' },
  { name: 'patch-unknown-op-ignored', rule: 'billing.patch.op.enum', description: 'An operation with an op outside add, remove, replace, move, copy, test is skipped and the patch answers 204.' },
  { name: 'patch-path-not-pointer-accepted', rule: 'billing.patch.path.pattern', description: 'A patch path without the leading slash (name) is read as the JSON Pointer /name.' },
  { name: 'update-pricing-sequence-text-accepted', rule: 'billing.update-pricing.billing_cycle_sequence.type', description: 'Update pricing accepts billing_cycle_sequence written as text ("2").' },
  { name: 'last-tier-ending-quantity', rule: 'billing.pricing_tier.ending_quantity.last-omitted', description: 'Plans read back with an ending_quantity on the last tier of a tiered pricing scheme.' },
  { name: 'net-amount-ignores-fee', rule: 'billing.amount_with_breakdown.net_amount.gross-minus-fee', description: 'Transactions carry a fee of 0.30 while net_amount stays the gross amount.' },
  { name: 'update-plan-200-echo', rule: 'billing.update-plan.empty-body', description: 'Update plan answers 200 with {id, status} instead of 204 with no body.' },
  { name: 'billing-not-found-html', rule: 'billing.http.json-bodies', description: 'An unknown plan or subscription id is answered 404 with an HTML page.' },
  { name: 'billing-get-with-content-type-refused', rule: 'billing.auth.bearer-accepted', description: 'A GET with a valid bearer token that also carries Content-Type: application/json is refused with 415.' },

  // payment source cards: the card (request) rules, on a replace of subscriber.payment_source
  { name: 'card-number-20-digits-accepted', rule: 'billing.card.number.length', description: 'A payment source card number of 20 digits is accepted.' },
  { name: 'card-security-code-4-refused', rule: 'billing.card.security_code.length', description: 'A payment source card security_code of 4 digits is refused (limit applied as 3).' },
  { name: 'card-billing-address-line-2-refused', rule: 'billing.card.billing_address.members-only', description: 'A card billing_address with address_line_2, one of its six members, is refused as an unknown member.' },
  { name: 'card-verification-method-open', rule: 'billing.card.attributes.verification.method.enum', description: 'A card verification.method accepts any upper-case word (for example SCA_NEVER), not only SCA_ALWAYS, SCA_WHEN_REQUIRED, 3D_SECURE and AVS_CVV.' },
  { name: 'card-customer-id-23-accepted', rule: 'billing.card_customer.id.length', description: 'A card_customer id of 23 characters is accepted.' },
  { name: 'card-refused-replace-kept', rule: 'billing.card.number.length', description: 'A replace of subscriber.payment_source with a card of 20 digits is refused (400), yet the new card is put on file.' },
  { name: 'stored-credential-one-time-merchant-accepted', rule: 'billing.stored_credential.one-time-requires-customer', description: 'A stored_credential with payment_type ONE_TIME and payment_initiator MERCHANT is accepted.' },

  // a route that refuses everything: its refusals of broken requests must credit nothing
  { name: 'list-subscriptions-route-missing', rule: 'billing.list-subscriptions.status-200', description: 'GET /v1/billing/subscriptions is answered 405 (no method matched), valid requests and broken ones alike.' },

  // queries and lists: defaults, bounds and types of the list and show queries, filters, paging, list envelopes
  { name: 'list-plans-default-page-size-5', rule: 'billing.list-plans.page_size.default-10', description: 'List plans without page_size returns 5 plans a page instead of 10.' },
  { name: 'list-plans-default-page-2', rule: 'billing.list-plans.page.default-1', description: 'List plans without page serves the second page.' },
  { name: 'list-plans-total-missing', rule: 'billing.list-plans.total_required.shows-total', description: 'List plans with total_required=true shows no total.' },
  { name: 'list-plans-total-by-default', rule: 'billing.list-plans.total_required.default-false', description: 'List plans without total_required shows the totals, as with true (total_required=false hides them).' },
  { name: 'list-plans-page-size-text-unlimited', rule: 'billing.list-plans.page_size.type', description: 'List plans with a page_size that is not an integer (ten, 2.5) puts every plan on one page.' },
  { name: 'list-plans-page-fraction-offset', rule: 'billing.list-plans.page.type', description: 'List plans with page 1.5 serves the slice that starts half a page in (the end of page 1 and the start of page 2).' },
  { name: 'list-plans-page-0-empty', rule: 'billing.list-plans.page.range', description: 'List plans with page 0 answers 200 with an empty page (the page before the first) while plans exist.' },
  { name: 'product-id-short-prefix-match', rule: 'billing.list-plans.product_id.length', description: 'List plans takes a product_id under 6 characters (PROD-) as a prefix: plans of every product are listed.' },
  { name: 'list-plans-no-links', rule: 'billing.list-plans.links.required', description: 'List plans answers {plans} without links.' },
  { name: 'list-subscriptions-default-page-size-5', rule: 'billing.list-subscriptions.page_size.default-10', description: 'List subscriptions without page_size returns 5 subscriptions a page instead of 10.' },
  { name: 'list-subscriptions-default-page-2', rule: 'billing.list-subscriptions.page.default-1', description: 'List subscriptions without page serves the second page.' },
  { name: 'list-subscriptions-page-size-plus-one', rule: 'billing.list-subscriptions.page_size.honoured', description: 'List subscriptions returns one subscription more than page_size asks.' },
  { name: 'list-subscriptions-pages-overlap', rule: 'billing.list-subscriptions.pages-disjoint', description: 'Each page of list subscriptions after the first starts with the last subscription of the page before.' },
  { name: 'plan-ids-filter-ignored', rule: 'billing.list-subscriptions.plan_ids.filters', description: 'List subscriptions ignores the plan_ids filter.' },
  { name: 'created-after-ignored', rule: 'billing.list-subscriptions.created_after.filters', description: 'List subscriptions ignores created_after.' },
  { name: 'created-before-ignored', rule: 'billing.list-subscriptions.created_before.filters', description: 'List subscriptions ignores created_before.' },
  { name: 'status-updated-after-ignored', rule: 'billing.list-subscriptions.status_updated_after.filters', description: 'List subscriptions ignores status_updated_after.' },
  { name: 'status-updated-before-ignored', rule: 'billing.list-subscriptions.status_updated_before.filters', description: 'List subscriptions ignores status_updated_before.' },
  { name: 'list-subscriptions-page-size-text-unlimited', rule: 'billing.list-subscriptions.page_size.type', description: 'List subscriptions with a page_size that is not an integer (ten, 2.5) puts every subscription on one page.' },
  { name: 'list-subscriptions-page-fraction-offset', rule: 'billing.list-subscriptions.page.type', description: 'List subscriptions with page 1.5 serves the slice that starts half a page in.' },
  { name: 'list-subscriptions-page-size-0-empty', rule: 'billing.list-subscriptions.page_size.range', description: 'List subscriptions with page_size 0 answers 200 with an empty page while subscriptions exist.' },
  { name: 'list-subscriptions-page-max-refused', rule: 'billing.list-subscriptions.page.range', description: 'List subscriptions refuses page 10000000 (range applied as 1..9999999).' },
  { name: 'plan-ids-short-prefix-match', rule: 'billing.list-subscriptions.plan_ids.length', description: 'List subscriptions takes a plan_ids under 3 characters (P-) as a prefix of plan ids: subscriptions of every plan are listed.' },
  { name: 'plan-ids-71-ignored', rule: 'billing.list-subscriptions.plan_ids.max-70', description: 'List subscriptions accepts plan_ids of more than 70 ids and ignores the filter: subscriptions of every plan are listed.' },
  { name: 'statuses-lower-case-ignored', rule: 'billing.list-subscriptions.statuses.pattern', description: 'List subscriptions accepts a statuses filter outside its pattern (active) and ignores it: subscriptions of every status are listed.' },
  { name: 'filter-empty-refused', rule: 'billing.list-subscriptions.filter.length', description: 'List subscriptions refuses an empty filter (0 characters; the range is 0..100).' },
  { name: 'list-subscriptions-no-links', rule: 'billing.list-subscriptions.links.required', description: 'List subscriptions answers {subscriptions} without links.' },
  { name: 'list-transactions-no-links', rule: 'billing.list-transactions.links.required', description: 'List transactions answers {transactions} without links.' },
  { name: 'fields-over-20-refused', rule: 'billing.show-subscription.fields.length', description: 'Show subscription refuses a fields value over 20 characters (last_failed_payment,plan).' },
  { name: 'fields-last-failed-payment-refused', rule: 'billing.show-subscription.fields.pattern', description: 'Show subscription refuses fields=last_failed_payment (only plan is known).' },
  { name: 'assignees-per-page-over-100-honoured', rule: 'assignees.list.per-page-max-100', description: 'List assignees honours a per_page over 100, on a public repository with 120 more assignable users than the profile names.' },
  { name: 'assignees-per-page-text-all', rule: 'assignees.list.per_page.type', description: 'List assignees with a per_page that is not a number (ten) lists every user on one page, on a public repository with 120 more assignable users than the profile names.' },
  { name: 'assignees-page-fraction-offset', rule: 'assignees.list.page.type', description: 'List assignees with page 1.5 serves the users that start half a page in.' },

  // bodies, read-back, patch limits
  { name: 'plan-patch-activates-created', rule: 'billing.update-plan.status-unchanged', description: 'An update of a CREATED plan answers 204 and leaves the plan ACTIVE.' },
  { name: 'subscription-patch-suspends', rule: 'billing.update-subscription.status-unchanged', description: 'An update of an ACTIVE subscription answers 204 and leaves it SUSPENDED.' },
  { name: 'patch-add-existing-kept', rule: 'billing.patch.add-replaces-member', description: 'An add on a subscription member that exists answers 204 and keeps the old value (a replace of it is applied).' },
  { name: 'update-plan-ignores-setup-fee-failure-action', rule: 'billing.update-plan.replace.payment_preferences.setup_fee_failure_action', description: 'Update plan answers 204 to a replace of /payment_preferences/setup_fee_failure_action and keeps the old value.' },
  { name: 'subscription-patch-quantity-accepted', rule: 'billing.update-subscription.other-paths-refused', description: 'A replace of /quantity (not a patchable field) on a subscription answers 204 and is applied.' },
  { name: 'show-subscription-fields-plan-ignored', rule: 'billing.subscription.plan.returned-with-fields', description: 'Show subscription with fields=plan answers without the plan member.' },
  { name: 'reactivate-without-reason-accepted', rule: 'billing.activate-subscription.reason.required-to-reactivate', description: 'A SUSPENDED subscription is reactivated by an activate without a reason.' },
  { name: 'activated-plan-refuses-subscriptions', rule: 'billing.plan-state.active-accepts-subscriptions', description: 'A plan made ACTIVE by activate plan (created CREATED) refuses subscriptions with 422; plans created ACTIVE take them.' },
  { name: 'card-security-code-merchant-accepted', rule: 'billing.card.security_code.absent-for-merchant', description: 'A card with a security_code and stored_credential payment_initiator MERCHANT is accepted.' },
  { name: 'stored-credential-first-merchant-accepted', rule: 'billing.stored_credential.first-requires-customer', description: 'A stored_credential with usage FIRST and payment_initiator MERCHANT is accepted.' },
  { name: 'stored-credential-reference-customer-accepted', rule: 'billing.stored_credential.reference-requires-merchant', description: 'A stored_credential with a previous transaction reference and payment_initiator CUSTOMER is accepted.' },
  { name: 'stored-credential-two-references-accepted', rule: 'billing.stored_credential.one-reference-only', description: 'A stored_credential with both previous_transaction_reference and previous_network_transaction_reference is accepted.' },
  { name: 'subscriber-email-number-accepted', rule: 'billing.email.type', description: 'A subscriber email_address sent as a JSON number is accepted (and kept as text).' },
  { name: 'subscriber-email-254-refused', rule: 'billing.email.length', description: 'A subscriber email_address of 254 characters is refused (limit applied as 253).' },
  { name: 'free-trial-pricing-required', rule: 'billing.billing_cycle.pricing_scheme.free-trial-optional', description: 'A TRIAL billing cycle without pricing_scheme (a free trial) is refused.' },
  { name: 'override-sequence-100-ignored', rule: 'billing.billing_cycle_override.sequence.range', description: 'A billing cycle override with sequence 100 is taken and ignored instead of refused.' },
  { name: 'capture-amount-optional', rule: 'billing.capture.amount.required', description: 'A capture without amount is taken and captures 1.00 in the currency of the outstanding balance.' },
  { name: 'capture-array-body-unwrapped', rule: 'billing.capture.body.type', description: 'A capture body that is an array holding one capture object is read as that object.' },
  { name: 'update-pricing-array-body-unwrapped', rule: 'billing.update-pricing.body.type', description: 'An update-pricing body that is an array holding one body object is read as that object.' },
  { name: 'patch-from-number-skipped', rule: 'billing.patch.from.type', description: 'A move or copy whose from is not a string is skipped and the patch answers 204.' },
  { name: 'patch-from-not-pointer-skipped', rule: 'billing.patch.from.pattern', description: 'A move or copy whose from is not a JSON Pointer is skipped and the patch answers 204.' },
  { name: 'add-unknown-issue-422', rule: 'assignees.errors.not-found-404', description: 'Add and remove assignees on an issue number that does not exist answer 422 instead of 404.' },
  { name: 'read-only-add-422', rule: 'assignees.add.no-push-no-error', description: 'An add by a user without push access is answered 422 (an error that is not a permission refusal) and changes nothing.' },
  { name: 'read-only-remove-422', rule: 'assignees.remove.no-push-no-error', description: 'A remove by a user without push access is answered 422 (an error that is not a permission refusal) and changes nothing.' },
  { name: 'anonymous-can-add', rule: 'assignees.auth.write-requires-permission', description: 'An add without any credential assigns the named users on the public repository.' },
  { name: 'assignees-not-found-html', rule: 'assignees.http.json-bodies', description: 'A repository or issue that does not exist is answered 404 with an HTML page.' },
  { name: 'show-plan-no-payment-preferences', rule: 'billing.show-plan.returns-plan', description: 'Show plan answers the plan without its payment_preferences.' },
  { name: 'plan-setup-fee-rounded', rule: 'billing.show-plan.returns-plan', description: 'Create plan stores a setup fee rounded to whole units (2.75 reads back as 3).' },
  { name: 'show-subscription-no-plan-id', rule: 'billing.show-subscription.returns-subscription', description: 'Show subscription answers the subscription without its plan_id.' },
  { name: 'subscriber-address-line-2-dropped', rule: 'billing.show-subscription.returns-subscription', description: "Create subscription stores the subscriber's shipping address without address_line_2." },
  { name: 'revise-answer-no-shipping-address', rule: 'billing.revise.response-members', description: 'Revise takes a shipping_address but answers without it.' },
  { name: 'add-answers-issue-1', rule: 'assignees.add.returns-issue', description: 'Add assignees assigns on the issue the path names but answers with issue 1 of the repository.' },
  { name: 'remove-answer-no-pull-request', rule: 'assignees.remove.returns-issue', description: 'Remove assignees on a pull request answers its Issue without the pull_request member.' },
  { name: 'issue-labels-as-names', rule: 'assignees.issue.labels.items', description: 'Issues carry their labels as an array of label names instead of Label objects.' },
  { name: 'issue-assignees-as-logins', rule: 'assignees.issue.assignees.items', description: 'Issues carry their assignees as an array of logins instead of User objects.' },
  { name: 'patch-start-time-65-accepted', rule: 'billing.date_time.length', description: 'Update subscription takes a replace of start_time with 65 characters (create keeps to 20..64).' },
  { name: 'patch-custom-id-127-refused', rule: 'billing.subscription.custom_id.length', description: 'Update subscription refuses an add or replace of custom_id with 127 characters (limit applied as 126; create keeps to 1..127).' },
  { name: 'non-ascii-login-500', rule: 'assignees.add.ignores-not-assignable', description: 'An add naming a login with characters beyond ASCII answers 500 (and assigns nothing).' },
  { name: 'subscriber-name-non-ascii-500', rule: 'billing.subscriber.create-members', description: "Create subscription answers 500 when the subscriber's name has characters beyond ASCII." },
  { name: 'subscriber-string-ignored', rule: 'billing.subscription.subscriber.type', description: 'Create subscription takes a subscriber sent as a string and creates the subscription without one.' },
] as const satisfies readonly FaultEntry[];

export type FaultName = (typeof FAULT_LIST)[number]['name'];

/** The faults written by hand, each with its own probe and README row. */
export const HAND_FAULTS: readonly FaultSpec[] = FAULT_LIST.map(withKind);

/** Table-driven faults (a success code, a patch path each): proven by the self-test, probed by it alone. */
const TABLE_FAULTS: readonly FaultSpec[] = [...STATUS_FAULTS, ...PATCH_IGNORED_FAULTS, ...QUERY_TAKEN_FAULTS].map(withKind);

const handRules = new Set([...FAULT_LIST, ...TABLE_FAULTS].map((fault) => fault.rule));
const responseFaults = responseBreakingFaults(handRules);
const listed = new Set(Object.keys(GENERATED_PROOFS));

/**
 * Faults generated from the contracts for the MUST rules no hand fault proves: answers that break
 * a response constraint (faults/response-breaking.ts), and, for the rules no proven answer-breaking
 * fault covers, requests taken although they break a request constraint (faults/request-accepting.ts).
 */
export const GENERATED_FAULTS: readonly FaultSpec[] = [
  ...responseFaults,
  ...requestAcceptingFaults(new Set([...handRules, ...responseFaults.filter((fault) => listed.has(fault.name)).map((fault) => fault.rule)])),
].map(withKind);

/**
 * The faults the self-test proves caught: those by hand and by table, then the generated ones it found caught
 * (faults/generated-proofs.ts). Each is a proof for its rule.
 */
export const FAULTS: readonly FaultSpec[] = [...HAND_FAULTS, ...TABLE_FAULTS, ...GENERATED_FAULTS.filter((fault) => listed.has(fault.name))];

/** Every fault a reference can be started with. */
export const SWITCHABLE_FAULTS: readonly FaultSpec[] = [...HAND_FAULTS, ...TABLE_FAULTS, ...GENERATED_FAULTS];
