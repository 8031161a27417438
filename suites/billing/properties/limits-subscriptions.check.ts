// billing.md, "Subscription", "Endpoints / Subscriptions" and "Limits": every subscription
// request that breaks one stated limit (the generators' invalid families, each labelled with its
// rule) is refused with a 4xx and changes nothing: read back afterwards, no subscription was
// created, no status or note changed, nothing was captured. A list or show query may instead be
// served within its limit (query-leniency.ts).

import fc from 'fast-check';
import { check, type CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import {
  at,
  breakCountryCode,
  captureBodyInvalid,
  createSubscriptionBody,
  createSubscriptionBodyInvalid,
  createSubscriptionHeadersInvalid,
  listSubscriptionsQueryInvalid,
  reasonBodyInvalid,
  shippingDetail,
  showSubscriptionQueryInvalid,
  transactionsQueryInvalid,
  type Invalid,
  type ReasonAction,
} from '../../../generators/index.js';
import { describeBreak, eachLabel } from './labels.js';
import { judgeBrokenQuery } from './query-leniency.js';
import {
  activePlan,
  activeSubscription,
  brief,
  is2xx,
  isObject,
  newSubscription,
  plainSubscriptionBody,
  readPage,
  readSubscription,
  SUBSCRIPTIONS,
  sendCreateSubscription,
  subscriptionPath,
  type JsonObject,
  noteOnce,
} from './support.js';

type Query = Record<string, string | number | boolean>;

/** A subscriber shipping address with its country_code broken (the generators reach it rarely). */
function countryBreaks(planId: string, tag: string): fc.Arbitrary<Invalid> {
  return fc
    .tuple(createSubscriptionBody({ planId, tag }), shippingDetail)
    .chain(([body, address]) =>
      at(['subscriber', 'shipping_address', 'address', 'country_code'], breakCountryCode)({ ...body, subscriber: { ...(body.subscriber ?? {}), shipping_address: address } }),
    );
}

/** Fails `rule` when the plan has subscriptions: every request sent on it was refused. */
async function expectNoSubscriptions(ctx: CheckContext, planId: string, rule: string, what: string, reply: Reply): Promise<void> {
  const { items, reply: listed } = await readPage(ctx, SUBSCRIPTIONS, 'subscriptions', { plan_ids: planId, page_size: 20 });
  if (items.length === 0) return;
  ctx.fail({
    rule,
    message: `${what}: refused with ${reply.status}, yet subscription ${String(items[0].id)} exists on the plan`,
    expected: 'no subscription on the plan (only refused requests were sent for it)',
    received: `${items.length} subscription(s): ${brief(items.map((s) => s.id))}`,
    exchanges: [reply.exchange, listed.exchange],
  });
}

check(
  {
    name: 'billing limits: create subscription requests that break a stated limit are refused and create nothing',
    rules: [
      'billing.subscription.custom_id.length',
      'billing.subscription.custom_id.pattern',
      'billing.subscription.quantity.length',
      'billing.country_code.pattern',
      'billing.date_time.pattern',
      'billing.create-subscription.client_metadata_id.length',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { extra: { quantity_supported: true } });
    const tag = `${ctx.settings.runId}-limits`;
    const opts = { planId: plan.id, tag, quantitySupported: true, planCycles: plan.cycles, currency: plan.currency };
    const refuse = async (invalid: Invalid, headers: Record<string, string> = {}) => {
      const what = `create subscription with ${describeBreak(invalid)}`;
      const { reply } = await sendCreateSubscription(ctx, invalid.value, headers);
      ctx.expectRefused(reply, invalid.rule, what);
      ctx.cover(invalid.rule);
      await expectNoSubscriptions(ctx, plan.id, invalid.rule, what, reply);
    };
    await eachLabel(ctx, createSubscriptionBodyInvalid(opts), (invalid) => refuse(invalid));
    await eachLabel(ctx, countryBreaks(plan.id, tag), (invalid) => refuse(invalid), { samples: 40 });
    const plain = plainSubscriptionBody(ctx, plan.id);
    await eachLabel(ctx, createSubscriptionHeadersInvalid, (invalid) =>
      refuse({ ...invalid, value: plain }, Object.fromEntries(Object.entries(invalid.value as Record<string, string>).filter(([, v]) => v !== undefined))),
    );
  },
);

/** Breaks sent on every run on the check's own plan (no time bound, so its subscriptions are in view). */
function fixedListSubscriptionsBreaks(planId: string): Invalid[] {
  const on = (query: Record<string, unknown>, rule: string, description: string, path: string): Invalid => ({ value: { plan_ids: planId, ...query }, rule, description, path });
  return [
    on({ page_size: 21 }, 'billing.list-subscriptions.page_size.range', 'page_size 21 (1..20), on a plan with more than 20 subscriptions', '/page_size'),
    on({ page_size: 0 }, 'billing.list-subscriptions.page_size.range', 'page_size 0 (1..20), on a plan with more than 20 subscriptions', '/page_size'),
    on({ statuses: 'SUSPENDED,'.repeat(8).slice(0, 71) }, 'billing.list-subscriptions.statuses.length', 'statuses of 71 characters (1..70), naming SUSPENDED only', '/statuses'),
    on({ statuses: 'suspended' }, 'billing.list-subscriptions.statuses.pattern', 'statuses in lower case (capital letters, underscore, comma)', '/statuses'),
    { value: { plan_ids: 'P-' }, rule: 'billing.list-subscriptions.plan_ids.length', description: 'plan_ids of 2 characters (3..1890)', path: '/plan_ids' },
  ];
}

check(
  {
    name: 'billing limits: list subscriptions, show subscription and list transactions queries that break a stated limit are refused or served within the limit',
    rules: [
      'billing.list-subscriptions.page_size.range',
      'billing.list-subscriptions.page.range',
      'billing.list-subscriptions.plan_ids.max-70',
      'billing.list-subscriptions.statuses.length',
      'billing.list-subscriptions.filter.length',
      'billing.show-subscription.fields.length',
      'billing.list-transactions.start_time.required',
      'billing.list-transactions.end_time.required',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const sub = await newSubscription(ctx, plan.id);
    // more than a page of 20 on the plan, all APPROVAL_PENDING: a served page_size or statuses shows
    const own = [sub.id];
    for (let i = 0; i < 20; i += 1) own.push((await newSubscription(ctx, plan.id)).id);
    const judged = (path: string, what: string, key?: 'subscriptions') => async (invalid: Invalid) => {
      const reply = await ctx.billingSend('GET', path, { query: { ...(invalid.value as Query) } });
      judgeBrokenQuery(ctx, { reply, invalid, what, ...(key ? { key } : {}), excluded: own });
    };
    for (const invalid of fixedListSubscriptionsBreaks(plan.id)) await ctx.property(fc.constant(invalid), judged(SUBSCRIPTIONS, 'list subscriptions', 'subscriptions'), { numRuns: 1 });
    await eachLabel(ctx, listSubscriptionsQueryInvalid({ planIds: [plan.id] }), judged(SUBSCRIPTIONS, 'list subscriptions', 'subscriptions'));
    await eachLabel(ctx, showSubscriptionQueryInvalid, judged(subscriptionPath(sub.id), 'show subscription'));
    await eachLabel(ctx, transactionsQueryInvalid, judged(subscriptionPath(sub.id, 'transactions'), 'list transactions'));
  },
);

/** What a refused action must leave as it was. */
function stateOf(doc: JsonObject): string {
  return JSON.stringify({ status: doc.status, status_change_note: doc.status_change_note ?? null });
}

async function refuseReasons(ctx: CheckContext, id: string, action: ReasonAction): Promise<void> {
  const before = await readSubscription(ctx, id);
  await eachLabel(ctx, reasonBodyInvalid(action), async (invalid) => {
    const what = `${action} subscription with ${describeBreak(invalid)}`;
    const reply = await ctx.billingSend('POST', subscriptionPath(id, action), { json: invalid.value });
    ctx.expectRefused(reply, invalid.rule, what);
    ctx.cover(invalid.rule);
    const after = await readSubscription(ctx, id);
    if (stateOf(after.doc) !== stateOf(before.doc)) {
      ctx.fail({
        rule: invalid.rule,
        message: `${what}: refused with ${reply.status}, yet the subscription's status or note changed`,
        expected: stateOf(before.doc),
        received: stateOf(after.doc),
        exchanges: [reply.exchange, after.reply.exchange],
      });
    }
  });
}

// On an ACTIVE subscription (suspend) and a SUSPENDED one (activate), where a valid reason would
// take effect: the refusal must come from the reason itself. One check per operation, so that a
// server taking one operation's broken reasons fails that operation's rules, whatever the other does.
check(
  {
    name: 'billing limits: suspend reasons that break a stated limit are refused and change nothing',
    rules: ['billing.suspend.reason.length', 'billing.suspend.reason.required'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const sub = await activeSubscription(ctx, plan.id);
    await refuseReasons(ctx, sub.id, 'suspend');
  },
);

check(
  {
    name: 'billing limits: activate reasons that break a stated limit are refused and change nothing',
    rules: ['billing.activate-subscription.reason.length'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const sub = await activeSubscription(ctx, plan.id);
    const suspended = await ctx.billingSend('POST', subscriptionPath(sub.id, 'suspend'), { json: { reason: `${ctx.settings.runId} limits` } });
    if (!is2xx(suspended)) {
      noteOnce(ctx, `suspend with a valid reason answered ${suspended.status}: activate reasons were not tried`);
      ctx.notTried(['billing.activate-subscription.reason.length'], `suspend with a valid reason answered ${suspended.status}, so no SUSPENDED subscription was there to activate`);
      return;
    }
    await refuseReasons(ctx, sub.id, 'activate');
  },
);

check(
  {
    name: 'billing limits: cancel reasons that break a stated limit are refused and change nothing',
    rules: ['billing.cancel.reason.length', 'billing.cancel.reason.required'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const sub = await newSubscription(ctx, plan.id);
    await refuseReasons(ctx, sub.id, 'cancel');
  },
);

/**
 * What a capture of `amount` would leave: transactions of that amount and a last payment of it.
 * Only those: an ACTIVE subscription may be billed in the background meanwhile.
 */
async function capturesOf(ctx: CheckContext, id: string, amount: unknown): Promise<{ state: string; reply: Reply }> {
  const window = { start_time: '2000-01-01T00:00:00Z', end_time: '2099-12-31T23:59:59Z' };
  const same = (m: unknown) =>
    isObject(m) && isObject(amount) && m.currency_code === amount.currency_code && String(m.value) !== '' && Number(m.value) === Number(amount.value);
  const { items, reply } = await readPage(ctx, subscriptionPath(id, 'transactions'), 'transactions', window);
  const { doc } = await readSubscription(ctx, id);
  const billing = isObject(doc.billing_info) ? doc.billing_info : {};
  const last = isObject(billing.last_payment) ? billing.last_payment : {};
  const count = items.filter((t) => isObject(t.amount_with_breakdown) && same(t.amount_with_breakdown.gross_amount)).length;
  return { state: JSON.stringify({ transactions_of_this_amount: count, last_payment: same(last.amount) ? (last.time ?? true) : null }), reply };
}

check(
  {
    name: 'billing limits: capture requests that break a stated limit are refused and capture nothing',
    rules: ['billing.capture.note.length', 'billing.capture.note.required', 'billing.capture.capture_type.enum', 'billing.capture.amount.required'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { infinite: true });
    const sub = await activeSubscription(ctx, plan.id);
    await eachLabel(ctx, captureBodyInvalid({ currency: plan.currency }), async (invalid) => {
      const what = `capture with ${describeBreak(invalid)}`;
      const amount = isObject(invalid.value) ? invalid.value.amount : undefined;
      const before = await capturesOf(ctx, sub.id, amount);
      const reply = await ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), { json: invalid.value });
      ctx.expectRefused(reply, invalid.rule, what);
      ctx.cover(invalid.rule);
      const after = await capturesOf(ctx, sub.id, amount);
      if (after.state !== before.state) {
        ctx.fail({
          rule: invalid.rule,
          message: `${what}: refused with ${reply.status}, yet a payment of the amount sent was recorded`,
          expected: before.state,
          received: after.state,
          exchanges: [reply.exchange, after.reply.exchange],
        });
      }
    });
  },
);
