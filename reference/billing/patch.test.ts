// JSON Patch through HTTP: update plan (replace only, listed attributes, INACTIVE status-only)
// and update subscription (listed paths and ops, @sequence selector, completed cycles).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  capture,
  createPlan,
  createSubscription,
  startClient,
  type Client,
} from '../test-support/client.js';

let client: Client;
beforeAll(async () => {
  client = await startClient();
});
afterAll(async () => {
  await client.reference.close();
});

const plan = (id: string) => `/v1/billing/plans/${id}`;
const sub = (id: string) => `/v1/billing/subscriptions/${id}`;

describe('update plan', () => {
  it.each([
    ['/description', 'New description'],
    ['/name', 'New name'],
    ['/payment_preferences/auto_bill_outstanding', false],
    ['/payment_preferences/payment_failure_threshold', 5],
    ['/payment_preferences/setup_fee', { currency_code: 'USD', value: '2.00' }],
    ['/payment_preferences/setup_fee_failure_action', 'CANCEL'],
    ['/taxes/percentage', '12.5'],
  ])('replaces %s (204, read back)', async (path, value) => {
    const id = await createPlan(client);
    const answer = await client.patch(plan(id), [{ op: 'replace', path, value }]);
    expect(answer.status, answer.text).toBe(204);
    expect(answer.text).toBe('');
    const shown = (await client.get(plan(id))).body;
    const segments = path.slice(1).split('/');
    expect(segments.reduce((node, key) => node[key], shown)).toEqual(value);
    expect(shown.status).toBe('ACTIVE');
  });

  it.each([
    ['another path', [{ op: 'replace', path: '/product_id', value: 'PROD-0000000000000000Z' }]],
    ['quantity_supported', [{ op: 'replace', path: '/quantity_supported', value: true }]],
    ['a billing cycle', [{ op: 'replace', path: '/billing_cycles/0/sequence', value: 3 }]],
    ['/status on an ACTIVE plan', [{ op: 'replace', path: '/status', value: 'INACTIVE' }]],
    ['add', [{ op: 'add', path: '/name', value: 'x' }]],
    ['remove', [{ op: 'remove', path: '/description' }]],
    ['copy', [{ op: 'copy', from: '/name', path: '/description' }]],
    ['move', [{ op: 'move', from: '/name', path: '/description' }]],
    ['an unknown op', [{ op: 'merge', path: '/name', value: 'x' }]],
    ['a path that is not a JSON Pointer', [{ op: 'replace', path: 'name', value: 'x' }]],
    ['replace without value', [{ op: 'replace', path: '/name' }]],
    ['a name of 128 characters', [{ op: 'replace', path: '/name', value: 'a'.repeat(128) }]],
    ['a name of the wrong type', [{ op: 'replace', path: '/name', value: 7 }]],
    [
      'a good op followed by a bad one',
      [
        { op: 'replace', path: '/name', value: 'changed' },
        { op: 'add', path: '/name', value: 'x' },
      ],
    ],
    ['a body that is not an array', { op: 'replace', path: '/name', value: 'x' }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const id = await createPlan(client);
    const before = (await client.get(plan(id))).body;
    const answer = await client.patch(plan(id), body);
    expect(answer.status, answer.text).toBe(400);
    expect((await client.get(plan(id))).body).toEqual(before);
  });

  it('refuses replace of a member the plan does not have (422) and changes nothing', async () => {
    const id = await createPlan(client, { taxes: undefined, description: undefined });
    const before = (await client.get(plan(id))).body;
    expect(
      (
        await client.patch(plan(id), [
          { op: 'replace', path: '/name', value: 'changed' },
          { op: 'replace', path: '/taxes/percentage', value: '5' },
        ])
      ).status,
    ).toBe(422);
    expect((await client.patch(plan(id), [{ op: 'replace', path: '/description', value: 'x' }])).status).toBe(422);
    expect((await client.get(plan(id))).body).toEqual(before);
  });

  it('runs test operations with equality by JSON type', async () => {
    const id = await createPlan(client);
    expect(
      (
        await client.patch(plan(id), [
          { op: 'test', path: '/payment_preferences/payment_failure_threshold', value: 3 },
          { op: 'replace', path: '/name', value: 'tested' },
        ])
      ).status,
    ).toBe(204);
    expect(
      (
        await client.patch(plan(id), [
          { op: 'test', path: '/payment_preferences/payment_failure_threshold', value: '3' },
          { op: 'replace', path: '/name', value: 'loose' },
        ])
      ).status,
    ).toBe(422);
    expect(
      (
        await client.patch(plan(id), [
          { op: 'test', path: '/payment_preferences/setup_fee', value: { value: '1.00', currency_code: 'USD' } },
        ])
      ).status,
    ).toBe(204);
    expect((await client.get(plan(id))).body.name).toBe('tested');
  });

  it('lets an INACTIVE plan take status updates only', async () => {
    const id = await createPlan(client);
    await client.post(`${plan(id)}/deactivate`);
    expect((await client.patch(plan(id), [{ op: 'replace', path: '/name', value: 'x' }])).status).toBe(422);
    expect((await client.get(plan(id))).body.name).toBe('Video streaming');
    expect((await client.patch(plan(id), [{ op: 'replace', path: '/status', value: 'CREATED' }])).status).toBe(400);
    expect((await client.patch(plan(id), [{ op: 'replace', path: '/status', value: 'ACTIVE' }])).status).toBe(204);
    expect((await client.get(plan(id))).body.status).toBe('ACTIVE');
  });

  it('404s an unknown plan and 415s a patch sent as text', async () => {
    expect((await client.patch(plan('P-000000000000000000000000'), [])).status).toBe(404);
    const id = await createPlan(client);
    expect(
      (await client.call('PATCH', plan(id), { raw: '[]', headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(415);
    expect(
      (await client.call('PATCH', plan(id), { raw: '[]', headers: { 'content-type': 'application/json-patch+json' } }))
        .status,
    ).toBe(204);
  });
});

describe('update subscription', () => {
  const shipping = {
    name: { full_name: 'Ada Lovelace' },
    address: { address_line_1: '1 Main St', admin_area_2: 'London', postal_code: 'N1', country_code: 'GB' },
  };

  it.each([
    ['replace', '/billing_info/outstanding_balance', { currency_code: 'USD', value: '5.00' }],
    ['replace', '/custom_id', 'INV-2'],
    ['add', '/custom_id', 'INV-3'],
    [
      'replace',
      '/plan/billing_cycles/@sequence==2/pricing_scheme/fixed_price',
      { currency_code: 'USD', value: '11.00' },
    ],
    ['add', '/plan/billing_cycles/@sequence==2/pricing_scheme/fixed_price', { currency_code: 'USD', value: '12.00' }],
    ['replace', '/plan/billing_cycles/@sequence==2/total_cycles', 0],
    ['replace', '/plan/billing_cycles/@sequence==1/total_cycles', 2],
    ['replace', '/plan/payment_preferences/auto_bill_outstanding', false],
    ['replace', '/plan/payment_preferences/payment_failure_threshold', 1],
    ['replace', '/plan/taxes/inclusive', true],
    ['add', '/plan/taxes/inclusive', true],
    ['replace', '/plan/taxes/percentage', '7'],
    ['add', '/plan/taxes/percentage', '8'],
    ['add', '/shipping_amount', { currency_code: 'USD', value: '3.00' }],
    ['replace', '/start_time', '2031-02-03T04:05:06Z'],
    ['add', '/subscriber/shipping_address', shipping],
  ])('applies %s %s (204, read back)', async (op, path, value) => {
    const { id } = await activeSubscription(client);
    const answer = await client.patch(sub(id), [{ op, path, value }]);
    expect(answer.status, answer.text).toBe(204);
    const shown = (await client.get(`${sub(id)}?fields=plan`)).body;
    const segments = path.slice(1).split('/');
    const read = segments.reduce((node, key) => {
      const selector = /^@sequence==(\d+)$/.exec(key);
      return selector ? node.find((cycle: { sequence: number }) => cycle.sequence === Number(selector[1])) : node[key];
    }, shown);
    expect(read).toEqual(value);
    expect(shown.status).toBe('ACTIVE');
  });

  it('replaces tiers of a tiered cycle and the payment source of a card-funded subscription', async () => {
    const tiered = await createPlan(client, {
      billing_cycles: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          pricing_scheme: {
            pricing_model: 'VOLUME',
            tiers: [{ starting_quantity: '1', amount: { currency_code: 'USD', value: '5' } }],
          },
        },
      ],
    });
    const { id, approve } = await createSubscription(client, tiered, {
      subscriber: { payment_source: { card: { number: '4111111111111111', expiry: '2030-01' } } },
    });
    await client.get(approve);
    const tiers = [
      { starting_quantity: '1', ending_quantity: '5', amount: { currency_code: 'USD', value: '6' } },
      { starting_quantity: '6', amount: { currency_code: 'USD', value: '5' } },
    ];
    expect(
      (
        await client.patch(sub(id), [
          { op: 'replace', path: '/plan/billing_cycles/@sequence==1/pricing_scheme/tiers', value: tiers },
        ])
      ).status,
    ).toBe(204);
    expect(
      (
        await client.patch(sub(id), [
          {
            op: 'replace',
            path: '/subscriber/payment_source',
            value: { card: { number: '5555555555554444', expiry: '2031-02' } },
          },
        ])
      ).status,
    ).toBe(204);
    const shown = (await client.get(`${sub(id)}?fields=plan`)).body;
    expect(shown.plan.billing_cycles[0].pricing_scheme.tiers).toEqual(tiers);
    expect(shown.subscriber.payment_source.card).toMatchObject({ last_digits: '4444', expiry: '2031-02' });
  });

  it.each([
    ['a path that is not listed', [{ op: 'replace', path: '/plan_id', value: 'P-000000000000000000000000' }]],
    ['status', [{ op: 'replace', path: '/status', value: 'CANCELLED' }]],
    ['a cycle by index', [{ op: 'replace', path: '/plan/billing_cycles/0/total_cycles', value: 3 }]],
    ['add where only replace is listed', [{ op: 'add', path: '/start_time', value: '2031-01-01T00:00:00Z' }]],
    ['remove of custom_id', [{ op: 'remove', path: '/custom_id' }]],
    ['move', [{ op: 'move', from: '/custom_id', path: '/start_time' }]],
    ['add of tiers', [{ op: 'add', path: '/plan/billing_cycles/@sequence==2/pricing_scheme/tiers', value: [] }]],
    ['a custom_id of 128 characters', [{ op: 'replace', path: '/custom_id', value: 'x'.repeat(128) }]],
    [
      'a TRIAL total_cycles of 0',
      [{ op: 'replace', path: '/plan/billing_cycles/@sequence==1/total_cycles', value: 0 }],
    ],
    ['a start_time without seconds', [{ op: 'replace', path: '/start_time', value: '2031-01-01T00:00Z' }]],
    [
      'an outstanding balance without currency',
      [{ op: 'replace', path: '/billing_info/outstanding_balance', value: { value: '1' } }],
    ],
    [
      'a shipping address with country_code uk',
      [{ op: 'add', path: '/subscriber/shipping_address', value: { address: { country_code: 'uk' } } }],
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const { id } = await activeSubscription(client);
    const before = (await client.get(`${sub(id)}?fields=plan`)).body;
    const answer = await client.patch(sub(id), [{ op: 'replace', path: '/custom_id', value: 'CHANGED' }, ...body]);
    expect(answer.status, answer.text).toBe(400);
    expect((await client.get(`${sub(id)}?fields=plan`)).body).toEqual(before);
  });

  it.each([
    [
      'replace of a member the subscription does not have',
      [{ op: 'replace', path: '/shipping_amount', value: { currency_code: 'USD', value: '1' } }],
    ],
    [
      'a selector naming no cycle',
      [{ op: 'replace', path: '/plan/billing_cycles/@sequence==7/total_cycles', value: 3 }],
    ],
    [
      'replace of the payment source of a subscription that is not card-funded',
      [
        {
          op: 'replace',
          path: '/subscriber/payment_source',
          value: { card: { number: '4111111111111111', expiry: '2030-01' } },
        },
      ],
    ],
    ['a failing test', [{ op: 'test', path: '/custom_id', value: 'INV-9999' }]],
    [
      'a test comparing 1 with "1"',
      [{ op: 'test', path: '/plan/billing_cycles/@sequence==1/total_cycles', value: '1' }],
    ],
  ])('refuses %s with 422 and changes nothing', async (_label, body) => {
    const { id } = await activeSubscription(client);
    const before = (await client.get(`${sub(id)}?fields=plan`)).body;
    const answer = await client.patch(sub(id), [{ op: 'replace', path: '/custom_id', value: 'CHANGED' }, ...body]);
    expect(answer.status, answer.text).toBe(422);
    expect((await client.get(`${sub(id)}?fields=plan`)).body).toEqual(before);
  });

  it('addresses the cycle the selector names, not the first one', async () => {
    const { id } = await activeSubscription(client);
    await client.patch(sub(id), [{ op: 'replace', path: '/plan/billing_cycles/@sequence==2/total_cycles', value: 24 }]);
    const cycles = (await client.get(`${sub(id)}?fields=plan`)).body.plan.billing_cycles;
    expect(cycles.map((cycle: { total_cycles: number }) => cycle.total_cycles)).toEqual([1, 24]);
  });

  it('refuses changes to a completed cycle (the TRIAL cycle after one capture) and keeps the others open', async () => {
    const { id } = await activeSubscription(client);
    await capture(client, id);
    const answer = await client.patch(sub(id), [
      { op: 'replace', path: '/plan/billing_cycles/@sequence==1/total_cycles', value: 3 },
    ]);
    expect(answer.status).toBe(422);
    expect(answer.body.details[0].issue).toBe('BILLING_CYCLE_COMPLETED');
    expect(
      (
        await client.patch(sub(id), [
          { op: 'replace', path: '/plan/billing_cycles/@sequence==2/total_cycles', value: 3 },
        ])
      ).status,
    ).toBe(204);
  });

  it('is refused with 422 before approval and after cancel', async () => {
    const planId = await createPlan(client);
    const { id } = await createSubscription(client, planId);
    expect((await client.patch(sub(id), [{ op: 'replace', path: '/custom_id', value: 'x' }])).status).toBe(422);
    await client.post(`${sub(id)}/cancel`, { reason: 'x' });
    expect((await client.patch(sub(id), [{ op: 'replace', path: '/custom_id', value: 'x' }])).status).toBe(422);
  });

  it('works on a SUSPENDED subscription, keeping its status', async () => {
    const { id } = await activeSubscription(client);
    await client.post(`${sub(id)}/suspend`, { reason: 'pause' });
    expect((await client.patch(sub(id), [{ op: 'replace', path: '/custom_id', value: 'INV-S' }])).status).toBe(204);
    expect((await client.get(sub(id))).body).toMatchObject({ status: 'SUSPENDED', custom_id: 'INV-S' });
  });

  it('isolates an overridden subscription from later plan changes', async () => {
    const { planId, id } = await activeSubscription(client);
    const follower = await createSubscription(client, planId);
    await client.patch(sub(id), [{ op: 'replace', path: '/plan/taxes/percentage', value: '3' }]);
    await client.patch(plan(planId), [{ op: 'replace', path: '/taxes/percentage', value: '20' }]);
    expect((await client.get(`${sub(id)}?fields=plan`)).body.plan.taxes.percentage).toBe('3');
    expect((await client.get(`${sub(follower.id)}?fields=plan`)).body.plan.taxes.percentage).toBe('20');
    expect((await client.get(sub(id))).body.plan_overridden).toBe(true);
  });
});
