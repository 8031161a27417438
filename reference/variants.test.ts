// Every legal variant starts, still serves the main flows, and changes the answer it is about.

import { describe, expect, it } from 'vitest';
import { FIXTURES } from './fixtures.js';
import { VARIANTS, type VariantName } from './variants.js';
import {
  activeSubscription,
  capture,
  createPlan,
  createSubscription,
  planBody,
  startClient,
  subscriptionBody,
  type Client,
} from './test-support/client.js';

type Probe = (client: Client) => Promise<unknown>;
const PLANS = '/v1/billing/plans';
const SUBS = '/v1/billing/subscriptions';
const REPO = '/repos/octo-org/hello-world';

const PROBES = {
  'validation-422': async (c) => (await c.post(PLANS, planBody({ name: '' }))).status,
  'error-body-plain': async (c) => Object.keys((await c.post(PLANS, planBody({ name: '' }))).body),
  'extra-members': async (c) => Object.keys((await c.get(`${PLANS}/${await createPlan(c)}`)).body).length,
  'subscription-id-long': async (c) => (await createSubscription(c, await createPlan(c))).id.length,
  'subscription-id-short': async (c) => (await createSubscription(c, await createPlan(c))).id.length,
  'list-reverse-order': async (c) => {
    const first = await createPlan(c);
    await createPlan(c);
    return (await c.get(PLANS)).body.plans[0].id === first;
  },
  'assignees-paging-defaults': async (c) => (await c.get(`${REPO}/assignees`)).body.length,
  'assignees-per-page-clamp': async (c) => (await c.get(`${REPO}/assignees?per_page=500`)).status,
  'plan-activate-from-active': async (c) => (await c.post(`${PLANS}/${await createPlan(c)}/activate`)).status,
  'plan-deactivate-from-created': async (c) =>
    (await c.post(`${PLANS}/${await createPlan(c, { status: 'CREATED' })}/deactivate`)).status,
  'idempotency-repeat-conflict': async (c) => {
    const headers = { 'platform-request-id': 'k' };
    await c.post(PLANS, planBody(), { headers });
    const again = await c.post(PLANS, planBody(), { headers });
    return [again.status, (await c.get(`${PLANS}?total_required=true`)).body.total_items];
  },
  'anonymous-write-401': async (c) =>
    (await c.post(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: null })).status,
  'subscription-update-pending': async (c) => {
    const { id } = await createSubscription(c, await createPlan(c));
    return (await c.patch(`${SUBS}/${id}`, [{ op: 'replace', path: '/custom_id', value: 'x' }])).status;
  },
  'subscription-cancel-pending-refused': async (c) => {
    const { id } = await createSubscription(c, await createPlan(c));
    return (await c.post(`${SUBS}/${id}/cancel`, { reason: 'x' })).status;
  },
  'capture-active-only': async (c) => {
    const { id } = await activeSubscription(c);
    await c.post(`${SUBS}/${id}/suspend`, { reason: 'x' });
    return (await capture(c, id)).status;
  },
  'unknown-id-400': async (c) => (await c.get(`${PLANS}/P-000000000000000000000000`)).status,
  'minimal-create-times': async (c) => Object.keys((await c.post(PLANS, planBody())).body).length,
  'minimal-full-representation': async (c) => [
    Object.keys((await c.post(PLANS, planBody())).body).length,
    Object.keys((await c.post(SUBS, subscriptionBody(await createPlan(c)))).body).length,
  ],
  'total-count-name': async (c) => Object.keys((await c.get(`${PLANS}?total_required=true`)).body).sort(),
  'link-other-methods': async (c) =>
    (await c.post(PLANS, planBody())).body.links.map((link: { method: string }) => link.method),
  'list-plans-summary': async (c) => {
    await createPlan(c);
    return Object.keys((await c.get(PLANS, { headers: { prefer: 'return=representation' } })).body.plans[0]).sort();
  },
  'pricing-duplicate-sequence-refused': async (c) => {
    const item = {
      billing_cycle_sequence: 2,
      pricing_scheme: { fixed_price: { currency_code: 'USD', value: '3.00' } },
    };
    return (await c.post(`${PLANS}/${await createPlan(c)}/update-pricing-schemes`, { pricing_schemes: [item, item] }))
      .status;
  },
  'query-lenient': async (c) => [
    (await c.get(`${PLANS}?page_size=21`)).status,
    (await c.get(`${PLANS}?page=0`)).status,
    (await c.get(`${SUBS}?statuses=active`)).status,
    (await c.get(`${SUBS}?plan_ids=P-`)).status,
  ],
  'url-limit-2000': async (c) =>
    (await c.get(`${SUBS}?plan_ids=${Array.from({ length: 70 }, () => 'P-000000000000000000000000').join('%2C')}`))
      .status,
  'cycle-billed-at-start': async (c) => {
    const { id } = await activeSubscription(c);
    return (await c.get(`${SUBS}/${id}`)).body.billing_info.cycle_executions[0].cycles_completed;
  },
  'text-nfc': async (c) => (await c.get(`${PLANS}/${await createPlan(c, { name: 'Plan \u037e' })}`)).body.name,
  'utf16-lengths': async (c) => (await c.post(PLANS, planBody({ name: '\u{1F600}'.repeat(64) }))).status,
  'approval-async': async (c) => {
    const { id, approve } = await createSubscription(c, await createPlan(c));
    await c.get(approve);
    return (await c.get(`${SUBS}/${id}`)).body.status;
  },
  'capture-max-outstanding': async (c) => {
    const { id } = await activeSubscription(c);
    return (
      (await capture(c, id)).status === 202 &&
      (await c.get(`${SUBS}/${id}`)).body.billing_info.outstanding_balance.value
    );
  },
  'list-subscription-summaries': async (c) => {
    const planId = await createPlan(c);
    await createSubscription(c, planId);
    return (await c.get(`${SUBS}?plan_ids=${planId}`)).body.subscriptions[0].plan_id;
  },
  'empty-header-absent': async (c) =>
    (await c.post(SUBS, subscriptionBody(await createPlan(c)), { headers: { 'platform-client-metadata-id': '' } }))
      .status,
  'revise-user-action-ignored': async (c) => {
    const { id } = await createSubscription(c, await createPlan(c));
    const application_context = {
      return_url: 'https://example.com/r',
      cancel_url: 'https://example.com/c',
      user_action: 'CONTINUE',
    };
    return (await c.post(`${SUBS}/${id}/revise`, { plan_id: await createPlan(c), application_context })).status;
  },
  'revise-strict': async (c) => {
    const { id } = await createSubscription(c, await createPlan(c));
    return (await c.post(`${SUBS}/${id}/revise`, {})).status;
  },
  'interval-units-open': async (c) =>
    (
      await c.post(
        PLANS,
        planBody({
          billing_cycles: [{ tenure_type: 'REGULAR', sequence: 1, frequency: { interval_unit: 'FORTNIGHT' } }],
        }),
      )
    ).status,
  'read-token-403': async (c) => {
    const add = await c.post(
      `${REPO}/issues/1/assignees`,
      { assignees: ['alice'] },
      { token: FIXTURES.readUser.token },
    );
    const remove = await c.delete(
      `${REPO}/issues/1/assignees`,
      { assignees: ['alice'] },
      { token: FIXTURES.readUser.token },
    );
    return [add.status, remove.status, await assigneesOf(c, 1)];
  },
  'assignees-unknown-login-422': async (c) => {
    const push = { token: FIXTURES.pushUser.token };
    const add = await c.post(`${REPO}/issues/1/assignees`, { assignees: ['bob', FIXTURES.notAssignable] }, push);
    const remove = await c.delete(`${REPO}/issues/1/assignees`, { assignees: ['alice', 'nobody-x9'] }, push);
    return [add.status, remove.status, await assigneesOf(c, 1)];
  },
  'api-version-older': async (c) => {
    const versioned = (version: string) =>
      c.get(`${REPO}/assignees`, { headers: { 'x-service-api-version': version } });
    return [
      (await versioned('2026-03-10')).status,
      (await versioned('2022-11-28')).status,
      (await c.get(`${REPO}/assignees`)).status,
    ];
  },
  'pull-request-links-null': async (c) =>
    (await c.post(`${REPO}/issues/2/assignees`, { assignees: [] }, { token: FIXTURES.pushUser.token })).body
      .pull_request,
  'timestamps-offset-millis': async (c) => {
    const issue = (await c.delete(`${REPO}/issues/1/assignees`, { assignees: [] }, { token: FIXTURES.pushUser.token }))
      .body;
    return [issue.created_at, issue.closed_at, issue.milestone.due_on];
  },
  'per-page-cap-50': async (c) => {
    const page = async (n: number) => (await c.get(`${REPO}/assignees?per_page=100&page=${n}`)).body.length;
    return [await page(1), await page(2), await page(3)];
  },
  'country-code-uk-stored-gb': async (c) => {
    const address = {
      address: { address_line_1: '1 Main St', admin_area_2: 'London', postal_code: 'N1', country_code: 'UK' },
    };
    const created = await c.post(
      '/v1/billing/subscriptions',
      subscriptionBody(await createPlan(c), { subscriber: { shipping_address: address } }),
    );
    return created.status === 201
      ? (await c.get(`/v1/billing/subscriptions/${created.body.id}`)).body.subscriber.shipping_address.address
          .country_code
      : created.status;
  },
  'billing-address-extra-member-dropped': async (c) => {
    const card = { name: 'Ada Lovelace', number: '4111111111111111', expiry: '2031-06' };
    const { id } = await activeSubscription(c, { subscriber: { payment_source: { card } } });
    const billing_address = {
      address_line_1: '1 Main St',
      admin_area_2: 'San Jose',
      postal_code: '95131',
      country_code: 'US',
      city: 'San Jose',
    };
    return (
      await c.patch(`/v1/billing/subscriptions/${id}`, [
        { op: 'replace', path: '/subscriber/payment_source', value: { card: { ...card, billing_address } } },
      ])
    ).status;
  },
  'list-order-by-id': async (c) => {
    // eight random ids come out sorted by chance once in 40320 runs
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await createPlan(c));
    return (await c.get(PLANS)).body.plans.map((plan: { id: string }) => plan.id).join() === ids.join();
  },
  'total-in-page-object': async (c) => Object.keys((await c.get(`${PLANS}?total_required=true`)).body).sort(),
  'minimal-identity-members': async (c) =>
    Object.keys((await c.post('/v1/billing/subscriptions', subscriptionBody(await createPlan(c)))).body),
  'decimal-two-places': async (c) =>
    (await c.get(`/v1/billing/plans/${await createPlan(c, { taxes: { percentage: '10', inclusive: false } })}`)).body
      .taxes.percentage,
} satisfies Record<VariantName, Probe>;

/** The status once it has left APPROVAL_PENDING (approval-async activates a moment later), within 3 s. */
async function settledStatus(c: Client, id: string): Promise<string> {
  for (let i = 0; ; i += 1) {
    const status = (await c.get(`${SUBS}/${id}`)).body.status as string;
    if (status !== 'APPROVAL_PENDING' || i >= 30) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The issue's assignees as the push-access user reads them (removing nobody). */
async function assigneesOf(c: Client, issue: number): Promise<string[]> {
  const answer = await c.delete(
    `${REPO}/issues/${issue}/assignees`,
    { assignees: [] },
    { token: FIXTURES.pushUser.token },
  );
  return answer.body.assignees.map((user: { login: string }) => user.login);
}

async function withClient<T>(variants: string[], run: (client: Client) => Promise<T>): Promise<T> {
  const client = await startClient({ variants });
  try {
    return await run(client);
  } finally {
    await client.reference.close();
  }
}

describe('legal variants', () => {
  it('has a probe for every variant', () => {
    expect(Object.keys(PROBES).sort()).toEqual(VARIANTS.map((variant) => variant.name).sort());
  });

  it.each(VARIANTS.map((variant) => [variant.name] as const))(
    '%s starts, serves the main flows and changes its answer',
    async (name) => {
      await withClient([name], async (c) => {
        const plan = await c.post(PLANS, planBody());
        expect(plan.status).toBe(201);
        expect(plan.body.id).toMatch(/^P-[A-Z0-9]{24}$/);
        const created = await c.post(SUBS, subscriptionBody(plan.body.id));
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ status: 'APPROVAL_PENDING', id: expect.stringMatching(/^I-/) });
        const approve = created.body.links.find((link: { rel: string }) => link.rel === 'approve');
        expect((await c.get(approve.href)).status).toBe(200);
        expect(await settledStatus(c, created.body.id)).toBe('ACTIVE');
        expect((await c.get(`${REPO}/assignees/alice`)).status).toBe(204);
        expect(
          (await c.post(`${REPO}/issues/1/assignees`, { assignees: ['alice'] }, { token: FIXTURES.pushUser.token }))
            .status,
        ).toBe(201);
      });
      const probe = PROBES[name as VariantName];
      const clean = await withClient([], probe);
      const variant = await withClient([name], probe);
      expect(variant, `clean answer ${JSON.stringify(clean)}`).not.toEqual(clean);
    },
  );

  it('all variants together still serve the main flows', async () => {
    const compatible = VARIANTS.map((variant) => variant.name).filter(
      (name) => !['subscription-id-short', 'list-order-by-id', 'total-in-page-object'].includes(name),
    );
    await withClient(compatible, async (c) => {
      const planId = await createPlan(c);
      const { id, approve } = await createSubscription(c, planId);
      await c.get(approve);
      await settledStatus(c, id);
      expect((await capture(c, id)).status).toBe(202);
    });
  });
});
