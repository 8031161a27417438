import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type RunningReference } from '../reference/server.js';
import { HttpClient } from './http-client.js';
import { retireAssignees, retirePlan, retireSubscription, type Send } from './retire.js';

// Retirement against the reference: each outcome both ways (retired, then already retired), the
// CREATED plan the reference will not deactivate as it is, and a subscription awaiting approval
// that a legal variant refuses to cancel.

const PLAN = {
  product_id: 'PROD-4CWK2S8EBB4FG3ZT1',
  name: 'retire test',
  billing_cycles: [
    {
      tenure_type: 'REGULAR',
      sequence: 1,
      total_cycles: 12,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10.00' } },
    },
  ],
  payment_preferences: { auto_bill_outstanding: true },
};

function sender(reference: RunningReference, token: string): Send {
  const http = new HttpClient({ baseUrl: reference.baseUrl, timeoutMs: 10_000, secrets: [] });
  return (method, path, json) => http.send({ method, path, token, ...(json !== undefined ? { json } : {}) });
}

async function idOf(send: Send, path: string, json: unknown): Promise<string> {
  const reply = await send('POST', path, json);
  expect(reply.status).toBe(201);
  return (reply.json as { id: string }).id;
}

describe('retiring what a run created', () => {
  let reference: RunningReference;
  let refusing: RunningReference;
  let send: Send;

  beforeAll(async () => {
    reference = await startReference();
    refusing = await startReference({ variants: ['subscription-cancel-pending-refused'] });
    send = sender(reference, reference.profile.billing.token);
  });

  afterAll(async () => {
    await reference?.close();
    await refusing?.close();
  });

  it('deactivates an ACTIVE plan and a CREATED one (activated first), then finds both already retired', async () => {
    for (const status of ['ACTIVE', 'CREATED']) {
      const id = await idOf(send, '/v1/billing/plans', { ...PLAN, status });
      expect(await retirePlan(send, id)).toEqual({ outcome: 'retired', detail: `${status}, deactivated` });
      expect((await send('GET', `/v1/billing/plans/${id}`)).json).toMatchObject({ status: 'INACTIVE' });
      expect(await retirePlan(send, id)).toEqual({ outcome: 'already retired', detail: 'INACTIVE' });
    }
    expect(await retirePlan(send, 'P-000000000000000000000000')).toMatchObject({
      outcome: 'already retired',
      detail: 'show plan answered 404',
    });
  });

  it('cancels a live subscription, then finds it already retired', async () => {
    const plan = await idOf(send, '/v1/billing/plans', PLAN);
    const id = await idOf(send, '/v1/billing/subscriptions', {
      plan_id: plan,
      application_context: { return_url: 'https://example.test/r', cancel_url: 'https://example.test/c' },
    });
    expect(await retireSubscription(send, id, 'test cleanup')).toEqual({
      outcome: 'retired',
      detail: 'APPROVAL_PENDING, cancelled',
    });
    expect(await retireSubscription(send, id, 'test cleanup')).toEqual({
      outcome: 'already retired',
      detail: 'CANCELLED',
    });
  });

  it('says so when the server will not cancel a subscription awaiting approval', async () => {
    const other = sender(refusing, refusing.profile.billing.token);
    const plan = await idOf(other, '/v1/billing/plans', PLAN);
    const id = await idOf(other, '/v1/billing/subscriptions', {
      plan_id: plan,
      application_context: { return_url: 'https://example.test/r', cancel_url: 'https://example.test/c' },
    });
    const retirement = await retireSubscription(other, id, 'test cleanup');
    expect(retirement).toMatchObject({ outcome: 'not retired', awaitingApproval: true });
    expect(retirement.detail).toMatch(/^APPROVAL_PENDING; cancel answered 422/);
  });

  it('removes again the assignees a run added, only those still assigned', async () => {
    const a = reference.profile.assignees;
    const push = sender(reference, a.tokens.push);
    const path = `/repos/${a.owner}/${a.repo}/issues/${a.issueNumber}/assignees`;
    const [first, second] = a.assignable;
    expect((await push('POST', path, { assignees: [first] })).status).toBe(201);
    expect(await retireAssignees(push, path, [first, second])).toEqual({
      outcome: 'retired',
      detail: `removed ${first}`,
    });
    expect(await retireAssignees(push, path, [first, second])).toEqual({
      outcome: 'already retired',
      detail: `${first}, ${second} no longer assigned`,
    });
  });
});
