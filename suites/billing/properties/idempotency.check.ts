// billing.md, "Endpoints" ("Header Platform-Request-Id (string) is an idempotency key on create
// plan, create subscription and capture") and "Limits" (retention 72 hours; "Behavior when an
// idempotency key is repeated: not shown"). A repeated key creates nothing new: that is MUST,
// read back. What the repeat answers is not shown: the first result again passes the SHOULD
// rule, a 4xx is accepted (observed), and only a second success naming another resource fails.

import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import type { Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import { captureBody, createPlanBody, createSubscriptionBody, requestId } from '../../../generators/index.js';
import { brief, is2xx, is4xx, isObject, noteOnce, readPage, sendCreatePlan, sendCreateSubscription, subscriptionPath, subscriptionsOf } from '../support/api.js';
import { activePlan, activeSubscription } from '../support/fixtures.js';
import { markerOf, plansMarked, productForCheck } from './markers.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

const idOf = (reply: Reply): unknown => (isObject(reply.json) ? reply.json.id : undefined);

/**
 * Judges the answer to a repeated create: another success naming another id fails `keyRule`
 * (a second resource); the same id passes `replayRule`; a refusal is accepted and observed.
 */
function judgeRepeat(ctx: CheckContext, first: Reply, repeat: Reply, rules: { key: RuleId; replay: RuleId }, what: string): void {
  if (is2xx(repeat)) {
    const [a, b] = [idOf(first), idOf(repeat)];
    if (b !== undefined && b !== a) {
      ctx.fail({
        rule: rules.key,
        message: `${what}: the repeat created a second resource`,
        expected: `no new resource (the first was ${String(a)})`,
        received: `${repeat.status} with id ${String(b)}`,
        exchanges: [first.exchange, repeat.exchange],
      });
    }
    if (b === undefined) {
      ctx.fail({
        rule: rules.replay,
        message: `${what}: the repeat succeeded without naming the first resource`,
        expected: `the first result (id ${String(a)})`,
        received: describeStatus(repeat),
        exchanges: [first.exchange, repeat.exchange],
      });
    }
    ctx.cover(rules.replay);
  } else if (is4xx(repeat)) {
    noteOnce(ctx, `${what}: the repeat was answered ${repeat.status} (what a repeat answers is not shown)`);
  } else {
    noteOnce(ctx, `${what}: the repeat was answered ${repeat.status}`);
  }
}

check(
  {
    name: 'billing idempotency: create plan repeated with the same Platform-Request-Id creates no second plan',
    rules: ['billing.create-plan.idempotency-key', 'billing.limits.idempotency-retention-72h'],
    needs: ['billing'],
  },
  async (ctx) => {
    const productId = await productForCheck(ctx);
    const prefix = markerOf(ctx, 'K');
    const tag = `${prefix}0000`;
    const sent = new Map<string, Reply[]>();
    await ctx.property(fc.tuple(createPlanBody({ productId, tag }), requestId), async ([drawn, uuid]) => {
      const mark = `${prefix}${String(sent.size + 1).padStart(4, '0')}`;
      const body = { ...drawn, name: mark + drawn.name.slice(tag.length) };
      const headers = { 'Platform-Request-Id': `${mark}-${uuid}` };
      const first = (await sendCreatePlan(ctx, body, headers)).reply;
      if (!is2xx(first)) {
        noteOnce(ctx, `create plan answered ${first.status}; the key was not repeated`);
        return;
      }
      const repeat = (await sendCreatePlan(ctx, body, headers)).reply;
      sent.set(mark, [first, repeat]);
      judgeRepeat(ctx, first, repeat, { key: 'billing.create-plan.idempotency-key', replay: 'billing.create-plan.idempotency-replay' }, 'create plan repeated with its Platform-Request-Id');
    });

    // read back: each key left exactly one plan
    const { plans, replies } = await plansMarked(ctx, productId, prefix);
    for (const [mark, [first, repeat]] of sent) {
      const found = plans.filter((p) => String(p.name ?? '').startsWith(mark));
      if (found.length > 1) {
        ctx.fail({
          rule: 'billing.create-plan.idempotency-key',
          message: `create plan repeated with its Platform-Request-Id left ${found.length} plans`,
          expected: 'one plan per key',
          received: brief(found.map((p) => p.id)),
          exchanges: [first.exchange, repeat.exchange, ...replies.slice(-1).map((r) => r.exchange)],
        });
      }
    }
  },
);

check(
  {
    name: 'billing idempotency: create subscription repeated with the same Platform-Request-Id creates no second subscription',
    rules: ['billing.create-subscription.idempotency-key', 'billing.limits.idempotency-retention-72h'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const prefix = markerOf(ctx, 'K');
    let n = 0;
    const bodies = createSubscriptionBody({ planId: plan.id, quantitySupported: plan.quantitySupported, planCycles: plan.cycles, currency: plan.currency });
    await ctx.property(fc.tuple(bodies, requestId), async ([drawn, uuid]) => {
      const mark = `${prefix}${(n += 1)}`;
      const body = { ...drawn, custom_id: mark };
      const headers = { 'Platform-Request-Id': `${mark}-${uuid}` };
      const first = (await sendCreateSubscription(ctx, body, headers)).reply;
      if (!is2xx(first)) {
        noteOnce(ctx, `create subscription answered ${first.status}; the key was not repeated`);
        return;
      }
      const repeat = (await sendCreateSubscription(ctx, body, headers)).reply;
      judgeRepeat(ctx, first, repeat, { key: 'billing.create-subscription.idempotency-key', replay: 'billing.create-subscription.idempotency-replay' }, 'create subscription repeated with its Platform-Request-Id');
      const { items, replies } = await subscriptionsOf(ctx, plan.id);
      const found = items.filter((s) => s.custom_id === mark);
      if (found.length > 1) {
        ctx.fail({
          rule: 'billing.create-subscription.idempotency-key',
          message: `create subscription repeated with its Platform-Request-Id left ${found.length} subscriptions`,
          expected: 'one subscription per key',
          received: brief(found.map((s) => s.id)),
          exchanges: [first.exchange, repeat.exchange, ...replies.slice(-1).map((r) => r.exchange)],
        });
      }
    });
  },
);

/**
 * How many transactions of `amount` the subscription lists over the whole date_time range (an
 * ACTIVE subscription may be billed in the background meanwhile: those are not counted).
 */
async function transactionCount(ctx: CheckContext, id: string, amount: { currency_code: string; value: string }): Promise<{ count: number; reply: Reply }> {
  const { items, reply } = await readPage(ctx, subscriptionPath(id, 'transactions'), 'transactions', {
    start_time: '2000-01-01T00:00:00Z',
    end_time: '2099-12-31T23:59:59Z',
  });
  const gross = (t: Record<string, unknown>) => (isObject(t.amount_with_breakdown) ? t.amount_with_breakdown.gross_amount : undefined);
  const same = (m: unknown) => isObject(m) && m.currency_code === amount.currency_code && Number(m.value) === Number(amount.value);
  return { count: items.filter((t) => same(gross(t))).length, reply };
}

check(
  {
    name: 'billing idempotency: capture repeated with the same Platform-Request-Id captures nothing more',
    rules: ['billing.capture.idempotency-key', 'billing.limits.idempotency-retention-72h'],
    needs: ['billing', 'approval'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { infinite: true });
    const sub = await activeSubscription(ctx, plan.id);
    const prefix = markerOf(ctx, 'K');
    let n = 0;
    await ctx.property(fc.tuple(captureBody({ currency: plan.currency }), requestId), async ([body, uuid]) => {
      const headers = { 'Platform-Request-Id': `${prefix}${(n += 1)}-${uuid}` };
      const send = () => ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), { json: body, headers });
      const before = await transactionCount(ctx, sub.id, body.amount);
      const first = await send();
      if (!is2xx(first)) {
        noteOnce(ctx, `capture answered ${first.status}; the key was not repeated`);
        return;
      }
      const middle = await transactionCount(ctx, sub.id, body.amount);
      const repeat = await send();
      const after = await transactionCount(ctx, sub.id, body.amount);
      // the capture is accepted (202), perhaps not yet carried out: judge only when its own
      // transactions already show, so that a late one is not taken for the repeat's
      if (middle.count > before.count && after.count > middle.count) {
        ctx.fail({
          rule: 'billing.capture.idempotency-key',
          message: `capture repeated with its Platform-Request-Id recorded ${after.count - middle.count} more transaction(s)`,
          expected: `${middle.count} transactions, as after the first capture`,
          received: `${after.count} transactions`,
          exchanges: [first.exchange, middle.reply.exchange, repeat.exchange, after.reply.exchange],
        });
      }
      if (middle.count === before.count) noteOnce(ctx, 'the first capture showed no transaction yet: the repeat was not judged on transactions');
      if (is2xx(repeat)) {
        if (repeat.status !== first.status || JSON.stringify(repeat.json) !== JSON.stringify(first.json)) {
          ctx.fail({
            rule: 'billing.capture.idempotency-replay',
            message: 'capture repeated with its Platform-Request-Id answered differently from the first',
            expected: describeStatus(first),
            received: describeStatus(repeat),
            exchanges: [first.exchange, repeat.exchange],
          });
        }
        ctx.cover('billing.capture.idempotency-replay');
      } else {
        noteOnce(ctx, `capture repeated with its Platform-Request-Id was answered ${repeat.status} (what a repeat answers is not shown)`);
      }
    }, { numRuns: shareOfRuns(ctx.settings.runs, 2) });
  },
);
