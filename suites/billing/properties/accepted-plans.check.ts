// billing.md, "Endpoints / Plans" and "Errors" (success statuses): every valid plan request,
// drawn from the whole allowed space and at each stated limit, is accepted with the status the
// spec names: 201 create, 200 list and show, 204 update, activate, deactivate, update pricing.

import { howAnswered } from '../../../harness/describe.js';
import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import { hasPointer } from '../../../contracts/json-pointer.js';
import { planPatchPointer } from '../../../contracts/rules/billing-patch.js';
import {
  createHeaders,
  createPlanBody,
  createPlanBodyBoundary,
  fitTo,
  fixedPricing,
  listPlansQuery,
  listPlansQueryBoundary,
  planPatch,
  planPatchBoundary,
  planNameOfLength,
  unicodeText,
  updatePricingBody,
  type PatchOperation,
  type PricingSchemeUpdate,
} from '../../../generators/index.js';
import {
  createAnsweredAnother,
  expectAboutIt,
  expectAccepted,
  is2xx,
  is4xx,
  noteOnce,
  planPath,
  PLANS,
  sendCreatePlan,
} from '../support/api.js';
import { activePlan, sampleOne } from '../support/fixtures.js';
import { eachFamily, type Family, listPlansQueriesAtLimits, planBodiesAtLimits, RefusedLimits } from './boundaries.js';
import { freshKey } from './markers.js';

check(
  {
    name: 'billing accepted: create plan answers 201 to every valid body',
    rules: [
      'billing.create-plan.status-201',
      'billing.plan.name.length',
      'billing.plan.description.length',
      'billing.plan.billing_cycles.trial-max-2',
      'billing.billing_cycle.sequence.range',
      'billing.billing_cycle.total_cycles.range',
      'billing.billing_cycle.total_cycles.regular-zero-infinite',
      'billing.billing_cycle.total_cycles.trial-finite',
      'billing.billing_cycle.pricing_scheme.free-trial-optional',
      'billing.plan.status.create-values',
      'billing.money.value.pattern',
      'billing.taxes.percentage.pattern',
      'billing.pricing_tier.ending_quantity.last-omitted',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const productId = ctx.billing.productId;
    // one limit at a time first, so that a refusal names the limit's rule
    const limits = new RefusedLimits();
    await eachFamily(ctx, planBodiesAtLimits(productId), async (body, family) => {
      const { reply } = await sendCreatePlan(ctx, body);
      limits.note(reply, family);
      // taken, an answer about another plan than the one sent shows nothing of the value at the limit
      const another = createAnsweredAnother(ctx, 'plan', reply);
      if (another) ctx.notTried([family.rule], another);
      expectAccepted(
        ctx,
        reply,
        201,
        { status: 'billing.create-plan.status-201', ...(another ? {} : { refused: family.rule }) },
        `create plan with ${family.description}`,
      );
    });
    const bodies = fc.oneof(createPlanBody({ productId }), createPlanBodyBoundary({ productId }));
    await ctx.property(fc.tuple(bodies, createHeaders), async ([body, headers]) => {
      const { reply } = await sendCreatePlan(ctx, body, freshKey(ctx, headers));
      if (limits.explain(ctx, reply, 'create plan')) return;
      expectAccepted(ctx, reply, 201, { status: 'billing.create-plan.status-201' }, 'create plan');
    });
    // "Lengths are in characters" does not say code points or UTF-16 units: a name of 127 code
    // points with emoji is 127 long in one reading and longer in the other, so either answer
    // conforms and the answer is only recorded
    const name = fitTo(`${ctx.settings.runId} `, '\u{1F600}'.repeat(127), 127);
    const { reply } = await sendCreatePlan(ctx, { ...sampleOne(ctx, createPlanBody({ productId })), name });
    noteOnce(
      ctx,
      `a plan name of 127 code points (${name.length} UTF-16 units) was ` +
        (is2xx(reply)
          ? 'accepted: lengths are counted in code points'
          : `answered ${reply.status}: lengths may be counted in UTF-16 units`),
    );
  },
);

check(
  {
    name: 'billing accepted: list plans and show plan answer 200 to every valid request',
    rules: [
      'billing.list-plans.status-200',
      'billing.show-plan.status-200',
      'billing.list-plans.page_size.range',
      'billing.list-plans.page.range',
      'billing.list-plans.product_id.length',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const productId = ctx.billing.productId;
    const queries = fc.oneof(listPlansQuery({ productId }), listPlansQueryBoundary({ productId }), listPlansQuery());
    const limits = new RefusedLimits();
    await eachFamily(ctx, listPlansQueriesAtLimits(productId), async (query, family) => {
      const reply = await ctx.billingSend('GET', PLANS, { query: { ...query } });
      limits.note(reply, family);
      expectAccepted(
        ctx,
        reply,
        200,
        { status: 'billing.list-plans.status-200', refused: family.rule },
        `list plans with ${family.description}`,
      );
    });
    await ctx.property(queries, async (query) => {
      const reply = await ctx.billingSend('GET', PLANS, { query: { ...query } });
      if (limits.explain(ctx, reply, 'list plans')) return;
      expectAccepted(ctx, reply, 200, { status: 'billing.list-plans.status-200' }, 'list plans');
    });
    const plan = await activePlan(ctx);
    const shown = await ctx.billingSend('GET', planPath(plan.id));
    // a 200 about another plan shows nothing of how this one is shown
    expectAboutIt(ctx, 'plan', plan.id, shown);
    expectAccepted(ctx, shown, 200, { status: 'billing.show-plan.status-200' }, 'show plan details');
  },
);

/* eslint-disable max-lines-per-function -- over 80 lines once Prettier wraps it; to split in a change of its own */
check(
  {
    name: 'billing accepted: update plan and update pricing answer 204 to every valid request',
    rules: [
      'billing.update-plan.status-204',
      'billing.update-pricing.status-204',
      'billing.update-pricing.pricing_schemes.items',
      'billing.plan.name.length',
      'billing.plan.description.length',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const plan = await activePlan(ctx, { extra: { description: 'replaced by the property' } });
    const exists = (path: string) => hasPointer(plan.body, path);
    const describe = (patch: readonly PatchOperation[]) => patch.map((o) => `${o.op} ${o.path}`).join(', ');
    const atLimits: Family<PatchOperation[]>[] = (['name', 'description'] as const).flatMap((member) =>
      [1, 127].map((n) => ({
        description: `${member} of ${n} characters`,
        rule: `billing.plan.${member}.length`,
        arbitrary: (member === 'name' ? planNameOfLength(undefined, n) : unicodeText(n, n)).map((value) => [
          { op: 'replace' as const, path: planPatchPointer(member), value },
        ]),
      })),
    );
    const limits = new RefusedLimits();
    await eachFamily(ctx, atLimits, async (patch, family) => {
      const reply = await ctx.billingSend('PATCH', planPath(plan.id), { json: patch });
      limits.note(reply, family);
      expectAccepted(
        ctx,
        reply,
        204,
        { status: 'billing.update-plan.status-204', refused: family.rule },
        `update plan: replace with ${family.description}`,
      );
    });
    const patches = fc.oneof(
      planPatch({ exists, currency: plan.currency }),
      planPatchBoundary({ exists, currency: plan.currency }),
    );
    await ctx.property(patches, async (patch) => {
      const reply = await ctx.billingSend('PATCH', planPath(plan.id), { json: patch });
      if (limits.explain(ctx, reply, 'update plan')) return;
      expectAccepted(ctx, reply, 204, { status: 'billing.update-plan.status-204' }, `update plan (${describe(patch)})`);
    });

    await ctx.property(updatePricingBody({ cycles: plan.cycles }), async (body) => {
      const reply = await ctx.billingSend('POST', planPath(plan.id, 'update-pricing-schemes'), { json: body });
      expectAccepted(
        ctx,
        reply,
        204,
        { status: 'billing.update-pricing.status-204' },
        `update pricing (${body.pricing_schemes.length} items)`,
      );
    });

    // 99 items: a plan holds at most three cycles, so the items name its cycles more than once;
    // the spec does not forbid that, but a server may. Only when it accepts two items for one
    // cycle does refusing 99 show the stated limit broken.
    const priced = plan.cycles.filter((c) => c.pricing_scheme !== undefined);
    const scheme = (i: number): fc.Arbitrary<PricingSchemeUpdate> => {
      const cycle = priced[i % priced.length];
      return cycle.pricing_scheme?.tiers
        ? updatePricingBody({ cycles: [cycle] }).map((b) => b.pricing_schemes[0])
        : fixedPricing(plan.currency).map((pricing_scheme) => ({
            billing_cycle_sequence: cycle.sequence,
            pricing_scheme,
          }));
    };
    const items = (n: number) => fc.tuple(...Array.from({ length: n }, (_, i) => scheme(i)));
    await ctx.property(
      items(99),
      async (list) => {
        const reply = await ctx.billingSend('POST', planPath(plan.id, 'update-pricing-schemes'), {
          json: { pricing_schemes: list },
        });
        if (is2xx(reply) || reply.status >= 500) {
          // taken, the answer shows 99 items within the stated 1..99
          const items = is2xx(reply) ? { refused: 'billing.update-pricing.pricing_schemes.items' as const } : {};
          expectAccepted(
            ctx,
            reply,
            204,
            { status: 'billing.update-pricing.status-204', ...items },
            'update pricing with 99 items',
          );
          return;
        }
        const twice = fc.sample(items(priced.length + 1), { seed: ctx.seed, numRuns: 1 })[0];
        const control = await ctx.billingSend('POST', planPath(plan.id, 'update-pricing-schemes'), {
          json: { pricing_schemes: twice },
        });
        if (!is2xx(control)) {
          noteOnce(
            ctx,
            `update pricing with a cycle named twice was not taken (${howAnswered(control)}), so 99 items could ` +
              'not be judged',
          );
          return;
        }
        expectAccepted(
          ctx,
          reply,
          204,
          { status: 'billing.update-pricing.status-204', refused: 'billing.update-pricing.pricing_schemes.items' },
          'update pricing with 99 items (a cycle named twice is accepted)',
          [control.exchange],
        );
      },
      { numRuns: 1 },
    );
  },
);
/* eslint-enable max-lines-per-function */

check(
  {
    name: 'billing accepted: activate and deactivate plan answer 204 when they succeed',
    rules: ['billing.activate-plan.status-204', 'billing.deactivate-plan.status-204'],
    needs: ['billing'],
  },
  async (ctx) => {
    // their source states are not shown: a refusal is no verdict, a success other than 204 is
    const bodies = createPlanBody({ productId: ctx.billing.productId, status: 'CREATED' });
    // What each case got: a refused create (no plan to act on), and per action its refusals and
    // the successes judged. A rule no case judged is not passed by this check (notTried).
    const refusedCreates: number[] = [];
    const seen = {
      activate: { refused: [] as number[], judged: 0 },
      deactivate: { refused: [] as number[], judged: 0 },
    };
    await ctx.property(
      bodies,
      async (body) => {
        const { reply, id } = await sendCreatePlan(ctx, body);
        if (!id) {
          refusedCreates.push(reply.status);
          return;
        }
        for (const [action, rule] of [
          ['activate', 'billing.activate-plan.status-204'],
          ['deactivate', 'billing.deactivate-plan.status-204'],
        ] as const) {
          const answer = await ctx.billingSend('POST', planPath(id, action));
          if (is4xx(answer)) {
            seen[action].refused.push(answer.status);
          } else {
            expectAccepted(ctx, answer, 204, { status: rule }, `${action} plan`);
            seen[action].judged += 1;
          }
        }
      },
      { numRuns: shareOfRuns(ctx.settings.runs, 5) },
    );
    noteActions(ctx, refusedCreates, seen);
  },
);

const statuses = (list: readonly number[]): string => [...new Set(list)].join(' or ');

/** One note with the counts of what was sent and answered; a rule no case judged is not tried, with why. */
type ActionCounts = Record<'activate' | 'deactivate', { refused: number[]; judged: number }>;

function noteActions(ctx: CheckContext, refusedCreates: readonly number[], seen: ActionCounts): void {
  const plans = seen.activate.refused.length + seen.activate.judged;
  const cases = plans + refusedCreates.length;
  if (refusedCreates.length > 0)
    ctx.observe(
      `create plan answered ${statuses(refusedCreates)} to ` +
        `${refusedCreates.length} of ${cases} bodies; activate and deactivate were sent on the ${plans} plans created`,
    );
  for (const action of ['activate', 'deactivate'] as const) {
    const { refused, judged } = seen[action];
    const rule = action === 'activate' ? 'billing.activate-plan.status-204' : 'billing.deactivate-plan.status-204';
    if (refused.length > 0)
      ctx.observe(
        `${action} plan answered ${statuses(refused)} to ${refused.length} of ` +
          `${plans} plans (its source states are not shown); ${judged} answered with a success`,
      );
    if (judged > 0) continue;
    const none = `create plan took none of the ${cases} bodies, so ${action} was never sent`;
    const refusedAll = `${action} plan was refused on all ${plans} plans created, so no success code was seen`;
    ctx.notTried([rule], plans === 0 ? none : refusedAll);
  }
}
