// billing.md "JSON Patch body (plan and subscription)": an array of operation objects; op is
// required and one of add, remove, replace, move, copy, test; path and from are JSON Pointers;
// value is required for add, replace and test, from for move and copy; the targets of remove
// and the from of move and copy must exist. A document that breaks one of these is refused by
// update plan and update subscription, and nothing changes (read back).

import { check, type CheckContext } from '../support/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { pointerOf, valueAtPointer } from '../../../contracts/json-pointer.js';
import { type JsonObject, readPlan, readSubscription } from '../support/api.js';
import { createPlan } from '../support/fixtures.js';
import {
  describePatch,
  expectEachRefused as expectEachPatchRefused,
  patchPlan,
  patchSubscription,
} from '../support/patch.js';
import { lifecyclePlanBody } from '../support/setup-bodies.js';
import { activeSubscriptionToPatch } from './subscription-fixture.js';
import type { RuleId } from '../../../contracts/rules/rule-ids.js';

interface DocumentCase {
  rule: RuleId;
  /** The body sent as it is (not always an array of operations). */
  body: unknown;
  what: string;
}

/** One document per rule of the patch body, each broken in that rule only, on `member`. */
function malformedDocuments(member: string, value: string): DocumentCase[] {
  const path = pointerOf([member]);
  return [
    {
      rule: 'billing.patch.document.type',
      body: { op: 'replace', path, value },
      what: 'an operation object instead of an array',
    },
    { rule: 'billing.patch.operation.type', body: [`replace ${path}`], what: 'an operation written as a string' },
    { rule: 'billing.patch.op.type', body: [{ op: 3, path, value }], what: 'op is a number' },
    {
      rule: 'billing.patch.op.enum',
      body: [{ op: 'merge', path, value }],
      what: 'op merge is not a JSON Patch operation',
    },
    { rule: 'billing.patch.op.required', body: [{ path, value }], what: 'no op' },
    { rule: 'billing.patch.path.type', body: [{ op: 'replace', path: 5, value }], what: 'path is a number' },
    {
      rule: 'billing.patch.path.pattern',
      body: [{ op: 'replace', path: member, value }],
      what: 'path is not a JSON Pointer (no leading slash)',
    },
    { rule: 'billing.patch.value.required', body: [{ op: 'replace', path }], what: 'replace without value' },
    { rule: 'billing.patch.value.required', body: [{ op: 'add', path }], what: 'add without value' },
    { rule: 'billing.patch.value.required', body: [{ op: 'test', path }], what: 'test without value' },
    { rule: 'billing.patch.from.required', body: [{ op: 'copy', path }], what: 'copy without from' },
    { rule: 'billing.patch.from.required', body: [{ op: 'move', path }], what: 'move without from' },
    { rule: 'billing.patch.from.type', body: [{ op: 'copy', from: 7, path }], what: 'from is a number' },
    {
      rule: 'billing.patch.from.pattern',
      body: [{ op: 'copy', from: member, path }],
      what: 'from is not a JSON Pointer (no leading slash)',
    },
  ];
}

const DOCUMENT_RULES = [...new Set(malformedDocuments('x', 'x').map((c) => c.rule))];

function describeBody(body: unknown): string {
  return Array.isArray(body) && body.every((op) => typeof op === 'object' && op !== null)
    ? describePatch(body as never)
    : JSON.stringify(body);
}

/** Sends each document and reads back: refused with a 4xx, and `members` as read right before it. */
function expectEachRefused(
  ctx: CheckContext,
  cases: readonly DocumentCase[],
  send: (body: unknown) => Promise<Reply>,
  read: () => Promise<{ doc: JsonObject; reply: Reply }>,
  members: readonly string[],
): Promise<void> {
  const refused = cases.map((c) => ({
    body: c.body,
    rule: c.rule,
    what: `${describeBody(c.body)} (${c.what})`,
    members,
  }));
  return expectEachPatchRefused(ctx, refused, send, read);
}

check(
  {
    name: 'patch documents: update plan refuses a malformed JSON Patch document and changes nothing',
    rules: DOCUMENT_RULES,
    needs: ['billing'],
  },
  async (ctx) => {
    const { id } = await createPlan(ctx, lifecyclePlanBody(ctx, 'ACTIVE'));
    const cases = malformedDocuments('name', `${ctx.settings.runId} renamed by a malformed patch`);
    await expectEachRefused(
      ctx,
      cases,
      (body) => patchPlan(ctx, id, body as never),
      () => readPlan(ctx, id),
      ['/name', '/description', '/status'],
    );
  },
);

check(
  {
    name: 'patch documents: update subscription refuses a malformed JSON Patch document and changes nothing',
    rules: DOCUMENT_RULES,
    needs: ['approval'],
  },
  async (ctx) => {
    const { id } = await activeSubscriptionToPatch(ctx);
    const cases = malformedDocuments('custom_id', `${ctx.settings.runId}-malformed`);
    await expectEachRefused(
      ctx,
      cases,
      (body) => patchSubscription(ctx, id, body as never),
      () => readSubscription(ctx, id, { fields: 'plan' }),
      ['/custom_id', '/shipping_amount', '/status'],
    );
  },
);

const MISSING_RULES: RuleId[] = [
  'billing.patch.remove-target-exists',
  'billing.patch.move-from-exists',
  'billing.patch.copy-from-exists',
];

/** remove, move and copy aimed at `absent` (a member the resource does not have) from or to `present`. */
function missingTargets(absent: string, present: string): DocumentCase[] {
  return [
    {
      rule: 'billing.patch.remove-target-exists',
      body: [{ op: 'remove', path: absent }],
      what: `${absent} does not exist`,
    },
    {
      rule: 'billing.patch.move-from-exists',
      body: [{ op: 'move', from: absent, path: present }],
      what: `from ${absent} does not exist`,
    },
    {
      rule: 'billing.patch.copy-from-exists',
      body: [{ op: 'copy', from: absent, path: present }],
      what: `from ${absent} does not exist`,
    },
  ];
}

/** Skips unless the resource shows no value at `pointer`: a server may fill in a default. */
function requireAbsent(ctx: CheckContext, doc: JsonObject, pointer: string): void {
  if (valueAtPointer(doc, pointer) !== undefined)
    ctx.skip(`the resource shows a value at ${pointer}: no missing target to aim at`);
}

check(
  {
    name:
      'patch documents: update plan refuses remove, move and copy whose target or from does not ' +
      'exist, and changes nothing',
    rules: MISSING_RULES,
    needs: ['billing'],
  },
  async (ctx) => {
    const body = lifecyclePlanBody(ctx, 'ACTIVE');
    delete body.description;
    const { id } = await createPlan(ctx, body);
    const { doc } = await readPlan(ctx, id);
    requireAbsent(ctx, doc, '/description');
    await expectEachRefused(
      ctx,
      missingTargets('/description', '/name'),
      (ops) => patchPlan(ctx, id, ops as never),
      () => readPlan(ctx, id),
      ['/name', '/description', '/status'],
    );
  },
);

check(
  {
    name:
      'patch documents: update subscription refuses remove, move and copy whose target or from ' +
      'does not exist, and changes nothing',
    rules: MISSING_RULES,
    needs: ['approval'],
  },
  async (ctx) => {
    const { id, doc } = await activeSubscriptionToPatch(ctx);
    requireAbsent(ctx, doc, '/shipping_amount');
    await expectEachRefused(
      ctx,
      missingTargets('/shipping_amount', '/custom_id'),
      (ops) => patchSubscription(ctx, id, ops as never),
      () => readSubscription(ctx, id, { fields: 'plan' }),
      ['/custom_id', '/shipping_amount', '/status'],
    );
  },
);
