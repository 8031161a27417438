// The examples a stateless mock of the billing API answers with (example-mock-server.ts): one
// plan, one subscription, whatever was asked for. The plan has one REGULAR cycle of 12 cycles.

export const EXAMPLE_PLAN_ID = 'P-5ML4271244454362WXNWU5NQ';
export const EXAMPLE_SUBSCRIPTION_ID = 'I-BW452GLLEP1G';
/** Where the subscription's approve link points: a page of the mock that takes any approval. */
export const APPROVAL_PAGE = '/webapps/billing/subscriptions';

const TIME = '2024-01-01T10:00:00Z';
const USD = (value: string) => ({ currency_code: 'USD', value });

export function examplePlan(base: string): Record<string, unknown> {
  const href = `${base}/v1/billing/plans/${EXAMPLE_PLAN_ID}`;
  return {
    id: EXAMPLE_PLAN_ID,
    product_id: 'PROD-XXCD1234QWER65782',
    name: 'Video Streaming Service Plan',
    description: 'Video Streaming Service basic plan',
    status: 'ACTIVE',
    usage_type: 'LICENSED',
    billing_cycles: [
      {
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 12,
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: {
          version: 1,
          fixed_price: USD('10.00'),
          status: 'ACTIVE',
          create_time: TIME,
          update_time: TIME,
        },
      },
    ],
    quantity_supported: false,
    payment_preferences: {
      auto_bill_outstanding: true,
      setup_fee: USD('10.00'),
      setup_fee_failure_action: 'CONTINUE',
      payment_failure_threshold: 3,
    },
    taxes: { percentage: '10', inclusive: false },
    create_time: TIME,
    update_time: TIME,
    links: [
      { href, rel: 'self', method: 'GET' },
      { href, rel: 'edit', method: 'PATCH' },
      { href: `${href}/deactivate`, rel: 'deactivate', method: 'POST' },
    ],
  };
}

/** The plan as a list item shows it. */
export function examplePlanItem(base: string): Record<string, unknown> {
  const { id, product_id, name, description, status, usage_type, create_time, links } = examplePlan(base);
  return { id, product_id, name, description, status, usage_type, create_time, links };
}

export function exampleSubscription(base: string, status: string): Record<string, unknown> {
  const href = `${base}/v1/billing/subscriptions/${EXAMPLE_SUBSCRIPTION_ID}`;
  return {
    id: EXAMPLE_SUBSCRIPTION_ID,
    plan_id: EXAMPLE_PLAN_ID,
    status,
    status_update_time: TIME,
    start_time: TIME,
    quantity: '20',
    shipping_amount: USD('10.00'),
    subscriber: {
      name: { given_name: 'John', surname: 'Doe' },
      email_address: 'customer@example.com',
      shipping_address: {
        name: { full_name: 'John Doe' },
        address: {
          address_line_1: '2211 N First Street',
          admin_area_2: 'San Jose',
          postal_code: '95131',
          country_code: 'US',
        },
      },
    },
    create_time: TIME,
    links: [
      { href: `${base}${APPROVAL_PAGE}?ba_token=BA-2M539689T3856352J`, rel: 'approve', method: 'GET' },
      { href, rel: 'edit', method: 'PATCH' },
      { href, rel: 'self', method: 'GET' },
    ],
  };
}
