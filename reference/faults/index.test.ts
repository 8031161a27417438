// Every fault changes at least one answer: for each, a small request sequence is run against a
// clean instance and against an instance with only that fault, and the observations differ.

import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { HAND_FAULTS as FAULTS, type FaultName } from './index.js';
import { FIXTURES } from '../fixtures.js';
import {
  activeSubscription,
  agent,
  capture,
  chars,
  createPlan,
  createSubscription,
  cycle,
  planBody,
  startClient,
  subscriptionBody,
  type Client,
} from '../test-support/client.js';

type Probe = (client: Client) => Promise<unknown>;

const PLANS = '/v1/billing/plans';
const SUBS = '/v1/billing/subscriptions';
const REPO = '/repos/octo-org/hello-world';
const PUSH = FIXTURES.pushUser.token;
const READ = FIXTURES.readUser.token;

const createStatus = async (client: Client, overrides: Record<string, unknown>) =>
  (await client.post(PLANS, planBody(overrides))).status;
const subscribeStatus = async (
  client: Client,
  overrides: Record<string, unknown>,
  headers: Record<string, string> = {},
) => (await client.post(SUBS, subscriptionBody(await createPlan(client), overrides), { headers })).status;
const showPlan = async (client: Client, overrides: Record<string, unknown> = {}) =>
  (await client.get(`${PLANS}/${await createPlan(client, overrides)}`)).body;
const patchPlanStatus = async (client: Client, ops: unknown[], overrides: Record<string, unknown> = {}) =>
  (await client.patch(`${PLANS}/${await createPlan(client, overrides)}`, ops)).status;
const patchSubStatus = async (client: Client, ops: unknown[]) => {
  const { id } = await activeSubscription(client);
  return (await client.patch(`${SUBS}/${id}`, ops)).status;
};
const pricingStatus = async (client: Client, count: number) =>
  (
    await client.post(`${PLANS}/${await createPlan(client)}/update-pricing-schemes`, {
      pricing_schemes: Array.from({ length: count }, () => ({
        billing_cycle_sequence: 2,
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '1' } },
      })),
    })
  ).status;
const plansOf = async (client: Client, product: string, count: number) => {
  for (let i = 0; i < count; i++) await createPlan(client, { product_id: product });
};
/** Subscriptions on one new plan. */
const subscriptionsOf = async (client: Client, count: number) => {
  const planId = await createPlan(client);
  for (let i = 0; i < count; i++) await createSubscription(client, planId);
};
const APP_CONTEXT = { return_url: 'https://example.com/return', cancel_url: 'https://example.com/cancel' };
const idsOf = (items: Array<{ id: string }>) => items.map((item) => item.id);
const assigneesAfter = async (
  client: Client,
  token: string | null,
  body: unknown,
  method: 'POST' | 'DELETE' = 'POST',
) => {
  await client.post(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: PUSH });
  const answer = await client.call(method, `${REPO}/issues/1/assignees`, { body, token });
  const issue = (await client.post(`${REPO}/issues/1/assignees`, { assignees: [] }, { token: PUSH })).body;
  return [answer.status, issue.assignees.map((user: { login: string }) => user.login)];
};
/** Issue 1 as a remove naming nobody answers it. */
const issueOne = async (client: Client) =>
  (await client.delete(`${REPO}/issues/1/assignees`, { assignees: [] }, { token: PUSH })).body;
/** The Content-Length a 204 announces; its body is not judged (a client refuses the mismatch). */
const announcedLength = async (client: Client, path: string) => {
  const answer = await request(`${client.baseUrl}${path}`, { dispatcher: agent });
  await answer.body.text().catch(() => undefined);
  return answer.headers['content-length'];
};
const SETUP_CARD = { name: 'Ada Lovelace', number: '4111111111111111', expiry: '2031-06' };
/** The status of a replace of the payment source card of a card-funded subscription with `card`. */
const replaceCardStatus = async (client: Client, card: Record<string, unknown>) => {
  const { id } = await activeSubscription(client, { subscriber: { payment_source: { card: SETUP_CARD } } });
  return (await client.patch(`${SUBS}/${id}`, [{ op: 'replace', path: '/subscriber/payment_source', value: { card } }]))
    .status;
};
/** A create subscription body whose subscriber has a shipping address named `name`. */
const shippingNamed = (name: Record<string, string>) => ({
  subscriber: {
    shipping_address: {
      name,
      address: { address_line_1: '1 Main St', admin_area_2: 'San Jose', postal_code: '95131', country_code: 'US' },
    },
  },
});
const transactions = async (client: Client, id: string) =>
  (await client.get(`${SUBS}/${id}/transactions?start_time=2000-01-01T00:00:00Z&end_time=2999-01-01T00:00:00Z`)).body
    .transactions.length;

const PROBES = {
  'plan-id-no-prefix': async (c) => /^P-[A-Z0-9]{24}$/.test(await createPlan(c)),
  'plan-id-25-chars': async (c) => (await createPlan(c)).length,
  'plan-create-time-no-seconds': async (c) => /T\d\d:\d\d:\d\d/.test((await showPlan(c)).create_time),
  'plan-links-empty': async (c) => (await c.post(PLANS, planBody())).body.links.length,
  'link-missing-method': async (c) => (await c.post(PLANS, planBody())).body.links[0].method,
  'subscription-id-no-prefix': async (c) => (await createSubscription(c, await createPlan(c))).id.startsWith('I-'),
  'money-value-number': async (c) => typeof (await showPlan(c)).payment_preferences.setup_fee.value,
  'issue-missing-node-id': async (c) =>
    'node_id' in (await c.post(`${REPO}/issues/1/assignees`, { assignees: [] }, { token: PUSH })).body,
  'user-id-string': async (c) => typeof (await c.get(`${REPO}/assignees`)).body[0].id,
  'pull-request-diff-url-missing': async (c) =>
    Object.keys((await c.post(`${REPO}/issues/2/assignees`, { assignees: [] }, { token: PUSH })).body.pull_request),
  'pull-request-links-string': async (c) =>
    typeof (await c.post(`${REPO}/issues/2/assignees`, { assignees: [] }, { token: PUSH })).body.pull_request,
  'country-code-uk-accepted': (c) =>
    subscribeStatus(c, {
      subscriber: {
        shipping_address: {
          address: { address_line_1: '1 Main St', admin_area_2: 'London', postal_code: 'N1', country_code: 'UK' },
        },
      },
    }),

  'plan-name-127-refused': (c) => createStatus(c, { name: chars(127) }),
  'plan-name-128-accepted': (c) => createStatus(c, { name: chars(128) }),
  'plan-regular-2-accepted': (c) => createStatus(c, { billing_cycles: [cycle(1, 'REGULAR'), cycle(2, 'REGULAR')] }),
  'plan-trial-3-accepted': (c) => createStatus(c, { billing_cycles: [cycle(1), cycle(2), cycle(3)] }),
  'trial-total-cycles-0-accepted': (c) => createStatus(c, { billing_cycles: [cycle(1, 'TRIAL', { total_cycles: 0 })] }),
  'sequence-100-accepted': (c) => createStatus(c, { billing_cycles: [cycle(100)] }),
  'last-tier-ending-quantity-required': (c) =>
    createStatus(c, {
      quantity_supported: true,
      billing_cycles: [
        cycle(1, 'REGULAR', {
          pricing_scheme: {
            pricing_model: 'VOLUME',
            tiers: [
              { starting_quantity: '1', ending_quantity: '10', amount: { currency_code: 'USD', value: '5' } },
              { starting_quantity: '11', amount: { currency_code: 'USD', value: '4' } },
            ],
          },
        }),
      ],
    }),
  'trial-total-cycles-1000-taken': (c) =>
    createStatus(c, { billing_cycles: [cycle(1, 'TRIAL', { total_cycles: 1000 })] }),
  'suspend-no-body-accepted': async (c) => {
    const { id } = await activeSubscription(c);
    return (await c.post(`${SUBS}/${id}/suspend`)).status;
  },
  'reason-129-accepted': async (c) =>
    (await c.post(`${SUBS}/${(await activeSubscription(c)).id}/suspend`, { reason: chars(129) })).status,
  'capture-note-empty-accepted': async (c) =>
    (
      await c.post(`${SUBS}/${(await activeSubscription(c)).id}/capture`, {
        note: '',
        capture_type: 'OUTSTANDING_BALANCE',
        amount: { currency_code: 'USD', value: '1' },
      })
    ).status,
  'pricing-100-accepted': (c) => pricingStatus(c, 100),
  'pricing-99-refused': (c) => pricingStatus(c, 99),
  'page-size-21-accepted': async (c) => (await c.get(`${PLANS}?page_size=21`)).status,
  'quantity-fractional-refused': (c) => subscribeStatus(c, { quantity: '1.5' }),
  'currency-code-4-accepted': (c) =>
    createStatus(c, { payment_preferences: { setup_fee: { currency_code: 'USDX', value: '1' } } }),
  'date-time-no-seconds-accepted': (c) => subscribeStatus(c, { start_time: '2030-01-01T10:00Z' }),
  'country-code-lowercase-accepted': (c) =>
    subscribeStatus(c, { subscriber: { shipping_address: { address: { country_code: 'gb' } } } }),
  'custom-id-non-ascii-accepted': (c) => subscribeStatus(c, { custom_id: 'Rechnung-ü' }),
  'country-code-c2-refused': (c) =>
    subscribeStatus(c, { subscriber: { shipping_address: { address: { country_code: 'C2' } } } }),
  'country-code-gb-refused': (c) =>
    subscribeStatus(c, { subscriber: { shipping_address: { address: { country_code: 'GB' } } } }),
  'country-code-c2-prefix-taken': (c) =>
    subscribeStatus(c, { subscriber: { shipping_address: { address: { country_code: 'C2C' } } } }),
  'date-time-offset-refused': (c) => subscribeStatus(c, { start_time: '2030-01-01T10:00:00+01:00' }),
  // 19 characters of date and time, a point, 39 digits and an offset: 65
  'date-time-offset-65-taken': (c) => subscribeStatus(c, { start_time: `2030-01-01T10:00:00.${chars(39, '0')}+01:00` }),
  'quantity-33-digits-taken': (c) => subscribeStatus(c, { quantity: `1${chars(32, '0')}` }),
  'quantity-exponent-taken': (c) => subscribeStatus(c, { quantity: '1e2' }),
  'money-value-trailing-point-taken': (c) =>
    createStatus(c, { payment_preferences: { setup_fee: { currency_code: 'USD', value: '1.' } } }),
  'money-value-one-decimal-refused': (c) =>
    createStatus(c, { payment_preferences: { setup_fee: { currency_code: 'USD', value: '1.5' } } }),
  'taxes-percentage-fraction-refused': (c) => createStatus(c, { taxes: { percentage: '7.25', inclusive: false } }),
  'taxes-percentage-whole-refused': (c) => createStatus(c, { taxes: { percentage: '7', inclusive: false } }),
  'locale-language-region-refused': (c) =>
    subscribeStatus(c, { application_context: { ...APP_CONTEXT, locale: 'en-US' } }),
  'locale-underscore-taken': (c) => subscribeStatus(c, { application_context: { ...APP_CONTEXT, locale: 'en_US' } }),
  'shipping-preference-set-provided-refused': (c) =>
    subscribeStatus(c, { application_context: { ...APP_CONTEXT, shipping_preference: 'SET_PROVIDED_ADDRESS' } }),
  'override-regular-total-cycles-0-refused': async (c) =>
    (
      await c.post(
        SUBS,
        subscriptionBody(await createPlan(c), { plan: { billing_cycles: [{ sequence: 2, total_cycles: 0 }] } }),
      )
    ).status,
  'shipping-name-full-name-required': (c) =>
    subscribeStatus(c, {
      subscriber: {
        shipping_address: { name: { given_name: 'Ada', surname: 'Lovelace' }, address: { country_code: 'GB' } },
      },
    }),
  'locale-11-taken': (c) => subscribeStatus(c, { application_context: { ...APP_CONTEXT, locale: 'yue-Hant-HK' } }),
  'statuses-71-ignored': async (c) => {
    await createSubscription(c, await createPlan(c));
    return (await c.get(`${SUBS}?statuses=${chars(71, 'A')}`)).body?.subscriptions?.length;
  },
  'client-metadata-id-37-accepted': (c) => subscribeStatus(c, {}, { 'platform-client-metadata-id': chars(37) }),

  'subscription-on-created-plan': async (c) =>
    (await c.post(SUBS, subscriptionBody(await createPlan(c, { status: 'CREATED' })))).status,
  'subscription-on-inactive-plan': async (c) => {
    const id = await createPlan(c);
    await c.post(`${PLANS}/${id}/deactivate`);
    return (await c.post(SUBS, subscriptionBody(id))).status;
  },
  'subscription-created-active': async (c) => (await c.post(SUBS, subscriptionBody(await createPlan(c)))).body.status,
  'inactive-plan-name-patch': async (c) => {
    const id = await createPlan(c);
    await c.post(`${PLANS}/${id}/deactivate`);
    return (await c.patch(`${PLANS}/${id}`, [{ op: 'replace', path: '/name', value: 'x' }])).status;
  },
  'deactivate-keeps-status': async (c) => {
    const id = await createPlan(c);
    await c.post(`${PLANS}/${id}/deactivate`);
    return (await c.get(`${PLANS}/${id}`)).body.status;
  },
  'activate-plan-keeps-status': async (c) => {
    const id = await createPlan(c, { status: 'CREATED' });
    await c.post(`${PLANS}/${id}/activate`);
    return (await c.get(`${PLANS}/${id}`)).body.status;
  },
  'approve-subscribe-now-approved': async (c) => {
    const { id, approve } = await createSubscription(c, await createPlan(c));
    await c.get(approve);
    return (await c.get(`${SUBS}/${id}`)).body.status;
  },
  'plan-default-status-created': async (c) => (await c.post(PLANS, planBody())).body.status,
  'create-plan-status-ignored': async (c) =>
    (await c.post(PLANS, planBody({ status: 'CREATED' }), { headers: { prefer: 'return=representation' } })).body
      .status,
  'regular-total-cycles-0-refused': async (c) =>
    (
      await c.post(
        PLANS,
        planBody({
          billing_cycles: [
            cycle(1, 'REGULAR', {
              total_cycles: 0,
              pricing_scheme: { fixed_price: { currency_code: 'USD', value: '5.00' } },
            }),
          ],
        }),
      )
    ).status,
  'update-pricing-not-applied': async (c) => {
    const planId = await createPlan(c);
    await c.post(`${PLANS}/${planId}/update-pricing-schemes`, {
      pricing_schemes: [
        { billing_cycle_sequence: 2, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '20.00' } } },
      ],
    });
    return (await c.get(`${PLANS}/${planId}`)).body.billing_cycles[1].pricing_scheme.fixed_price.value;
  },
  'subscription-no-approve-link': async (c) =>
    (await c.post(SUBS, subscriptionBody(await createPlan(c)))).body.links.map((link: { rel: string }) => link.rel),
  'pricing-version-missing': async (c) =>
    (await c.get(`${PLANS}/${await createPlan(c)}`)).body.billing_cycles[1].pricing_scheme.version,

  'plan-patch-nonpatchable-accepted': (c) =>
    patchPlanStatus(c, [{ op: 'replace', path: '/quantity_supported', value: true }]),
  'plan-patch-add-accepted': (c) => patchPlanStatus(c, [{ op: 'add', path: '/name', value: 'x' }]),
  'patch-sequence-selector-ignored': async (c) => {
    const { id } = await activeSubscription(c);
    await c.patch(`${SUBS}/${id}`, [
      { op: 'replace', path: '/plan/billing_cycles/@sequence==2/total_cycles', value: 24 },
    ]);
    return (await c.get(`${SUBS}/${id}?fields=plan`)).body.plan.billing_cycles.map(
      (item: { total_cycles: number }) => item.total_cycles,
    );
  },
  'patch-test-loose': (c) =>
    patchPlanStatus(c, [{ op: 'test', path: '/payment_preferences/payment_failure_threshold', value: '3' }]),
  'patch-test-member-order': (c) =>
    patchPlanStatus(c, [
      { op: 'test', path: '/payment_preferences/setup_fee', value: { value: '1.00', currency_code: 'USD' } },
    ]),
  'patch-replace-missing-accepted': (c) =>
    patchPlanStatus(c, [{ op: 'replace', path: '/description', value: 'x' }], { description: undefined }),
  'patch-completed-cycle-accepted': async (c) => {
    const { id } = await activeSubscription(c);
    await capture(c, id);
    return (
      await c.patch(`${SUBS}/${id}`, [
        { op: 'replace', path: '/plan/billing_cycles/@sequence==1/total_cycles', value: 2 },
      ])
    ).status;
  },
  'payment-source-replace-refused': (c) => replaceCardStatus(c, { ...SETUP_CARD, number: '5555555555554444' }),
  'subscription-patch-remove-accepted': (c) => patchSubStatus(c, [{ op: 'remove', path: '/custom_id' }]),
  'plan-patch-refused-cycle-applied': async (c) => {
    const id = await createPlan(c);
    const refused = (
      await c.patch(`${PLANS}/${id}`, [{ op: 'replace', path: '/billing_cycles/0/total_cycles', value: 6 }])
    ).status;
    return [refused, (await c.get(`${PLANS}/${id}`)).body.billing_cycles[0].total_cycles];
  },

  'idempotency-plan-duplicate': async (c) => {
    const headers = { 'platform-request-id': 'k' };
    await c.post(PLANS, planBody(), { headers });
    await c.post(PLANS, planBody(), { headers });
    return (await c.get(`${PLANS}?total_required=true`)).body.total_items;
  },
  'idempotency-subscription-duplicate': async (c) => {
    const planId = await createPlan(c);
    const headers = { 'platform-request-id': 'k' };
    await c.post(SUBS, subscriptionBody(planId), { headers });
    await c.post(SUBS, subscriptionBody(planId), { headers });
    return (await c.get(`${SUBS}?plan_ids=${planId}`)).body.subscriptions.length;
  },
  'idempotency-capture-duplicate': async (c) => {
    const { id } = await activeSubscription(c);
    await capture(c, id, { 'platform-request-id': 'k' });
    await capture(c, id, { 'platform-request-id': 'k' });
    return transactions(c, id);
  },

  'create-plan-minimal-no-links': async (c) => Object.keys((await c.post(PLANS, planBody())).body).sort(),
  'create-plan-representation-minimal': async (c) =>
    Object.keys((await c.post(PLANS, planBody(), { headers: { prefer: 'return=representation' } })).body).length,
  'create-subscription-minimal-no-status': async (c) =>
    Object.keys((await c.post(SUBS, subscriptionBody(await createPlan(c)))).body).sort(),
  'list-plans-minimal-no-name': async (c) => {
    await createPlan(c);
    return Object.keys((await c.get(PLANS)).body.plans[0]).sort();
  },
  'list-plans-representation-no-name': async (c) => {
    await createPlan(c);
    return Object.keys((await c.get(PLANS, { headers: { prefer: 'return=representation' } })).body.plans[0]).sort();
  },
  'prefer-representation-minimal': async (c) =>
    Object.keys(
      (await c.post(SUBS, subscriptionBody(await createPlan(c)), { headers: { prefer: 'return=representation' } }))
        .body,
    ).length,

  'page-size-ignored': async (c) => {
    await plansOf(c, FIXTURES.productId, 6);
    return (await c.get(`${PLANS}?page_size=5`)).body.plans.length;
  },
  'page-repeats-previous-past-2': async (c) => {
    await plansOf(c, FIXTURES.productId, 6);
    const page = async (n: number) =>
      (await c.get(`${PLANS}?page_size=2&page=${n}`)).body.plans.map((plan: { id: string }) => plan.id).join();
    return (await page(3)) === (await page(2));
  },
  'product-id-filter-ignored': async (c) => {
    await plansOf(c, FIXTURES.productId, 2);
    await plansOf(c, 'PROD-OTHERPRODUCT00001', 1);
    return (await c.get(`${PLANS}?product_id=PROD-OTHERPRODUCT00001`)).body.plans.length;
  },
  'statuses-filter-ignored': async (c) => {
    await activeSubscription(c);
    await createSubscription(c, await createPlan(c));
    return (await c.get(`${SUBS}?statuses=ACTIVE`)).body.subscriptions.length;
  },
  'assignees-per-page-ignored': async (c) => (await c.get(`${REPO}/assignees?per_page=3`)).body.length,
  'assignees-page-repeats-past-2': async (c) => {
    const page = async (n: number) =>
      (await c.get(`${REPO}/assignees?per_page=2&page=${n}`)).body.map((user: { login: string }) => user.login).join();
    return (await page(3)) === (await page(2));
  },

  'billing-no-token-accepted': async (c) => (await c.get(PLANS, { token: null })).status,
  'billing-any-token-accepted': async (c) => (await c.get(PLANS, { token: 'guess' })).status,
  'billing-refused-token-acts': async (c) => {
    await c.post(PLANS, planBody(), { token: 'guess' });
    return (await c.get(`${PLANS}?total_required=true`)).body.total_items;
  },
  'read-token-private-hidden': async (c) => (await c.get('/repos/octo-org/secret/assignees', { token: READ })).status,
  'anonymous-public-list-401': async (c) => (await c.get(`${REPO}/assignees`)).status,

  'read-only-can-add': (c) => assigneesAfter(c, READ, { assignees: ['bob'] }),
  'read-only-can-remove': (c) => assigneesAfter(c, READ, { assignees: ['alice'] }, 'DELETE'),
  'anonymous-reads-private': async (c) => (await c.get('/repos/octo-org/secret/assignees')).status,
  'add-replaces-existing': (c) => assigneesAfter(c, PUSH, { assignees: ['bob'] }),
  'add-more-than-10': (c) => assigneesAfter(c, PUSH, { assignees: FIXTURES.assignable.slice(0, 11) }),
  'add-non-assignable': (c) => assigneesAfter(c, PUSH, { assignees: [FIXTURES.notAssignable] }),
  'list-includes-not-assignable': async (c) => (await c.get(`${REPO}/assignees`)).body.length,
  'remove-first-named-only': async (c) => {
    await c.post(`${REPO}/issues/1/assignees`, { assignees: ['alice', 'bob'] }, { token: PUSH });
    return (await c.delete(`${REPO}/issues/1/assignees`, { assignees: ['alice', 'bob'] }, { token: PUSH })).body
      .assignees.length;
  },
  'check-not-assignable-204': async (c) => (await c.get(`${REPO}/assignees/${FIXTURES.notAssignable}`)).status,
  'check-issue-not-assignable-204': async (c) =>
    (await c.get(`${REPO}/issues/1/assignees/${FIXTURES.notAssignable}`)).status,
  'owner-case-sensitive': async (c) => (await c.get('/repos/OCTO-ORG/hello-world/assignees')).status,
  'list-omits-last-assignable': async (c) => (await c.get(`${REPO}/assignees?per_page=100`)).body.length,
  'add-ignores-last-named': (c) => assigneesAfter(c, PUSH, { assignees: ['alice', 'bob'] }),
  'unknown-repo-list-empty': async (c) => (await c.get('/repos/octo-org/no-such-repository/assignees')).status,
  'assignees-bearer-refused': async (c) =>
    (await c.get(`${REPO}/assignees`, { headers: { authorization: `Bearer ${PUSH}` } })).status,
  'api-version-header-500': async (c) =>
    (await c.get(`${REPO}/assignees`, { headers: { 'x-service-api-version': '2026-03-10' } })).status,
  'accept-vnd-refused': async (c) =>
    (await c.get(`${REPO}/assignees`, { headers: { accept: 'application/vnd.service+json' } })).status,
  'pull-request-assign-404': async (c) =>
    (await c.post(`${REPO}/issues/2/assignees`, { assignees: ['bob'] }, { token: PUSH })).status,

  'create-plan-200': (c) => createStatus(c, {}),
  'create-subscription-200': (c) => subscribeStatus(c, {}),
  'update-plan-200': (c) => patchPlanStatus(c, [{ op: 'replace', path: '/name', value: 'x' }]),
  'capture-200': async (c) => (await capture(c, (await activeSubscription(c)).id)).status,
  'capture-body-not-empty': async (c) => (await capture(c, (await activeSubscription(c)).id)).text,
  'check-assignable-200': async (c) => (await c.get(`${REPO}/assignees/alice`)).status,
  'add-assignees-200': async (c) =>
    (await c.post(`${REPO}/issues/1/assignees`, { assignees: ['bob'] }, { token: PUSH })).status,
  'remove-assignees-204': async (c) =>
    (await c.delete(`${REPO}/issues/1/assignees`, { assignees: ['bob'] }, { token: PUSH })).status,

  'revise-plan-id-prefix-match': async (c) => {
    const planId = await createPlan(c);
    const { id } = await createSubscription(c, planId);
    return (await c.post(`${SUBS}/${id}/revise`, { plan_id: `${planId}Z` })).status;
  },
  'revise-quantity-33-accepted': async (c) =>
    (
      await c.post(`${SUBS}/${(await createSubscription(c, await createPlan(c))).id}/revise`, {
        quantity: `1${chars(32, '0')}`,
      })
    ).status,
  'capture-type-prefix-match': async (c) =>
    (
      await c.post(`${SUBS}/${(await activeSubscription(c)).id}/capture`, {
        note: 'n',
        capture_type: 'OUTSTANDING_BALANCE_EXTRA',
        amount: { currency_code: 'USD', value: '1' },
      })
    ).status,
  'customer-ids-11-accepted': async (c) =>
    (await c.get(`${SUBS}?customer_ids=${Array.from({ length: 11 }, (_, i) => `C${i}`).join(',')}`)).status,
  'plan-ids-long-url-refused': async (c) =>
    (await c.get(`${SUBS}?plan_ids=${Array.from({ length: 60 }, () => `P-${chars(24, 'A')}`).join(',')}`)).status,
  'override-unknown-sequence-ignored': (c) =>
    subscribeStatus(c, { plan: { billing_cycles: [{ sequence: 9, total_cycles: 2 }] } }),
  'override-trial-total-cycles-0-accepted': (c) =>
    subscribeStatus(c, { plan: { billing_cycles: [{ sequence: 1, total_cycles: 0 }] } }),
  'update-plan-description-unchecked': (c) =>
    patchPlanStatus(c, [{ op: 'replace', path: '/description', value: chars(128) }]),
  'update-subscription-custom-id-unchecked': (c) =>
    patchSubStatus(c, [{ op: 'add', path: '/custom_id', value: chars(128) }]),
  'subscriber-shipping-address-refused': (c) =>
    subscribeStatus(c, {
      subscriber: {
        name: { given_name: 'Ada', surname: 'Lovelace' },
        shipping_address: { name: { full_name: 'Ada Lovelace' }, address: { country_code: 'GB' } },
      },
    }),
  'plan-quantity-supported-default-true': async (c) => (await showPlan(c)).quantity_supported,
  'cycle-total-cycles-default-infinite': async (c) =>
    (
      await showPlan(c, {
        billing_cycles: [
          { tenure_type: 'REGULAR', sequence: 1, frequency: { interval_unit: 'MONTH', interval_count: 1 } },
        ],
      })
    ).billing_cycles[0].total_cycles,
  'subscription-auto-renewal-default-true': async (c) =>
    (await c.get(`${SUBS}/${(await createSubscription(c, await createPlan(c))).id}`)).body.auto_renewal,
  'subscription-start-time-next-day': async (c) => {
    const shown = (await c.get(`${SUBS}/${(await createSubscription(c, await createPlan(c))).id}`)).body;
    return Date.parse(shown.start_time) - Date.parse(shown.create_time) < 60_000;
  },
  'plan-product-id-not-stored': async (c) => (await showPlan(c)).product_id,
  'subscription-quantity-refused': (c) => subscribeStatus(c, { quantity: '2' }),
  'override-follows-plan-pricing': async (c) => {
    const planId = await createPlan(c);
    const { id } = await createSubscription(c, planId, {
      plan: {
        billing_cycles: [{ sequence: 2, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '5.00' } } }],
      },
    });
    await c.post(`${PLANS}/${planId}/update-pricing-schemes`, {
      pricing_schemes: [
        { billing_cycle_sequence: 2, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '20.00' } } },
      ],
    });
    return (await c.get(`${SUBS}/${id}?fields=plan`)).body.plan.billing_cycles[1].pricing_scheme.fixed_price.value;
  },
  'revise-applied-at-once': async (c) => {
    const { id } = await activeSubscription(c);
    const other = await createPlan(c);
    await c.post(`${SUBS}/${id}/revise`, { plan_id: other });
    return (await c.get(`${SUBS}/${id}`)).body.plan_id === other;
  },
  'revise-never-applied': async (c) => {
    const { id } = await activeSubscription(c);
    const other = await createPlan(c);
    const revised = await c.post(`${SUBS}/${id}/revise`, { plan_id: other });
    const links = revised.body.links as Array<{ rel: string; href: string }>;
    await c.get(links.find((link) => link.rel === 'approve')!.href);
    return (await c.get(`${SUBS}/${id}`)).body.plan_id === other;
  },
  'revise-carries-override': async (c) => {
    const planId = await createPlan(c);
    const { id } = await createSubscription(c, planId, {
      plan: { billing_cycles: [{ sequence: 2, total_cycles: 6 }] },
    });
    return (await c.post(`${SUBS}/${id}/revise`, { plan_id: planId })).body.plan_overridden;
  },
  'approve-continue-activates': async (c) => {
    const { id, approve } = await createSubscription(c, await createPlan(c), {
      application_context: {
        return_url: 'https://example.com/r',
        cancel_url: 'https://example.com/c',
        user_action: 'CONTINUE',
      },
    });
    await c.get(approve);
    return (await c.get(`${SUBS}/${id}`)).body.status;
  },
  'revise-suspended-refused': async (c) => {
    const { planId, id } = await activeSubscription(c);
    await c.post(`${SUBS}/${id}/suspend`, { reason: 'r' });
    return (await c.post(`${SUBS}/${id}/revise`, { plan_id: planId })).status;
  },
  'infinite-cycles-remaining-nonzero': async (c) => {
    const planId = await createPlan(c, {
      billing_cycles: [
        cycle(1, 'REGULAR', { total_cycles: 0, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '1' } } }),
      ],
    });
    return (await c.get(`${SUBS}/${(await createSubscription(c, planId)).id}`)).body.billing_info.cycle_executions[0]
      .cycles_remaining;
  },
  'cycles-run-last-first': async (c) => {
    const { id } = await activeSubscription(c);
    await capture(c, id);
    return (await c.get(`${SUBS}/${id}`)).body.billing_info.cycle_executions.map(
      (e: { cycles_completed: number }) => e.cycles_completed,
    );
  },
  'patch-remove-missing-ignored': (c) =>
    patchPlanStatus(c, [{ op: 'remove', path: '/description' }], { description: undefined }),
  'patch-move-missing-ignored': (c) =>
    patchPlanStatus(c, [{ op: 'move', from: '/description', path: '/name' }], { description: undefined }),
  'patch-copy-missing-ignored': (c) =>
    patchPlanStatus(c, [{ op: 'copy', from: '/description', path: '/name' }], { description: undefined }),
  'patch-value-optional': (c) => patchPlanStatus(c, [{ op: 'replace', path: '/name' }]),
  'patch-from-optional': (c) => patchPlanStatus(c, [{ op: 'copy', path: '/name' }]),
  'patch-unknown-op-ignored': (c) => patchPlanStatus(c, [{ op: 'merge', path: '/name', value: 'x' }]),
  'patch-path-not-pointer-accepted': (c) => patchPlanStatus(c, [{ op: 'replace', path: 'name', value: 'x' }]),
  'update-pricing-sequence-text-accepted': async (c) =>
    (
      await c.post(`${PLANS}/${await createPlan(c)}/update-pricing-schemes`, {
        pricing_schemes: [
          { billing_cycle_sequence: '2', pricing_scheme: { fixed_price: { currency_code: 'USD', value: '1' } } },
        ],
      })
    ).status,
  'last-tier-ending-quantity': async (c) => {
    const tiers = [
      { starting_quantity: '1', ending_quantity: '10', amount: { currency_code: 'USD', value: '5' } },
      { starting_quantity: '11', amount: { currency_code: 'USD', value: '4' } },
    ];
    const id = await createPlan(c, {
      billing_cycles: [cycle(1, 'REGULAR', { pricing_scheme: { pricing_model: 'VOLUME', tiers } })],
    });
    return (await c.get(`${PLANS}/${id}`)).body.billing_cycles[0].pricing_scheme.tiers[1].ending_quantity;
  },
  'net-amount-ignores-fee': async (c) => {
    const { id } = await activeSubscription(c);
    await capture(c, id);
    return (await c.get(`${SUBS}/${id}/transactions?start_time=2000-01-01T00:00:00Z&end_time=2999-01-01T00:00:00Z`))
      .body.transactions[0].amount_with_breakdown.fee_amount.value;
  },
  'update-plan-200-echo': async (c) =>
    (await c.patch(`${PLANS}/${await createPlan(c)}`, [{ op: 'replace', path: '/name', value: 'x' }])).text,
  'billing-not-found-html': async (c) => (await c.get(`${PLANS}/P-${chars(24, 'A')}`)).headers['content-type'],
  'billing-get-with-content-type-refused': async (c) =>
    (await c.get(PLANS, { headers: { 'content-type': 'application/json' } })).status,

  'card-number-20-digits-accepted': (c) => replaceCardStatus(c, { ...SETUP_CARD, number: '4'.repeat(20) }),
  'card-security-code-4-refused': (c) => replaceCardStatus(c, { ...SETUP_CARD, security_code: '1234' }),
  'card-billing-address-line-2-refused': (c) =>
    replaceCardStatus(c, {
      ...SETUP_CARD,
      billing_address: {
        address_line_1: '1 Main St',
        address_line_2: 'Suite 100',
        admin_area_2: 'San Jose',
        postal_code: '95131',
        country_code: 'US',
      },
    }),
  'card-verification-method-open': (c) =>
    replaceCardStatus(c, { ...SETUP_CARD, attributes: { verification: { method: 'SCA_NEVER' } } }),
  'card-customer-id-23-accepted': (c) =>
    replaceCardStatus(c, { ...SETUP_CARD, attributes: { customer: { id: 'C'.repeat(23) } } }),
  'card-refused-replace-kept': async (c) => {
    const { id } = await activeSubscription(c, { subscriber: { payment_source: { card: SETUP_CARD } } });
    const refused = (
      await c.patch(`${SUBS}/${id}`, [
        {
          op: 'replace',
          path: '/subscriber/payment_source',
          value: { card: { ...SETUP_CARD, number: '4'.repeat(20) } },
        },
      ])
    ).status;
    return [refused, (await c.get(`${SUBS}/${id}`)).body.subscriber.payment_source.card.last_digits];
  },
  'stored-credential-one-time-merchant-accepted': (c) =>
    replaceCardStatus(c, {
      ...SETUP_CARD,
      stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'ONE_TIME' },
    }),

  'list-subscriptions-route-missing': async (c) => (await c.get(SUBS)).status,
  'list-plans-default-page-size-5': async (c) => {
    await plansOf(c, FIXTURES.productId, 11);
    return (await c.get(PLANS)).body.plans.length;
  },
  'list-plans-default-page-2': async (c) => {
    await plansOf(c, FIXTURES.productId, 4);
    return idsOf((await c.get(`${PLANS}?page_size=2`)).body.plans);
  },
  'list-plans-total-missing': async (c) => Object.keys((await c.get(`${PLANS}?total_required=true`)).body).sort(),
  'list-plans-total-by-default': async (c) => Object.keys((await c.get(PLANS)).body).sort(),
  'list-plans-page-size-text-unlimited': async (c) => {
    await plansOf(c, FIXTURES.productId, 21);
    const answer = await c.get(`${PLANS}?page_size=ten`);
    return answer.status === 200 ? answer.body.plans.length : answer.status;
  },
  'list-plans-page-fraction-offset': async (c) => {
    await plansOf(c, FIXTURES.productId, 4);
    const answer = await c.get(`${PLANS}?page_size=2&page=1.5`);
    return answer.status === 200 ? idsOf(answer.body.plans) : answer.status;
  },
  'list-plans-page-0-empty': async (c) => {
    await plansOf(c, FIXTURES.productId, 1);
    return (await c.get(`${PLANS}?page=0`)).status;
  },
  'product-id-short-prefix-match': async (c) => {
    await plansOf(c, FIXTURES.productId, 1);
    return (await c.get(`${PLANS}?product_id=PROD-`)).status;
  },
  'list-plans-no-links': async (c) => Object.keys((await c.get(PLANS)).body).sort(),
  'list-subscriptions-default-page-size-5': async (c) => {
    await subscriptionsOf(c, 11);
    return (await c.get(SUBS)).body.subscriptions.length;
  },
  'list-subscriptions-default-page-2': async (c) => {
    await subscriptionsOf(c, 4);
    return idsOf((await c.get(`${SUBS}?page_size=2`)).body.subscriptions);
  },
  'list-subscriptions-page-size-plus-one': async (c) => {
    await subscriptionsOf(c, 4);
    return (await c.get(`${SUBS}?page_size=2`)).body.subscriptions.length;
  },
  'list-subscriptions-pages-overlap': async (c) => {
    await subscriptionsOf(c, 4);
    return idsOf((await c.get(`${SUBS}?page_size=2&page=2`)).body.subscriptions);
  },
  'plan-ids-filter-ignored': async (c) => {
    await subscriptionsOf(c, 1);
    return (await c.get(`${SUBS}?plan_ids=P-${chars(24, 'A')}`)).body.subscriptions.length;
  },
  'created-after-ignored': async (c) => {
    await subscriptionsOf(c, 1);
    return (await c.get(`${SUBS}?created_after=2999-01-01T00:00:00Z`)).body.subscriptions.length;
  },
  'created-before-ignored': async (c) => {
    await subscriptionsOf(c, 1);
    return (await c.get(`${SUBS}?created_before=2000-01-01T00:00:00Z`)).body.subscriptions.length;
  },
  'status-updated-after-ignored': async (c) => {
    await subscriptionsOf(c, 1);
    return (await c.get(`${SUBS}?status_updated_after=2999-01-01T00:00:00Z`)).body.subscriptions.length;
  },
  'status-updated-before-ignored': async (c) => {
    await subscriptionsOf(c, 1);
    return (await c.get(`${SUBS}?status_updated_before=2000-01-01T00:00:00Z`)).body.subscriptions.length;
  },
  'list-subscriptions-page-size-text-unlimited': async (c) => (await c.get(`${SUBS}?page_size=ten`)).status,
  'list-subscriptions-page-fraction-offset': async (c) => (await c.get(`${SUBS}?page=1.5`)).status,
  'list-subscriptions-page-size-0-empty': async (c) => (await c.get(`${SUBS}?page_size=0`)).status,
  'list-subscriptions-page-max-refused': async (c) => (await c.get(`${SUBS}?page=10000000`)).status,
  'plan-ids-short-prefix-match': async (c) => (await c.get(`${SUBS}?plan_ids=P-`)).status,
  'plan-ids-71-ignored': async (c) =>
    (await c.get(`${SUBS}?plan_ids=${Array.from({ length: 71 }, () => `P-${chars(24, 'A')}`).join(',')}`)).status,
  // 70 plan ids, two of them after a comma and a space: 1891 characters
  'plan-ids-1891-taken': async (c) => {
    const ids = Array.from({ length: 70 }, (_, i) => `${i === 1 || i === 2 ? '%20' : ''}P-${chars(24, 'A')}`);
    return (await c.get(`${SUBS}?plan_ids=${ids.join(',')}`)).status;
  },
  // 71 ids of 25 characters: 1845 characters, within the length limit
  'plan-ids-71-taken': async (c) =>
    (await c.get(`${SUBS}?plan_ids=${Array.from({ length: 71 }, () => `P-${chars(23, 'A')}`).join(',')}`)).status,
  'statuses-lower-case-ignored': async (c) => (await c.get(`${SUBS}?statuses=active`)).status,
  'filter-empty-refused': async (c) => (await c.get(`${SUBS}?filter=`)).status,
  // 101 characters of comparisons: the fault parses the filter
  'filter-101-taken': async (c) => {
    const filter = `create_time ge 2000-01-01T00:00:00Z${' or x ge 1'.repeat(5)} or x ge 1234567`;
    return (await c.get(`${SUBS}?filter=${encodeURIComponent(filter)}`)).status;
  },
  'list-subscriptions-no-links': async (c) => Object.keys((await c.get(SUBS)).body).sort(),
  'list-transactions-no-links': async (c) => {
    const { id } = await createSubscription(c, await createPlan(c));
    return Object.keys(
      (await c.get(`${SUBS}/${id}/transactions?start_time=2000-01-01T00:00:00Z&end_time=2999-01-01T00:00:00Z`)).body,
    ).sort();
  },
  'fields-over-20-refused': async (c) =>
    (await c.get(`${SUBS}/${(await createSubscription(c, await createPlan(c))).id}?fields=last_failed_payment,plan`))
      .status,
  'fields-last-failed-payment-refused': async (c) =>
    (await c.get(`${SUBS}/${(await createSubscription(c, await createPlan(c))).id}?fields=last_failed_payment`)).status,
  'assignees-per-page-over-100-honoured': async (c) => [
    (await c.get(`${REPO}/assignees?per_page=1000`)).status,
    (await c.get(`${REPO}/assignees?per_page=100`)).body.length,
  ],
  'assignees-per-page-text-all': async (c) => (await c.get(`${REPO}/assignees?per_page=ten`)).status,
  'assignees-page-fraction-offset': async (c) => (await c.get(`${REPO}/assignees?per_page=2&page=1.5`)).status,

  // bodies, read-back, patch limits
  'plan-patch-activates-created': async (c) => {
    const id = await createPlan(c, { status: 'CREATED' });
    await c.patch(`${PLANS}/${id}`, [{ op: 'replace', path: '/name', value: 'renamed' }]);
    return (await c.get(`${PLANS}/${id}`)).body.status;
  },
  'subscription-patch-suspends': async (c) => {
    const { id } = await activeSubscription(c);
    await c.patch(`${SUBS}/${id}`, [{ op: 'replace', path: '/custom_id', value: 'INV-0002' }]);
    return (await c.get(`${SUBS}/${id}`)).body.status;
  },
  'patch-add-existing-kept': async (c) => {
    const { id } = await activeSubscription(c);
    await c.patch(`${SUBS}/${id}`, [{ op: 'add', path: '/custom_id', value: 'INV-0002' }]);
    return (await c.get(`${SUBS}/${id}`)).body.custom_id;
  },
  'update-plan-ignores-setup-fee-failure-action': async (c) => {
    const id = await createPlan(c, { payment_preferences: { setup_fee_failure_action: 'CANCEL' } });
    await c.patch(`${PLANS}/${id}`, [
      { op: 'replace', path: '/payment_preferences/setup_fee_failure_action', value: 'CONTINUE' },
    ]);
    return (await c.get(`${PLANS}/${id}`)).body.payment_preferences.setup_fee_failure_action;
  },
  'subscription-patch-quantity-accepted': (c) => patchSubStatus(c, [{ op: 'replace', path: '/quantity', value: '3' }]),
  'show-subscription-fields-plan-ignored': async (c) =>
    'plan' in (await c.get(`${SUBS}/${(await createSubscription(c, await createPlan(c))).id}?fields=plan`)).body,
  'reactivate-without-reason-accepted': async (c) => {
    const { id } = await activeSubscription(c);
    await c.post(`${SUBS}/${id}/suspend`, { reason: 'r' });
    return (await c.post(`${SUBS}/${id}/activate`, {})).status;
  },
  'activated-plan-refuses-subscriptions': async (c) => {
    const id = await createPlan(c, { status: 'CREATED' });
    await c.post(`${PLANS}/${id}/activate`);
    return (await c.post(SUBS, subscriptionBody(id))).status;
  },
  'card-security-code-merchant-accepted': (c) =>
    replaceCardStatus(c, {
      ...SETUP_CARD,
      security_code: '123',
      stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING' },
    }),
  'stored-credential-first-merchant-accepted': (c) =>
    replaceCardStatus(c, {
      ...SETUP_CARD,
      stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'FIRST' },
    }),
  'stored-credential-reference-customer-accepted': (c) =>
    replaceCardStatus(c, {
      ...SETUP_CARD,
      stored_credential: {
        payment_initiator: 'CUSTOMER',
        payment_type: 'RECURRING',
        previous_network_transaction_reference: { id: 'N1' },
      },
    }),
  'stored-credential-two-references-accepted': (c) =>
    replaceCardStatus(c, {
      ...SETUP_CARD,
      stored_credential: {
        payment_initiator: 'MERCHANT',
        payment_type: 'RECURRING',
        previous_network_transaction_reference: { id: 'N1' },
        previous_transaction_reference: { id: 'T1' },
      },
    }),
  'subscriber-email-number-accepted': (c) => subscribeStatus(c, { subscriber: { email_address: 12345 } }),
  'subscriber-email-254-refused': (c) =>
    subscribeStatus(c, { subscriber: { email_address: `${chars(242)}@example.com` } }),
  'free-trial-pricing-required': (c) => createStatus(c, {}),
  'override-sequence-100-ignored': (c) =>
    subscribeStatus(c, { plan: { billing_cycles: [{ sequence: 100, total_cycles: 2 }] } }),
  'capture-amount-optional': async (c) =>
    (
      await c.post(`${SUBS}/${(await activeSubscription(c)).id}/capture`, {
        note: 'n',
        capture_type: 'OUTSTANDING_BALANCE',
      })
    ).status,
  'capture-array-body-unwrapped': async (c) =>
    (
      await c.post(`${SUBS}/${(await activeSubscription(c)).id}/capture`, [
        { note: 'n', capture_type: 'OUTSTANDING_BALANCE', amount: { currency_code: 'USD', value: '1' } },
      ])
    ).status,
  'update-pricing-array-body-unwrapped': async (c) =>
    (
      await c.post(`${PLANS}/${await createPlan(c)}/update-pricing-schemes`, [
        {
          pricing_schemes: [
            { billing_cycle_sequence: 2, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '1' } } },
          ],
        },
      ])
    ).status,
  'patch-from-number-skipped': (c) => patchPlanStatus(c, [{ op: 'copy', from: 7, path: '/name' }]),
  'patch-from-not-pointer-skipped': (c) => patchPlanStatus(c, [{ op: 'copy', from: 'description', path: '/name' }]),
  'add-unknown-issue-422': async (c) =>
    (await c.post(`${REPO}/issues/987654321/assignees`, { assignees: ['alice'] }, { token: PUSH })).status,
  'read-only-add-422': async (c) =>
    (await c.post(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: READ })).status,
  'read-only-remove-422': async (c) =>
    (await c.delete(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: READ })).status,
  'anonymous-can-add': (c) => assigneesAfter(c, null, { assignees: ['bob'] }),
  'assignees-not-found-html': async (c) =>
    (await c.get('/repos/octo-org/no-such-repo/assignees')).headers['content-type'],
  'show-plan-no-payment-preferences': async (c) => 'payment_preferences' in (await showPlan(c)),
  'plan-setup-fee-rounded': async (c) =>
    (await showPlan(c, { payment_preferences: { setup_fee: { currency_code: 'USD', value: '2.75' } } }))
      .payment_preferences.setup_fee.value,
  'show-subscription-no-plan-id': async (c) =>
    'plan_id' in (await c.get(`${SUBS}/${(await createSubscription(c, await createPlan(c))).id}`)).body,
  'add-answers-issue-1': async (c) =>
    (await c.post(`${REPO}/issues/2/assignees`, { assignees: [] }, { token: PUSH })).body.number,
  'remove-answer-no-pull-request': async (c) =>
    'pull_request' in (await c.delete(`${REPO}/issues/2/assignees`, { assignees: [] }, { token: PUSH })).body,
  'issue-labels-as-names': async (c) =>
    typeof (await c.post(`${REPO}/issues/1/assignees`, { assignees: [] }, { token: PUSH })).body.labels[0],
  'issue-assignees-as-logins': async (c) =>
    typeof (await c.post(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: PUSH })).body.assignees[0],
  'patch-start-time-65-accepted': (c) =>
    patchSubStatus(c, [{ op: 'replace', path: '/start_time', value: `2031-05-01T08:00:00.${chars(44, '0')}Z` }]),
  'patch-custom-id-127-refused': (c) =>
    patchSubStatus(c, [{ op: 'replace', path: '/custom_id', value: chars(127, 'B') }]),
  'non-ascii-login-500': async (c) =>
    (await c.post(`${REPO}/issues/1/assignees`, { assignees: ['zoë'] }, { token: PUSH })).status,
  'subscriber-name-non-ascii-500': (c) =>
    subscribeStatus(c, { subscriber: { name: { given_name: 'Zoë', surname: 'Ångström' } } }),
  'subscriber-string-ignored': (c) => subscribeStatus(c, { subscriber: 'Ada Lovelace' }),
  'revise-answer-no-shipping-address': async (c) => {
    const planId = await createPlan(c);
    const { id } = await createSubscription(c, planId);
    const shipping_address = {
      name: { full_name: 'Ada' },
      address: { address_line_1: '1 Main St', admin_area_2: 'San Jose', postal_code: '95131', country_code: 'US' },
    };
    return 'shipping_address' in (await c.post(`${SUBS}/${id}/revise`, { plan_id: planId, shipping_address })).body;
  },
  'subscriber-address-line-2-dropped': async (c) => {
    const address = {
      address_line_1: '1 Main St',
      address_line_2: 'Suite 5',
      admin_area_2: 'San Jose',
      postal_code: '95131',
      country_code: 'US',
    };
    const { id } = await createSubscription(c, await createPlan(c), {
      subscriber: { shipping_address: { name: { full_name: 'Ada' }, address } },
    });
    return (await c.get(`${SUBS}/${id}`)).body.subscriber.shipping_address.address.address_line_2;
  },
  'issue-closed-at-date-only': async (c) => (await issueOne(c)).closed_at,
  'issue-created-at-date-only': async (c) => (await issueOne(c)).created_at,
  'issue-updated-at-date-only': async (c) => (await issueOne(c)).updated_at,
  'milestone-created-at-date-only': async (c) => (await issueOne(c)).milestone.created_at,
  'milestone-updated-at-date-only': async (c) => (await issueOne(c)).milestone.updated_at,
  'milestone-closed-at-date-only': async (c) => (await issueOne(c)).milestone.closed_at,
  'milestone-due-on-date-only': async (c) => (await issueOne(c)).milestone.due_on,
  'add-issue-number-parse-int': async (c) => {
    const add = await c.post(`${REPO}/issues/1.5/assignees`, { assignees: ['bob'] }, { token: PUSH });
    return [add.status, (await issueOne(c)).assignees.length];
  },
  'remove-issue-number-parse-int': async (c) => {
    await c.post(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: PUSH });
    const remove = await c.delete(`${REPO}/issues/1abc/assignees`, { assignees: ['alice'] }, { token: PUSH });
    return [remove.status, (await issueOne(c)).assignees.length];
  },
  'check-issue-number-parse-int': async (c) => (await c.get(`${REPO}/issues/1.5/assignees/alice`)).status,
  'check-204-content-length': (c) => announcedLength(c, `${REPO}/assignees/alice`),
  'check-issue-204-content-length': (c) => announcedLength(c, `${REPO}/issues/1/assignees/alice`),
  'api-version-any-text-served': async (c) =>
    (await c.get(`${REPO}/assignees`, { headers: { 'x-service-api-version': 'latest' } })).status,
  'create-plan-minimal-no-status': async (c) => 'status' in (await c.post(PLANS, planBody())).body,
  'create-plan-representation-no-payment-preferences': async (c) =>
    'payment_preferences' in (await c.post(PLANS, planBody(), { headers: { prefer: 'return=representation' } })).body,
  'list-plans-minimal-no-links': async (c) => {
    await createPlan(c);
    return 'links' in (await c.get(PLANS)).body.plans[0];
  },
  'list-plans-minimal-no-description': async (c) => {
    await createPlan(c);
    return (await c.get(PLANS)).body.plans[0].description;
  },
  'currency-code-not-iso-taken': (c) =>
    createStatus(c, { payment_preferences: { setup_fee: { currency_code: 'ABC', value: '1' } } }),
  // 22 characters, without seconds: the pattern broken alone
  'created-before-malformed-taken': async (c) =>
    (await c.get(`${SUBS}?created_before=2030-01-01T10:00%2B01:00`)).status,
  'status-updated-after-malformed-taken': async (c) =>
    (await c.get(`${SUBS}?status_updated_after=2030-01-01T10:00%2B01:00`)).status,
  'locale-not-bcp47-taken': (c) =>
    subscribeStatus(c, {
      application_context: {
        return_url: 'https://example.com/return',
        cancel_url: 'https://example.com/cancel',
        locale: 'en_US',
      },
    }),
  'shipping-name-given-only-taken': (c) => subscribeStatus(c, shippingNamed({ given_name: 'Ada' })),
  'shipping-name-given-surname-refused': (c) =>
    subscribeStatus(c, shippingNamed({ given_name: 'Ada', surname: 'Lovelace' })),
  'shipping-name-full-name-refused': (c) => subscribeStatus(c, shippingNamed({ full_name: 'Ada Lovelace' })),
  'deprecated-members-refused': (c) => subscribeStatus(c, { auto_renewal: true }),
  'approve-link-other-host': async (c) => new URL((await createSubscription(c, await createPlan(c))).approve).hostname,
  'statuses-empty-names-nothing': async (c) => {
    await createSubscription(c, await createPlan(c));
    return (await c.get(`${SUBS}?statuses=`)).body?.subscriptions?.length;
  },
  'create-subscription-representation-no-billing-info': async (c) =>
    'billing_info' in
    (await c.post(SUBS, subscriptionBody(await createPlan(c)), { headers: { prefer: 'return=representation' } })).body,
} satisfies Record<FaultName, Probe>;

async function observe(faults: string[], probe: Probe): Promise<unknown> {
  const client = await startClient({ faults });
  try {
    return await probe(client);
  } finally {
    await client.reference.close();
  }
}

describe('every fault differs from the clean reference', () => {
  it('has a probe for every fault', () => {
    expect(Object.keys(PROBES).sort()).toEqual(FAULTS.map((fault) => fault.name).sort());
  });

  it.each(FAULTS.map((fault) => [fault.name, fault.rule] as const))('%s (breaks %s)', async (name) => {
    const probe = PROBES[name as FaultName];
    const clean = await observe([], probe);
    const faulty = await observe([name], probe);
    expect(faulty, `clean answer ${JSON.stringify(clean)}`).not.toEqual(clean);
  });
});
