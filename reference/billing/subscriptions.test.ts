// Subscription operations through HTTP: create (fields, limits, Prefer, plan states), approval,
// list and filters, show, revise, suspend, cancel, activate, capture, transactions.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  capture,
  chars,
  createPlan,
  createSubscription,
  startClient,
  subscriptionBody,
  type Client,
} from '../test-support/client.js';

let client: Client;
let planId: string;
beforeAll(async () => {
  client = await startClient();
  planId = await createPlan(client, { quantity_supported: true });
});
afterAll(async () => {
  await client.reference.close();
});

const SUBS = '/v1/billing/subscriptions';
const sub = (id: string) => `${SUBS}/${id}`;

describe('create subscription', () => {
  it('answers 201 APPROVAL_PENDING with exactly id, status and links (approve, edit, self)', async () => {
    const answer = await client.post(SUBS, subscriptionBody(planId));
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['id', 'links', 'status']);
    expect(answer.body.id).toMatch(/^I-[A-Z0-9]{12}$/);
    expect(answer.body.status).toBe('APPROVAL_PENDING');
    const rels = answer.body.links.map((link: { rel: string }) => link.rel);
    expect(rels).toEqual(expect.arrayContaining(['approve', 'edit', 'self']));
    const approve = answer.body.links.find((link: { rel: string }) => link.rel === 'approve');
    expect(approve.href.startsWith(client.baseUrl)).toBe(true);
    expect(approve.method).toBe('GET');
  });

  it('returns the full subscription with Prefer: return=representation', async () => {
    const answer = await client.post(
      SUBS,
      subscriptionBody(planId, { shipping_amount: { currency_code: 'USD', value: '2.50' } }),
      { headers: { prefer: 'return=representation' } },
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      plan_id: planId,
      status: 'APPROVAL_PENDING',
      quantity: '1',
      custom_id: 'INV-0001',
      auto_renewal: false,
      plan_overridden: false,
    });
    expect(answer.body.billing_info.cycle_executions).toHaveLength(2);
    expect(answer.body.start_time).toMatch(/Z$/);
  });

  it.each([
    ['quantity with a fraction', { quantity: '1.5' }],
    ['quantity of 32 characters', { quantity: chars(32, '9') }],
    ['custom_id of 127 printable ASCII characters', { custom_id: chars(127, '~') }],
    ['start_time with fractional seconds and an offset', { start_time: '2030-01-01T10:00:00.123+02:00' }],
    ['auto_renewal true', { auto_renewal: true }],
    [
      'a subscriber with a shipping address',
      {
        subscriber: {
          name: { given_name: 'A', surname: 'B' },
          email_address: 'a@b',
          shipping_address: {
            name: { full_name: 'A B' },
            address: {
              address_line_1: '1 Main St',
              admin_area_2: 'San Jose',
              admin_area_1: 'CA',
              postal_code: '95131',
              country_code: 'US',
            },
          },
        },
      },
    ],
    ['country_code C2', { subscriber: { shipping_address: { address: { country_code: 'C2' } } } }],
    [
      'a card payment source',
      { subscriber: { payment_source: { card: { number: '4111111111111111', expiry: '2030-12', name: 'Ada' } } } },
    ],
    [
      'application_context with every member',
      {
        application_context: {
          brand_name: 'Shop',
          locale: 'en-US',
          shipping_preference: 'NO_SHIPPING',
          user_action: 'CONTINUE',
          return_url: 'https://example.com/r',
          cancel_url: 'https://example.com/c',
          payment_method: { payer_selected: 'PLATFORM', payee_preferred: 'IMMEDIATE_PAYMENT_REQUIRED' },
        },
      },
    ],
    [
      'a plan override',
      {
        plan: {
          billing_cycles: [
            { sequence: 2, total_cycles: 0, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '9.00' } } },
          ],
          payment_preferences: { auto_bill_outstanding: false },
          taxes: { percentage: '5', inclusive: true },
        },
      },
    ],
  ])('accepts %s', async (_label, overrides) => {
    const answer = await client.post(SUBS, subscriptionBody(planId, overrides));
    expect(answer.status, answer.text).toBe(201);
  });

  it.each([
    ['no plan_id', { plan_id: undefined }, '/plan_id'],
    ['plan_id of 25 characters', { plan_id: 'P-00000000000000000000000' }, '/plan_id'],
    ['quantity "1,5"', { quantity: '1,5' }, '/quantity'],
    ['quantity of 33 characters', { quantity: chars(33, '9') }, '/quantity'],
    ['quantity as a number', { quantity: 2 }, '/quantity'],
    ['empty custom_id', { custom_id: '' }, '/custom_id'],
    ['custom_id of 128 characters', { custom_id: chars(128) }, '/custom_id'],
    ['custom_id with non-ASCII', { custom_id: 'Rechnung-ü' }, '/custom_id'],
    ['start_time without seconds', { start_time: '2030-01-01T10:00Z' }, '/start_time'],
    ['start_time as a date', { start_time: '2030-01-01' }, '/start_time'],
    ['shipping_amount without value', { shipping_amount: { currency_code: 'USD' } }, '/shipping_amount/value'],
    ['email of 2 characters', { subscriber: { email_address: 'a@' } }, '/subscriber/email_address'],
    [
      'country_code UK in lower case',
      { subscriber: { shipping_address: { address: { country_code: 'uk' } } } },
      '/subscriber/shipping_address/address/country_code',
    ],
    [
      'country_code UK (Great Britain is GB)',
      {
        subscriber: {
          shipping_address: {
            address: { address_line_1: '1 Main St', admin_area_2: 'London', postal_code: 'N1', country_code: 'UK' },
          },
        },
      },
      '/subscriber/shipping_address/address/country_code',
    ],
    [
      'country_code of 3 letters',
      { subscriber: { shipping_address: { address: { country_code: 'USA' } } } },
      '/subscriber/shipping_address/address/country_code',
    ],
    [
      'a card number of 12 digits',
      { subscriber: { payment_source: { card: { number: '411111111111', expiry: '2030-12' } } } },
      '/subscriber/payment_source/card/number',
    ],
    [
      'a card expiry with month 13',
      { subscriber: { payment_source: { card: { number: '4111111111111111', expiry: '2030-13' } } } },
      '/subscriber/payment_source/card/expiry',
    ],
    [
      'user_action NOW',
      {
        application_context: {
          user_action: 'NOW',
          return_url: 'https://example.com/r',
          cancel_url: 'https://example.com/c',
        },
      },
      '/application_context/user_action',
    ],
    [
      'application_context without return_url',
      { application_context: { cancel_url: 'https://example.com/c' } },
      '/application_context/return_url',
    ],
    [
      'return_url of 9 characters',
      { application_context: { return_url: 'https://e', cancel_url: 'https://example.com/c' } },
      '/application_context/return_url',
    ],
    [
      'an override TRIAL total_cycles 0',
      { plan: { billing_cycles: [{ sequence: 1, total_cycles: 0 }] } },
      '/plan/billing_cycles/0/total_cycles',
    ],
    [
      'an override without sequence',
      { plan: { billing_cycles: [{ total_cycles: 3 }] } },
      '/plan/billing_cycles/0/sequence',
    ],
  ])('refuses %s with 400 naming the field', async (_label, overrides, field) => {
    const answer = await client.post(SUBS, subscriptionBody(planId, overrides));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('accepts a shipping address in Great Britain as GB', async () => {
    const address = { address_line_1: '1 Main St', admin_area_2: 'London', postal_code: 'N1', country_code: 'GB' };
    const answer = await client.post(SUBS, subscriptionBody(planId, { subscriber: { shipping_address: { address } } }));
    expect(answer.status, answer.text).toBe(201);
  });

  it('checks Platform-Client-Metadata-Id: 1..36 characters', async () => {
    expect(
      (await client.post(SUBS, subscriptionBody(planId), { headers: { 'platform-client-metadata-id': chars(36) } }))
        .status,
    ).toBe(201);
    expect(
      (await client.post(SUBS, subscriptionBody(planId), { headers: { 'platform-client-metadata-id': chars(37) } }))
        .status,
    ).toBe(400);
    expect(
      (await client.post(SUBS, subscriptionBody(planId), { headers: { 'platform-client-metadata-id': '' } })).status,
    ).toBe(400);
  });

  it(
    'refuses with 422 an override of a cycle the plan does not have, ' +
      'and plans that are not ACTIVE or do not exist',
    async () => {
      expect(
        (await client.post(SUBS, subscriptionBody(planId, { plan: { billing_cycles: [{ sequence: 9 }] } }))).status,
      ).toBe(422);
      const created = await createPlan(client, { status: 'CREATED' });
      expect((await client.post(SUBS, subscriptionBody(created))).status).toBe(422);
      const inactive = await createPlan(client);
      await client.post(`/v1/billing/plans/${inactive}/deactivate`);
      expect((await client.post(SUBS, subscriptionBody(inactive))).status).toBe(422);
      expect((await client.post(SUBS, subscriptionBody('P-000000000000000000000000'))).status).toBe(422);
      const list = await client.get(`${SUBS}?plan_ids=${created},${inactive}`);
      expect(list.body.subscriptions).toEqual([]);
    },
  );
});

describe('approval', () => {
  it('activates with SUBSCRIBE_NOW (the default) and answers repeats with the state', async () => {
    const { id, approve } = await createSubscription(client, planId);
    const answer = await client.get(approve);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, status: 'ACTIVE' });
    expect((await client.get(sub(id))).body.status).toBe('ACTIVE');
    expect((await client.get(approve)).body.status).toBe('ACTIVE');
  });

  it('gives APPROVED with CONTINUE; the merchant then activates without a reason', async () => {
    const { id, approve } = await createSubscription(client, planId, {
      application_context: {
        user_action: 'CONTINUE',
        return_url: 'https://example.com/r',
        cancel_url: 'https://example.com/c',
      },
    });
    await client.get(approve);
    expect((await client.get(sub(id))).body.status).toBe('APPROVED');
    expect((await client.post(`${sub(id)}/activate`, {})).status).toBe(204);
    expect((await client.get(sub(id))).body.status).toBe('ACTIVE');
  });

  it('404s an unknown token, without a bearer credential', async () => {
    expect((await client.get('/checkoutnow/approve?token=I-NOPE')).status).toBe(404);
  });
});

describe('show and list', () => {
  it('shows with and without fields=plan, refuses unknown fields, 404s unknown ids', async () => {
    const { id } = await createSubscription(client, planId);
    const plain = await client.get(sub(id));
    expect(plain.status).toBe(200);
    expect(plain.body.plan).toBeUndefined();
    const withPlan = await client.get(`${sub(id)}?fields=plan,last_failed_payment`);
    expect(withPlan.body.plan.billing_cycles).toHaveLength(2);
    expect((await client.get(`${sub(id)}?fields=everything`)).status).toBe(400);
    expect((await client.get(`${sub(id)}?fields=`)).status).toBe(400);
    expect((await client.get(sub('I-000000000000'))).status).toBe(404);
  });

  it('filters by plan_ids, statuses and times, and pages', async () => {
    const lister = await startClient();
    try {
      const a = await createPlan(lister);
      const b = await createPlan(lister);
      const ids: string[] = [];
      for (let i = 0; i < 13; i++) ids.push((await createSubscription(lister, i % 2 ? a : b)).id);
      await lister.get(`/checkoutnow/approve?token=${ids[0]}`);
      const all = await lister.get(SUBS);
      expect(all.status).toBe(200);
      expect(all.body.subscriptions).toHaveLength(10);
      const page2 = await lister.get(`${SUBS}?page=2`);
      expect(page2.body.subscriptions.map((s: { id: string }) => s.id)).toEqual(ids.slice(10));
      const ofA = await lister.get(`${SUBS}?plan_ids=${a}&page_size=20`);
      expect(ofA.body.subscriptions.every((s: { plan_id: string }) => s.plan_id === a)).toBe(true);
      expect(ofA.body.subscriptions).toHaveLength(6);
      const active = await lister.get(`${SUBS}?statuses=ACTIVE`);
      expect(active.body.subscriptions.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
      const pendingOrActive = await lister.get(`${SUBS}?statuses=ACTIVE,APPROVAL_PENDING&page_size=20`);
      expect(pendingOrActive.body.subscriptions).toHaveLength(13);
      expect((await lister.get(`${SUBS}?created_after=2999-01-01T00:00:00Z`)).body.subscriptions).toEqual([]);
      expect((await lister.get(`${SUBS}?created_before=2000-01-01T00:00:00Z`)).body.subscriptions).toEqual([]);
      expect(
        (await lister.get(`${SUBS}?status_updated_after=2000-01-01T00:00:00Z&page_size=20`)).body.subscriptions,
      ).toHaveLength(13);
      expect((await lister.get(`${SUBS}?status_updated_before=2000-01-01T00:00:00Z`)).body.subscriptions).toEqual([]);
    } finally {
      await lister.reference.close();
    }
  });

  it.each([
    ['plan_ids=P-'],
    [`plan_ids=${Array.from({ length: 71 }, () => 'P-000000000000000000000000').join(',')}`],
    ['plan_ids=P-1,P-2'],
    ['statuses=active'],
    [`statuses=${chars(71, 'A')}`],
    ['statuses='],
    ['created_after=yesterday'],
    ['status_updated_before=2030-01-01T10:00Z'],
    [`filter=${chars(101)}`],
    ['page_size=21'],
    ['page_size=0'],
    ['page=0'],
    ['page=10000001'],
    ['customer_ids=a,b,c,d,e,f,g,h,i,j,k'],
  ])('refuses %s with 400', async (query) => {
    expect((await client.get(`${SUBS}?${query}`)).status).toBe(400);
  });

  it.each([
    [`plan_ids=${Array.from({ length: 70 }, () => 'P-000000000000000000000000').join(',')}`],
    [`statuses=${chars(70, 'A')}`],
    ['filter='],
    [`filter=${encodeURIComponent('create_time ge 2020-01-01T00:00:00Z and status eq ACTIVE')}`],
    ['page=10000000'],
    ['page_size=20'],
    ['customer_ids=a,b'],
  ])('accepts %s', async (query) => {
    expect((await client.get(`${SUBS}?${query}`)).status).toBe(200);
  });
});

describe('suspend, cancel, activate', () => {
  it('suspends ACTIVE, reactivates with a reason, cancels, and refuses what does not apply', async () => {
    const { id } = await activeSubscription(client);
    expect((await client.post(`${sub(id)}/activate`, { reason: 'again' })).status).toBe(422);
    expect((await client.post(`${sub(id)}/suspend`, { reason: chars(128) })).status).toBe(204);
    const suspended = (await client.get(sub(id))).body;
    expect(suspended).toMatchObject({ status: 'SUSPENDED', status_change_note: chars(128) });
    expect((await client.post(`${sub(id)}/suspend`, { reason: 'twice' })).status).toBe(422);
    expect((await client.post(`${sub(id)}/activate`, {})).status).toBe(400);
    expect((await client.post(`${sub(id)}/activate`)).status).toBe(400);
    expect((await client.post(`${sub(id)}/activate`, { reason: 'Back' })).status).toBe(204);
    expect((await client.get(sub(id))).body.status).toBe('ACTIVE');
    expect((await client.post(`${sub(id)}/cancel`, { reason: 'Done' })).status).toBe(204);
    expect((await client.get(sub(id))).body.status).toBe('CANCELLED');
    const again = await client.post(`${sub(id)}/cancel`, { reason: 'Done' });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/already cancelled/);
  });

  it.each([
    ['suspend', {}],
    ['suspend', { reason: '' }],
    ['suspend', { reason: chars(129) }],
    ['suspend', { reason: 5 }],
    ['cancel', {}],
    ['cancel', { reason: chars(129) }],
    ['activate', { reason: chars(129) }],
  ])('%s refuses %j with 400', async (action, body) => {
    const { id } = await activeSubscription(client);
    if (action === 'activate') await client.post(`${sub(id)}/suspend`, { reason: 'x' });
    const answer = await client.post(`${sub(id)}/${action}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe(Object.keys(body).length === 0 ? '/reason' : '/reason');
  });

  it('cancels an APPROVAL_PENDING subscription; suspend of a pending one is 422', async () => {
    const { id } = await createSubscription(client, planId);
    expect((await client.post(`${sub(id)}/suspend`, { reason: 'x' })).status).toBe(422);
    expect((await client.post(`${sub(id)}/cancel`, { reason: 'Changed my mind' })).status).toBe(204);
  });

  it('404s actions on an unknown subscription', async () => {
    for (const action of ['suspend', 'cancel', 'activate', 'capture', 'revise']) {
      expect((await client.post(`${sub('I-000000000000')}/${action}`, { reason: 'x' })).status).toBe(404);
    }
  });
});

describe('capture and transactions', () => {
  it('answers 202 {} and lists the transaction between start_time and end_time', async () => {
    const { id } = await activeSubscription(client);
    const answer = await capture(client, id);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({});
    const list = await client.get(
      `${sub(id)}/transactions?start_time=2000-01-01T00:00:00Z&end_time=2999-01-01T00:00:00Z`,
    );
    expect(list.status).toBe(200);
    expect(list.body.transactions).toHaveLength(1);
    expect(list.body.transactions[0]).toMatchObject({
      status: 'COMPLETED',
      amount_with_breakdown: { gross_amount: { currency_code: 'USD', value: '10.00' } },
    });
    expect(list.body.links.length).toBeGreaterThan(0);
    expect(
      (await client.get(`${sub(id)}/transactions?start_time=2000-01-01T00:00:00Z&end_time=2000-01-02T00:00:00Z`)).body
        .transactions,
    ).toEqual([]);
    const shown = (await client.get(sub(id))).body;
    expect(shown.billing_info.last_payment.amount).toEqual({ currency_code: 'USD', value: '10.00' });
    expect(shown.billing_info.cycle_executions[0]).toMatchObject({
      sequence: 1,
      cycles_completed: 1,
      cycles_remaining: 0,
    });
  });

  it.each([
    ['no note', { capture_type: 'OUTSTANDING_BALANCE', amount: { currency_code: 'USD', value: '1' } }],
    ['an empty note', { note: '', capture_type: 'OUTSTANDING_BALANCE', amount: { currency_code: 'USD', value: '1' } }],
    [
      'a note of 129 characters',
      { note: chars(129), capture_type: 'OUTSTANDING_BALANCE', amount: { currency_code: 'USD', value: '1' } },
    ],
    ['capture_type FULL', { note: 'n', capture_type: 'FULL', amount: { currency_code: 'USD', value: '1' } }],
    ['no amount', { note: 'n', capture_type: 'OUTSTANDING_BALANCE' }],
    [
      'an amount of zero',
      { note: 'n', capture_type: 'OUTSTANDING_BALANCE', amount: { currency_code: 'USD', value: '0.00' } },
    ],
  ])('refuses %s with 400', async (_label, body) => {
    const { id } = await activeSubscription(client);
    expect((await client.post(`${sub(id)}/capture`, body)).status).toBe(400);
  });

  it('refuses capture before approval with 422 and accepts a note of 128 characters', async () => {
    const { id } = await createSubscription(client, planId);
    expect((await capture(client, id)).status).toBe(422);
    const active = await activeSubscription(client);
    expect(
      (
        await client.post(`${sub(active.id)}/capture`, {
          note: chars(128),
          capture_type: 'OUTSTANDING_BALANCE',
          amount: { currency_code: 'USD', value: '1' },
        })
      ).status,
    ).toBe(202);
  });

  it.each([
    ['no start_time', 'end_time=2030-01-01T00:00:00Z'],
    ['no end_time', 'start_time=2030-01-01T00:00:00Z'],
    ['a start_time without seconds', 'start_time=2030-01-01T00:00Z&end_time=2031-01-01T00:00:00Z'],
    ['end before start', 'start_time=2031-01-01T00:00:00Z&end_time=2030-01-01T00:00:00Z'],
  ])('transactions refuses %s with 400', async (_label, query) => {
    const { id } = await createSubscription(client, planId);
    expect((await client.get(`${sub(id)}/transactions?${query}`)).status).toBe(400);
  });
});

describe('revise', () => {
  it('answers 200 with plan_id, plan_overridden and an approve link; approval applies it', async () => {
    const { id } = await activeSubscription(client);
    const other = await createPlan(client, { quantity_supported: true });
    const answer = await client.post(`${sub(id)}/revise`, {
      plan_id: other,
      quantity: '3',
      shipping_amount: { currency_code: 'USD', value: '1.00' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      plan_id: other,
      plan_overridden: false,
      shipping_amount: { currency_code: 'USD', value: '1.00' },
    });
    const approve = answer.body.links.find((link: { rel: string }) => link.rel === 'approve');
    expect(approve.method).toBe('GET');
    expect((await client.get(sub(id))).body.plan_id).not.toBe(other);
    await client.get(approve.href);
    expect((await client.get(sub(id))).body).toMatchObject({ plan_id: other, quantity: '3', status: 'ACTIVE' });
  });

  it('does not carry earlier overrides forward', async () => {
    const { id } = await activeSubscription(client, { plan: { billing_cycles: [{ sequence: 2, total_cycles: 5 }] } });
    expect((await client.get(sub(id))).body.plan_overridden).toBe(true);
    const answer = await client.post(`${sub(id)}/revise`, { quantity: '2' });
    await client.get(answer.body.links[0].href);
    const shown = (await client.get(`${sub(id)}?fields=plan`)).body;
    expect(shown.plan_overridden).toBe(false);
    expect(shown.plan.billing_cycles[1].total_cycles).toBe(12);
  });

  it.each([
    [
      'user_action',
      {
        application_context: {
          user_action: 'CONTINUE',
          return_url: 'https://example.com/r',
          cancel_url: 'https://example.com/c',
        },
      },
      400,
    ],
    ['a plan_id of 25 characters', { plan_id: 'P-00000000000000000000000' }, 400],
    ['a quantity of 33 characters', { quantity: chars(33, '1') }, 400],
    ['an unknown plan', { plan_id: 'P-000000000000000000000000' }, 422],
    [
      'a shipping country_code UK (Great Britain is GB)',
      {
        shipping_address: {
          address: { address_line_1: '1 Main St', admin_area_2: 'London', postal_code: 'N1', country_code: 'UK' },
        },
      },
      400,
    ],
  ])('refuses %s', async (_label, body, status) => {
    const { id } = await activeSubscription(client);
    expect((await client.post(`${sub(id)}/revise`, body)).status).toBe(status);
  });
});
