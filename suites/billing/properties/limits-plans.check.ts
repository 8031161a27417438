// billing.md, "Plan", "billing_cycle", "Endpoints / Plans" and "Limits": every plan request that
// breaks one stated limit (the generators' invalid families, each labelled with its rule) is
// refused with a 4xx, and changes nothing: read back afterwards, no plan was created, no price
// changed. The list plans query bounds are judged in query-bounds.check.ts.

import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import {
  createPlanBody,
  createPlanBodyInvalid,
  ABSENT,
  brokenFrom,
  setAt,
  unbrokenOf,
  updatePricingBody,
  updatePricingBodyInvalid,
  type Invalid,
} from '../../../generators/index.js';
import {
  brief,
  is4xx,
  isObject,
  type JsonObject,
  planPath,
  PLANS,
  readPage,
  readPlan,
  sendCreatePlan,
} from '../support/api.js';
import { activePlan } from '../support/fixtures.js';
import { describeBreak, eachLabel } from './labels.js';
import { markerOf, plansMarked, productForCheck } from './markers.js';
import { reducedBreak } from './reduced-break.js';
import { setupPlanBody } from '../support/setup-bodies.js';
import { SCHEMA_IDS } from '../../../contracts/schema-ids.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/**
 * Breaks of one billing cycle, which the generators reach only now and then (one cycle of
 * several, one break of eight): each on some cycle of a valid plan.
 */
function cycleBreaks(productId: string, tag: string): fc.Arbitrary<Invalid> {
  const breaks = [
    { member: 'sequence', value: 0, rule: 'billing.billing_cycle.sequence.range', says: 'sequence 0 (1..99)' },
    { member: 'sequence', value: 100, rule: 'billing.billing_cycle.sequence.range', says: 'sequence 100 (1..99)' },
    {
      member: 'total_cycles',
      value: -1,
      rule: 'billing.billing_cycle.total_cycles.range',
      says: 'total_cycles -1 (0..999)',
    },
    {
      member: 'total_cycles',
      value: 1000,
      rule: 'billing.billing_cycle.total_cycles.range',
      says: 'total_cycles 1000 (0..999)',
    },
    {
      member: 'tenure_type',
      value: 'INTRO',
      rule: 'billing.billing_cycle.tenure_type.enum',
      says: 'tenure_type INTRO (REGULAR or TRIAL)',
    },
    {
      member: 'tenure_type',
      value: ABSENT,
      rule: 'billing.billing_cycle.tenure_type.required',
      says: 'tenure_type missing',
    },
    { member: 'sequence', value: ABSENT, rule: 'billing.billing_cycle.sequence.required', says: 'sequence missing' },
    { member: 'frequency', value: ABSENT, rule: 'billing.billing_cycle.frequency.required', says: 'frequency missing' },
  ] satisfies ReadonlyArray<{ rule: RuleId; [more: string]: unknown }>;
  return createPlanBody({ productId, tag }).chain((plan) =>
    fc.tuple(fc.constantFrom(...breaks), fc.nat({ max: plan.billing_cycles.length - 1 })).map(([b, i]) =>
      brokenFrom(plan, {
        value: setAt(plan, ['billing_cycles', i, b.member], b.value),
        rule: b.rule,
        description: b.says,
        path: `/billing_cycles/${i}/${b.member}`,
      }),
    ),
  );
}

/** The body with its marker: the name's tag replaced by `mark` (same length), or a description. */
function marked(value: unknown, tag: string, mark: string, path: string): unknown {
  if (!isObject(value)) return value;
  if (typeof value.name === 'string' && value.name.startsWith(tag))
    return { ...value, name: mark + value.name.slice(tag.length) };
  return path.startsWith('/description') ? value : { ...value, description: mark };
}

check(
  {
    name: 'billing limits: create plan bodies that break a stated limit are refused and create nothing',
    rules: [
      'billing.plan.name.length',
      'billing.plan.billing_cycles.items',
      'billing.plan.billing_cycles.trial-max-2',
      'billing.plan.billing_cycles.regular-max-1',
      'billing.billing_cycle.sequence.range',
      'billing.billing_cycle.total_cycles.range',
      'billing.billing_cycle.total_cycles.trial-finite',
      'billing.money.currency_code.length',
      'billing.money.currency_code.iso-4217',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const productId = await productForCheck(ctx);
    const prefix = markerOf(ctx, 'L');
    const tag = `${prefix}0000`;
    // what the read-back needs of each refused request: its break, status and exchange (not its body's parse)
    const sent = new Map<string, { invalid: Invalid; reply: Pick<Reply, 'status' | 'exchange'> }>();
    // the same body without its break, marked apart from every sent break (no read-back ties a plan to it)
    let unbrokenSent = 0;
    const sendUnbroken = (invalid: Invalid) => {
      const unbroken = unbrokenOf(invalid);
      if (unbroken === undefined) return undefined;
      const mark = `${prefix}C${String((unbrokenSent += 1)).padStart(3, '0')}`;
      return async () => (await sendCreatePlan(ctx, marked(unbroken, tag, mark, ''))).reply;
    };
    const refuse = async (invalid: Invalid) => {
      const mark = `${prefix}${String(sent.size + 1).padStart(4, '0')}`;
      const body = marked(invalid.value, tag, mark, invalid.path);
      const { reply } = await sendCreatePlan(ctx, body);
      sent.set(mark, { invalid, reply: { status: reply.status, exchange: reply.exchange } });
      const what = `create plan with ${describeBreak(invalid)}`;
      await ctx.expectRefusedAgainst(reply, invalid.rule, what, sendUnbroken(invalid));
      // a plan filed under a broken product_id would not show under the profile's product; a
      // create that was taken failed above already: only a refusal is read back
      const product = isObject(body) ? body.product_id : undefined;
      if (
        is4xx(reply) &&
        invalid.path.startsWith('/product_id') &&
        typeof product === 'string' &&
        product.length >= 6 &&
        product.length <= 50
      ) {
        const { items, reply: listed } = await readPage(ctx, PLANS, 'plans', { product_id: product, page_size: 20 });
        const found = items.find(
          (p) => String(p.name ?? '').startsWith(mark) || String(p.description ?? '').startsWith(mark),
        );
        if (found) {
          ctx.fail({
            rule: invalid.rule,
            message:
              `create plan with ${describeBreak(invalid)}: refused with ${reply.status}, yet plan ` +
              `${String(found.id)} exists under product ${product}`,
            expected: 'no plan created by a refused request',
            received: brief(found),
            exchanges: [reply.exchange, listed.exchange],
          });
        }
      }
    };
    const smaller = (invalid: Invalid) =>
      reducedBreak(invalid, setupPlanBody(ctx, { productId, name: tag }), SCHEMA_IDS.createPlanRequest);
    await eachLabel(ctx, createPlanBodyInvalid({ productId, tag }), refuse, { smaller });
    await eachLabel(ctx, cycleBreaks(productId, tag), refuse, { samples: 60, smaller });

    // read back once for the whole property: no refused request left a plan behind. A listed
    // plan is tied to a request by the mark only that request sent (markers are never shared).
    const { plans, replies } = await plansMarked(ctx, productId, prefix);
    const carries = (plan: JsonObject, mark: string) =>
      [plan.name, plan.description].some((text) => String(text ?? '').startsWith(mark));
    const markOf = (plan: JsonObject) => [...sent.keys()].find((mark) => carries(plan, mark));
    for (const plan of plans) {
      const mark = markOf(plan);
      const origin = mark ? sent.get(mark) : undefined;
      // a taken request failed its rule when it was answered; a plan no mark ties to blames none
      if (!origin || !is4xx(origin.reply)) continue;
      ctx.fail({
        rule: origin.invalid.rule,
        message:
          `create plan with ${describeBreak(origin.invalid)} was refused (${origin.reply.status}), yet plan ` +
          `${String(plan.id)} exists`,
        expected: 'no plan created by a refused request (list plans of the product, read back)',
        received: brief(plan),
        exchanges: [origin.reply.exchange, ...replies.slice(-1).map((r) => r.exchange)],
      });
    }
  },
);

/** The prices of a plan as read back: what update pricing would change. */
function pricesOf(plan: Record<string, unknown>): string {
  const cycles: unknown[] = Array.isArray(plan.billing_cycles) ? plan.billing_cycles : [];
  return JSON.stringify(
    cycles.map((c) =>
      isObject(c)
        ? [c.sequence, isObject(c.pricing_scheme) ? { ...c.pricing_scheme, update_time: undefined } : null]
        : c,
    ),
  );
}

check(
  {
    name: 'billing limits: update pricing without items, with 0 or with 100 items is refused and changes no price',
    rules: ['billing.update-pricing.pricing_schemes.items', 'billing.update-pricing.pricing_schemes.required'],
    needs: ['billing'],
  },
  async (ctx: CheckContext) => {
    const plan = await activePlan(ctx);
    // what a refused update must leave as it was; a taken one (failed at once) moves it on
    let before = await readPlan(ctx, plan.id);
    // the generators' 100 items name sequences 1..100, most of which the plan lacks: a server
    // may refuse that for the missing cycles alone, so 100 items naming the plan's own cycles too
    const priced = plan.cycles.filter((c) => c.pricing_scheme !== undefined);
    const ownCycles: fc.Arbitrary<Invalid> = fc
      .tuple(
        ...Array.from({ length: 100 }, (_, i) =>
          updatePricingBody({ cycles: [priced[i % priced.length]] }).map((b) => b.pricing_schemes[0]),
        ),
      )
      .map((items) => ({
        value: { pricing_schemes: items },
        rule: 'billing.update-pricing.pricing_schemes.items',
        description: "pricing_schemes with 100 items naming the plan's own cycles (1..99)",
        path: '/pricing_schemes',
      }));
    // ownCycles is one label: as many draws of it as the run sends (100 items each are costly)
    const invalid = [updatePricingBodyInvalid({ cycles: plan.cycles }) as fc.Arbitrary<Invalid>, ownCycles];
    await eachLabel(
      ctx,
      invalid,
      async (invalid) => {
        const reply = await ctx.billingSend('POST', planPath(plan.id, 'update-pricing-schemes'), {
          json: invalid.value,
        });
        ctx.expectRefused(reply, invalid.rule, `update pricing with ${describeBreak(invalid)}`);
        // An update that was taken failed above already; only a refusal must leave the prices as they were.
        if (!is4xx(reply)) {
          before = await readPlan(ctx, plan.id);
          return;
        }
        const after = await readPlan(ctx, plan.id);
        if (pricesOf(after.doc) !== pricesOf(before.doc)) {
          ctx.fail({
            rule: invalid.rule,
            message:
              `update pricing with ${describeBreak(invalid)}: refused with ${reply.status}, yet the ` +
              `plan's prices changed`,
            expected: `prices as before: ${brief(before.doc.billing_cycles, 300)}`,
            received: brief(after.doc.billing_cycles, 300),
            exchanges: [reply.exchange, after.reply.exchange],
          });
        }
      },
      { samples: 1 },
    );
  },
);
