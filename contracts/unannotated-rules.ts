// Schema and limit rules that no JSON Schema constraint enforces, each with the reason.
// The suites check them with code or requests.

export const UNANNOTATED_RULES: Readonly<Record<string, string>> = {
  'billing.billing_cycle.pricing_scheme.free-trial-optional':
    'an acceptance rule: a create request with a free TRIAL cycle and no pricing_scheme must succeed (pricing_scheme is optional in the schemas)',
  'billing.pricing_tier.ending_quantity.last-omitted': 'depends on the position of the tier in its array, which JSON Schema cannot address',
  'billing.billing_cycle_override.adheres-to-plan': "depends on the plan's billing cycles, which the override does not carry",
  'billing.billing_cycle_override.total_cycles.trial-finite': "depends on the tenure_type of the plan's cycle with that sequence, which the override does not carry",
  'billing.subscription.subscriber.type': 'subscriber is a $ref to the subscriber contract, whose own type rule (billing.subscriber.type) reports it',
  'billing.subscriber.create-members': 'an acceptance rule: a create request with these subscriber members must succeed',
  'billing.amount_with_breakdown.net_amount.gross-minus-fee': 'arithmetic across members (decimal strings), which JSON Schema cannot express',
  'billing.show-plan.returns-plan': 'the response contract is a $ref to plan.json, whose rules report any shape error; the id match is a request check',
  'billing.show-subscription.returns-subscription':
    'the response contract is a $ref to subscription.json, whose rules report any shape error; the id match is a request check',
  'billing.list-subscriptions.plan_ids.url-max-2000': 'a bound on the whole request URL, not on a member',
  'assignees.issue.labels.items': 'items are a $ref to label.json, whose own rules (assignees.label.*) report a broken Label',
  'assignees.issue.assignees.items': 'items are a $ref to user.json, whose own rules (assignees.user.*) report a broken User',
  'assignees.add.returns-issue': 'the response contract is a $ref to issue.json, whose rules report any shape error',
  'assignees.remove.returns-issue': 'the response contract is a $ref to issue.json, whose rules report any shape error',
  'billing.country_code.uk-refused':
    'a refusal (a SHOULD): the contracts say what a country_code is, and their `not UK` constraint enforces what an answer shows (billing.country_code.gb-not-uk); the refusal is a request check',
};
