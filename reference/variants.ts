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
    specPassage: 'billing.md, Errors: "Error response body shape: not shown."; assignees.md, Errors: "Error response body shape: not shown."',
  },
  {
    name: 'extra-members',
    description: 'Full plans, subscriptions, users and issues carry an extra member (x_reference_note) and issues an assignee member.',
    specPassage: 'billing.md, Resources and their fields: the tables list members but never say an object is closed; assignees.md, Resources and their fields (same).',
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
    specPassage: 'billing.md, Endpoints: list plans "200, {plans: [plan summaries], links}" (no order stated); assignees.md, Endpoints: "200, array of User".',
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
    description: 'A repeated Platform-Request-Id is answered 409 DUPLICATE_REQUEST and creates nothing, instead of replaying the first answer.',
    specPassage: 'billing.md, Limits: "Behavior when an idempotency key is repeated: not shown."',
  },
  {
    name: 'anonymous-write-401',
    description: 'Add and remove assignees without a token answer 401 instead of silently changing nothing.',
    specPassage: 'assignees.md, Authentication: "Add and remove need at least one of: Issues repository permission (write) or Pull requests repository permission (write)."',
  },
  {
    name: 'subscription-update-pending',
    description: 'Update subscription is also allowed in APPROVAL_PENDING.',
    specPassage: 'billing.md, States and transitions: "Subscription: statuses APPROVAL_PENDING, ACTIVE and SUSPENDED appear; the full status set: not shown." and "Transitions for suspend, cancel, activate and capture ... not shown."',
  },
  {
    name: 'subscription-cancel-pending-refused',
    description: 'Cancel is refused with 422 in APPROVAL_PENDING (the reference allows it).',
    specPassage: 'billing.md, States and transitions: "Transitions for suspend, cancel, activate and capture (resulting and source states): not shown."',
  },
  {
    name: 'capture-active-only',
    description: 'Capture is refused with 422 for SUSPENDED subscriptions (the reference accepts ACTIVE and SUSPENDED).',
    specPassage: 'billing.md, States and transitions: "Transitions for suspend, cancel, activate and capture (resulting and source states): not shown."',
  },
  {
    name: 'unknown-id-400',
    description: 'An unknown plan or subscription id in the path is answered 400 instead of 404.',
    specPassage: 'billing.md, Errors: "Conditions, status codes and codes of the named error categories: not shown." (404 for an unknown id is HTTP practice, SHOULD level).',
  },
  {
    name: 'minimal-create-times',
    description: 'The minimal create-plan answer also carries create_time and update_time.',
    specPassage: 'billing.md, Endpoints, Plans: create plan "201, plan body with id, create_time, update_time, links".',
  },
  {
    name: 'total-count-name',
    description: 'total_required=true reports the total as total_count instead of total_items and total_pages.',
    specPassage: 'billing.md, Endpoints, Plans: total_required "when true the response shows a total count; the names of the total fields: not shown".',
  },
  {
    name: 'link-other-methods',
    description: 'Plan and subscription links also include one with method DELETE or HEAD.',
    specPassage: 'billing.md, Shared value types: Link "method: string (GET, PATCH, POST appear)".',
  },
  {
    name: 'interval-units-open',
    description: 'frequency.interval_unit accepts any upper-case word (for example FORTNIGHT), not only DAY, WEEK, MONTH, YEAR.',
    specPassage: 'billing.md, billing_cycle: "interval_unit (values DAY and MONTH appear; the rest: not shown)".',
  },
  {
    name: 'read-token-403',
    description: 'Add and remove assignees with the read-only token answer 403 (no write permission) and change nothing, instead of 201/200.',
    specPassage: 'assignees.md, Authentication: "Add and remove need at least one of: Issues repository permission (write) or Pull requests repository permission (write)."',
  },
  {
    name: 'assignees-unknown-login-422',
    description: 'An add or remove by a push-access user naming a login that cannot be assigned in the repository is refused with 422 and changes nothing.',
    specPassage: 'assignees.md, Endpoints: the Failure column of add and remove assignees is empty; no answer to a login that cannot be assigned is stated.',
  },
  {
    name: 'api-version-older',
    description: 'X-Service-Api-Version 2022-11-28 is the only version served: 2026-03-10 (and any other date) is refused with 400; requests without the header are served.',
    specPassage: 'assignees.md, Versioning: "the sample request uses 2026-03-10. Supported version values and deprecation policy: not shown."',
  },
  {
    name: 'pull-request-links-null',
    description: 'The pull_request object of a pull request carries url, html_url, diff_url and patch_url as null.',
    specPassage: 'assignees.md, Issue: "pull_request | object {url, html_url, diff_url, patch_url}" (no type is given for the four members).',
  },
  {
    name: 'per-page-cap-50',
    description: 'List assignees serves at most 50 users a page whatever per_page (up to 100) asks, and the public repository has 60 more assignable users than the profile names, listed first.',
    specPassage: 'assignees.md, Endpoints: "query per_page (integer, max 100)"; Rules: "Defaults of per_page and page: not shown." (a smaller page than asked is not ruled out; who can be assigned beyond the profile is the repository\'s).',
  },
] as const satisfies readonly VariantSpec[];

export type VariantName = (typeof VARIANT_LIST)[number]['name'];

export const VARIANTS: readonly VariantSpec[] = VARIANT_LIST;
