// Plan operations through HTTP: create (fields, limits, Prefer), list (paging, filters), show,
// activate, deactivate, update pricing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../fixtures.js';
import { chars, createPlan, cycle, planBody, startClient, type Client } from '../test-support/client.js';

let client: Client;
beforeAll(async () => {
  client = await startClient();
});
afterAll(async () => {
  await client.reference.close();
});

const PLANS = '/v1/billing/plans';

describe('create plan', () => {
  it('answers 201 with exactly id, status and links by default (minimal)', async () => {
    const answer = await client.post(PLANS, planBody());
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['id', 'links', 'status']);
    expect(answer.body.id).toMatch(/^P-[A-Z0-9]{24}$/);
    expect(answer.body.status).toBe('ACTIVE');
    expect(answer.headers['content-type']).toBe('application/json');
    for (const link of answer.body.links) expect(Object.keys(link).sort()).toEqual(['href', 'method', 'rel']);
  });

  it('returns the full plan with Prefer: return=representation', async () => {
    const answer = await client.post(PLANS, planBody(), { headers: { prefer: 'return=representation' } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      product_id: FIXTURES.productId,
      name: 'Video streaming',
      status: 'ACTIVE',
      quantity_supported: false,
      usage_type: 'LICENSED',
    });
    expect(answer.body.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(answer.body.billing_cycles[1].pricing_scheme).toMatchObject({ version: 1, status: 'ACTIVE' });
    expect(answer.body.links.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps a requested status CREATED and defaults total_cycles to 1', async () => {
    const body = planBody({
      status: 'CREATED',
      billing_cycles: [{ tenure_type: 'REGULAR', sequence: 1, frequency: { interval_unit: 'MONTH' } }],
    });
    const answer = await client.post(PLANS, body, { headers: { prefer: 'return=representation' } });
    expect(answer.status).toBe(201);
    expect(answer.body.status).toBe('CREATED');
    expect(answer.body.billing_cycles[0].total_cycles).toBe(1);
  });

  it.each([
    ['name of 1 character', { name: 'x' }],
    ['name of 127 characters', { name: chars(127) }],
    ['name of 127 code points outside the BMP', { name: chars(127, '😀') }],
    ['description of 127 characters', { description: chars(127) }],
    [
      'two TRIAL cycles and one REGULAR',
      { billing_cycles: [cycle(1), cycle(2), cycle(3, 'REGULAR', { total_cycles: 0 })] },
    ],
    ['sequence 99', { billing_cycles: [cycle(99, 'REGULAR')] }],
    ['TRIAL total_cycles 999', { billing_cycles: [cycle(1, 'TRIAL', { total_cycles: 999 })] }],
    ['REGULAR total_cycles 0 (infinite)', { billing_cycles: [cycle(1, 'REGULAR', { total_cycles: 0 })] }],
    ['a free trial without pricing_scheme', { billing_cycles: [cycle(1)] }],
    [
      'tiers',
      {
        billing_cycles: [
          cycle(1, 'REGULAR', {
            pricing_scheme: {
              pricing_model: 'VOLUME',
              tiers: [
                { starting_quantity: '1', ending_quantity: '10', amount: { currency_code: 'USD', value: '5' } },
                { starting_quantity: '11', amount: { currency_code: 'USD', value: '4.5' } },
              ],
            },
          }),
        ],
      },
    ],
    ['quantity_supported true', { quantity_supported: true }],
    ['merchant_preferences with any members', { merchant_preferences: { return_url: 'https://example.com' } }],
  ])('accepts %s', async (_label, overrides) => {
    const answer = await client.post(PLANS, planBody(overrides));
    expect(answer.status, answer.text).toBe(201);
  });

  it.each([
    ['no product_id', { product_id: undefined }, '/product_id'],
    ['product_id of 21 characters', { product_id: 'PROD-4CWK2S8EBB4FG3ZT' }, '/product_id'],
    ['product_id without PROD-', { product_id: 'PRXD-4CWK2S8EBB4FG3ZT1' }, '/product_id'],
    ['no name', { name: undefined }, '/name'],
    ['empty name', { name: '' }, '/name'],
    ['name of 128 characters', { name: chars(128) }, '/name'],
    ['name as a number', { name: 5 }, '/name'],
    ['description of 128 characters', { description: chars(128) }, '/description'],
    ['status INACTIVE on create', { status: 'INACTIVE' }, '/status'],
    ['status in lower case', { status: 'active' }, '/status'],
    ['no billing_cycles', { billing_cycles: undefined }, '/billing_cycles'],
    ['zero billing cycles', { billing_cycles: [] }, '/billing_cycles'],
    ['13 billing cycles', { billing_cycles: Array.from({ length: 13 }, (_, i) => cycle(i + 1)) }, '/billing_cycles'],
    ['three TRIAL cycles', { billing_cycles: [cycle(1), cycle(2), cycle(3)] }, '/billing_cycles'],
    ['two REGULAR cycles', { billing_cycles: [cycle(1, 'REGULAR'), cycle(2, 'REGULAR')] }, '/billing_cycles'],
    ['the same sequence twice', { billing_cycles: [cycle(1), cycle(1, 'REGULAR')] }, '/billing_cycles'],
    ['sequence 0', { billing_cycles: [cycle(0)] }, '/billing_cycles/0/sequence'],
    ['sequence 100', { billing_cycles: [cycle(100)] }, '/billing_cycles/0/sequence'],
    ['sequence 1.5', { billing_cycles: [cycle(1.5)] }, '/billing_cycles/0/sequence'],
    [
      'TRIAL total_cycles 0',
      { billing_cycles: [cycle(1, 'TRIAL', { total_cycles: 0 })] },
      '/billing_cycles/0/total_cycles',
    ],
    [
      'total_cycles 1000',
      { billing_cycles: [cycle(1, 'REGULAR', { total_cycles: 1000 })] },
      '/billing_cycles/0/total_cycles',
    ],
    ['tenure_type MONTHLY', { billing_cycles: [cycle(1, 'MONTHLY' as 'TRIAL')] }, '/billing_cycles/0/tenure_type'],
    ['no frequency', { billing_cycles: [{ tenure_type: 'TRIAL', sequence: 1 }] }, '/billing_cycles/0/frequency'],
    [
      'interval_unit FORTNIGHT',
      { billing_cycles: [cycle(1, 'TRIAL', { frequency: { interval_unit: 'FORTNIGHT', interval_count: 1 } })] },
      '/billing_cycles/0/frequency/interval_unit',
    ],
    [
      'a tier without amount',
      { billing_cycles: [cycle(1, 'REGULAR', { pricing_scheme: { tiers: [{ starting_quantity: '1' }] } })] },
      '/billing_cycles/0/pricing_scheme/tiers/0/amount',
    ],
    ['no payment_preferences', { payment_preferences: undefined }, '/payment_preferences'],
    [
      'setup_fee currency of 2 characters',
      { payment_preferences: { setup_fee: { currency_code: 'US', value: '1' } } },
      '/payment_preferences/setup_fee/currency_code',
    ],
    [
      'setup_fee currency of 4 characters',
      { payment_preferences: { setup_fee: { currency_code: 'USDX', value: '1' } } },
      '/payment_preferences/setup_fee/currency_code',
    ],
    [
      'setup_fee value as a number',
      { payment_preferences: { setup_fee: { currency_code: 'USD', value: 1 } } },
      '/payment_preferences/setup_fee/value',
    ],
    [
      'setup_fee value "ten"',
      { payment_preferences: { setup_fee: { currency_code: 'USD', value: 'ten' } } },
      '/payment_preferences/setup_fee/value',
    ],
    [
      'auto_bill_outstanding "yes"',
      { payment_preferences: { auto_bill_outstanding: 'yes' } },
      '/payment_preferences/auto_bill_outstanding',
    ],
    ['taxes.percentage as a number', { taxes: { percentage: 10 } }, '/taxes/percentage'],
    ['quantity_supported "true"', { quantity_supported: 'true' }, '/quantity_supported'],
  ])('refuses %s with 400 naming the field', async (_label, overrides, field) => {
    const answer = await client.post(PLANS, planBody(overrides));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.name).toBe('VALIDATION_ERROR');
    expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('refuses a body that is an array, and an empty body', async () => {
    expect((await client.post(PLANS, [planBody()])).status).toBe(400);
    expect(
      (await client.call('POST', PLANS, { raw: '', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
  });
});

describe('list plans', () => {
  let lister: Client;
  const PRODUCT = 'PROD-LISTING0000000001';
  const ids: string[] = [];
  beforeAll(async () => {
    lister = await startClient();
    for (let i = 0; i < 25; i++)
      ids.push(await createPlan(lister, { name: `Plan ${i}`, product_id: i < 5 ? PRODUCT : FIXTURES.productId }));
  });
  afterAll(async () => {
    await lister.reference.close();
  });

  it('returns 10 minimal items by default: id, name, description, links', async () => {
    const answer = await lister.get(PLANS);
    expect(answer.status).toBe(200);
    expect(answer.body.plans).toHaveLength(10);
    expect(Object.keys(answer.body.plans[0]).sort()).toEqual(['description', 'id', 'links', 'name']);
    expect(answer.body.plans.map((plan: { id: string }) => plan.id)).toEqual(ids.slice(0, 10));
    expect(answer.body.links.find((link: { rel: string }) => link.rel === 'next')).toBeDefined();
    expect(answer.body.total_items).toBeUndefined();
  });

  it('leaves description out of minimal items when the plan has none', async () => {
    const id = await createPlan(lister, { description: undefined, product_id: 'PROD-NODESCRIPTION0001' });
    const answer = await lister.get(`${PLANS}?product_id=PROD-NODESCRIPTION0001`);
    expect(answer.body.plans).toEqual([expect.objectContaining({ id, name: 'Video streaming' })]);
    expect(answer.body.plans[0].description).toBeUndefined();
  });

  it('pages with page_size and page, without overlap', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const answer = await lister.get(`${PLANS}?page_size=7&page=${page}&product_id=${FIXTURES.productId}`);
      seen.push(...answer.body.plans.map((plan: { id: string }) => plan.id));
    }
    expect(seen).toEqual(ids.slice(5));
  });

  it('filters by product_id and reports totals when total_required=true', async () => {
    const answer = await lister.get(`${PLANS}?product_id=${PRODUCT}&total_required=true&page_size=2`);
    expect(answer.body.plans).toHaveLength(2);
    expect(answer.body.total_items).toBe(5);
    expect(answer.body.total_pages).toBe(3);
  });

  it('returns full plans with Prefer: return=representation', async () => {
    const answer = await lister.get(`${PLANS}?page_size=1`, { headers: { prefer: 'return=representation' } });
    expect(answer.body.plans[0]).toMatchObject({
      product_id: expect.any(String),
      billing_cycles: expect.any(Array),
      usage_type: 'LICENSED',
    });
  });

  it.each([
    ['page_size=0'],
    ['page_size=21'],
    ['page_size=abc'],
    ['page=0'],
    ['page=100001'],
    ['product_id=PROD1'],
    [`product_id=${chars(51)}`],
    ['total_required=yes'],
  ])('refuses %s with 400', async (query) => {
    const answer = await lister.get(`${PLANS}?${query}`);
    expect(answer.status).toBe(400);
  });

  it.each([['page_size=1'], ['page_size=20'], ['page=100000'], ['product_id=PROD-1'], [`product_id=${chars(50)}`]])(
    'accepts %s',
    async (query) => {
      expect((await lister.get(`${PLANS}?${query}`)).status).toBe(200);
    },
  );
});

describe('show, activate, deactivate', () => {
  it('shows a plan and 404s an unknown id', async () => {
    const id = await createPlan(client);
    const answer = await client.get(`${PLANS}/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(id);
    const unknown = await client.get(`${PLANS}/P-000000000000000000000000`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.name).toBe('RESOURCE_NOT_FOUND');
  });

  it('moves CREATED -> ACTIVE -> INACTIVE -> ACTIVE and refuses the other moves with 422', async () => {
    const id = await createPlan(client, { status: 'CREATED' });
    expect((await client.post(`${PLANS}/${id}/deactivate`)).status).toBe(422);
    expect((await client.post(`${PLANS}/${id}/activate`)).status).toBe(204);
    expect((await client.get(`${PLANS}/${id}`)).body.status).toBe('ACTIVE');
    expect((await client.post(`${PLANS}/${id}/activate`)).status).toBe(422);
    const deactivated = await client.post(`${PLANS}/${id}/deactivate`);
    expect(deactivated.status).toBe(204);
    expect(deactivated.text).toBe('');
    expect((await client.get(`${PLANS}/${id}`)).body.status).toBe('INACTIVE');
    expect((await client.post(`${PLANS}/${id}/deactivate`)).status).toBe(422);
    expect((await client.post(`${PLANS}/${id}/activate`)).status).toBe(204);
    expect((await client.get(`${PLANS}/${id}`)).body.status).toBe('ACTIVE');
  });

  it('404s activate and deactivate of an unknown plan', async () => {
    expect((await client.post(`${PLANS}/P-000000000000000000000000/activate`)).status).toBe(404);
    expect((await client.post(`${PLANS}/nope/deactivate`)).status).toBe(404);
  });
});

describe('update pricing', () => {
  const item = (sequence: number, value = '20.00') => ({
    billing_cycle_sequence: sequence,
    pricing_scheme: { fixed_price: { currency_code: 'USD', value } },
  });

  it('applies a new scheme and bumps its version', async () => {
    const id = await createPlan(client);
    const answer = await client.post(`${PLANS}/${id}/update-pricing-schemes`, { pricing_schemes: [item(2, '25.00')] });
    expect(answer.status).toBe(204);
    const plan = (await client.get(`${PLANS}/${id}`)).body;
    expect(plan.billing_cycles[1].pricing_scheme).toMatchObject({
      version: 2,
      fixed_price: { currency_code: 'USD', value: '25.00' },
    });
  });

  it('accepts 99 items and refuses 100 and 0', async () => {
    const id = await createPlan(client);
    expect(
      (
        await client.post(`${PLANS}/${id}/update-pricing-schemes`, {
          pricing_schemes: Array.from({ length: 99 }, () => item(2)),
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await client.post(`${PLANS}/${id}/update-pricing-schemes`, {
          pricing_schemes: Array.from({ length: 100 }, () => item(2)),
        })
      ).status,
    ).toBe(400);
    expect((await client.post(`${PLANS}/${id}/update-pricing-schemes`, { pricing_schemes: [] })).status).toBe(400);
  });

  it('refuses a missing pricing_scheme (400), an unknown cycle (422) and an INACTIVE plan (422)', async () => {
    const id = await createPlan(client);
    expect(
      (await client.post(`${PLANS}/${id}/update-pricing-schemes`, { pricing_schemes: [{ billing_cycle_sequence: 2 }] }))
        .status,
    ).toBe(400);
    expect((await client.post(`${PLANS}/${id}/update-pricing-schemes`, {})).status).toBe(400);
    expect((await client.post(`${PLANS}/${id}/update-pricing-schemes`, { pricing_schemes: [item(7)] })).status).toBe(
      422,
    );
    await client.post(`${PLANS}/${id}/deactivate`);
    expect((await client.post(`${PLANS}/${id}/update-pricing-schemes`, { pricing_schemes: [item(2)] })).status).toBe(
      422,
    );
  });
});
