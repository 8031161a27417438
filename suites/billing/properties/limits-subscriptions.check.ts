// billing.md, "Subscription", "Endpoints / Subscriptions" and "Limits": every subscription
// request that breaks one stated limit (the generators' invalid families, each labelled with its
// rule) is refused with a 4xx and changes nothing: read back afterwards, no subscription was
// created, no status or note changed, nothing was captured. A list transactions query may instead
// be served within its limit (query-leniency.ts); the list and show subscription query bounds are
// judged in query-bounds.check.ts.

import { howAnswered } from '../../../harness/describe.js';
import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import {
  at,
  breakCountryCode,
  brokenFrom,
  captureBodyInvalid,
  createSubscriptionBody,
  createSubscriptionBodyInvalid,
  createSubscriptionHeadersInvalid,
  reasonBodyInvalid,
  shippingDetail,
  transactionsQueryInvalid,
  type Invalid,
  type ReasonAction,
  unbrokenOf,
} from '../../../generators/index.js';
import {
  brief,
  is2xx,
  is4xx,
  isObject,
  type JsonObject,
  noteOnce,
  readIfServed,
  readPage,
  readSubscription,
  sendCreateSubscription,
  subscriptionPath,
  SUBSCRIPTIONS,
} from '../support/api.js';
import { activePlan, activeSubscription, newSubscription } from '../support/fixtures.js';
import { plainSubscriptionBody } from '../support/setup-bodies.js';
import { describeBreak, eachLabel } from './labels.js';
import { reducedBreak } from './reduced-break.js';
import { StateFound, theReadBefore } from '../../../harness/state-found.js';
import { SCHEMA_IDS } from '../../../contracts/schema-ids.js';
import { judgeBrokenQuery } from './query-leniency.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

type Query = Record<string, string | number | boolean>;

/** A subscriber shipping address with its country_code broken (the generators reach it rarely). */
function countryBreaks(planId: string, tag: string): fc.Arbitrary<Invalid> {
  return fc.tuple(createSubscriptionBody({ planId, tag }), shippingDetail).chain(([body, address]) => {
    const valid = { ...body, subscriber: { ...(body.subscriber ?? {}), shipping_address: address } };
    return at(
      ['subscriber', 'shipping_address', 'address', 'country_code'],
      breakCountryCode,
    )(valid).map((b) => brokenFrom(valid, b));
  });
}

/**
 * The subscriptions of a plan on which the check sends only requests it expects refused: after
 * each refused one, a subscription not listed before it is tied to it (the only request sent on
 * the plan in between) and fails its rule. Ids a taken request was answered with are its own
 * failure, not a refusal's. A list that cannot be read is noted once, and the refusals stand.
 */
class RefusedOnPlan {
  private listed = new Set<unknown>();
  /** Subscriptions the check created on the plan on purpose (a request without its break): no refusal's. */
  private readonly own = new Set<unknown>();
  private unread: string | undefined;

  constructor(
    private readonly ctx: CheckContext,
    private readonly planId: string,
  ) {}

  /** A subscription the check made on the plan itself: never tied to a refusal. */
  know(id: unknown): void {
    this.own.add(id);
  }

  async expectNothingNew(rule: RuleId, what: string, reply: Reply): Promise<void> {
    if (this.unread !== undefined) return;
    const query = { plan_ids: this.planId, page_size: 20 };
    const read = await readIfServed(() => readPage(this.ctx, SUBSCRIPTIONS, 'subscriptions', query));
    if ('unread' in read) {
      this.unread = read.unread;
      this.ctx.observe(
        `list subscriptions of the plan could not be read (${read.unread}): whether a refused create ` +
          `left a subscription was not judged`,
      );
      return;
    }
    const { items, reply: listed } = read.value;
    const taken = is2xx(reply) && isObject(reply.json) ? reply.json.id : undefined;
    for (const id of this.own) this.listed.add(id);
    const fresh = items.filter((s) => !this.listed.has(s.id) && s.id !== taken);
    for (const s of items) this.listed.add(s.id);
    if (fresh.length === 0 || !is4xx(reply)) return;
    this.ctx.fail({
      rule,
      message: `${what}: refused with ${reply.status}, yet subscription ${String(fresh[0].id)} now exists on the plan`,
      expected: 'no subscription created by the refused request (only refused requests were sent on the plan)',
      received: `${fresh.length} new subscription(s): ${brief(fresh.map((s) => s.id))}`,
      exchanges: [reply.exchange, listed.exchange],
    });
  }
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
      'billing.money.currency_code.iso-4217',
      'billing.application_context.locale.pattern',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { extra: { quantity_supported: true } });
    const tag = `${ctx.settings.runId}-limits`;
    const opts = { planId: plan.id, tag, quantitySupported: true, planCycles: plan.cycles, currency: plan.currency };
    const onPlan = new RefusedOnPlan(ctx, plan.id);
    // the same request without its break: a subscription of the check's own on the plan
    const unbrokenOn = (body: unknown, headers: Record<string, string>) => async () => {
      const { reply, id } = await sendCreateSubscription(ctx, body, headers);
      if (id) onPlan.know(id);
      return reply;
    };
    const bodyUnbroken = (invalid: Invalid) => {
      const unbroken = unbrokenOf(invalid);
      return unbroken === undefined ? undefined : unbrokenOn(unbroken, {});
    };
    const refuse = async (invalid: Invalid, headers: Record<string, string> = {}, unbroken = bodyUnbroken(invalid)) => {
      const what = `create subscription with ${describeBreak(invalid)}`;
      const { reply } = await sendCreateSubscription(ctx, invalid.value, headers);
      await ctx.expectRefusedAgainst(reply, invalid.rule, what, unbroken);
      await onPlan.expectNothingNew(invalid.rule, what, reply);
    };
    const plain = plainSubscriptionBody(ctx, plan.id);
    const smaller = (invalid: Invalid) => reducedBreak(invalid, plain, SCHEMA_IDS.createSubscriptionRequest);
    await eachLabel(ctx, createSubscriptionBodyInvalid(opts), (invalid) => refuse(invalid), { smaller });
    await eachLabel(ctx, countryBreaks(plan.id, tag), (invalid) => refuse(invalid), { samples: 40, smaller });
    const defined = (headers: unknown) =>
      Object.fromEntries(Object.entries(headers as Record<string, string>).filter(([, v]) => v !== undefined));
    // a header break: the same body, with the headers the break was made from
    await eachLabel(ctx, createSubscriptionHeadersInvalid, (invalid) => {
      const unbroken = unbrokenOf(invalid);
      const send = unbroken === undefined ? undefined : unbrokenOn(plain, defined(unbroken));
      return refuse({ ...invalid, value: plain }, defined(invalid.value), send);
    });
  },
);

check(
  {
    name: 'billing limits: list transactions queries that break a stated limit are refused',
    rules: ['billing.list-transactions.start_time.required', 'billing.list-transactions.end_time.required'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const sub = await newSubscription(ctx, plan.id);
    await eachLabel(ctx, transactionsQueryInvalid, async (invalid: Invalid) => {
      const reply = await ctx.billingSend('GET', subscriptionPath(sub.id, 'transactions'), {
        query: { ...(invalid.value as Query) },
      });
      judgeBrokenQuery(ctx, { reply, invalid, what: 'list transactions' });
    });
  },
);

/** What a refused action must leave as it was. */
function stateOf(doc: JsonObject): string {
  return JSON.stringify({ status: doc.status, status_change_note: doc.status_change_note ?? null });
}

/**
 * Sends every broken reason of `action` to a subscription `prepare` makes, each judged against the
 * state read right before it. A reason the server takes has acted (suspended, cancelled): the
 * cases after it go on with a subscription of their own, where a refusal can only come from the
 * reason itself.
 */
async function refuseReasons(ctx: CheckContext, prepare: () => Promise<string>, action: ReasonAction): Promise<void> {
  let id = await prepare();
  const state = new StateFound({
    read: async () => {
      const { doc, reply } = await readSubscription(ctx, id);
      return { state: stateOf(doc), reply };
    },
    same: (before, after) => before === after,
    renew: async () => {
      id = await prepare();
    },
  });
  await eachLabel(ctx, reasonBodyInvalid(action), async (invalid) => {
    const what = `${action} subscription with ${describeBreak(invalid)}`;
    await state.before();
    const reply = await ctx.billingSend('POST', subscriptionPath(id, action), { json: invalid.value });
    ctx.expectRefused(reply, invalid.rule, what);
    const changed = await state.after(reply);
    if (changed) {
      ctx.fail({
        rule: invalid.rule,
        message:
          `${what}: refused with ${reply.status}, yet the subscription's status or note changed ` +
          `from ${theReadBefore(changed.before.reply.exchange)}`,
        expected: changed.before.state,
        received: changed.after.state,
        exchanges: [changed.before.reply.exchange, reply.exchange, changed.after.reply.exchange],
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
    await refuseReasons(ctx, async () => (await activeSubscription(ctx, plan.id)).id, 'suspend');
  },
);

/** An ACTIVE subscription suspended with a valid reason, or undefined with what suspend answered. */
async function suspendedSubscription(ctx: CheckContext, planId: string): Promise<{ id?: string; status: number }> {
  const sub = await activeSubscription(ctx, planId);
  const suspended = await ctx.billingSend('POST', subscriptionPath(sub.id, 'suspend'), {
    json: { reason: `${ctx.settings.runId} limits` },
  });
  return is2xx(suspended) ? { id: sub.id, status: suspended.status } : { status: suspended.status };
}

check(
  {
    name: 'billing limits: activate reasons that break a stated limit are refused and change nothing',
    rules: ['billing.activate-subscription.reason.length'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const first = await suspendedSubscription(ctx, plan.id);
    if (first.id === undefined) {
      noteOnce(ctx, `suspend with a valid reason answered ${first.status}: activate reasons were not tried`);
      ctx.notTried(
        ['billing.activate-subscription.reason.length'],
        `suspend with a valid reason answered ${first.status}, so no SUSPENDED subscription was there to activate`,
      );
      return;
    }
    let ready: string | undefined = first.id;
    await refuseReasons(
      ctx,
      async () => {
        const id = ready ?? (await suspendedSubscription(ctx, plan.id)).id;
        ready = undefined;
        if (id === undefined)
          return ctx.skip('suspend with a valid reason was refused the second time: no SUSPENDED subscription');
        return id;
      },
      'activate',
    );
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
    await refuseReasons(ctx, async () => (await newSubscription(ctx, plan.id)).id, 'cancel');
  },
);

/**
 * What a capture of `amount` would leave: transactions of that amount and a last payment of it.
 * Only those: an ACTIVE subscription may be billed in the background meanwhile.
 */
async function capturesOf(ctx: CheckContext, id: string, amount: unknown): Promise<{ state: string; reply: Reply }> {
  const window = { start_time: '2000-01-01T00:00:00Z', end_time: '2099-12-31T23:59:59Z' };
  const same = (m: unknown) =>
    isObject(m) &&
    isObject(amount) &&
    m.currency_code === amount.currency_code &&
    String(m.value) !== '' &&
    Number(m.value) === Number(amount.value);
  const { items, reply } = await readPage(ctx, subscriptionPath(id, 'transactions'), 'transactions', window);
  const { doc } = await readSubscription(ctx, id);
  const billing = isObject(doc.billing_info) ? doc.billing_info : {};
  const last = isObject(billing.last_payment) ? billing.last_payment : {};
  const count = items.filter(
    (t) => isObject(t.amount_with_breakdown) && same(t.amount_with_breakdown.gross_amount),
  ).length;
  return {
    state: JSON.stringify({
      transactions_of_this_amount: count,
      last_payment: same(last.amount) ? (last.time ?? true) : null,
    }),
    reply,
  };
}

check(
  {
    name: 'billing limits: capture requests that break a stated limit are refused and capture nothing',
    rules: [
      'billing.capture.note.length',
      'billing.capture.note.required',
      'billing.capture.capture_type.enum',
      'billing.capture.amount.required',
    ],
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
      // a capture that was taken failed above: that it recorded a payment is the same bug
      if (!is4xx(reply)) return;
      const after = await capturesOf(ctx, sub.id, amount);
      if (after.state !== before.state) {
        ctx.fail({
          rule: invalid.rule,
          message: `${what}: ${howAnswered(reply)}, yet a payment of the amount sent was recorded`,
          expected: before.state,
          received: after.state,
          exchanges: [reply.exchange, after.reply.exchange],
        });
      }
    });
  },
);
