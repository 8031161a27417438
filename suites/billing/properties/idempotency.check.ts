// billing.md, "Endpoints" ("Header Platform-Request-Id (string) is an idempotency key on create
// plan, create subscription and capture") and "Limits" (retention 72 hours; "Behavior when an
// idempotency key is repeated: not shown"). A repeated key creates nothing new: that is MUST,
// read back, and credited only on a list read-back that shows the check's own first resources
// (repeats.ts). What the repeat answers is not shown: the first result again passes the SHOULD
// rule, a 4xx is accepted (observed), and only a second success naming another resource fails.
// Both are credited only when distinct keys gave distinct resources.

import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import type { Exchange, Reply } from '../../../harness/exchange.js';
import { describeStatus } from '../../../harness/describe.js';
import { captureBody, createPlanBody, createSubscriptionBody, requestId } from '../../../generators/index.js';
import {
  brief,
  is2xx,
  isObject,
  readIfServed,
  readPage,
  sendCreatePlan,
  sendCreateSubscription,
  subscriptionPath,
  subscriptionsOf,
} from '../support/api.js';
import { activePlan, activeSubscription } from '../support/fixtures.js';
import { markerOf, plansMarked, productForCheck } from './markers.js';
import { creditReadBack, creditRepeats, judgeRepeat, keptReply, type RepeatCase } from './repeats.js';

const PLAN_RULES = {
  key: 'billing.create-plan.idempotency-key',
  replay: 'billing.create-plan.idempotency-replay',
} as const;
const SUBSCRIPTION_RULES = {
  key: 'billing.create-subscription.idempotency-key',
  replay: 'billing.create-subscription.idempotency-replay',
} as const;

/** What a read-back credit rests on: the first shown case's create and repeat, and the last list read. */
function readBackEvidence(shown: readonly RepeatCase[], replies: readonly Reply[]): Exchange[] {
  const first = shown[0];
  const sent = first ? [first.first.exchange, ...(first.repeat ? [first.repeat.exchange] : [])] : [];
  return [...sent, ...replies.slice(-1).map((r) => r.exchange)];
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
    const cases: RepeatCase[] = [];
    await ctx.property(fc.tuple(createPlanBody({ productId, tag }), requestId), async ([drawn, uuid]) => {
      const mark = `${prefix}${String(cases.length + 1).padStart(4, '0')}`;
      const body = { ...drawn, name: mark + drawn.name.slice(tag.length) };
      const headers = { 'Platform-Request-Id': `${mark}-${uuid}` };
      const first = await sendCreatePlan(ctx, body, headers);
      const c: RepeatCase = { mark, first: keptReply(first.reply), ...(first.id ? { firstId: first.id } : {}) };
      cases.push(c);
      if (!first.id) return;
      const repeat = (await sendCreatePlan(ctx, body, headers)).reply;
      judgeRepeat(ctx, c, repeat, PLAN_RULES, 'create plan repeated with its Platform-Request-Id');
    });
    if (!creditRepeats(ctx, cases, PLAN_RULES, 'create plan')) return;

    // read back: each key left exactly one plan, judged where the list shows the first one
    const read = await readIfServed(() => plansMarked(ctx, productId, prefix));
    if ('unread' in read) {
      ctx.notTried(
        [PLAN_RULES.key],
        `list plans of product ${productId} could not be read back (${read.unread}): nothing shows what a repeat left`,
      );
      return;
    }
    const { plans, replies } = read.value;
    const listed = new Set(plans.map((p) => p.id));
    const shown = cases.filter((c) => c.firstId !== undefined && listed.has(c.firstId));
    for (const c of shown) {
      const found = plans.filter((p) => String(p.name ?? '').startsWith(c.mark));
      if (found.length > 1) {
        ctx.fail({
          rule: PLAN_RULES.key,
          message: `create plan repeated with its Platform-Request-Id left ${found.length} plans named ${c.mark}…`,
          expected: 'one plan per key',
          received: brief(found.map((p) => p.id)),
          exchanges: [
            c.first.exchange,
            ...(c.repeat ? [c.repeat.exchange] : []),
            ...replies.slice(-1).map((r) => r.exchange),
          ],
        });
      }
    }
    const taken = cases.filter((c) => c.firstId !== undefined).length;
    const list = `list plans of product ${productId}`;
    const evidence = readBackEvidence(shown, replies);
    creditReadBack(ctx, { rule: PLAN_RULES.key, noun: 'plans', list, taken, shown: shown.length, evidence });
  },
);

check(
  {
    name:
      'billing idempotency: create subscription repeated with the same Platform-Request-Id ' +
      'creates no second subscription',
    rules: ['billing.create-subscription.idempotency-key', 'billing.limits.idempotency-retention-72h'],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx);
    const prefix = markerOf(ctx, 'K');
    const cases: RepeatCase[] = [];
    const bodies = createSubscriptionBody({
      planId: plan.id,
      quantitySupported: plan.quantitySupported,
      planCycles: plan.cycles,
      currency: plan.currency,
    });
    await ctx.property(fc.tuple(bodies, requestId), async ([drawn, uuid]) => {
      const mark = `${prefix}${cases.length + 1}`;
      const body = { ...drawn, custom_id: mark };
      const headers = { 'Platform-Request-Id': `${mark}-${uuid}` };
      const first = await sendCreateSubscription(ctx, body, headers);
      const c: RepeatCase = { mark, first: keptReply(first.reply), ...(first.id ? { firstId: first.id } : {}) };
      cases.push(c);
      if (!first.id) return;
      const repeat = (await sendCreateSubscription(ctx, body, headers)).reply;
      judgeRepeat(ctx, c, repeat, SUBSCRIPTION_RULES, 'create subscription repeated with its Platform-Request-Id');
    });
    if (!creditRepeats(ctx, cases, SUBSCRIPTION_RULES, 'create subscription')) return;

    // read back: each key left exactly one subscription (its custom_id is the case's own)
    const read = await readIfServed(() => subscriptionsOf(ctx, plan.id));
    if ('unread' in read) {
      ctx.notTried(
        [SUBSCRIPTION_RULES.key],
        `list subscriptions of the plan could not be read back (${read.unread}): nothing shows what a repeat left`,
      );
      return;
    }
    const { items, replies } = read.value;
    const listed = new Set(items.map((s) => s.id));
    const shown = cases.filter((c) => c.firstId !== undefined && listed.has(c.firstId));
    for (const c of shown) {
      const found = items.filter((s) => s.custom_id === c.mark);
      if (found.length > 1) {
        ctx.fail({
          rule: SUBSCRIPTION_RULES.key,
          message:
            `create subscription repeated with its Platform-Request-Id left ${found.length} subscriptions ` +
            `with custom_id ${c.mark}`,
          expected: 'one subscription per key',
          received: brief(found.map((s) => s.id)),
          exchanges: [
            c.first.exchange,
            ...(c.repeat ? [c.repeat.exchange] : []),
            ...replies.slice(-1).map((r) => r.exchange),
          ],
        });
      }
    }
    const taken = cases.filter((c) => c.firstId !== undefined).length;
    const list = `list subscriptions of plan ${plan.id}`;
    const evidence = readBackEvidence(shown, replies);
    const noun = 'subscriptions';
    creditReadBack(ctx, { rule: SUBSCRIPTION_RULES.key, noun, list, taken, shown: shown.length, evidence });
  },
);

/**
 * How many transactions of `amount` the subscription lists over the whole date_time range (an
 * ACTIVE subscription may be billed in the background meanwhile: those are not counted).
 */
async function transactionCount(
  ctx: CheckContext,
  id: string,
  amount: { currency_code: string; value: string },
): Promise<{ count: number; reply: Reply }> {
  const { items, reply } = await readPage(ctx, subscriptionPath(id, 'transactions'), 'transactions', {
    start_time: '2000-01-01T00:00:00Z',
    end_time: '2099-12-31T23:59:59Z',
  });
  const gross = (t: Record<string, unknown>) =>
    isObject(t.amount_with_breakdown) ? t.amount_with_breakdown.gross_amount : undefined;
  const same = (m: unknown) =>
    isObject(m) && m.currency_code === amount.currency_code && Number(m.value) === Number(amount.value);
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
    // per case: refused first captures, firsts that showed their transaction (a repeat judged on it), repeats answered
    const seen = { refused: [] as number[], judged: 0, unseen: 0, repeats: [] as number[] };
    await ctx.property(
      fc.tuple(captureBody({ currency: plan.currency }), requestId),
      async ([body, uuid]) => {
        const headers = { 'Platform-Request-Id': `${prefix}${(n += 1)}-${uuid}` };
        const send = () => ctx.billingSend('POST', subscriptionPath(sub.id, 'capture'), { json: body, headers });
        const before = await transactionCount(ctx, sub.id, body.amount);
        const first = await send();
        if (!is2xx(first)) {
          seen.refused.push(first.status);
          return;
        }
        const middle = await transactionCount(ctx, sub.id, body.amount);
        const repeat = await send();
        seen.repeats.push(repeat.status);
        const after = await transactionCount(ctx, sub.id, body.amount);
        // the capture is accepted (202), perhaps not yet carried out: judge only when its own
        // transaction already shows, so that a late one is not taken for the repeat's
        if (middle.count > before.count) {
          seen.judged += 1;
          if (after.count > middle.count) {
            ctx.fail({
              rule: 'billing.capture.idempotency-key',
              message:
                `capture repeated with its Platform-Request-Id recorded ${after.count - middle.count} more ` +
                `transaction(s)`,
              expected: `${middle.count} transactions, as after the first capture`,
              received: `${after.count} transactions`,
              exchanges: [first.exchange, middle.reply.exchange, repeat.exchange, after.reply.exchange],
            });
          }
          const judged = `${middle.count} transactions after the first capture and after its repeat`;
          ctx.credit('billing.capture.idempotency-key', [first, middle.reply, repeat, after.reply], judged);
        } else seen.unseen += 1;
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
          // "the same answer" proves a replay only for a key whose first capture showed as its own transaction
          if (middle.count > before.count)
            ctx.credit('billing.capture.idempotency-replay', [first, repeat], 'the same answer as the first');
        }
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 2) },
    );
    creditCaptures(ctx, seen);
  },
);

/** The capture key rule is credited only on cases whose first capture showed as a transaction: each key its own. */
function creditCaptures(
  ctx: CheckContext,
  seen: { refused: number[]; judged: number; unseen: number; repeats: number[] },
): void {
  const cases = seen.refused.length + seen.repeats.length;
  if (seen.refused.length > 0)
    ctx.observe(
      `capture answered ${[...new Set(seen.refused)].join(' or ')} to ` +
        `${seen.refused.length} of ${cases} first requests: those keys were not repeated; ` +
        `${seen.repeats.length} were ` +
        `each sent twice`,
    );
  const refusedRepeats = seen.repeats.filter((status) => !(status >= 200 && status <= 299));
  if (refusedRepeats.length > 0)
    ctx.observe(
      `capture repeated with its Platform-Request-Id was answered ` +
        `${[...new Set(refusedRepeats)].join(' or ')} to ${refusedRepeats.length} of ${seen.repeats.length} repeats ` +
        `(what a repeat answers is not shown)`,
    );
  if (seen.unseen > 0)
    ctx.observe(
      `${seen.unseen} of ${seen.repeats.length} first captures showed no transaction ` +
        `of their amount before the repeat: those repeats were not judged on transactions`,
    );
  if (seen.judged === 0) {
    ctx.notTried(
      ['billing.capture.idempotency-key'],
      `no first capture showed as a transaction of the subscription before its repeat (${seen.repeats.length} ` +
        `repeated): a repeat that captured nothing could not be told from one that was not read`,
    );
  }
}
