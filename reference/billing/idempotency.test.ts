// Platform-Request-Id on create plan, create subscription and capture: one effect per key,
// the first answer replayed, 72 hours of retention, safe under concurrency.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  capture,
  createPlan,
  planBody,
  startClient,
  subscriptionBody,
  type Client,
} from '../test-support/client.js';

let client: Client;
let clock = new Date('2030-01-01T00:00:00Z');
beforeAll(async () => {
  client = await startClient({ now: () => clock });
});
afterAll(async () => {
  await client.reference.close();
});

const HOUR = 60 * 60 * 1000;

describe('Platform-Request-Id', () => {
  it('50 concurrent creates with one key create exactly one plan and all get the first answer', async () => {
    const product = 'PROD-CONCURRENT0000001';
    const headers = { 'platform-request-id': 'concurrent-plan-key' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post('/v1/billing/plans', planBody({ product_id: product }), { headers }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    const listed = await client.get(`/v1/billing/plans?product_id=${product}&total_required=true`);
    expect(listed.body.total_items).toBe(1);
  });

  it('replays the first subscription and creates no second one; another key creates another', async () => {
    const planId = await createPlan(client);
    const headers = { 'platform-request-id': 'sub-key' };
    const first = await client.post('/v1/billing/subscriptions', subscriptionBody(planId), { headers });
    const again = await client.post('/v1/billing/subscriptions', subscriptionBody(planId, { custom_id: 'other' }), {
      headers,
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    await client.post('/v1/billing/subscriptions', subscriptionBody(planId), {
      headers: { 'platform-request-id': 'sub-key-2' },
    });
    expect((await client.get(`/v1/billing/subscriptions?plan_ids=${planId}`)).body.subscriptions).toHaveLength(2);
  });

  it('captures once per key, per subscription', async () => {
    const { id } = await activeSubscription(client);
    const headers = { 'platform-request-id': 'capture-key' };
    expect((await capture(client, id, headers)).status).toBe(202);
    expect((await capture(client, id, headers)).status).toBe(202);
    const window = 'start_time=2000-01-01T00:00:00Z&end_time=2999-01-01T00:00:00Z';
    expect((await client.get(`/v1/billing/subscriptions/${id}/transactions?${window}`)).body.transactions).toHaveLength(
      1,
    );
    const other = await activeSubscription(client);
    expect((await capture(client, other.id, headers)).status).toBe(202);
    expect(
      (await client.get(`/v1/billing/subscriptions/${other.id}/transactions?${window}`)).body.transactions,
    ).toHaveLength(1);
  });

  it('keeps a key 72 hours, then forgets it', async () => {
    const product = 'PROD-RETENTION00000001';
    const headers = { 'platform-request-id': 'retention-key' };
    const first = await client.post('/v1/billing/plans', planBody({ product_id: product }), { headers });
    clock = new Date(clock.getTime() + 72 * HOUR - 1000);
    expect((await client.post('/v1/billing/plans', planBody({ product_id: product }), { headers })).body.id).toBe(
      first.body.id,
    );
    clock = new Date(clock.getTime() + 2000);
    expect((await client.post('/v1/billing/plans', planBody({ product_id: product }), { headers })).body.id).not.toBe(
      first.body.id,
    );
  });

  it('does not keep a refused request: the corrected repeat creates', async () => {
    const headers = { 'platform-request-id': 'fix-and-retry' };
    expect((await client.post('/v1/billing/plans', planBody({ name: '' }), { headers })).status).toBe(400);
    expect((await client.post('/v1/billing/plans', planBody(), { headers })).status).toBe(201);
  });

  it('refuses an empty key', async () => {
    expect(
      (await client.post('/v1/billing/plans', planBody(), { headers: { 'platform-request-id': '' } })).status,
    ).toBe(400);
  });
});
