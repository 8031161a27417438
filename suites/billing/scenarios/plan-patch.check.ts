// billing.md "Endpoints / Plans" (patchable plan attributes, operation replace only) and
// "JSON Patch body": each patchable attribute replaced and read back; any other operation on
// them, and any other path, refused with nothing changed; a replace on a missing attribute
// refused; test compared by JSON type.

import { describeStatus, howAnswered } from '../../../harness/describe.js';
import fc from 'fast-check';
import { check, type CheckContext } from '../support/check.js';
import { shareOfRuns } from '../../../harness/property.js';
import { valueAtPointer } from '../../../contracts/json-pointer.js';
import { planReplaceRule } from '../../../contracts/rules/billing-patch.js';
import type { Reply } from '../../../harness/exchange.js';
import type { PatchOperation } from '../../../generators/index.js';
import { brief, expectAccepted, is2xx, is4xx, type JsonObject, readPlan, sendCreatePlan } from '../support/api.js';
import { valueAt } from '../support/documents.js';
import {
  describePatch,
  expectEachRefused as expectEachPatchRefused,
  expectRefusedAndUnchanged,
  membersOf,
  patchPlan,
  refusedOperations,
} from '../support/patch.js';
import { lifecyclePlanBody } from '../support/setup-bodies.js';
import { createPlan, createPlanAsGiven } from '../support/fixtures.js';
import { CreatePlanCommand } from '../model/plan/create-plan.js';
import type { PlanModel, PlanReal } from '../model/plan/model.js';
import { PATCHABLE_PLAN_ATTRIBUTES } from '../model/plan/patchable.js';
import { ReplacePlanAttributeCommand } from '../model/plan/replace-attribute.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

/** A CREATED and an ACTIVE plan of the run, both holding every patchable attribute. */
async function twoPlans(ctx: CheckContext): Promise<{ model: PlanModel; real: PlanReal }> {
  const model: PlanModel = { plans: [] };
  const real: PlanReal = { ctx, planIds: [], subscriptionIds: [] };
  await new CreatePlanCommand('CREATED').run(model, real);
  await new CreatePlanCommand('ACTIVE').run(model, real);
  return { model, real };
}

check(
  {
    name: 'plan patch: a replace of each patchable attribute answers 204 and reads back as written',
    rules: [
      ...PATCHABLE_PLAN_ATTRIBUTES.map((a) => planReplaceRule(a.member)),
      'billing.update-plan.status-204',
      'billing.update-plan.status-unchanged',
    ],
    needs: ['billing'],
  },
  async (ctx) => {
    const { model, real } = await twoPlans(ctx);
    const values = fc.tuple(
      fc.integer({ min: 0, max: 1 }),
      fc.tuple(...PATCHABLE_PLAN_ATTRIBUTES.map((a) => a.values(ctx.settings.runId))),
    );
    // seven patches and read-backs a case: a quarter of the run's cases is plenty
    const numRuns = shareOfRuns(ctx.settings.runs, 4);
    await ctx.property(
      values,
      async ([plan, written]) => {
        for (const [i, attribute] of PATCHABLE_PLAN_ATTRIBUTES.entries()) {
          await new ReplacePlanAttributeCommand(plan, attribute, written[i]).run(model, real);
        }
      },
      { numRuns },
    );
  },
);

const TEST_RULE = 'billing.patch.test-equality';
const FAILURE_ACTION = 'payment_preferences.setup_fee_failure_action';
const FAILURE_ACTION_RULE = planReplaceRule(FAILURE_ACTION);

check(
  {
    name:
      'plan patch: a replace of setup_fee_failure_action with CONTINUE on a plan created with ' +
      'another value answers 204 and reads back',
    rules: [FAILURE_ACTION_RULE, 'billing.update-plan.status-204'],
    needs: ['billing'],
  },
  async (ctx) => {
    // "setup_fee_failure_action (string; CONTINUE appears; other values: not shown)": CONTINUE is
    // the one value a replace can be judged with, so the plan starts with another one (CANCEL,
    // which a server may refuse: its values are not shown) for the replace to show a change.
    const body = lifecyclePlanBody(ctx, 'ACTIVE');
    body.payment_preferences = { ...(body.payment_preferences as JsonObject), setup_fee_failure_action: 'CANCEL' };
    const { reply: created, id } = await sendCreatePlan(ctx, body);
    if (id === undefined)
      return ctx.skip(
        `create plan with setup_fee_failure_action CANCEL ${howAnswered(created)}, with no plan id: only ` +
          `CONTINUE is shown, so no replace can show a change`,
      );
    const { doc: before } = await readPlan(ctx, id);
    if (valueAt(before, FAILURE_ACTION) === 'CONTINUE')
      ctx.skip(
        'the plan shows setup_fee_failure_action CONTINUE already: a replace with CONTINUE cannot show a change',
      );
    const op: PatchOperation = {
      op: 'replace',
      path: '/payment_preferences/setup_fee_failure_action',
      value: 'CONTINUE',
    };
    const reply = await patchPlan(ctx, id, [op]);
    expectAccepted(
      ctx,
      reply,
      204,
      { status: 'billing.update-plan.status-204', refused: FAILURE_ACTION_RULE },
      `update plan (${describePatch([op])})`,
    );
    const { doc: after, reply: readBack } = await readPlan(
      ctx,
      id,
      (plan) => valueAt(plan, FAILURE_ACTION) === 'CONTINUE',
    );
    if (valueAt(after, FAILURE_ACTION) !== 'CONTINUE') {
      ctx.fail({
        rule: FAILURE_ACTION_RULE,
        message: `${describePatch([op])} answered 204 but does not read back`,
        expected: 'setup_fee_failure_action "CONTINUE"',
        received: brief(valueAt(after, FAILURE_ACTION)),
        exchanges: [reply.exchange, readBack.exchange],
      });
    }
    ctx.credit(FAILURE_ACTION_RULE, [reply, readBack], 'setup_fee_failure_action "CONTINUE"');
  },
);

/** Operations other than replace, one per patchable attribute. */
function otherOperations(tag: string): PatchOperation[] {
  return [
    { op: 'add', path: '/name', value: `${tag} added name` },
    { op: 'add', path: '/payment_preferences/payment_failure_threshold', value: 5 },
    { op: 'add', path: '/taxes/percentage', value: '12' },
    { op: 'remove', path: '/description' },
    { op: 'remove', path: '/payment_preferences/setup_fee' },
    { op: 'move', from: '/description', path: '/name' },
    { op: 'copy', from: '/name', path: '/description' },
    { op: 'add', path: '/payment_preferences/auto_bill_outstanding', value: false },
    { op: 'remove', path: '/payment_preferences/setup_fee_failure_action' },
  ];
}

/** Paths of a plan that are not patchable attributes, with a value of the right shape. */
const OTHER_PATHS: PatchOperation[] = [
  { op: 'replace', path: '/quantity_supported', value: true },
  { op: 'replace', path: '/taxes/inclusive', value: true },
  { op: 'replace', path: '/billing_cycles/0/total_cycles', value: 6 },
  { op: 'replace', path: '/billing_cycles/0/frequency/interval_count', value: 2 },
  { op: 'replace', path: '/product_id', value: 'PROD-0000000000000000' },
  { op: 'replace', path: '/id', value: 'P-000000000000000000000000' },
  { op: 'replace', path: '/create_time', value: '2030-01-01T00:00:00Z' },
];

/** Sends each operation and reads back: refused with a 4xx, its members as read right before it. */
function expectEachRefused(
  ctx: CheckContext,
  planId: string,
  cases: readonly PatchOperation[],
  rule: RuleId,
  why: string,
): Promise<void> {
  const refused = refusedOperations(cases.map((op) => ({ op, rule, why })));
  return expectEachPatchRefused(
    ctx,
    refused,
    (body) => patchPlan(ctx, planId, body as PatchOperation[]),
    () => readPlan(ctx, planId),
  );
}

check(
  {
    name: 'plan patch: an operation other than replace on a patchable attribute is refused and changes nothing',
    rules: ['billing.update-plan.replace-only'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { id } = await createPlan(ctx, lifecyclePlanBody(ctx, 'ACTIVE'));
    await expectEachRefused(
      ctx,
      id,
      otherOperations(ctx.settings.runId),
      'billing.update-plan.replace-only',
      'plans take replace only',
    );
  },
);

check(
  {
    name: 'plan patch: a replace of a path that is not a patchable attribute is refused and changes nothing',
    rules: ['billing.update-plan.other-paths-refused'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { id } = await createPlan(ctx, lifecyclePlanBody(ctx, 'ACTIVE'));
    await expectEachRefused(
      ctx,
      id,
      OTHER_PATHS,
      'billing.update-plan.other-paths-refused',
      'not a patchable attribute',
    );
  },
);

check(
  {
    name: 'plan patch: a replace of a patchable attribute the plan does not have is refused and changes nothing',
    rules: ['billing.patch.replace-target-exists'],
    needs: ['billing'],
  },
  async (ctx) => {
    const body = lifecyclePlanBody(ctx, 'ACTIVE');
    delete body.description;
    delete body.taxes;
    body.payment_preferences = { auto_bill_outstanding: true, payment_failure_threshold: 3 };
    const { id } = await createPlanAsGiven(ctx, body);
    const { doc } = await readPlan(ctx, id);
    const cases: PatchOperation[] = [
      { op: 'replace', path: '/taxes/percentage', value: '8' },
      { op: 'replace', path: '/description', value: 'a description where there was none' },
      { op: 'replace', path: '/payment_preferences/setup_fee', value: { currency_code: 'USD', value: '2.00' } },
    ];
    // only the members the server shows absent: a server may fill in defaults of its own
    const missing = cases.filter((op) => valueAtPointer(doc, op.path) === undefined);
    if (missing.length === 0)
      ctx.skip('the plan shows a value for every attribute left out at create: no missing target to replace');
    await expectEachRefused(ctx, id, missing, 'billing.patch.replace-target-exists', 'its target does not exist');
  },
);

check(
  {
    name: 'plan patch: test compares by JSON type; a failing test refuses the whole patch',
    rules: ['billing.patch.test-equality'],
    needs: ['billing'],
  },
  async (ctx) => {
    const { id } = await createPlan(ctx, lifecyclePlanBody(ctx, 'ACTIVE'));
    const { doc: before } = await readPlan(ctx, id);
    const threshold = valueAt(before, 'payment_preferences.payment_failure_threshold');
    const name = valueAt(before, 'name');
    const failing: PatchOperation[][] = [
      // the text "3" is not the number 3
      [
        { op: 'test', path: '/payment_preferences/payment_failure_threshold', value: String(threshold) },
        { op: 'replace', path: '/name', value: `${ctx.settings.runId} after a failing test` },
      ],
      // strings compare by code points: case matters
      [
        {
          op: 'test',
          path: '/name',
          value: String(name).toUpperCase() === name ? String(name).toLowerCase() : String(name).toUpperCase(),
        },
        { op: 'replace', path: '/description', value: 'after a failing test' },
      ],
      // booleans are literals: true is not the text "true"
      [
        { op: 'test', path: '/payment_preferences/auto_bill_outstanding', value: 'true' },
        { op: 'replace', path: '/description', value: 'after a failing test' },
      ],
    ];
    const refusals: Reply[] = [];
    for (const ops of failing) {
      const { doc: was } = await readPlan(ctx, id);
      const reply = await patchPlan(ctx, id, ops);
      const { doc: after, reply: readBack } = await readPlan(ctx, id);
      refusals.push(reply, readBack);
      expectRefusedAndUnchanged(ctx, {
        rule: 'billing.patch.test-equality',
        what: `${describePatch(ops)} (the test fails)`,
        creditLater: true,
        reply,
        before: was,
        after,
        readBack,
        members: membersOf(ops[1]),
      });
    }
    // A passing test: where the server takes test at all, the replace behind it applies.
    const renamed = `${ctx.settings.runId} after a passing test`;
    const passing: PatchOperation[] = [
      { op: 'test', path: '/payment_preferences/payment_failure_threshold', value: threshold },
      { op: 'replace', path: '/name', value: renamed },
    ];
    const reply = await patchPlan(ctx, id, passing);
    if (is4xx(reply)) {
      ctx.observe(
        `a patch with a passing test was refused with ${reply.status}: the server may not take the ` +
          `test operation on plans`,
      );
      return ctx.notTried([TEST_RULE], 'a passing test was refused too: the refused failing tests show no comparison');
    }
    ctx.expectStatus(reply, 204, 'billing.update-plan.status-204', `${describePatch(passing)} (the test passes)`);
    const { doc: after, reply: readBack } = await readPlan(ctx, id, (plan) => plan.name === renamed);
    if (after.name !== renamed) {
      ctx.fail({
        rule: 'billing.patch.test-equality',
        message: 'a patch whose test passed answered 204, but its replace did not apply',
        expected: `name ${JSON.stringify(renamed)}`,
        received: `name ${JSON.stringify(after.name)}`,
        exchanges: [reply.exchange, readBack.exchange],
      });
    }
    ctx.credit(TEST_RULE, [...refusals, reply, readBack], 'failing tests refused, the passing one applied');
    await expectObjectTestPasses(ctx, id, after);
  },
);

/**
 * "arrays and objects member-wise": a test of an object the plan shows (the first cycle's
 * frequency), its members written in the other order, passes, on a server that took a passing
 * test of a number just before.
 */
async function expectObjectTestPasses(ctx: CheckContext, id: string, doc: JsonObject): Promise<void> {
  const path = '/billing_cycles/0/frequency';
  const shown = valueAtPointer(doc, path);
  if (typeof shown !== 'object' || shown === null || Array.isArray(shown) || Object.keys(shown).length < 2) {
    ctx.observe(`the plan shows no object of two members or more at ${path}: no member-wise test was sent`);
    return;
  }
  const reordered = Object.fromEntries(Object.entries(shown).reverse());
  const described = `${ctx.settings.runId} after a passing test of an object`;
  const ops: PatchOperation[] = [
    { op: 'test', path, value: reordered },
    { op: 'replace', path: '/description', value: described },
  ];
  const reply = await patchPlan(ctx, id, ops);
  // what the patch answers on success is the status rule's to judge; here only whether it was taken
  if (is2xx(reply)) return ctx.credit(TEST_RULE, reply, 'the same members in another order: the test passed');
  if (!is4xx(reply)) return ctx.observe(`${describePatch(ops)}: answered ${reply.status}`);
  ctx.softFail({
    rule: TEST_RULE,
    message: `${describePatch(ops)}: refused, although the test names the same members in another order`,
    expected: 'the patch taken: objects compare member-wise, whatever the order of their members',
    received: describeStatus(reply),
    exchanges: [reply.exchange],
  });
}
