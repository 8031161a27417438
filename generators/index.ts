// The public API of the generators: fast-check arbitraries of valid, boundary and invalid values
// for every request of both specs, resources for the response contracts, and the helpers they
// are built from. Suites import from here only; see README.md for one line per export.

// shared machinery
export {
  type Invalid,
  type Breaker,
  invalidOf,
  breakersOf,
  brokenFrom,
  unbrokenOf,
  at,
  atSomeItem,
  setAt,
  ABSENT,
} from './invalid.js';
export { lazySample } from './lazy-sample.js';
export {
  codePointLength,
  takeCodePoints,
  lengthBetween,
  textOfLength,
  textBetween,
  fitTo,
  withinUtf16,
  isStableChar,
  unicodeChar,
  unicodeText,
  printableAsciiChar,
  printableAsciiText,
  alphanumericChar,
  upperAlnumChar,
  digitChar,
} from './text.js';
export {
  fakerSeed,
  withFaker,
  fakerArbitrary,
  fullName,
  personName,
  emailAddress,
  companyName,
  productName,
  sentence,
  login,
  postalAddress,
  type PersonName,
  type PostalAddress,
} from './faker.js';

// billing: shared value types and ids
export {
  type Money,
  CURRENCY_CODES,
  DECIMAL_FORMS,
  currencyCode,
  decimalAmount,
  decimalOfForm,
  money,
  breakMoney,
} from './billing/money.js';
export {
  dateTime,
  dateTimeBoundary,
  dateTimeOfLength,
  dateTimeRange,
  dateTimeWithOffset,
  breakDateTime,
} from './billing/datetime.js';
export { COUNTRY_CODES, NAMED_COUNTRY_CODES, countryCode, breakCountryCode } from './billing/country.js';
export { numberedPlanId, planId, productId, subscriptionId } from './billing/ids.js';
export {
  type ShippingDetail,
  type Subscriber,
  EMAIL_MIN,
  EMAIL_MAX,
  emailOfLength,
  email,
  shippingDetail,
  subscriber,
  breakEmail,
} from './billing/contact.js';

// billing: plans
export {
  type TenureType,
  type Frequency,
  type Tier,
  type PricingScheme,
  type BillingCycle,
  type CycleOptions,
  TENURE_TYPES,
  INTERVAL_UNITS,
  frequency,
  tiers,
  fixedPricing,
  tieredPricing,
  totalCycles,
  billingCycle,
  billingCycles,
  cyclesCurrency,
} from './billing/cycles.js';
export {
  type CreatePlanBody,
  type PlanOptions,
  type PaymentPreferences,
  type Taxes,
  type PlanCreateStatus,
  PLAN_NAME_MAX,
  PLAN_DESCRIPTION_MAX,
  PLAN_CREATE_STATUSES,
  planName,
  planNameOfLength,
  shortestTagged,
  paymentPreferences,
  taxPercentage,
  taxes,
  createPlanBody,
  createPlanBodyBoundary,
  createPlanBodyInvalid,
} from './billing/plan.js';
export {
  type CreateHeaders,
  type CreateSubscriptionHeaders,
  PREFER_VALUES,
  requestId,
  createHeaders,
  createSubscriptionHeaders,
  createSubscriptionHeadersBoundary,
  createSubscriptionHeadersInvalid,
} from './billing/headers.js';

// billing: subscriptions
export {
  type ApplicationContext,
  SHIPPING_PREFERENCES,
  USER_ACTIONS,
  PAYEE_PREFERENCES,
  LOCALES,
  LOCALES_AT_LIMITS,
  httpsUrl,
  httpsUrlOfLength,
  brandName,
  applicationContext,
} from './billing/app-context.js';
export {
  type BillingCycleOverride,
  type PlanOverride,
  billingCycleOverride,
  planOverride,
} from './billing/override.js';
export {
  type CreateSubscriptionBody,
  type SubscriptionOptions,
  CUSTOM_ID_MAX,
  QUANTITY_MAX,
  customId,
  customIdOfLength,
  quantity,
  quantityOfLength,
  quantityBreaksPastMax,
  startTime,
  createSubscriptionBody,
  createSubscriptionBodyBoundary,
  createSubscriptionBodyInvalid,
} from './billing/subscription.js';

// billing: payment source cards (subscriber.payment_source.card)
export {
  CARD_NUMBER_MIN,
  CARD_NUMBER_MAX,
  luhnCheckDigit,
  passesLuhn,
  cardNumberOfLength,
  cardNumber,
} from './billing/card-number.js';
export {
  type CardRequest,
  type CardAttributes,
  type CardType,
  type VerificationMethod,
  CARD_TYPES,
  VERIFICATION_METHODS,
  CARD_BILLING_ADDRESS_MEMBERS,
  CARD_NAME_MAX,
  CARD_BRAND_MAX,
  KNOWN_BRAND,
  STORE_IN_VAULT,
  cardNameChar,
  cardNameOfLength,
  cardExpiry,
  securityCodeOfLength,
  cardBillingAddress,
  cardAttributes,
  withoutCodeForMerchant,
  cardRequest,
  plainCard,
} from './billing/cards.js';
export {
  type CardCustomer,
  CUSTOMER_ID_MAX,
  MERCHANT_CUSTOMER_ID_MAX,
  customerIdChar,
  customerIdOfLength,
  merchantCustomerIdOfLength,
  nationalNumber,
  cardCustomer,
  fullCardCustomer,
} from './billing/card-customer.js';
export {
  type StoredCredential,
  type NetworkTransactionReference,
  type PaymentInitiator,
  type PaymentType,
  type CredentialUsage,
  PAYMENT_INITIATORS,
  PAYMENT_TYPES,
  CREDENTIAL_USAGES,
  isAllowedCredential,
  networkReferenceId,
  allowedCredentials,
  storedCredential,
} from './billing/stored-credential.js';
export { type CardFamily, CARDS_AT_LIMITS } from './billing/card-limits.js';
export {
  type CardBreak,
  CARD_MEMBER_BREAKS,
  BILLING_ADDRESS_BREAKS,
  CARD_ATTRIBUTE_BREAKS,
  CARD_CUSTOMER_BREAKS,
  STORED_CREDENTIAL_BREAKS,
  CARD_BREAKS,
  cardBreaker,
  rulesOfBreaks,
} from './billing/card-breaks.js';

// billing: queries
export {
  type ListPlansQuery,
  type ListSubscriptionsQuery,
  type ShowSubscriptionQuery,
  type TransactionsQuery,
  PAGE_SIZE_MAX,
  PLANS_PAGE_MAX,
  SUBSCRIPTIONS_PAGE_MAX,
  PLAN_IDS_MAX,
  PRODUCT_ID_LENGTH,
  PLAN_IDS_LENGTH,
  STATUSES_LENGTH,
  FILTER_LENGTH_MAX,
  FIELDS_LENGTH,
  SHOWN_SUBSCRIPTION_STATUSES,
  STATUSES_AT_MAX,
  STATUSES_PAST_MAX,
  SUBSCRIPTION_FIELDS,
  FIELDS_LONGEST,
  FIELDS_PAST_MAX,
  type BoundPair,
  PLAN_IDS_LENGTH_PAIRS,
  PLAN_IDS_COUNT_PAIRS,
  PLAN_IDS_PAST_BOTH,
  FILTER_LENGTH_PAIRS,
  listPlansQuery,
  listPlansQueryBoundary,
  listPlansQueryInvalid,
  listSubscriptionsQuery,
  listSubscriptionsQueryBoundary,
  listSubscriptionsQueryInvalid,
  showSubscriptionQuery,
  showSubscriptionQueryInvalid,
  transactionsQuery,
  transactionsQueryBoundary,
  transactionsQueryInvalid,
} from './billing/queries.js';

// billing: actions
export {
  type ReasonBody,
  type ReasonAction,
  type CaptureBody,
  type ReviseBody,
  type ReviseOptions,
  type PricingSchemeUpdate,
  type UpdatePricingBody,
  REASON_MAX,
  PRICING_ITEMS_MAX,
  reason,
  reasonOfLength,
  reasonBody,
  reasonBodyBoundary,
  reasonBodyInvalid,
  captureBody,
  captureBodyBoundary,
  captureBodyInvalid,
  reviseBody,
  reviseBodyInvalid,
  updatePricingBody,
  updatePricingBodyBoundary,
  updatePricingBodyInvalid,
} from './billing/actions.js';

// billing: JSON Patch
export {
  type PatchOperation,
  type PlanPatchOptions,
  type SubscriptionPatchOptions,
  type RefusedPatch,
  PLAN_PATCH_POINTERS,
  planPatchValue,
  cyclePath,
  planPatch,
  planPatchBoundary,
  planPatchRefused,
  subscriptionPatch,
  subscriptionPatchBoundary,
  subscriptionPatchRefused,
} from './billing/patch.js';

// billing: resources (responses)
export {
  type Link,
  type CycleExecution,
  links,
  breakLinks,
  planResource,
  planResourceInvalid,
  subscriptionResource,
  subscriptionResourceInvalid,
  transactionResource,
  transactionResourceInvalid,
  cycleExecution,
  cycleExecutionInvalid,
} from './billing/resources.js';

// assignees
export {
  type ListAssigneesQuery,
  PER_PAGE_MAX,
  listAssigneesQuery,
  listAssigneesQueryBoundary,
  listAssigneesQueryInvalid,
  listAssigneesQueryPastMax,
} from './assignees/queries.js';
export {
  type AssigneesBody,
  type AssigneesBodyOptions,
  ADD_MAX,
  loginsOf,
  addAssigneesBody,
  addAssigneesBodyBoundary,
  addAssigneesBodyInvalid,
  addAssigneesBodyPastMax,
  removeAssigneesBody,
  removeAssigneesBodyInvalid,
} from './assignees/bodies.js';
export {
  type RepoPath,
  type AssigneeCheckPath,
  type IssueAssigneeCheckPath,
  type AssigneePathOptions,
  type Assignability,
  ownerCasing,
  assigneeCheckPath,
  issueAssigneeCheckPath,
  issueNumbersNotInteger,
} from './assignees/paths.js';
export { API_VERSIONS_NOT_DATES } from './assignees/headers.js';
export {
  user,
  userInvalid,
  label,
  labelInvalid,
  milestone,
  milestoneInvalid,
  issue,
  issueInvalid,
} from './assignees/resources.js';
