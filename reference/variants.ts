// Legal variants: answers that differ from the reference's own choices but still conform,
// because the spec leaves the choice open. The checker must pass every one of them.

export interface VariantSpec {
  name: string;
  description: string;
  /** The spec passage that leaves the choice open: file, heading and a short quote. */
  specPassage: string;
}

const VARIANT_LIST = [
  {
    name: 'validation-422',
    description: 'Invalid input is refused with 422 UNPROCESSABLE_ENTITY instead of 400.',
    specPassage: 'billing.md, Errors: "Conditions, status codes and codes of the named error categories: not shown."',
  },
  {
    name: 'error-body-plain',
    description: 'Error bodies are {"error": "<message>"} instead of {name, message, details}.',
    specPassage:
      'billing.md, Errors: "Error response body shape: not shown."; assignees.md, Errors: "Error ' +
      'response body shape: not shown."',
  },
  {
    name: 'extra-members',
    description:
      'Full plans, subscriptions, users and issues carry an extra member (x_reference_note) and ' +
      'issues an assignee member.',
    specPassage:
      'billing.md, Resources and their fields: the tables list members but never say an object ' +
      'is closed; assignees.md, Resources and their fields (same).',
  },
  {
    name: 'subscription-id-long',
    description: 'Subscription ids carry 20 characters after I- instead of 12.',
    specPassage: 'billing.md, Subscription: "id | string | service-generated; prefix I-." (no length stated).',
  },
  {
    name: 'subscription-id-short',
    description: 'Subscription ids carry 6 characters after I- instead of 12.',
    specPassage: 'billing.md, Subscription: "id | string | service-generated; prefix I-." (no length stated).',
  },
  {
    name: 'list-reverse-order',
    description: 'List plans, list subscriptions and list assignees return the newest (or last) item first.',
    specPassage:
      'billing.md, Endpoints: list plans "200, {plans: [plan summaries], links}" (no order ' +
      'stated); assignees.md, Endpoints: "200, array of User".',
  },
  {
    name: 'assignees-paging-defaults',
    description: 'List assignees defaults to per_page 5 instead of 30.',
    specPassage: 'assignees.md, Endpoints, Rules: "Defaults of per_page and page: not shown."',
  },
  {
    name: 'assignees-per-page-clamp',
    description: 'per_page over 100 is clamped to 100 instead of refused with 422.',
    specPassage: 'assignees.md, Limits: "per_page | max 100" (the answer to a larger value is not stated).',
  },
  {
    name: 'plan-activate-from-active',
    description: 'Activating an ACTIVE plan answers 204 and changes nothing, instead of 422.',
    specPassage: 'billing.md, States and transitions: "source states: not shown | Activate plan".',
  },
  {
    name: 'plan-deactivate-from-created',
    description: 'A CREATED plan can be deactivated (becomes INACTIVE), instead of 422.',
    specPassage: 'billing.md, States and transitions: "source states: not shown | Deactivate plan".',
  },
  {
    name: 'idempotency-repeat-conflict',
    description:
      'A repeated Platform-Request-Id is answered 409 DUPLICATE_REQUEST and creates nothing, ' +
      'instead of replaying the first answer.',
    specPassage: 'billing.md, Limits: "Behavior when an idempotency key is repeated: not shown."',
  },
  {
    name: 'anonymous-write-401',
    description: 'Add and remove assignees without a token answer 401 instead of silently changing nothing.',
    specPassage:
      'assignees.md, Authentication: "Add and remove need at least one of: Issues repository ' +
      'permission (write) or Pull requests repository permission (write)."',
  },
  {
    name: 'subscription-update-pending',
    description: 'Update subscription is also allowed in APPROVAL_PENDING.',
    specPassage:
      'billing.md, States and transitions: "Subscription: statuses APPROVAL_PENDING, ACTIVE and ' +
      'SUSPENDED appear; the full status set: not shown." and "Transitions for suspend, cancel, ' +
      'activate and capture ... not shown."',
  },
  {
    name: 'subscription-cancel-pending-refused',
    description: 'Cancel is refused with 422 in APPROVAL_PENDING (the reference allows it).',
    specPassage:
      'billing.md, States and transitions: "Transitions for suspend, cancel, activate and ' +
      'capture (resulting and source states): not shown."',
  },
  {
    name: 'capture-active-only',
    description:
      'Capture is refused with 422 for SUSPENDED subscriptions (the reference accepts ACTIVE and SUSPENDED).',
    specPassage:
      'billing.md, States and transitions: "Transitions for suspend, cancel, activate and ' +
      'capture (resulting and source states): not shown."',
  },
  {
    name: 'unknown-id-400',
    description: 'An unknown plan or subscription id in the path is answered 400 instead of 404.',
    specPassage:
      'billing.md, Errors: "Conditions, status codes and codes of the named error categories: ' +
      'not shown." (404 for an unknown id is HTTP practice, SHOULD level).',
  },
  {
    name: 'minimal-create-times',
    description: 'The minimal create-plan answer also carries create_time and update_time.',
    specPassage: 'billing.md, Endpoints, Plans: create plan "201, plan body with id, create_time, update_time, links".',
  },
  {
    name: 'total-count-name',
    description: 'total_required=true reports the total as total_count instead of total_items and total_pages.',
    specPassage:
      'billing.md, Endpoints, Plans: total_required "when true the response shows a total count; ' +
      'the names of the total fields: not shown".',
  },
  {
    name: 'link-other-methods',
    description: 'Plan and subscription links also include one with method DELETE or HEAD.',
    specPassage: 'billing.md, Shared value types: Link "method: string (GET, PATCH, POST appear)".',
  },
  {
    name: 'interval-units-open',
    description:
      'frequency.interval_unit accepts any upper-case word (for example FORTNIGHT), not only DAY, WEEK, MONTH, YEAR.',
    specPassage: 'billing.md, billing_cycle: "interval_unit (values DAY and MONTH appear; the rest: not shown)".',
  },
  {
    name: 'list-plans-summary',
    description:
      'List plans items are plan summaries (id, product_id, name, status, description, ' +
      'usage_type, times, links) even with Prefer return=representation: no billing_cycles, ' +
      'payment_preferences or taxes.',
    specPassage:
      'billing.md, Plans: list plans "200, {plans: [plan summaries], links}" (the members of a ' +
      'summary under return=representation are not listed).',
  },
  {
    name: 'pricing-duplicate-sequence-refused',
    description:
      'Update pricing refuses (422) a body that names one billing cycle in two items, instead of ' +
      'applying the items in order.',
    specPassage:
      'billing.md, Plans: update pricing "{pricing_schemes: array of 1..99 items, each ' +
      '{billing_cycle_sequence (integer), pricing_scheme}}" (whether items may repeat a sequence ' +
      'is not stated).',
  },
  {
    name: 'url-limit-2000',
    description: 'A request whose URL is over 2000 characters is answered 414 URI_TOO_LONG.',
    specPassage:
      'billing.md, Limits: "plan_ids filter | up to 70 ids; URL not over 2000 characters" (a ' +
      'longer URL need not be served).',
  },
  {
    name: 'cycle-billed-at-start',
    description:
      'The first period of the first billing cycle is billed when the subscription is activated, ' +
      'so a TRIAL cycle of total_cycles 1 is completed at once and its attributes can no longer ' +
      'be patched.',
    specPassage:
      'billing.md, Subscriptions: "attributes of already completed cycles cannot be updated (for ' +
      'example completed trial cycles)" (when a cycle counts as completed is not stated).',
  },
  {
    name: 'text-nfc',
    description:
      'Text members are stored and answered in Unicode normalization form C (U+037E GREEK ' +
      'QUESTION MARK reads back as U+003B).',
    specPassage:
      'billing.md, Shared value types: "description | string 1..256, Unicode." (whether text is ' +
      'kept byte for byte or canonically normalized is not stated).',
  },
  {
    name: 'utf16-lengths',
    description: 'String lengths are counted in UTF-16 code units (an emoji counts 2) instead of code points.',
    specPassage:
      'billing.md, Resources and their fields: "Lengths are in characters." (characters as code ' +
      'points or as UTF-16 units is not stated).',
  },
  {
    name: 'approval-async',
    description:
      'Following the approve link records the consent; the subscription turns ACTIVE (or ' +
      'APPROVED) 300 ms later instead of at once.',
    specPassage:
      'billing.md, application_context: "SUBSCRIBE_NOW (customer sees Subscribe Now; the service ' +
      'activates)" (when the service activates is not stated).',
  },
  {
    name: 'capture-max-outstanding',
    description:
      'A new subscription owes an outstanding balance of 50.00, and capture refuses (422) an ' +
      'amount above the outstanding balance or in another currency.',
    specPassage:
      'billing.md, Subscriptions: capture "{note ..., capture_type: string 1..24 required (value ' +
      'OUTSTANDING_BALANCE), amount: Money required}" (whether an amount above the outstanding ' +
      'balance is taken is not stated).',
  },
  {
    name: 'list-subscription-summaries',
    description: 'List subscriptions items leave out plan_id (show subscription keeps it).',
    specPassage:
      'billing.md, Subscription: "plan_id | string | exactly 26 characters, prefix P-, required ' +
      'on create." (required on create only, not in answers).',
  },
  {
    name: 'empty-header-absent',
    description: 'An empty Platform-Client-Metadata-Id header is taken as absent instead of refused.',
    specPassage:
      'billing.md, Subscriptions: create subscription "Platform-Client-Metadata-Id (string ' +
      '1..36, device information for risk assessment)" (the header is optional; whether an empty ' +
      'value counts as sent is not stated).',
  },
  {
    name: 'revise-user-action-ignored',
    description:
      'Revise takes an application_context with user_action (present on create only) and ignores it, ' +
      'instead of refusing it.',
    specPassage:
      'billing.md, Subscriptions: revise "application_context (without user_action)"; ' +
      'application_context: user_action "Present on create only." ' +
      '(what a revise body is; not that a revise carrying user_action is refused).',
  },
  {
    name: 'revise-strict',
    description:
      'Revise refuses (422) a request that changes nothing (no other plan, quantity, shipping or ' +
      'override) and a revision while an earlier one still awaits consent.',
    specPassage:
      'billing.md, States and transitions: "any | Revise plan or quantity | requires buyer ' +
      'consent | target: not shown" (what a revision must change, and a second one before ' +
      'consent, are not stated).',
  },
  {
    name: 'read-token-403',
    description:
      'Add and remove assignees with the read-only token answer 403 (no write permission) and ' +
      'change nothing, instead of 201/200.',
    specPassage:
      'assignees.md, Authentication: "Add and remove need at least one of: Issues repository ' +
      'permission (write) or Pull requests repository permission (write)."',
  },
  {
    name: 'assignees-unknown-login-422',
    description:
      'An add or remove by a push-access user naming a login that cannot be assigned in the ' +
      'repository is refused with 422 and changes nothing.',
    specPassage:
      'assignees.md, Endpoints: the Failure column of add and remove assignees is empty; no ' +
      'answer to a login that cannot be assigned is stated.',
  },
  {
    name: 'api-version-older',
    description:
      'X-Service-Api-Version 2022-11-28 is the only version served: 2026-03-10 (and any other ' +
      'date) is refused with 400; requests without the header are served.',
    specPassage:
      'assignees.md, Versioning: "the sample request uses 2026-03-10. Supported version values ' +
      'and deprecation policy: not shown."',
  },
  {
    name: 'pull-request-links-null',
    description: 'The pull_request object of a pull request carries url, html_url, diff_url and patch_url as null.',
    specPassage:
      'assignees.md, Issue: "pull_request | object {url, html_url, diff_url, patch_url}" (no ' +
      'type is given for the four members).',
  },
  {
    name: 'timestamps-offset-millis',
    description:
      'Issues and milestones write their timestamps at a +02:00 offset with milliseconds ' +
      '(2026-01-05T11:30:00.000+02:00) instead of in UTC whole seconds (2026-01-05T09:30:00Z).',
    specPassage:
      'assignees.md, Issue: "closed_at, created_at, updated_at | string (timestamp)"; Milestone: ' +
      '"created_at, updated_at, closed_at, due_on (timestamps)" (no offset or precision is stated).',
  },
  {
    name: 'per-page-cap-50',
    description:
      'List assignees serves at most 50 users a page whatever per_page (up to 100) asks, and the ' +
      'public repository has 60 more assignable users than the profile names, listed first.',
    specPassage:
      'assignees.md, Endpoints: "query per_page (integer, max 100)"; Rules: "Defaults of ' +
      'per_page and page: not shown." (a smaller page than asked is not ruled out; who can be ' +
      "assigned beyond the profile is the repository's).",
  },
  {
    name: 'country-code-uk-stored-gb',
    description: 'A country_code UK in a request is taken for Great Britain and stored, and shown, as GB.',
    specPassage:
      'billing.md, Shared value types: "GB is used for Great Britain, not UK." (what a value is; ' +
      'not that a request with UK is refused).',
  },
  {
    name: 'billing-address-extra-member-dropped',
    description:
      'A card billing_address with a member outside its six is taken; the member is dropped (a ' +
      "card's billing_address is never shown).",
    specPassage:
      'billing.md, Payment source card shapes: "billing_address (address_line_1, address_line_2, ' +
      'admin_area_1, admin_area_2, postal_code, country_code only)" (what a billing_address is; ' +
      'not that a request with another member is refused).',
  },

  // queries and lists: out-of-range values clamped, other orders, other names for the totals
  {
    name: 'query-lenient',
    description:
      'List and show queries refuse no value that can be clamped or read as absent: page_size ' +
      'and page are clamped into their ranges (page_size 0 reads as 1, 21 as 20; page 0 as 1, ' +
      'past the last page number as the last), a non-integer is taken as absent, empty ' +
      'parameters are absent, a total_required other than true is false. (A product_id, ' +
      'plan_ids, statuses, filter or fields value past its length, count or pattern is refused, ' +
      'as it must be.)',
    specPassage:
      'billing.md, Endpoints: list plans "page_size (integer 1..20, default 10)" and list ' +
      'subscriptions "statuses (string 1..70, capital letters, underscore, comma)" (the answer ' +
      'to a value outside the range is not stated).',
  },
  {
    name: 'list-order-by-id',
    description: 'List plans and list subscriptions return their items ordered by id, not by creation.',
    specPassage:
      'billing.md, Endpoints: list plans "200, {plans: [plan summaries], links}" and list ' +
      'subscriptions "200, {subscriptions: [subscription], links}" (no order stated).',
  },
  {
    name: 'total-in-page-object',
    description:
      'total_required=true reports the totals inside an object, page_info: {total_elements, ' +
      'total_pages}, instead of top-level total_items and total_pages.',
    specPassage:
      'billing.md, Endpoints, Plans: total_required "when true the response shows a total count; ' +
      'the names of the total fields: not shown".',
  },
  // bodies, read-back, patch limits
  {
    name: 'minimal-identity-members',
    description:
      'Minimal answers also carry what names the resource and when, never what it holds: create ' +
      'plan product_id and name; create subscription plan_id, create_time and ' +
      'status_update_time; list plans items product_id, status and create_time.',
    specPassage:
      'billing.md, Endpoints: "Minimal returns id, status and links for create operations, and ' +
      'id, name, description and links for list plans." (what a minimal answer holds; not that ' +
      'it holds nothing else).',
  },
  {
    name: 'minimal-full-representation',
    description:
      'Minimal answers (no Prefer, or return=minimal) carry the full representation: create plan ' +
      'and list plans items the whole plan (billing cycles, preferences, taxes), create ' +
      'subscription the whole subscription.',
    specPassage:
      'billing.md, Endpoints: "Minimal returns id, status and links for create operations, and ' +
      'id, name, description and links for list plans." (what a minimal answer holds; not that ' +
      'it holds nothing else).',
  },
  {
    name: 'decimal-two-places',
    description:
      'Money values and tax percentages are answered with at least two decimals (10 reads back ' +
      'as 10.00, 8.5 as 8.50): the same amount in another notation.',
    specPassage:
      'billing.md, Shared value types: Money "value: string holding a decimal amount."; Plan: ' +
      'taxes "percentage: string (decimal text)" (the amount is stated, not its notation).',
  },
] as const satisfies readonly VariantSpec[];

export type VariantName = (typeof VARIANT_LIST)[number]['name'];

export const VARIANTS: readonly VariantSpec[] = VARIANT_LIST;
