// billing.md, "Resources and their fields" and "Endpoints": every success answer has the shape
// its contract gives: ids with their prefixes and lengths, Money, Link arrays of 1..10,
// date_time. Requests are drawn from the whole valid space; a refusal here is not this file's
// verdict (accepted.check.ts owns it), so a refused run only skips its validation.

import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
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
  type ReviseBody,
  transactionsQuery,
} from '../../../generators/index.js';
import {
  brief,
  expectAboutIt,
  is2xx,
  isObject,
  noteOnce,
  planPath,
  PLANS,
  sendCreatePlan,
  sendCreateSubscription,
  subscriptionPath,
  SUBSCRIPTIONS,
} from '../support/api.js';
import { isoSeconds } from '../support/documents.js';
import { activePlan, activeSubscription, newSubscription } from '../support/fixtures.js';
import { describeDifferences, differences } from './read-back.js';
import { shapeBroken } from '../support/shape-broken.js';

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
    rules: [
      'billing.plan.id.pattern',
      'billing.plan.id.length',
      'billing.link.array.items',
      'billing.date_time.pattern',
      'billing.money.value.type',
    ],
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
      if (
        validateSuccess(ctx, created.reply, schema, `create plan (Prefer ${createPrefer ?? 'absent'})`) &&
        created.id
      ) {
        const shown = await ctx.billingSend('GET', planPath(created.id));
        expectAboutIt(ctx, 'plan', created.id, shown);
        validateSuccess(ctx, shown, S.showPlanResponse, 'show plan details');
      }
      const listed = await ctx.billingSend('GET', PLANS, { query: { ...list }, headers: preferHeaders(listPrefer) });
      const listSchema =
        listPrefer === 'return=representation' ? S.listPlansResponseRepresentation : S.listPlansResponse;
      validateSuccess(ctx, listed, listSchema, `list plans (Prefer ${listPrefer ?? 'absent'})`);
    });
  },
);

check(
  {
    name: 'billing shapes: create, show and list subscription answers match the subscription contracts',
    rules: [
      'billing.subscription.id.pattern',
      'billing.link.array.items',
      'billing.money.value.type',
      'billing.subscription.plan.returned-with-fields',
    ],
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
      list: listSubscriptionsQuery({ planIds: [plan.id] }).map(({ plan_ids, page_size }) => ({
        plan_ids: plan_ids ?? plan.id,
        ...(page_size ? { page_size } : {}),
      })),
    });
    await ctx.property(cases, async ({ body, prefer, show, list }) => {
      const created = await sendCreateSubscription(ctx, body, preferHeaders(prefer));
      const schema =
        prefer === 'return=representation'
          ? S.createSubscriptionResponseRepresentation
          : S.createSubscriptionResponseMinimal;
      if (
        !validateSuccess(ctx, created.reply, schema, `create subscription (Prefer ${prefer ?? 'absent'})`) ||
        !created.id
      )
        return;
      const shown = await ctx.billingSend('GET', subscriptionPath(created.id), { query: { ...show } });
      expectAboutIt(ctx, 'subscription', created.id, shown);
      if (
        validateSuccess(
          ctx,
          shown,
          S.showSubscriptionResponse,
          `show subscription${show.fields ? ` (fields=${show.fields})` : ''}`,
        )
      ) {
        const wantsPlan = (show.fields ?? '').split(',').includes('plan');
        if (wantsPlan && !(isObject(shown.json) && isObject(shown.json.plan))) {
          ctx.fail({
            rule: 'billing.subscription.plan.returned-with-fields',
            message: `show subscription with fields=${show.fields}: no plan object in the answer`,
            expected: 'a plan member (object)',
            received: isObject(shown.json)
              ? `plan ${JSON.stringify(shown.json.plan) ?? '(absent)'}`
              : 'a body that is not an object',
            exchanges: [shown.exchange],
          });
        }
        if (wantsPlan) ctx.credit('billing.subscription.plan.returned-with-fields', shown, 'a plan object');
      }
      const listed = await ctx.billingSend('GET', SUBSCRIPTIONS, { query: list });
      validateSuccess(ctx, listed, S.listSubscriptionsResponse, 'list subscriptions');
    });
  },
);

/**
 * billing.md, revise: "200, {plan_id, plan_overridden, shipping_amount, shipping_address, links}".
 * plan_id, plan_overridden and links are always there (the contract); shipping_amount and
 * shipping_address are what the revision sets, so they are judged when the revise sent them (and
 * must be what was sent); a revise that names neither has no value for them to give back, and
 * one kept from the create is not the revision's: their absence then is only recorded.
 */
function expectReviseMembers(ctx: CheckContext, reply: Reply, body: ReviseBody, planId: string): void {
  const answer = isObject(reply.json) ? reply.json : {};
  const what = `revise (${Object.keys(body).join(', ') || 'empty body'})`;
  const fail = (message: string, expected: string, received: string) =>
    ctx.fail({
      rule: 'billing.revise.response-members',
      message: `${what}: ${message}`,
      expected,
      received,
      exchanges: [reply.exchange],
    });
  const expectedPlan = body.plan_id ?? planId;
  if (answer.plan_id !== expectedPlan)
    fail('plan_id is not the plan the revision is for', `plan_id ${expectedPlan}`, `plan_id ${brief(answer.plan_id)}`);
  const sent = {
    ...(body.shipping_amount ? { shipping_amount: body.shipping_amount } : {}),
    ...(body.shipping_address ? { shipping_address: body.shipping_address } : {}),
  };
  // a member whose shape broke the contract is that rule's failure, not this one's as well
  const found = differences(sent, answer, { ignored: shapeBroken(S.reviseResponse, reply.json) });
  if (found.length > 0)
    fail(
      `${found.map((d) => d.path).join(', ')} not answered as sent`,
      'the shipping_amount and shipping_address the revise sent',
      describeDifferences(found, (value) => brief(value, 80)),
    );
  const unsent = ['shipping_amount', 'shipping_address'].filter(
    (member) => !(member in sent) && answer[member] === undefined,
  );
  if (unsent.length > 0)
    noteOnce(
      ctx,
      `a revise that did not send ${unsent.join(' or ')} was answered without ${unsent.length === 1 ? 'it' : 'them'}`,
    );
}

check(
  {
    name:
      'billing shapes: revise answers match the revise contract and carry the revision: plan_id, ' +
      'plan_overridden, links and the shipping sent',
    rules: [
      'billing.revise.response.type',
      'billing.revise.approve-link',
      'billing.link.array.items',
      'billing.revise.response-members',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { tag: ctx.settings.runId });
    const sub = await newSubscription(ctx, plan.id);
    const bodies = reviseBody({
      planId: plan.id,
      quantitySupported: plan.quantitySupported,
      planCycles: plan.cycles,
      currency: plan.currency,
    });
    // one revise that sends both shipping members, with non-ASCII text in the address, then the whole space
    const shipping: ReviseBody = {
      plan_id: plan.id,
      shipping_amount: { currency_code: plan.currency, value: '3.5' },
      shipping_address: {
        name: { full_name: 'Zoë Ångström' },
        address: {
          address_line_1: '12 Königstraße',
          admin_area_2: 'São Paulo',
          admin_area_1: 'SP',
          postal_code: '01310',
          country_code: 'BR',
        },
      },
    };
    const revise = async (body: ReviseBody) => {
      const reply = await ctx.billingSend('POST', subscriptionPath(sub.id, 'revise'), { json: body });
      if (validateSuccess(ctx, reply, S.reviseResponse, 'revise plan or quantity'))
        expectReviseMembers(ctx, reply, body, plan.id);
    };
    await revise(shipping);
    await ctx.property(bodies, revise);
  },
);

check(
  {
    name: 'billing shapes: capture and list transactions answers match their contracts',
    rules: [
      'billing.capture.response.empty-object',
      'billing.list-transactions.response.type',
      'billing.transaction.type',
      'billing.money.value.type',
    ],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { infinite: true });
    const sub = await activeSubscription(ctx, plan.id);
    const before = isoSeconds(Date.now() - 3_600_000);
    const capture = await ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), {
      json: {
        note: `${ctx.settings.runId} shapes`,
        capture_type: 'OUTSTANDING_BALANCE',
        amount: { currency_code: plan.currency, value: '1.00' },
      },
    });
    validateSuccess(ctx, capture, S.captureResponse, 'capture authorized payment');
    // one window around now (it holds the capture's transaction, if the server records one),
    // then windows from the whole date_time space
    const around = { start_time: before, end_time: isoSeconds(Date.now() + 3_600_000) };
    const windows = fc.oneof(
      { arbitrary: fc.constant(around), weight: 1 },
      { arbitrary: transactionsQuery, weight: 3 },
    );
    await ctx.property(windows, async (window) => {
      const reply = await ctx.billingSend('GET', subscriptionPath(sub.id, 'transactions'), { query: { ...window } });
      validateSuccess(
        ctx,
        reply,
        S.listTransactionsResponse,
        `list transactions ${window.start_time} .. ${window.end_time}`,
      );
    });
    // the capture bodies the generators give are valid: each accepted one answers with the contract
    await ctx.property(
      captureBody({ currency: plan.currency }),
      async (body) => {
        const reply = await ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), { json: body });
        validateSuccess(ctx, reply, S.captureResponse, 'capture authorized payment');
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 3) },
    );
  },
);
