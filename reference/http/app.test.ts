// The HTTP envelope: bearer auth, unknown paths and methods, media types, body size, error bodies,
// options of startReference.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../faults/index.js';
import { FIXTURES } from '../fixtures.js';
import { ReferenceOptionError, startReference } from '../server.js';
import { VARIANTS } from '../variants.js';
import { createPlan, planBody, startClient, type Client } from '../test-support/client.js';

let client: Client;
beforeAll(async () => {
  client = await startClient();
});
afterAll(async () => {
  await client.reference.close();
});

const OPERATIONS: Array<[string, string]> = [
  ['POST', '/v1/billing/plans'],
  ['GET', '/v1/billing/plans'],
  ['GET', '/v1/billing/plans/P-000000000000000000000000'],
  ['PATCH', '/v1/billing/plans/P-000000000000000000000000'],
  ['POST', '/v1/billing/plans/P-000000000000000000000000/activate'],
  ['POST', '/v1/billing/plans/P-000000000000000000000000/deactivate'],
  ['POST', '/v1/billing/plans/P-000000000000000000000000/update-pricing-schemes'],
  ['POST', '/v1/billing/subscriptions'],
  ['GET', '/v1/billing/subscriptions'],
  ['GET', '/v1/billing/subscriptions/I-000000000000'],
  ['PATCH', '/v1/billing/subscriptions/I-000000000000'],
  ['POST', '/v1/billing/subscriptions/I-000000000000/revise'],
  ['POST', '/v1/billing/subscriptions/I-000000000000/suspend'],
  ['POST', '/v1/billing/subscriptions/I-000000000000/cancel'],
  ['POST', '/v1/billing/subscriptions/I-000000000000/activate'],
  ['POST', '/v1/billing/subscriptions/I-000000000000/capture'],
  ['GET', '/v1/billing/subscriptions/I-000000000000/transactions'],
];

describe('bearer auth on billing', () => {
  it.each(OPERATIONS)('%s %s refuses a missing and a wrong token with 401 and a JSON body', async (method, path) => {
    for (const token of [null, 'wrong-token']) {
      const answer = await client.call(method, path, { token, body: {} });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ name: 'NOT_AUTHORIZED' });
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('refuses a Basic credential and creates nothing on a refused create', async () => {
    const answer = await client.post('/v1/billing/plans', planBody(), {
      token: null,
      headers: { authorization: `Basic ${FIXTURES.billingToken}` },
    });
    expect(answer.status).toBe(401);
    expect((await client.get('/v1/billing/plans?product_id=PROD-4CWK2S8EBB4FG3ZT1')).body.plans).toEqual([]);
  });

  it('accepts the scheme in any letter case', async () => {
    expect(
      (
        await client.get('/v1/billing/plans', {
          token: null,
          headers: { authorization: `bearer ${FIXTURES.billingToken}` },
        })
      ).status,
    ).toBe(200);
  });
});

describe('paths, methods, media types, sizes', () => {
  it('404s unknown paths with a JSON body', async () => {
    for (const path of ['/', '/v2/billing/plans', '/v1/billing/plans/P-1/unknown', '/repos/octo-org', '/%E0%A4%A']) {
      const answer = await client.get(path);
      expect(answer.status).toBe(404);
      expect(answer.body.name).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('405s a known path with another method and says which are allowed', async () => {
    const answer = await client.call('DELETE', '/v1/billing/plans');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, GET');
    expect((await client.call('PUT', '/repos/octo-org/hello-world/assignees')).status).toBe(405);
  });

  it('415s a body that is not sent as JSON', async () => {
    const answer = await client.call('POST', '/v1/billing/plans', {
      raw: JSON.stringify(planBody()),
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(415);
    expect((await client.call('POST', '/v1/billing/plans', { raw: JSON.stringify(planBody()) })).status).toBe(415);
    expect(
      (
        await client.call('POST', '/v1/billing/plans', {
          raw: JSON.stringify(planBody()),
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      ).status,
    ).toBe(201);
  });

  it('400s invalid JSON and invalid UTF-8', async () => {
    const json = { 'content-type': 'application/json' };
    expect(
      (await client.call('POST', '/v1/billing/plans', { raw: '{"name":', headers: json })).body.details[0].issue,
    ).toBe('MALFORMED_REQUEST_JSON');
    expect(
      (await client.call('POST', '/v1/billing/plans', { raw: Buffer.from([0x7b, 0xff, 0x7d]), headers: json })).status,
    ).toBe(400);
    expect(
      (await client.call('POST', '/v1/billing/plans', { raw: `${'['.repeat(100)}${']'.repeat(100)}`, headers: json }))
        .status,
    ).toBe(400);
  });

  it('413s a body over 1 MB and keeps serving', async () => {
    const answer = await client.call('POST', '/v1/billing/plans', {
      raw: `"${'x'.repeat(1024 * 1024 + 10)}"`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.name).toBe('PAYLOAD_TOO_LARGE');
    expect((await client.get('/v1/billing/plans')).status).toBe(200);
  });

  it('answers every error with {name, message, details[{field, issue, description}]}', async () => {
    const answer = await client.post('/v1/billing/plans', { name: 5 });
    expect(answer.body).toEqual({ name: 'VALIDATION_ERROR', message: expect.any(String), details: expect.any(Array) });
    for (const detail of answer.body.details)
      expect(Object.keys(detail).sort()).toEqual(['description', 'field', 'issue']);
  });
});

describe('startReference', () => {
  it('fills the profile with the seeded fixtures and follow-link approval', async () => {
    expect(client.reference.profile).toMatchObject({
      baseUrl: client.baseUrl,
      billing: { token: FIXTURES.billingToken, productId: FIXTURES.productId, approval: { mode: 'follow-link' } },
      assignees: {
        owner: 'octo-org',
        repo: 'hello-world',
        issueNumber: 1,
        pullNumber: 2,
        notAssignable: 'mallory',
        privateRepo: { owner: 'octo-org', repo: 'secret', issueNumber: 1 },
      },
    });
    expect(client.reference.profile.assignees?.assignable.length).toBeGreaterThanOrEqual(14);
    expect(client.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('throws ReferenceOptionError naming the bad name and listing the valid ones', async () => {
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toThrow(ReferenceOptionError);
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toThrow(/no-such-fault.*create-plan-200/);
    await expect(startReference({ variants: ['no-such-variant'] })).rejects.toThrow(/no-such-variant.*validation-422/);
  });

  it('keeps state per instance', async () => {
    const other = await startClient();
    try {
      const id = await createPlan(client);
      expect((await other.get(`/v1/billing/plans/${id}`)).status).toBe(404);
    } finally {
      await other.reference.close();
    }
  });

  it('delays answers by latencyMs and closes with idle keep-alive sockets open', async () => {
    const slow = await startClient({ latencyMs: 60 });
    const started = Date.now();
    await slow.get('/v1/billing/plans');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    const closing = Date.now();
    await slow.reference.close();
    await slow.reference.close();
    expect(Date.now() - closing).toBeLessThan(1000);
  });

  it('lists at least 40 faults over every kind and 16 variants, with unique names', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(FAULTS.map((fault) => fault.name)).size).toBe(FAULTS.length);
    expect(new Set(FAULTS.map((fault) => fault.kind))).toEqual(
      new Set([
        'schema',
        'limit',
        'lifecycle',
        'patch',
        'idempotency',
        'prefer',
        'pagination',
        'auth',
        'permission',
        'status-code',
        'http',
      ]),
    );
    expect(VARIANTS.length).toBeGreaterThanOrEqual(16);
    expect(new Set(VARIANTS.map((variant) => variant.name)).size).toBe(VARIANTS.length);
    for (const variant of VARIANTS) expect(variant.specPassage).toMatch(/^(billing|assignees)\.md, /);
  });
});
