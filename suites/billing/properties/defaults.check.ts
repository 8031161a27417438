// billing.md "Plan", "billing_cycle", "Subscription" and "What the service does": what a
// resource created without a member reads back as. quantity_supported "default false",
// total_cycles "default 1", auto_renewal "Default false", start_time "default: current time",
// and a plan refers to the product it was created with. Response members are not required, so
// a read-back that does not show the member cannot judge the default: the check skips with that.

import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { CheckSetupError } from '../../../harness/failure.js';
import { brief, type JsonObject, readPlan, readSubscription, sendCreatePlan } from '../support/api.js';
import { timeOf } from '../support/documents.js';
import { newSubscription } from '../support/fixtures.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/** A plan with one REGULAR cycle; `omit` leaves members out. */
function planBody(
  ctx: CheckContext,
  omit: { quantitySupported?: boolean; totalCycles?: boolean } = {},
): Record<string, unknown> {
  return {
    product_id: ctx.billing.productId,
    name: `${ctx.settings.runId} defaults plan`,
    status: 'ACTIVE',
    billing_cycles: [
      {
        tenure_type: 'REGULAR',
        sequence: 1,
        ...(omit.totalCycles ? {} : { total_cycles: 12 }),
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        pricing_scheme: { fixed_price: { currency_code: 'USD', value: '10.00' } },
      },
    ],
    ...(omit.quantitySupported ? {} : { quantity_supported: false }),
    payment_preferences: { auto_bill_outstanding: true },
  };
}

type ReadPlan = { id: string; doc: JsonObject; reply: Reply; created: Reply };

/** A plan created from `body`, read back; `judges`: members the check's rule is about (api.ts readPlan). */
async function planFrom(ctx: CheckContext, body: JsonObject, judges: readonly string[] = []): Promise<ReadPlan> {
  const created = await sendCreatePlan(ctx, body);
  if (!created.id)
    throw new CheckSetupError(`could not create a plan for this check: answered ${created.reply.status}`, [
      created.reply.exchange,
    ]);
  const { doc, reply } = await readPlan(ctx, created.id, undefined, judges);
  return { id: created.id, doc, reply, created: created.reply };
}

/**
 * Fails `rule` unless `shown`, the member `member` of a `resource` created without it, reads back
 * as `expected`; skips when the read-back does not show the member. Credited on the create that
 * left it out and the read-back that shows it.
 */
function expectDefault(
  ctx: CheckContext,
  d: {
    rule: RuleId;
    resource: string;
    member: string;
    shown: unknown;
    expected: unknown;
    reply: Reply;
    created: Reply;
  },
): void {
  if (d.shown === undefined) ctx.skip(`show ${d.resource} does not show ${d.member}: the default cannot be read`);
  if (d.shown !== d.expected) {
    ctx.fail({
      rule: d.rule,
      message: `a ${d.resource} created without ${d.member} does not read back ${String(d.expected)}`,
      expected: `${d.member} ${String(d.expected)} (the default)`,
      received: `${d.member} ${brief(d.shown)}`,
      exchanges: [d.reply.exchange],
    });
  }
  ctx.credit(d.rule, [d.created, d.reply], `${d.member} ${brief(d.shown)}`);
}

check(
  {
    name: 'defaults: a plan created without quantity_supported reads back quantity_supported false',
    rules: ['billing.plan.quantity_supported.default-false'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { doc, reply, created } = await planFrom(ctx, planBody(ctx, { quantitySupported: true }));
    expectDefault(ctx, {
      rule: 'billing.plan.quantity_supported.default-false',
      resource: 'plan',
      member: 'quantity_supported',
      shown: doc.quantity_supported,
      expected: false,
      reply,
      created,
    });
  },
);

check(
  {
    name: 'defaults: a billing cycle created without total_cycles reads back total_cycles 1',
    rules: ['billing.billing_cycle.total_cycles.default-1'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { doc, reply, created } = await planFrom(ctx, planBody(ctx, { totalCycles: true }));
    const cycles = Array.isArray(doc.billing_cycles) ? (doc.billing_cycles as Array<Record<string, unknown>>) : [];
    const total = cycles.find((c) => c?.sequence === 1)?.total_cycles;
    expectDefault(ctx, {
      rule: 'billing.billing_cycle.total_cycles.default-1',
      resource: 'billing cycle',
      member: 'total_cycles',
      shown: total,
      expected: 1,
      reply,
      created,
    });
  },
);

check(
  {
    name: 'defaults: a plan reads back with the product it was created for',
    rules: ['billing.plan.product_id.refers-to-product'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { doc, reply, created } = await planFrom(ctx, planBody(ctx), ['product_id']);
    if (doc.product_id === undefined) ctx.skip('show plan does not show product_id');
    if (doc.product_id !== ctx.billing.productId) {
      ctx.fail({
        rule: 'billing.plan.product_id.refers-to-product',
        message: 'a plan does not read back with the product it was created for',
        expected: `product_id ${ctx.billing.productId}`,
        received: `product_id ${brief(doc.product_id)}`,
        exchanges: [reply.exchange],
      });
    }
    ctx.credit('billing.plan.product_id.refers-to-product', [created, reply], `product_id ${brief(doc.product_id)}`);
  },
);

check(
  {
    name: 'defaults: a subscription created without auto_renewal reads back auto_renewal false',
    rules: ['billing.subscription.auto_renewal.default-false'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { id: planId } = await planFrom(ctx, planBody(ctx));
    const sub = await newSubscription(ctx, planId);
    const { doc, reply } = await readSubscription(ctx, sub.id);
    const created = sub.reply;
    expectDefault(ctx, {
      rule: 'billing.subscription.auto_renewal.default-false',
      resource: 'subscription',
      member: 'auto_renewal',
      shown: doc.auto_renewal,
      expected: false,
      reply,
      created,
    });
  },
);

/** How far "the current time" may be from the instant the server took the request. */
const NOW_TOLERANCE_MS = 60 * 60 * 1000;

check(
  {
    name: 'defaults: a subscription created without start_time starts at the current time',
    rules: ['billing.subscription.start_time.default-now'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { id: planId } = await planFrom(ctx, planBody(ctx));
    const sub = await newSubscription(ctx, planId);
    const { doc, reply } = await readSubscription(ctx, sub.id);
    const start = timeOf(doc.start_time);
    if (Number.isNaN(start)) ctx.skip(`show subscription shows no readable start_time (${brief(doc.start_time)})`);
    // the server's own clock: the subscription's create_time, else the Date of the create answer
    const created = timeOf(doc.create_time);
    const dateHeader = sub.reply.headers.date;
    const now = Number.isNaN(created) ? (dateHeader ? Date.parse(dateHeader) : Number.NaN) : created;
    if (Number.isNaN(now))
      ctx.skip('neither create_time nor a Date header tells the time the server created the subscription');
    if (Math.abs(start - now) > NOW_TOLERANCE_MS) {
      ctx.fail({
        rule: 'billing.subscription.start_time.default-now',
        message: 'a subscription created without start_time does not start at the current time',
        expected:
          `start_time within an hour of ${new Date(now).toISOString()} (` +
          (Number.isNaN(created) ? 'the Date of the create answer' : 'its create_time') +
          `)`,
        received: `start_time ${brief(doc.start_time)}`,
        exchanges: [sub.reply.exchange, reply.exchange],
      });
    }
    ctx.credit(
      'billing.subscription.start_time.default-now',
      [sub.reply, reply],
      `start_time ${brief(doc.start_time)}`,
    );
  },
);
