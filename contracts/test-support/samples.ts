// One valid sample per contract, as the spec describes it. Tests break one rule at a time
// from these.

import { SCHEMA_IDS as S } from '../schema-ids.js';

export const PLAN_ID = 'P-5ML4271244454362WXNWU5NQ';
export const PRODUCT_ID = 'PROD-XXCD1234QWER65782';
export const SUBSCRIPTION_ID = 'I-BW452GLLEP1G';
export const TIME = '2026-03-10T10:00:00Z';

export const money = () => ({ currency_code: 'USD', value: '10.00' });
export const link = (rel = 'self', method = 'GET') => ({
  href: `https://api.example.test/v1/billing/x/${rel}`,
  rel,
  method,
});

export const billingCycle = (tenure: 'TRIAL' | 'REGULAR' = 'REGULAR', sequence = 1) => ({
  tenure_type: tenure,
  sequence,
  total_cycles: tenure === 'TRIAL' ? 1 : 0,
  frequency: { interval_unit: 'MONTH', interval_count: 1 },
  pricing_scheme: { fixed_price: money() },
});

export const createPlanRequest = () => ({
  product_id: PRODUCT_ID,
  name: 'Video streaming plan',
  description: 'Monthly plan',
  status: 'ACTIVE',
  billing_cycles: [billingCycle('TRIAL', 1), billingCycle('REGULAR', 2)],
  quantity_supported: true,
  payment_preferences: {
    auto_bill_outstanding: true,
    setup_fee: money(),
    setup_fee_failure_action: 'CONTINUE',
    payment_failure_threshold: 3,
  },
  taxes: { percentage: '10', inclusive: false },
});

export const plan = () => ({
  id: PLAN_ID,
  ...createPlanRequest(),
  usage_type: 'LICENSED',
  create_time: TIME,
  update_time: TIME,
  links: [link('self'), link('edit', 'PATCH'), link('deactivate', 'POST')],
});

export const address = () => ({
  address_line_1: '2211 N First Street',
  address_line_2: 'Building 17',
  admin_area_2: 'San Jose',
  admin_area_1: 'CA',
  postal_code: '95131',
  country_code: 'US',
});
export const shippingDetail = () => ({ name: { full_name: 'John Doe' }, address: address() });

export const subscriber = () => ({
  name: { given_name: 'John', surname: 'Doe' },
  email_address: 'customer@example.com',
  payer_id: 'PAYER1',
  tenant: 'PLATFORM',
  shipping_address: shippingDetail(),
  payment_source: {
    card: {
      name: 'John Doe',
      last_digits: '1234',
      brand: 'VISA',
      expiry: '2030-12',
      attributes: { vault: { id: 'V1', customer: { id: 'C1' } } },
    },
  },
});

export const applicationContext = () => ({
  brand_name: 'Example',
  locale: 'en-US',
  shipping_preference: 'SET_PROVIDED_ADDRESS',
  user_action: 'SUBSCRIBE_NOW',
  payment_method: { payer_selected: 'PLATFORM', payee_preferred: 'IMMEDIATE_PAYMENT_REQUIRED' },
  return_url: 'https://example.com/returnUrl',
  cancel_url: 'https://example.com/cancelUrl',
});

export const cycleExecution = () => ({
  tenure_type: 'REGULAR',
  sequence: 1,
  cycles_completed: 1,
  cycles_remaining: 0,
  current_pricing_scheme_version: 1,
  total_cycles: 0,
});

export const billingInfo = () => ({
  outstanding_balance: money(),
  cycle_executions: [cycleExecution()],
  last_payment: { amount: money(), time: TIME },
  next_billing_time: TIME,
  final_payment_time: TIME,
  failed_payments_count: 0,
});

export const createSubscriptionRequest = () => ({
  plan_id: PLAN_ID,
  start_time: TIME,
  quantity: '20',
  shipping_amount: money(),
  custom_id: 'INV-1001',
  subscriber: {
    name: { given_name: 'John', surname: 'Doe' },
    email_address: 'customer@example.com',
    shipping_address: shippingDetail(),
  },
  application_context: applicationContext(),
  plan: {
    billing_cycles: [{ sequence: 1, total_cycles: 2, pricing_scheme: { fixed_price: money() } }],
    taxes: { percentage: '5', inclusive: true },
  },
});

export const subscription = () => ({
  id: SUBSCRIPTION_ID,
  status: 'ACTIVE',
  status_update_time: TIME,
  plan_id: PLAN_ID,
  plan_overridden: false,
  start_time: TIME,
  quantity: '20',
  shipping_amount: money(),
  custom_id: 'INV-1001',
  subscriber: subscriber(),
  billing_info: billingInfo(),
  create_time: TIME,
  update_time: TIME,
  links: [link('self'), link('edit', 'PATCH'), link('cancel', 'POST')],
});

export const transaction = () => ({
  id: 'TRANS-1',
  status: 'COMPLETED',
  payer_email: 'customer@example.com',
  payer_name: { given_name: 'John', surname: 'Doe' },
  amount_with_breakdown: { gross_amount: money(), fee_amount: money(), net_amount: money() },
  time: TIME,
});

export const storedCredential = () => ({
  payment_initiator: 'MERCHANT',
  payment_type: 'RECURRING',
  usage: 'SUBSEQUENT',
  previous_network_transaction_reference: { id: 'N1', network: 'VISA' },
});
export const card = () => ({
  name: 'John Doe',
  number: '4111111111111111',
  security_code: '123',
  expiry: '2030-12',
  type: 'CREDIT',
  brand: 'VISA',
  billing_address: address(),
  attributes: {
    customer: { id: 'cust_1-A' },
    vault: { store_in_vault: 'ON_SUCCESS' },
    verification: { method: 'SCA_WHEN_REQUIRED' },
  },
});
export const cardCustomer = () => ({
  id: 'cust_1-A',
  email_address: 'c@example.com',
  phone: { phone_type: 'MOBILE', phone_number: { national_number: '5551234' } },
  merchant_customer_id: 'M1',
});
export const cardVaultResponse = () => ({
  id: 'VAULT1',
  status: 'VAULTED',
  links: [link('self')],
  customer: { id: 'cust_1' },
});
export const authenticationResponse = () => ({
  liability_shift: 'POSSIBLE',
  three_d_secure: { authentication_status: 'Y', enrollment_status: 'Y' },
});
export const binDetails = () => ({
  bin: '411111',
  issuing_bank: 'Bank',
  products: ['CONSUMER'],
  bin_country_code: 'US',
});
export const cardResponse = () => ({
  name: 'John Doe',
  last_digits: '1111',
  available_networks: ['VISA', 'CB_NATIONALE'],
  from_request: { last_digits: '1111', expiry: '2030-12' },
  stored_credential: storedCredential(),
  brand: 'VISA',
  type: 'CREDIT',
  authentication_result: authenticationResponse(),
  attributes: { vault: cardVaultResponse() },
  expiry: '2030-12',
  bin_details: binDetails(),
  billing_address: address(),
  currency_code: 'USD',
});
export const network = () => ({
  preferred: true,
  cross_border_transaction_supported: false,
  supported_currencies: ['USD', 'EUR'],
  transfer_type: 'X',
  mandate_enforcement: 'Y',
  network_rules: ['R1'],
  name: 'VISA',
});
export const capability = () => ({
  name: 'ONE_DIMENSIONAL_CA128',
  mode: 'REAL_TIME',
  networks: [network()],
  capability_initiator: 'PLATFORM',
  operation_type: 'SINK',
});

export const user = (login = 'octocat', id = 1) => ({
  login,
  id,
  node_id: 'MDQ6VXNlcjE=',
  avatar_url: 'https://example.test/images/error/octocat_happy.gif',
  gravatar_id: '',
  url: `https://api.example.test/users/${login}`,
  html_url: `https://example.test/${login}`,
  followers_url: `https://api.example.test/users/${login}/followers`,
  following_url: `https://api.example.test/users/${login}/following{/other_user}`,
  gists_url: `https://api.example.test/users/${login}/gists{/gist_id}`,
  starred_url: `https://api.example.test/users/${login}/starred{/owner}{/repo}`,
  subscriptions_url: `https://api.example.test/users/${login}/subscriptions`,
  organizations_url: `https://api.example.test/users/${login}/orgs`,
  repos_url: `https://api.example.test/users/${login}/repos`,
  events_url: `https://api.example.test/users/${login}/events{/privacy}`,
  received_events_url: `https://api.example.test/users/${login}/received_events`,
  type: 'User',
  site_admin: false,
});
export const label = () => ({
  id: 208045946,
  node_id: 'MDU6TGFiZWwyMDgwNDU5NDY=',
  url: 'https://api.example.test/repos/o/r/labels/bug',
  name: 'bug',
  description: null,
  color: 'f29513',
  default: true,
});
export const milestone = () => ({
  url: 'https://api.example.test/repos/o/r/milestones/1',
  html_url: 'https://example.test/o/r/milestones/v1.0',
  labels_url: 'https://api.example.test/repos/o/r/milestones/1/labels',
  id: 1002604,
  node_id: 'MDk6TWlsZXN0b25lMTAwMjYwNA==',
  number: 1,
  state: 'open',
  title: 'v1.0',
  description: 'Tracking milestone',
  creator: user(),
  open_issues: 4,
  closed_issues: 8,
  created_at: '2011-04-10T20:09:31Z',
  updated_at: '2014-03-03T18:58:10Z',
  closed_at: null,
  due_on: '2012-10-09T23:39:01Z',
});
export const issue = () => ({
  id: 1,
  node_id: 'MDU6SXNzdWUx',
  url: 'https://api.example.test/repos/o/r/issues/1347',
  repository_url: 'https://api.example.test/repos/o/r',
  labels_url: 'https://api.example.test/repos/o/r/issues/1347/labels{/name}',
  comments_url: 'https://api.example.test/repos/o/r/issues/1347/comments',
  events_url: 'https://api.example.test/repos/o/r/issues/1347/events',
  html_url: 'https://example.test/o/r/issues/1347',
  number: 1347,
  state: 'open',
  title: 'Found a bug',
  body: "I'm having a problem with this.",
  user: user(),
  labels: [label()],
  assignee: user(),
  assignees: [user(), user('hubot', 2)],
  milestone: milestone(),
  locked: true,
  active_lock_reason: 'too heated',
  comments: 0,
  pull_request: { url: 'u', html_url: 'h', diff_url: 'd', patch_url: 'p' },
  closed_at: null,
  created_at: '2011-04-22T13:33:48Z',
  updated_at: '2011-04-22T13:33:48Z',
  closed_by: user(),
  author_association: 'COLLABORATOR',
  state_reason: 'completed',
  pinned_comment: null,
});

/** A valid value for every contract. */
export const VALID: Record<string, () => unknown> = {
  [S.money]: money,
  [S.link]: () => link(),
  [S.links]: () => [link()],
  [S.dateTime]: () => '2026-03-10T10:00:00.123+01:00',
  [S.dateNoTime]: () => '2026-03-10',
  [S.dateYearMonth]: () => '2026-03',
  [S.countryCode]: () => 'C2',
  [S.currencyDecimalPrecision]: () => 2,
  [S.description]: () => 'A description',
  [S.email]: () => 'a@b.c',
  [S.denominationType]: () => 'REWARDS_CURRENCY',
  [S.urlDetails]: () => ({ type: 'TERMS_AND_CONDITIONS', url: 'https://example.com/terms' }),
  [S.plan]: plan,
  [S.billingCycle]: () => billingCycle(),
  [S.pricingScheme]: () => ({
    version: 1,
    pricing_model: 'VOLUME',
    status: 'ACTIVE',
    create_time: TIME,
    update_time: TIME,
    tiers: [
      { starting_quantity: '1', ending_quantity: '100', amount: money() },
      { starting_quantity: '101', amount: money() },
    ],
  }),
  [S.pricingTier]: () => ({ starting_quantity: '1', ending_quantity: '10', amount: money() }),
  [S.billingCycleOverride]: () => ({ sequence: 1, total_cycles: 0, pricing_scheme: { fixed_price: money() } }),
  [S.planOverride]: () => createSubscriptionRequest().plan,
  [S.subscription]: subscription,
  [S.subscriber]: subscriber,
  [S.shippingDetail]: shippingDetail,
  [S.address]: address,
  [S.billingInfo]: billingInfo,
  [S.cycleExecution]: cycleExecution,
  [S.applicationContext]: applicationContext,
  [S.transaction]: transaction,
  [S.amountWithBreakdown]: () => transaction().amount_with_breakdown,
  [S.card]: card,
  [S.cardCustomer]: cardCustomer,
  [S.cardResponse]: cardResponse,
  [S.storedCredential]: storedCredential,
  [S.cardVaultResponse]: cardVaultResponse,
  [S.authenticationResponse]: authenticationResponse,
  [S.binDetails]: binDetails,
  [S.balanceResponse]: () => ({ id: 'B1' }),
  [S.captureStatus]: () => ({ status: 'PARTIALLY_REFUNDED' }),
  [S.captureStatusDetails]: () => ({ reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' }),
  [S.capability]: capability,
  [S.network]: network,
  [S.patchDocument]: () => [
    { op: 'add', path: '/a/0', value: 1 },
    { op: 'remove', path: '/b' },
    { op: 'replace', path: '/c', value: null },
    { op: 'move', from: '/d', path: '/e' },
    { op: 'copy', from: '/f', path: '/g' },
    { op: 'test', path: '/h~1i', value: 'x' },
  ],
  [S.createPlanRequest]: createPlanRequest,
  [S.createPlanResponse]: () => ({ id: PLAN_ID, create_time: TIME, update_time: TIME, links: [link()] }),
  [S.createPlanResponseMinimal]: () => ({ id: PLAN_ID, status: 'ACTIVE', links: [link()] }),
  [S.createPlanResponseRepresentation]: plan,
  [S.listPlansQuery]: () => ({ product_id: PRODUCT_ID, page_size: 20, page: 100000, total_required: true }),
  [S.listPlansResponse]: () => ({
    plans: [{ id: PLAN_ID, name: 'Basic', description: 'Basic plan', links: [link()] }],
    links: [link()],
  }),
  [S.listPlansResponseRepresentation]: () => ({ plans: [plan()], links: [link()] }),
  [S.showPlanResponse]: plan,
  [S.updatePlanRequest]: () => [
    { op: 'replace', path: '/name', value: 'New name' },
    { op: 'replace', path: '/payment_preferences/setup_fee', value: money() },
  ],
  [S.updatePricingRequest]: () => ({
    pricing_schemes: [{ billing_cycle_sequence: 2, pricing_scheme: { fixed_price: money() } }],
  }),
  [S.createSubscriptionHeaders]: () => ({ 'Platform-Client-Metadata-Id': 'device-1234' }),
  [S.createSubscriptionRequest]: createSubscriptionRequest,
  [S.createSubscriptionResponse]: () => ({
    id: SUBSCRIPTION_ID,
    status: 'APPROVAL_PENDING',
    links: [link('approve'), link('self')],
  }),
  [S.createSubscriptionResponseMinimal]: () => ({
    id: SUBSCRIPTION_ID,
    status: 'APPROVAL_PENDING',
    links: [link('approve')],
  }),
  [S.createSubscriptionResponseRepresentation]: () => ({
    ...subscription(),
    status: 'APPROVAL_PENDING',
    links: [link('approve'), link('self')],
  }),
  [S.listSubscriptionsQuery]: () => ({
    plan_ids: `${PLAN_ID},${PLAN_ID}`,
    statuses: 'ACTIVE,SUSPENDED',
    created_after: TIME,
    created_before: TIME,
    status_updated_after: TIME,
    status_updated_before: TIME,
    filter: 'create_time ge 2026',
    page_size: 1,
    page: 10000000,
    customer_ids: ['C1'],
  }),
  [S.listSubscriptionsResponse]: () => ({ subscriptions: [subscription()], links: [link()] }),
  [S.showSubscriptionQuery]: () => ({ fields: 'last_failed_payment,plan' }),
  [S.showSubscriptionResponse]: () => ({ ...subscription(), plan: plan() }),
  [S.updateSubscriptionRequest]: () => [
    { op: 'add', path: '/custom_id', value: 'X' },
    { op: 'replace', path: '/plan/billing_cycles/@sequence==2/pricing_scheme/tiers', value: [] },
    { op: 'replace', path: '/billing_info/outstanding_balance', value: money() },
  ],
  [S.reviseRequest]: () => ({
    plan_id: PLAN_ID,
    quantity: '2',
    shipping_amount: money(),
    shipping_address: shippingDetail(),
    application_context: { return_url: 'https://example.com/return', cancel_url: 'https://example.com/cancel' },
    plan: {},
  }),
  [S.reviseResponse]: () => ({
    plan_id: PLAN_ID,
    plan_overridden: true,
    shipping_amount: money(),
    shipping_address: shippingDetail(),
    links: [link('approve')],
  }),
  [S.suspendRequest]: () => ({ reason: 'Customer request' }),
  [S.cancelRequest]: () => ({ reason: 'r'.repeat(128) }),
  [S.activateSubscriptionRequest]: () => ({}),
  [S.captureRequest]: () => ({
    note: 'Charging outstanding balance',
    capture_type: 'OUTSTANDING_BALANCE',
    amount: money(),
  }),
  [S.captureResponse]: () => ({}),
  [S.listTransactionsQuery]: () => ({ start_time: TIME, end_time: TIME }),
  [S.listTransactionsResponse]: () => ({ transactions: [transaction()], links: [link()] }),
  [S.user]: () => user(),
  [S.issue]: issue,
  [S.label]: label,
  [S.milestone]: milestone,
  [S.listAssigneesQuery]: () => ({ per_page: 100, page: 2 }),
  [S.listAssigneesResponse]: () => [user(), user('hubot', 2)],
  [S.addAssigneesRequest]: () => ({ assignees: Array.from({ length: 10 }, (_, i) => `user${i}`) }),
  [S.addAssigneesResponse]: issue,
  [S.removeAssigneesRequest]: () => ({ assignees: ['hubot'] }),
  [S.removeAssigneesResponse]: issue,
};
