// billing.md, "Resources and their fields" and "Endpoints": every success answer has the shape
// its contract gives: ids with their prefixes and lengths, Money, Link arrays of 1..10,
// date_time. Requests are drawn from the whole valid space; a refusal here is not this file's
// verdict (accepted.check.ts owns it), so a refused run only skips its validation.

import fc from 'fast-check';
import { check, type CheckContext } from '../../../harness/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import type { Reply } from '../../../harness/exchange.js';
import { SCHEMA_IDS as S } from '../../../contracts/validate.js';
import {
  captureBody,
  createPlanBody,
  createSubscriptionBody,
  listPlansQuery,
  listSubscriptionsQuery,
  reviseBody,
  showSubscriptionQuery,
  transactionsQuery,
} from '../../../generators/index.js';
import {
  activePlan,
  activeSubscription,
  isoSeconds,
  is2xx,
  newSubscription,
  PLANS,
  planPath,
  sendCreatePlan,
  sendCreateSubscription,
  SUBSCRIPTIONS,
  subscriptionPath,
  isObject,
  noteOnce,
} from './support.js';

const PREFER = fc.constantFrom(undefined, 'return=minimal', 'return=representation');

function preferHeaders(prefer: string | undefined): Record<string, string> {
  return prefer ? { prefer } : {};
}

/** Validates a success answer; an answer that is not a success is another check's verdict. */
function validateSuccess(ctx: CheckContext, reply: Reply, schemaId: string, what: string): boolean {
  if (!is2xx(reply)) {
    noteOnce(ctx, `${what}: answered ${reply.status}; its shape was not checked (accepted.check.ts judges the status)`);
    return false;
  }
  ctx.expectContract(reply.json, schemaId, reply, what);
  return true;
}

check(
  {
    name: 'billing shapes: create plan, show plan and list plans answers match the plan contracts',
    rules: ['billing.plan.id.pattern', 'billing.plan.id.length', 'billing.link.array.items', 'billing.date_time.pattern', 'billing.money.value.type'],
    needs: ['billing'],
  },
  async (ctx) => {
    const productId = ctx.billing.productId;
    const cases = fc.record({
      body: createPlanBody({ productId, tag: ctx.settings.runId }),
      createPrefer: PREFER,
      listPrefer: PREFER,
      list: listPlansQuery({ productId }).map((q) => ({ ...q, page: Math.min(q.page ?? 1, 3) })),
    });
    await ctx.property(cases, async ({ body, createPrefer, listPrefer, list }) => {
      const created = await sendCreatePlan(ctx, body, preferHeaders(createPrefer));
      const representation = createPrefer === 'return=representation';
      const schema = representation ? S.createPlanResponseRepresentation : S.createPlanResponseMinimal;
      if (validateSuccess(ctx, created.reply, schema, `create plan (Prefer ${createPrefer ?? 'absent'})`) && created.id) {
        const shown = await ctx.billingSend('GET', planPath(created.id));
        validateSuccess(ctx, shown, S.showPlanResponse, 'show plan details');
      }
      const listed = await ctx.billingSend('GET', PLANS, { query: { ...list }, headers: preferHeaders(listPrefer) });
      const listSchema = listPrefer === 'return=representation' ? S.listPlansResponseRepresentation : S.listPlansResponse;
      validateSuccess(ctx, listed, listSchema, `list plans (Prefer ${listPrefer ?? 'absent'})`);
    });
  },
);

check(
  {
    name: 'billing shapes: create, show and list subscription answers match the subscription contracts',
    rules: ['billing.subscription.id.pattern', 'billing.link.array.items', 'billing.money.value.type', 'billing.subscription.plan.returned-with-fields'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { tag: ctx.settings.runId });
    const cases = fc.record({
      body: createSubscriptionBody({
        planId: plan.id,
        tag: ctx.settings.runId,
        quantitySupported: plan.quantitySupported,
        planCycles: plan.cycles,
        currency: plan.currency,
      }),
      prefer: PREFER,
      show: showSubscriptionQuery,
      list: listSubscriptionsQuery({ planIds: [plan.id] }).map(({ plan_ids, page_size }) => ({ plan_ids: plan_ids ?? plan.id, ...(page_size ? { page_size } : {}) })),
    });
    await ctx.property(cases, async ({ body, prefer, show, list }) => {
      const created = await sendCreateSubscription(ctx, body, preferHeaders(prefer));
      const schema = prefer === 'return=representation' ? S.createSubscriptionResponseRepresentation : S.createSubscriptionResponseMinimal;
      if (!validateSuccess(ctx, created.reply, schema, `create subscription (Prefer ${prefer ?? 'absent'})`) || !created.id) return;
      const shown = await ctx.billingSend('GET', subscriptionPath(created.id), { query: { ...show } });
      if (validateSuccess(ctx, shown, S.showSubscriptionResponse, `show subscription${show.fields ? ` (fields=${show.fields})` : ''}`)) {
        const wantsPlan = (show.fields ?? '').split(',').includes('plan');
        if (wantsPlan && !(isObject(shown.json) && isObject(shown.json.plan))) {
          ctx.fail({
            rule: 'billing.subscription.plan.returned-with-fields',
            message: `show subscription with fields=${show.fields}: no plan object in the answer`,
            expected: 'a plan member (object)',
            received: isObject(shown.json) ? `plan ${JSON.stringify(shown.json.plan) ?? '(absent)'}` : 'a body that is not an object',
            exchanges: [shown.exchange],
          });
        }
      }
      const listed = await ctx.billingSend('GET', SUBSCRIPTIONS, { query: list });
      validateSuccess(ctx, listed, S.listSubscriptionsResponse, 'list subscriptions');
    });
  },
);

check(
  {
    name: 'billing shapes: revise answers match the revise contract',
    rules: ['billing.revise.response.type', 'billing.revise.approve-link', 'billing.link.array.items'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { tag: ctx.settings.runId });
    const sub = await newSubscription(ctx, plan.id);
    const bodies = reviseBody({ planId: plan.id, quantitySupported: plan.quantitySupported, planCycles: plan.cycles, currency: plan.currency });
    await ctx.property(bodies, async (body) => {
      const reply = await ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), { json: body });
      validateSuccess(ctx, reply, S.reviseResponse, 'revise plan or quantity');
    });
  },
);

check(
  {
    name: 'billing shapes: capture and list transactions answers match their contracts',
    rules: ['billing.capture.response.empty-object', 'billing.list-transactions.response.type', 'billing.transaction.type', 'billing.money.value.type'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { infinite: true });
    const sub = await activeSubscription(ctx, plan.id);
    const before = isoSeconds(Date.now() - 3_600_000);
    const capture = await ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), {
      json: { note: `${ctx.settings.runId} shapes`, capture_type: 'OUTSTANDING_BALANCE', amount: { currency_code: plan.currency, value: '1.00' } },
    });
    validateSuccess(ctx, capture, S.captureResponse, 'capture authorized payment');
    // one window around now (it holds the capture's transaction, if the server records one),
    // then windows from the whole date_time space
    const around = { start_time: before, end_time: isoSeconds(Date.now() + 3_600_000) };
    const windows = fc.oneof({ arbitrary: fc.constant(around), weight: 1 }, { arbitrary: transactionsQuery, weight: 3 });
    await ctx.property(windows, async (window) => {
      const reply = await ctx.billingSend('GET', subscriptionPath(sub.id, 'transactions'), { query: { ...window } });
      validateSuccess(ctx, reply, S.listTransactionsResponse, `list transactions ${window.start_time} .. ${window.end_time}`);
    });
    // the capture bodies the generators give are valid: each accepted one answers with the contract
    await ctx.property(captureBody({ currency: plan.currency }), async (body) => {
      const reply = await ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), { json: body });
      validateSuccess(ctx, reply, S.captureResponse, 'capture authorized payment');
    }, { numRuns: shareOfRuns(ctx.settings.runs, 3) });
  },
);
