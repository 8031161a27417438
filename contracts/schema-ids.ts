// The `$id` of every contract. Rules cite these; validate() takes them. The file of a schema is
// its id below SCHEMA_BASE, under contracts/schemas/.

export const SCHEMA_BASE = 'https://api-conformance.local/schemas/';

const b = (name: string) => `${SCHEMA_BASE}billing/${name}.json` as const;
const a = (name: string) => `${SCHEMA_BASE}assignees/${name}.json` as const;

export const SCHEMA_IDS = {
  // billing: shared value types
  money: b('money'),
  link: b('link'),
  links: b('links'),
  dateTime: b('date-time'),
  dateNoTime: b('date-no-time'),
  dateYearMonth: b('date-year-month'),
  countryCode: b('country-code'),
  currencyDecimalPrecision: b('currency-decimal-precision'),
  description: b('description'),
  email: b('email'),
  denominationType: b('denomination-type'),
  urlDetails: b('url-details'),
  // billing: plans
  plan: b('plan'),
  billingCycle: b('billing-cycle'),
  pricingScheme: b('pricing-scheme'),
  pricingTier: b('pricing-tier'),
  billingCycleOverride: b('billing-cycle-override'),
  planOverride: b('plan-override'),
  // billing: subscriptions
  subscription: b('subscription'),
  subscriber: b('subscriber'),
  shippingDetail: b('shipping-detail'),
  address: b('address'),
  billingInfo: b('billing-info'),
  cycleExecution: b('cycle-execution'),
  applicationContext: b('application-context'),
  transaction: b('transaction'),
  amountWithBreakdown: b('amount-with-breakdown'),
  // billing: card shapes and capability
  card: b('card'),
  cardCustomer: b('card-customer'),
  cardResponse: b('card-response'),
  storedCredential: b('stored-credential'),
  cardVaultResponse: b('card-vault-response'),
  authenticationResponse: b('authentication-response'),
  binDetails: b('bin-details'),
  balanceResponse: b('balance-response'),
  captureStatus: b('capture-status'),
  captureStatusDetails: b('capture-status-details'),
  capability: b('capability'),
  network: b('network'),
  // billing: JSON Patch
  patchDocument: b('patch-document'),
  // billing: operations
  createPlanRequest: b('create-plan-request'),
  createPlanResponse: b('create-plan-response'),
  createPlanResponseMinimal: b('create-plan-response-minimal'),
  createPlanResponseRepresentation: b('create-plan-response-representation'),
  listPlansQuery: b('list-plans-query'),
  listPlansResponse: b('list-plans-response'),
  listPlansResponseRepresentation: b('list-plans-response-representation'),
  showPlanResponse: b('show-plan-response'),
  updatePlanRequest: b('update-plan-request'),
  updatePricingRequest: b('update-pricing-request'),
  createSubscriptionHeaders: b('create-subscription-headers'),
  createSubscriptionRequest: b('create-subscription-request'),
  createSubscriptionResponse: b('create-subscription-response'),
  createSubscriptionResponseMinimal: b('create-subscription-response-minimal'),
  createSubscriptionResponseRepresentation: b('create-subscription-response-representation'),
  listSubscriptionsQuery: b('list-subscriptions-query'),
  listSubscriptionsResponse: b('list-subscriptions-response'),
  showSubscriptionQuery: b('show-subscription-query'),
  showSubscriptionResponse: b('show-subscription-response'),
  updateSubscriptionRequest: b('update-subscription-request'),
  reviseRequest: b('revise-request'),
  reviseResponse: b('revise-response'),
  suspendRequest: b('suspend-request'),
  cancelRequest: b('cancel-request'),
  activateSubscriptionRequest: b('activate-subscription-request'),
  captureRequest: b('capture-request'),
  captureResponse: b('capture-response'),
  listTransactionsQuery: b('list-transactions-query'),
  listTransactionsResponse: b('list-transactions-response'),
  // assignees
  user: a('user'),
  issue: a('issue'),
  label: a('label'),
  milestone: a('milestone'),
  listAssigneesQuery: a('list-assignees-query'),
  listAssigneesResponse: a('list-assignees-response'),
  addAssigneesRequest: a('add-assignees-request'),
  addAssigneesResponse: a('add-assignees-response'),
  removeAssigneesRequest: a('remove-assignees-request'),
  removeAssigneesResponse: a('remove-assignees-response'),
} as const;

export type SchemaName = keyof typeof SCHEMA_IDS;
export type SchemaId = (typeof SCHEMA_IDS)[SchemaName];

export const ALL_SCHEMA_IDS: readonly string[] = Object.values(SCHEMA_IDS);

/** The path of a schema file relative to contracts/schemas/. */
export function schemaFile(id: string): string {
  return id.slice(SCHEMA_BASE.length);
}
