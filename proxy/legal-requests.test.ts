import { afterEach, describe, expect, it } from 'vitest';
import type { RuleId } from '../contracts/rules/rule-ids.js';
import { FIXTURES } from '../reference/fixtures.js';
import { startReference } from '../reference/server.js';
import { ProxySession } from './session.js';

// Requests the spec allows though a request contract alone would call them broken, sent by a
// `fetch` client through the proxy to the reference (which takes each): none may fail a rule.
// A per_page over 100 served clamped; a plan patch that opens with `test`; a status update of an
// INACTIVE plan; an activate without a body of an APPROVED subscription (a reason is required
// only to reactivate). And the state-dependent rules the proxy cannot know are not judged.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

const AUTH = { authorization: `Bearer ${FIXTURES.billingToken}`, accept: 'application/json' };
const PLAN = {
  product_id: FIXTURES.productId,
  name: 'proxied plan',
  billing_cycles: [
    {
      tenure_type: 'REGULAR',
      sequence: 1,
      total_cycles: 0,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10' } },
    },
  ],
  payment_preferences: { auto_bill_outstanding: true },
};
const SUBSCRIBER = {
  subscriber: { name: { given_name: 'Ada', surname: 'Lovelace' }, email_address: 'ada@example.test' },
};
const CONTEXT = { return_url: 'https://example.test/return', cancel_url: 'https://example.test/cancel' };

async function proxied(variants: string[] = []) {
  const reference = await startReference({ variants });
  closers.push(() => reference.close());
  const session = new ProxySession({
    upstream: new URL(reference.baseUrl),
    port: 0,
    apis: new Set(['billing', 'assignees']),
  });
  const url = await session.start();
  closers.push(() => session.stop());
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    // the billing credential for billing; a public repository's assignees are read without one
    const auth = path.startsWith('/v1/') ? AUTH : { accept: 'application/json' };
    const answer = await fetch(`${url}${path}`, {
      method,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await answer.text();
    return { status: answer.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  /** After the session stopped: the rules each exchange failed, and those it saw held. */
  const verdicts = async () => {
    await session.stop();
    const results = session.observations.results();
    const failed = results.flatMap((result) =>
      result.meta?.failure
        ? [result.meta.failure.rule, ...(result.meta.failure.more ?? []).map((more) => more.rule)]
        : [],
    );
    const held = new Set(results.flatMap((result) => result.meta?.covered ?? []));
    return {
      failed,
      held,
      errors: results.filter((result) => result.meta?.error !== undefined),
      mistakes: session.observations.clientMistakes(),
      runErrors: session.runErrors,
    };
  };
  return { call, verdicts, reference };
}

const idOf = (json: unknown): string => (json as { id: string }).id;

describe('requests the spec allows, through the proxy', () => {
  it('fail no rule: per_page clamped, a test op, an INACTIVE status update, a body-less activate', async () => {
    const { call, verdicts, reference } = await proxied(['assignees-per-page-clamp']);
    const users = await call('GET', '/repos/octo-org/hello-world/assignees?per_page=250');
    expect(users.status).toBe(200);
    const plan = idOf((await call('POST', '/v1/billing/plans', PLAN)).json);
    expect(
      (
        await call('PATCH', `/v1/billing/plans/${plan}`, [
          { op: 'test', path: '/name', value: PLAN.name },
          { op: 'replace', path: '/name', value: 'renamed' },
        ])
      ).status,
    ).toBe(204);
    expect((await call('POST', `/v1/billing/plans/${plan}/deactivate`)).status).toBe(204);
    expect(
      (await call('PATCH', `/v1/billing/plans/${plan}`, [{ op: 'replace', path: '/status', value: 'ACTIVE' }])).status,
    ).toBe(204);
    const created = await call('POST', '/v1/billing/subscriptions', {
      plan_id: plan,
      ...SUBSCRIBER,
      application_context: { ...CONTEXT, user_action: 'CONTINUE' },
    });
    const subscription = idOf(created.json);
    // the subscriber approves on the approval host, not through the proxy
    const approve = (created.json as { links: Array<{ rel: string; href: string }> }).links.find(
      (link) => link.rel === 'approve',
    )!.href;
    expect((await fetch(approve.replace(/^https?:\/\/[^/]+/, reference.baseUrl))).status).toBe(200);
    expect(((await call('GET', `/v1/billing/subscriptions/${subscription}`)).json as { status: string }).status).toBe(
      'APPROVED',
    );
    expect((await call('POST', `/v1/billing/subscriptions/${subscription}/activate`)).status).toBe(204);

    const { failed, held, errors, runErrors } = await verdicts();
    expect(runErrors).toEqual([]);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    const judged: RuleId[] = [
      'assignees.list.per-page-max-100',
      'billing.update-plan.status-204',
      'billing.update-plan.empty-body',
      'billing.activate-subscription.status-204',
    ];
    expect(judged.filter((rule) => !held.has(rule))).toEqual([]);
  });

  it('judges a rule that depends on a state only where the traffic showed the state', async () => {
    const { call, verdicts, reference } = await proxied();
    // made and deactivated past the proxy: its state is unknown, its status update not judged
    const direct = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`${reference.baseUrl}${path}`, {
          method,
          headers: { ...AUTH, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
      )
        .json()
        .catch(() => undefined);
    const unseen = idOf(await direct('POST', '/v1/billing/plans', PLAN));
    await direct('POST', `/v1/billing/plans/${unseen}/deactivate`);
    expect(
      (await call('PATCH', `/v1/billing/plans/${unseen}`, [{ op: 'replace', path: '/status', value: 'ACTIVE' }]))
        .status,
    ).toBe(204);
    // seen CREATED: /status is not a patchable attribute there, so its replace must be refused
    const seen = idOf((await call('POST', '/v1/billing/plans', { ...PLAN, status: 'CREATED' })).json);
    expect(
      (await call('PATCH', `/v1/billing/plans/${seen}`, [{ op: 'replace', path: '/status', value: 'ACTIVE' }])).status,
    ).toBeGreaterThanOrEqual(400);
    const { failed, held, mistakes } = await verdicts();
    expect(failed).toEqual([]);
    expect(held.has('billing.update-plan.other-paths-refused')).toBe(true);
    expect(mistakes.map((mistake) => `${mistake.rule} ${mistake.count}`)).toEqual([
      'billing.update-plan.other-paths-refused 1',
    ]);
  });
});
