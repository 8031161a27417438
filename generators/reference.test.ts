// Valid values are realistic: the reference implementation (which follows the spec exactly)
// accepts every valid and boundary body the generators make, with the status the spec names.
// (That invalid values are refused is the suites' business; their labels are checked against
// the contracts in schemas.test.ts.)
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type RunningReference } from '../reference/server.js';
import { hasPointer } from '../contracts/json-pointer.js';
import * as g from './index.js';
import { SAMPLE_CYCLES } from './test-support/families.js';

const RUNS = { seed: 20261122, numRuns: 40 };
let ref: RunningReference;

beforeAll(async () => {
  ref = await startReference();
});
afterAll(async () => {
  await ref?.close();
});

/** What these tests read of an answer: the id and links of the resource a 201 created. */
interface Created {
  id: string;
  links: Array<{ rel: string; href: string }>;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Created; text: string }> {
  const r = await fetch(path.startsWith('http') ? path : ref.baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${ref.profile.billing.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  // Typed as what the tests read of it: only the answers that created something are read.
  return { status: r.status, text, json: (text ? JSON.parse(text) : undefined) as Created };
}

async function activePlan(): Promise<string> {
  const r = await call('POST', '/v1/billing/plans', {
    product_id: ref.profile.billing.productId,
    name: 'gen reference plan',
    status: 'ACTIVE',
    billing_cycles: SAMPLE_CYCLES,
    quantity_supported: true,
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 1 },
    taxes: { percentage: '5', inclusive: false },
  });
  return r.json.id;
}

/** An ACTIVE subscription: created without application_context (SUBSCRIBE_NOW), then approved. */
async function activeSubscription(planId: string, body: object = {}): Promise<string> {
  const c = await call('POST', '/v1/billing/subscriptions', { ...body, plan_id: planId });
  await fetch(c.json.links.find((l) => l.rel === 'approve')!.href);
  return c.json.id;
}

describe('the reference accepts what the valid families make', () => {
  it('create plan: 201 for valid and boundary bodies', async () => {
    const productId = ref.profile.billing.productId;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(g.createPlanBody({ productId, tag: 'gen ' }), g.createPlanBodyBoundary({ productId, tag: 'gen ' })),
        async (b) => {
          const r = await call('POST', '/v1/billing/plans', b);
          expect(r.status, r.text).toBe(201);
        },
      ),
      RUNS,
    );
  });

  it('update plan: 204 for valid patches on the attributes the plan holds', async () => {
    const productId = ref.profile.billing.productId;
    await fc.assert(
      fc.asyncProperty(g.createPlanBody({ productId, tag: 'gen ' }), fc.nat(), async (b, seed) => {
        const id = (await call('POST', '/v1/billing/plans', b)).json.id;
        const shown = (await call('GET', `/v1/billing/plans/${id}`)).json;
        const [patch] = fc.sample(
          g.planPatch({
            tag: 'gen ',
            currency: g.cyclesCurrency(b.billing_cycles),
            exists: (p) => hasPointer(shown, p),
          }),
          { seed, numRuns: 1 },
        );
        const r = await call('PATCH', `/v1/billing/plans/${id}`, patch);
        expect(r.status, `${JSON.stringify(patch)} -> ${r.text}`).toBe(204);
      }),
      RUNS,
    );
  });

  it('create subscription: 201 for valid and boundary bodies', async () => {
    const planId = await activePlan();
    const opts = { planId, tag: 'gen ', quantitySupported: true, planCycles: SAMPLE_CYCLES, currency: 'EUR' };
    await fc.assert(
      fc.asyncProperty(fc.oneof(g.createSubscriptionBody(opts), g.createSubscriptionBodyBoundary(opts)), async (b) => {
        const r = await call('POST', '/v1/billing/subscriptions', b);
        expect(r.status, r.text).toBe(201);
      }),
      RUNS,
    );
  });

  it('update subscription: 204 for valid patches on an ACTIVE subscription', async () => {
    const planId = await activePlan();
    const cycles = SAMPLE_CYCLES.slice(1); // the first trial is running: leave it alone
    await fc.assert(
      fc.asyncProperty(
        g.createSubscriptionBody({ planId, tag: 'gen ', quantitySupported: true, currency: 'EUR' }),
        fc.nat(),
        async (b, seed) => {
          const { application_context: _ctx, ...body } = b;
          const id = await activeSubscription(planId, body);
          const shown = (await call('GET', `/v1/billing/subscriptions/${id}?fields=plan`)).json;
          const exists = (p: string) => p.includes('@sequence') || hasPointer(shown, p);
          const [patch] = fc.sample(g.subscriptionPatch({ cycles, tag: 'gen ', currency: 'EUR', exists }), {
            seed,
            numRuns: 1,
          });
          const r = await call('PATCH', `/v1/billing/subscriptions/${id}`, patch);
          expect(r.status, `${JSON.stringify(patch)} -> ${r.text}`).toBe(204);
        },
      ),
      RUNS,
    );
  });

  it('actions: capture 202, revise 200, suspend and activate 204, update pricing 204', async () => {
    const planId = await activePlan();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(g.captureBody({ currency: 'EUR' }), g.captureBodyBoundary({ currency: 'EUR' })),
        g.reviseBody({ planId, quantitySupported: true, currency: 'EUR', planCycles: SAMPLE_CYCLES.slice(1) }),
        fc.oneof(g.reasonBody, g.reasonBodyBoundary),
        g.updatePricingBody({ cycles: SAMPLE_CYCLES }),
        async (capture, revise, reason, pricing) => {
          const id = await activeSubscription(planId);
          const base = `/v1/billing/subscriptions/${id}`;
          let r = await call('POST', `${base}/capture`, capture);
          expect(r.status, r.text).toBe(202);
          r = await call('POST', `${base}/revise`, revise);
          expect(r.status, r.text).toBe(200);
          r = await call('POST', `${base}/suspend`, reason);
          expect(r.status, r.text).toBe(204);
          r = await call('POST', `${base}/activate`, reason);
          expect(r.status, r.text).toBe(204);
          r = await call('POST', `/v1/billing/plans/${planId}/update-pricing-schemes`, pricing);
          expect(r.status, r.text).toBe(204);
        },
      ),
      { ...RUNS, numRuns: 15 },
    );
  });

  it('queries: list plans and list subscriptions answer 200 to valid and boundary queries', async () => {
    const productId = ref.profile.billing.productId;
    const planId = await activePlan();
    const qs = (q: object) =>
      new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(g.listPlansQuery({ productId }), g.listPlansQueryBoundary({ productId })),
        fc.oneof(
          g.listSubscriptionsQuery({ planIds: [planId] }),
          g.listSubscriptionsQueryBoundary({ planIds: [planId] }),
        ),
        async (pq, sq) => {
          let r = await call('GET', `/v1/billing/plans?${qs(pq)}`);
          expect(r.status, r.text).toBe(200);
          r = await call('GET', `/v1/billing/subscriptions?${qs(sq)}`);
          expect(r.status, r.text).toBe(200);
        },
      ),
      RUNS,
    );
  });
});
